// Chat lines not yet seen, and muting, at 390x844 and 1280x800 (issue 35, point 5). On a phone
// the chat is far below the board: a badge beside the turn line counts the others' new lines
// (never one's own), and a tap on it brings the chat up and clears it; a line read because the
// chat is on the screen is never counted. A hidden chat still counts, and the badge shows it
// again. "Mute others" folds the others' lines into "n muted lines" (one's own stay), counts
// nothing, and stays on for that table on that device after a reload. axe finds nothing serious.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { DESKTOP, PHONE, chatLines, createTable, openWithChat, say, screenshot, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

const open = (url, viewport) => openWithChat(env.browser, url, viewport);
const lines = chatLines;
const badge = (page) => page.locator('[data-testid="chat-badge"]');
async function axe(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}
const inView = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });

test('a badge by the board counts the unseen lines; muting folds them away', async () => {
  const table = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
  const a = await open(table.seats.black.url, PHONE);
  const b = await open(table.seats.white.url, DESKTOP);
  await a.page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await inView(a.page.locator('[data-testid="chat"]')), false, 'the chat is below the first screen on a phone');

  // The phone: two of White's lines, counted on the first screen, beside the turn line.
  await say(b.page, 'Hello there');
  await lines(b.page).filter({ hasText: 'You: Hello there' }).waitFor();
  await badge(a.page).filter({ hasText: '1 new chat message' }).waitFor();
  await say(b.page, 'Ready?');
  await badge(a.page).filter({ hasText: '2 new chat messages' }).waitFor();
  const box = await badge(a.page).boundingBox();
  assert.ok(box.y + box.height <= PHONE.height && box.y >= 0, `badge on the first screen: ${JSON.stringify(box)}`);
  assert.equal(await badge(b.page).count(), 0, 'one’s own lines are never counted');
  assert.deepEqual(await axe(a.page), []);
  await screenshot(a.page, 'chat-badge-phone');

  // A tap brings the chat up, with the cursor in its field; the count is gone.
  await badge(a.page).click();
  await badge(a.page).waitFor({ state: 'detached' });
  await a.page.waitForFunction(() => document.activeElement?.id === 'chat-input');
  assert.ok(await inView(lines(a.page)));
  // While the chat is on the screen, a new line is seen at once.
  await say(b.page, 'Your move');
  await lines(a.page).filter({ hasText: 'White: Your move' }).waitFor();
  await a.page.waitForTimeout(300);
  assert.equal(await badge(a.page).count(), 0);

  // The desktop: a hidden chat still counts, and the badge shows it again.
  await b.page.locator('[data-testid="chat-toggle"]').click();
  await say(a.page, 'Thinking');
  await badge(b.page).filter({ hasText: '1 new chat message' }).waitFor();
  assert.deepEqual(await axe(b.page), []);
  await screenshot(b.page, 'chat-badge-desktop');
  await badge(b.page).click();
  await lines(b.page).filter({ hasText: 'Black: Thinking' }).waitFor();
  await badge(b.page).waitFor({ state: 'detached' });
  assert.equal(await b.page.locator('[data-testid="chat-toggle"]').getAttribute('aria-pressed'), 'false');

  // Muting, on both: the others' lines fold into a count, one's own stay, nothing is counted.
  for (const [me, them, mine, theirs, n] of [
    [a, b, 'Black', 'White', 3],
    [b, a, 'White', 'Black', 2],
  ]) {
    await me.page.locator('[data-testid="chat-mute"]').click();
    await me.page.locator('[data-testid="chat-muted"]', { hasText: `${n} muted line` }).waitFor();
    assert.doesNotMatch(await lines(me.page).innerText(), new RegExp(`${theirs}:`));
    await say(me.page, `${mine} here`);
    await lines(me.page).filter({ hasText: `You: ${mine} here` }).waitFor();
    await me.page.evaluate(() => window.scrollTo(0, 0));
    await say(them.page, `Noise to ${mine}`);
    await me.page.locator('[data-testid="chat-muted"]', { hasText: `${n + 1} muted lines` }).waitFor();
    assert.equal(await badge(me.page).count(), 0, 'a muted line is not counted');
    assert.deepEqual(await axe(me.page), []);
  }
  await a.page.locator('[data-testid="chat"]').scrollIntoViewIfNeeded();
  await screenshot(a.page, 'chat-muted-phone');
  await b.page.locator('[data-testid="chat"]').scrollIntoViewIfNeeded();
  await screenshot(b.page, 'chat-muted-desktop');

  // Remembered for this table on this device; unmuting brings the lines back.
  await a.page.reload();
  await a.page.locator('[data-testid="chat-mute"][aria-pressed="true"]').waitFor();
  await a.page.locator('[data-testid="chat-muted"]', { hasText: '5 muted lines' }).waitFor();
  assert.equal(await badge(a.page).count(), 0, 'lines from before the page opened count as seen');
  await a.page.locator('[data-testid="chat-mute"]').click();
  await lines(a.page).filter({ hasText: 'White: Noise to Black' }).waitFor();
  assert.equal(await a.page.locator('[data-testid="chat-muted"]').count(), 0);
  // Another table is not muted.
  const other = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
  await a.page.locator('[data-testid="chat-mute"]').click();
  await a.page.goto(other.seats.black.url);
  await a.page.locator('[data-testid="chat-mute"][aria-pressed="false"]').waitFor();

  for (const x of [a, b]) {
    assert.deepEqual(x.errors, []);
    await x.ctx.close();
  }
});
