// Chat, at 390x844 and 1280x800: the players talk on an online table, the spectators among
// themselves; the players read the spectators' lines only after the end, then everyone reads
// everything, and the game page keeps it with the replay. Text is shown as text. The chat can be
// hidden, and stays hidden on that device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, chatLines, createTable, openWithChat, say, screenshot, tryAt, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

const open = (url, viewport) => openWithChat(env.browser, url, viewport);

const lines = chatLines;

test('players and spectators chat, each side apart until the end', async () => {
  const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const a = await open(table.seats.black.url, PHONE);
  const b = await open(table.seats.white.url, DESKTOP);
  const s = await open(table.watch_url, PHONE);
  const s2 = await open(table.watch_url, DESKTOP);
  assert.match(await a.page.locator('#chat-title').innerText(), /Chat with your opponent/);
  assert.match(await s.page.locator('#chat-title').innerText(), /Spectators’ chat/);

  await say(b.page, 'Good luck! <b>bold</b>');
  await lines(a.page).filter({ hasText: 'White: Good luck! <b>bold</b>' }).waitFor();
  await lines(b.page).filter({ hasText: 'You: Good luck!' }).waitFor();
  assert.equal(await a.page.locator('[data-testid="chat-lines"] b').count(), 0, 'text, not markup');
  // Each spectator is "You" on its own lines only, and a numbered spectator on the others'.
  await say(s.page, 'Black will win');
  await lines(s.page).filter({ hasText: 'You: Black will win' }).waitFor();
  await lines(s2.page).filter({ hasText: 'Spectator 1: Black will win' }).waitFor();
  await say(s2.page, 'No, White');
  await lines(s2.page).filter({ hasText: 'You: No, White' }).waitFor();
  await lines(s.page).filter({ hasText: 'Spectator 2: No, White' }).waitFor();
  assert.doesNotMatch(await lines(s2.page).innerText(), /You: Black will win/);
  await screenshot(a.page, 'chat-phone');
  await screenshot(b.page, 'chat-desktop');

  // The players never see the spectators' line during the game; the spectator never sees theirs.
  await tryAt(a.page, 'C3');
  await b.page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
  for (const p of [a.page, b.page]) assert.doesNotMatch(await lines(p).innerText(), /Black will win/);
  assert.doesNotMatch(await lines(s.page).innerText(), /Good luck/);

  // Hidden on Black's phone, and still hidden after a reload.
  await a.page.locator('[data-testid="chat-toggle"]').click();
  assert.equal(await lines(a.page).count(), 0);
  await a.page.reload();
  await a.page.locator('[data-testid="chat-toggle"][aria-pressed="true"]').waitFor();
  assert.equal(await lines(a.page).count(), 0);
  await a.page.locator('[data-testid="chat-toggle"]').click();

  // The end opens both channels to everyone.
  // (Before White's first move the game ends by an abort.)
  await b.page.locator('[data-testid="abort"]').click();
  await b.page.locator('[data-testid="abort-yes"]').click();
  await lines(a.page).filter({ hasText: 'Spectator 1: Black will win' }).waitFor();
  await lines(a.page).filter({ hasText: 'Spectator 2: No, White' }).waitFor();
  await lines(s.page).filter({ hasText: 'White: Good luck!' }).waitFor();

  // The game page keeps the chat with the replay, each line with its move.
  await s.page.goto(`${env.server.url}/#game=${table.table}`);
  const record = s.page.locator('[data-testid="chat-record"]');
  await record.waitFor();
  assert.match(await record.innerText(), /White, move 1: Good luck!/);
  assert.match(await record.innerText(), /Spectator 1, move 1: Black will win/);

  for (const x of [a, b, s, s2]) {
    assert.deepEqual(x.errors, []);
    await x.ctx.close();
  }
});
