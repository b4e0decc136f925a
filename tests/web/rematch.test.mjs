// Rematch, at 390x844 and 1280x800: after the end one seat offers, the other accepts, and both
// pages move to the new table over their open connections, with the colours swapped and the new
// seats kept on each device; a spectator gets a link to watch; a page that comes back to the old
// game later shows the way without moving. Against the computer the offer is the rematch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, openPage, screenshot, tryAt, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

const open = (url, viewport) => openPage(env.browser, url, viewport);

const turn = (page, text) => page.locator('[data-testid="turn"]', { hasText: text }).waitFor();
const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('pg.tables') ?? '[]'));

test('an accepted rematch moves both pages to the new table with the colours swapped', async () => {
  const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const a = await open(table.seats.black.url, PHONE); // Ann plays Black, on a phone
  const b = await open(table.seats.white.url, DESKTOP); // Bo plays White, on a desktop
  const watcher = await open(table.watch_url, DESKTOP);
  await turn(a.page, 'Your turn');
  await tryAt(a.page, 'C3');
  await turn(b.page, 'Your turn');
  // A stone for White first: before each side has moved, the game can only be aborted.
  await tryAt(b.page, 'B2');
  await turn(a.page, 'Your turn');
  await b.page.locator('[data-testid="resign"]').click();
  await b.page.locator('[data-testid="resign-yes"]').click();
  for (const p of [a.page, b.page]) await p.locator('[data-testid="end"]').waitFor();

  await a.page.locator('[data-testid="rematch-offer"]').click();
  await a.page.locator('[data-testid="rematch"]', { hasText: 'You offered a rematch. Waiting for White' }).waitFor();
  const incoming = b.page.locator('[data-testid="rematch"]', { hasText: 'Black offers a rematch, with the colours swapped.' });
  await incoming.waitFor();
  await screenshot(b.page, 'rematch-offer-desktop');
  await screenshot(a.page, 'rematch-offered-phone');
  await b.page.locator('[data-testid="rematch-accept"]').click();

  // Both pages are at the new table, each with its new seat: Ann is White now, Bo Black.
  const hashOf = (page) => new URL(page.url()).hash;
  await a.page.waitForURL((u) => !u.hash.includes(table.table) && /token=/.test(u.hash));
  await b.page.waitForURL((u) => !u.hash.includes(table.table) && /token=/.test(u.hash));
  const newId = new URLSearchParams(hashOf(a.page).slice(1)).get('table');
  assert.equal(new URLSearchParams(hashOf(b.page).slice(1)).get('table'), newId);
  await turn(b.page, 'Your turn');
  await turn(a.page, 'Black to play');
  const info = await (await fetch(`${env.server.url}/api/tables/${newId}`)).json();
  assert.equal(info.state, 'playing');
  const annSeats = await saved(a.page);
  assert.ok(annSeats.some((s) => s.table === newId && s.seat === 'white'), 'the new seat is kept on the device');
  assert.ok(annSeats.some((s) => s.table === table.table), 'and the old game too');
  await screenshot(a.page, 'rematch-new-table-phone');

  // The spectator stays on the finished game, with a link to watch the rematch.
  const go = watcher.page.locator('[data-testid="rematch-go"]');
  await go.waitFor();
  assert.equal((await go.innerText()).trim(), 'Watch the rematch');
  assert.equal(await go.getAttribute('href'), `#table=${newId}`);

  // Ann comes back to the old game: the way to the rematch, and no move.
  await a.page.goto(table.seats.black.url);
  const back = a.page.locator('[data-testid="rematch-go"]');
  await back.waitFor();
  assert.equal((await back.innerText()).trim(), 'Go to the rematch');
  await a.page.waitForTimeout(500);
  assert.ok(a.page.url().includes(table.table), 'stays on the old game');
  await back.click();
  await turn(a.page, 'Black to play');

  for (const x of [a, b, watcher]) {
    assert.deepEqual(x.errors, []);
    await x.ctx.close();
  }
});

test('declined, the offer goes away; against the computer the offer is the rematch', async () => {
  const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const a = await open(table.seats.black.url, DESKTOP);
  const white = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
  await turn(a.page, 'Your turn');
  await white.act({ type: 'resign' });
  await a.page.locator('[data-testid="rematch-offer"]').click();
  await a.page.locator('[data-testid="rematch-withdraw"]').click();
  await a.page.locator('[data-testid="rematch-offer"]').waitFor();
  white.send({ type: 'rematch' });
  await a.page.locator('[data-testid="rematch-decline"]').click();
  await a.page.locator('[data-testid="rematch-offer"]').waitFor();
  assert.equal(await a.page.locator('[data-testid="rematch-declined"]').count(), 0, 'Black declined, not White');
  white.close();
  await a.ctx.close();

  const game = await createTable(env.server.url, {
    rules: { size: 5 }, mode: 'computer', computer: { color: 'white', strength: 'easy' },
  });
  const c = await open(game.seats.black.url, PHONE);
  await turn(c.page, 'Your turn');
  // Resign comes once each side has moved (before, the game can only be aborted).
  await tryAt(c.page, 'C3');
  await c.page.locator('[data-testid="resign"]').click();
  await c.page.locator('[data-testid="resign-yes"]').click();
  await c.page.locator('[data-testid="rematch-offer"]').click();
  await c.page.waitForURL((u) => !u.hash.includes(game.table) && /token=/.test(u.hash));
  const newId = new URLSearchParams(new URL(c.page.url()).hash.slice(1)).get('table');
  const info = await (await fetch(`${env.server.url}/api/tables/${newId}`)).json();
  assert.equal(info.computer.color, 'black', 'the computer takes the other colour');
  assert.deepEqual(c.errors, []);
  await c.ctx.close();
});

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: the offerer is told that the rematch was declined`, async () => {
    const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const a = await open(table.seats.black.url, viewport);
    const white = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
    await turn(a.page, 'Your turn');
    await white.act({ type: 'resign' });
    await a.page.locator('[data-testid="rematch-offer"]').click();
    await a.page.locator('[data-testid="rematch-withdraw"]').waitFor();
    white.send({ type: 'decline-rematch' });
    const told = a.page.locator('[data-testid="rematch-declined"]', { hasText: 'White declined the rematch.' });
    await told.waitFor();
    const box = await told.boundingBox();
    assert.ok(box, 'the notice is shown');
    await screenshot(a.page, `rematch-declined-${name}`);
    // A new offer makes it old news.
    await a.page.locator('[data-testid="rematch-offer"]').click();
    await a.page.locator('[data-testid="rematch-withdraw"]').waitFor();
    assert.equal(await a.page.locator('[data-testid="rematch-declined"]').count(), 0);
    white.close();
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });
