// A chat line of Unicode spaces alone, at 390x844 and 1280x800 (issue #35, point 15): the page
// does not send one (Send stays off), and the server refuses one sent by a script (bad-request),
// so no empty line ever shows; a line with words among such spaces goes through. The other half
// of the point, each channel's own 500 lines, is tested against the server (ChatTest,
// TableChatLimits), where 500 lines take no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, axeClean, createTable, openPage, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();
const BLANKS = ['\u3000', '\u00a0\u2003', ' \u00a0 \u3000 '];

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: a line of spaces alone is never sent nor shown`, async (t) => {
    const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const white = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
    const { ctx, page, errors } = await openPage(env.browser, table.seats.black.url, viewport);
    await page.locator('[data-testid="chat"]').waitFor();
    const input = page.locator('[data-testid="chat-input"]');
    const send = page.locator('[data-testid="chat-send"]');
    for (const blank of BLANKS) {
      await input.fill(blank);
      assert.equal(await send.isDisabled(), true, `Send is off for ${JSON.stringify(blank)}`);
      await input.press('Enter');
    }
    // The script's blank lines are refused, each with its reason, and reach nobody.
    for (const blank of BLANKS) {
      const from = white.messages.length;
      white.send({ type: 'chat', text: blank });
      const answer = await white.waitFor((m) => m.type === 'error' || m.type === 'chat', { from });
      assert.equal(answer.type, 'error', JSON.stringify(answer));
      assert.equal(answer.code, 'bad-request');
      assert.equal(answer.message, 'A chat line may not be empty.');
    }
    // Words among such spaces are a line, shown with its spaces trimmed as the page trims.
    white.send({ type: 'chat', text: '\u3000good game\u00a0' });
    const lines = page.locator('[data-testid="chat-lines"]');
    await lines.filter({ hasText: 'White: good game' }).waitFor();
    await input.fill('\u2003thanks\u3000');
    await send.click();
    await lines.filter({ hasText: 'You: thanks' }).waitFor();
    assert.equal(await page.locator('[data-testid="chat-lines"] li').count(), 2, 'two lines, no empty one');
    await axeClean(t, page, `chat with lines (${name})`);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
