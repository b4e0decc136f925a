// An opponent who goes away, at 390x844 and 1280x800: on an online table without a clock the
// page counts down while the opponent on turn is not connected, then offers to end the game: a
// win after two moves ("Claim the win"), no result before ("End without a result"), never a
// draw. The server runs with a one-second abandon time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, openPage, screenshot, tryAt, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser(['--abandon-after-ms', '1000']);
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];

async function blackPage(viewport) {
  const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const white = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
  const { ctx, page, errors } = await openPage(env.browser, table.seats.black.url, viewport);
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
  return { ctx, page, errors, table, white };
}

for (const [name, viewport] of SIZES) {
  test(`${name}: the opponent on turn goes away, and Black claims the win`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    await tryAt(page, 'C3');
    // White moves once Black's stone is in: sent before, White's try would be answered
    // not-your-turn (a race the test lost on a loaded machine, and then the claim was no win).
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    const answer = await white.act({ type: 'try', point: 'B2' });
    assert.equal(answer.event?.kind, 'stone', JSON.stringify(answer));
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    await tryAt(page, 'D4');
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    assert.equal(await page.locator('[data-testid="away"]').count(), 0, 'nothing while White is here');

    white.close();
    const away = page.locator('[data-testid="away"]');
    await away.filter({ hasText: /White is not connected\. If White does not come back, you may end the game in 0:0[01]/ }).waitFor();
    // The server's info turns the countdown into the offer; the notice sits with the board.
    const claim = page.locator('[data-testid="claim"]');
    await claim.waitFor({ timeout: 5000 });
    assert.equal((await claim.innerText()).trim(), 'Claim the win');
    assert.match(await away.innerText(), /White has left the game/);
    const box = await claim.boundingBox();
    assert.ok(box.y + box.height <= viewport.height, `the claim is on the first screen (${box.y})`);
    await screenshot(page, `abandon-claim-${name}`);
    await claim.click();

    await page.locator('[data-testid="result"]', { hasText: 'Black wins: the opponent left the game.' }).waitFor();
    assert.match(await page.locator('[data-testid="outcome"]').innerText(), /You won/);
    assert.match(await page.locator('[data-testid="log"]').innerText(), /White stayed away, and the game was ended\./);
    assert.equal(await page.locator('[data-testid="away"]').count(), 0);
    await screenshot(page, `abandon-won-${name}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: before the second move the game ends without a result, not a draw`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    await tryAt(page, 'C3');
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    white.close();
    const claim = page.locator('[data-testid="claim"]');
    await claim.waitFor({ timeout: 5000 });
    assert.equal((await claim.innerText()).trim(), 'End without a result');
    assert.match(await page.locator('[data-testid="away"]').innerText(), /White left before the second move/);
    await claim.click();
    const result = page.locator('[data-testid="result"]');
    await result.filter({ hasText: 'The game ended without a result' }).waitFor();
    assert.doesNotMatch(await result.innerText(), /draw/i);
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0, 'neither won nor lost');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('a player who comes back in time keeps the game', async () => {
  const { ctx, page, errors, table, white } = await blackPage(DESKTOP);
  await tryAt(page, 'C3');
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  white.close();
  await page.locator('[data-testid="away"]').waitFor();
  const back = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
  await page.locator('[data-testid="presence"]', { hasText: 'White is connected' }).waitFor();
  assert.equal(await page.locator('[data-testid="away"]').count(), 0);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await page.locator('[data-testid="claim"]').count(), 0, 'no claim while White is here');
  await back.act({ type: 'try', point: 'B2' });
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
  back.close();
  assert.deepEqual(errors, []);
  await ctx.close();
});
