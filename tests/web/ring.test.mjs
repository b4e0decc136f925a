// The ring on a seat's newest stone, at 390x844 and 1280x800: it marks the stone while it stands
// and goes with it when the stone is captured (it used to stay on the empty point).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, openPage, tryAt, vertex, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();
const ringed = (page, point) => vertex(page, point).evaluate((el) => el.classList.contains('shudan-marker_circle'));

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: the ring leaves with the captured stone`, async () => {
    const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const white = await WsPlayer.join(env.server.url, table.table, table.seats.white.token);
    const { ctx, page, errors } = await openPage(env.browser, table.seats.black.url, viewport);
    const turn = (text) => page.locator('[data-testid="turn"]', { hasText: text }).waitFor();
    await turn('Your turn');
    await tryAt(page, 'C3');
    // White moves once the page has Black's stone: before it, the page is still on turn (its
    // "Your turn" is the old one), and a tap on A1 would put a ghost there that the stone's
    // arrival then clears (a failed run on a loaded machine waited 30 s for its Play button).
    await turn('White to play');
    await white.act({ type: 'try', point: 'A2' });
    await turn('Your turn');
    await tryAt(page, 'A1');
    // Waits for the ring on A1 itself: until the page has the new stone, C3 still holds it.
    await page.locator('#board .shudan-vertex.shudan-marker_circle[data-point="A1"]').waitFor();
    assert.equal(await ringed(page, 'A1'), true, 'the newest stone is ringed');
    assert.equal(await ringed(page, 'C3'), false);
    await white.act({ type: 'try', point: 'B1' }); // takes A1
    await page.locator('[data-testid="log"]', { hasText: 'A1' }).waitFor();
    await turn('Your turn');
    assert.equal(await ringed(page, 'A1'), false, 'no ring on the empty point');
    assert.equal(await page.locator('#board .shudan-vertex.shudan-marker_circle').count(), 0);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
