// Two browser contexts play a whole online game through the pages: the table is set up on the
// home page, the invitation link is copied and opened by the other player, a try is rejected, a
// stone is captured, a reload and a dropped connection in the middle resume the seat, and two
// passes end the game with the reveal, the score, the replay and the SGF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, allowDroppingSockets, dropSockets, PHONE, logText, recordFrames, screenshot, tryAt, vertex, watchErrors, serverAndBrowser,
} from './helpers.mjs';

const env = serverAndBrowser();

const turnText = (page) => page.locator('[data-testid="turn"]').innerText();
// The log, not the page: the newest announcement is also shown under the board.
const log = (page) => page.locator('[data-testid="log"]');

async function play(page, point) {
  await tryAt(page, point);
}

test('a whole online game between two browsers', async () => {
  const errors = [];
  const blackCtx = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  await blackCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const whiteCtx = await env.browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true });
  const black = await blackCtx.newPage();
  const white = await whiteCtx.newPage();
  watchErrors(black, errors, 'black');
  watchErrors(white, errors, 'white');
  const whiteFrames = recordFrames(white);
  await allowDroppingSockets(white);

  // Set up a 5x5 table on the home page.
  await black.goto(`${env.server.url}/`);
  await black.getByLabel('Online, with a link').check(); // the form starts at the computer
  await black.locator('#size').selectOption('5');
  await screenshot(black, 'home-desktop');
  await black.getByRole('button', { name: 'Create the table' }).click();
  await black.waitForURL(/#table=.+&token=.+/);
  const invite = black.locator('[data-testid="invite"]');
  await invite.waitFor();
  const inviteUrl = await invite.inputValue();
  const watchUrl = await black.locator('[data-testid="watch"]').inputValue();
  assert.match(inviteUrl, /#table=[^&]+&token=.{32,}/);
  assert.match(watchUrl, /#table=[^&]+$/);
  assert.ok(!black.url().endsWith(inviteUrl.split('#')[1]), 'the invitation is the other seat');
  await black.locator('[data-testid="invite-copy"]').click();
  assert.equal(await black.evaluate(() => navigator.clipboard.readText()), inviteUrl);
  assert.match(await turnText(black), /Waiting/);
  assert.match(await black.locator('[data-testid="presence"]').innerText(), /White is not connected/);

  // White opens the invitation.
  await white.goto(inviteUrl);
  await white.locator('#board').waitFor();
  // The server's info message tells Black that the game has started and White is here.
  await black.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  await black.locator('[data-testid="presence"]', { hasText: 'White is connected' }).waitFor();
  await white.locator('[data-testid="turn"]', { hasText: 'Black to play' }).waitFor();

  // Black C3. White tries C3 (rejected), then A1.
  await play(black, 'C3');
  await white.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  assert.match(await logText(white), /Black moved\./);
  await play(white, 'C3');
  await vertex(white, 'C3').and(white.locator('.shudan-marker_cross')).waitFor();
  await log(black).getByText("White's try was rejected.").waitFor();
  assert.match(await turnText(white), /Still your turn/);
  // A point already tried this turn cannot be clicked: nothing is sent, and no ghost shows.
  const triesBefore = whiteFrames.sent.filter((f) => f.includes('"try"')).length;
  await vertex(white, 'C3').click();
  await white.waitForTimeout(200);
  assert.equal(whiteFrames.sent.filter((f) => f.includes('"try"')).length, triesBefore);
  assert.equal(await white.locator('#board .shudan-ghost_good').count(), 0);
  await play(white, 'A1');
  await black.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  assert.match(await logText(black), /White moved after 1 rejected try\./);
  assert.equal(await black.locator('#board .shudan-sign_-1').count(), 0, 'Black never sees a white stone');

  // Black B1; White E5; Black A2 captures A1.
  await play(black, 'B1');
  await white.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  await play(white, 'E5');
  await black.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  await play(black, 'A2');
  await log(white).getByText('White stone captured at A1.').waitFor();
  await log(black).getByText('White stone captured at A1.').waitFor();
  assert.equal(await vertex(white, 'A1').getAttribute('class').then((c) => c.includes('shudan-sign_0')), true);
  assert.ok((await vertex(white, 'A1').getAttribute('class')).includes('shudan-heat_2'), 'the capture is highlighted');
  assert.equal(await white.locator('[data-testid="count-white"]').innerText(), '1');
  await screenshot(white, 'table-phone');
  await screenshot(black, 'table-desktop');

  // White reloads: the seat resumes with its board and log.
  await white.reload();
  await white.locator('#board').waitFor();
  await white.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  assert.match(await logText(white), /White stone captured at A1\./);
  assert.ok((await vertex(white, 'C3').getAttribute('class')).includes('shudan-marker_cross'), 'the rejected mark survives');
  assert.ok((await vertex(white, 'E5').getAttribute('class')).includes('shudan-sign_-1'));

  // A dropped connection shows that it reconnects, then joins with last_version.
  const sentBefore = whiteFrames.sent.length;
  await dropSockets(white);
  await white.locator('[data-testid="connection"]').waitFor();
  await white.locator('[data-testid="connection"]').waitFor({ state: 'detached' });
  const rejoin = whiteFrames.sent.slice(sentBefore).map((f) => JSON.parse(f)).find((m) => m.type === 'join');
  assert.equal(typeof rejoin.last_version, 'number');

  // A guess mark is private: set and cleared by White, never heard of by Black.
  await white.locator('[data-testid="mark-mode"]').click();
  await vertex(white, 'D2').click(); // marks at once: confirmation is for tries
  await white.locator('#board .shudan-vertex[data-point="D2"].shudan-ghost_1').waitFor();
  await white.locator('[data-testid="mark-mode"]').click();

  // Two passes end the game.
  await white.locator('[data-testid="pass"]').click();
  await log(black).getByText('White passed.').waitFor();
  // White has just passed: Black's pass would end the game, so the page asks first.
  await black.locator('[data-testid="pass"]').click();
  await black.locator('[data-testid="pass-confirm"]', { hasText: 'passing now ends the game' }).waitFor();
  await black.locator('[data-testid="pass-yes"]').click();
  for (const page of [black, white]) {
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="result"]').innerText(), 'White wins by 4.5 points.');
    const score = await page.locator('[data-testid="score"]').innerText();
    assert.match(score, /Black\s+3\s+1\s+–\s+4/);
    assert.match(score, /White\s+1\s+0\s+7\.5\s+8\.5/);
  }
  // The reveal: Black now sees White's stone.
  assert.ok((await black.locator('#board .shudan-vertex[data-point="E5"]').getAttribute('class')).includes('shudan-sign_-1'));
  await screenshot(black, 'end-desktop');
  await screenshot(white, 'end-phone');

  // The replay: step back to White's rejected try, seen as White saw it, then as Black saw it.
  const step = black.locator('[data-testid="replay-step"]');
  for (let i = 0; i < 20 && !(await step.innerText()).includes('tried C3'); i++) await black.locator('[data-testid="replay-prev"]').click();
  assert.equal(await step.innerText(), 'Turn 2: White tried C3: rejected');
  const view = (name) => black.locator('[data-testid="replay-view"] label', { hasText: name });
  await view('White').click();
  assert.equal(await black.getByRole('radio', { name: 'White' }).isChecked(), true);
  const replayBoard = black.locator('[data-testid="replay"] .shudan-vertex[data-point="C3"]');
  assert.ok((await replayBoard.getAttribute('class')).includes('shudan-marker_cross'));
  assert.ok((await replayBoard.getAttribute('class')).includes('shudan-sign_0'), 'White did not see the black stone');
  await view('Real').click();
  assert.ok((await replayBoard.getAttribute('class')).includes('shudan-sign_1'));

  // The SGF download.
  const href = await black.locator('[data-testid="sgf"]').getAttribute('href');
  const sgf = await black.request.get(`${env.server.url}${href}`);
  assert.equal(sgf.status(), 200);
  const text = await sgf.text();
  assert.match(text, /SZ\[5\]/);
  assert.match(text, /rejected: C3/);

  // Nothing but the reveal ever named White's hidden stones to Black: checked on the frames
  // White's page received for the private mark too.
  assert.ok(whiteFrames.received.some((f) => f.includes('"mark"')));

  assert.deepEqual(errors, []);
  await blackCtx.close();
  await whiteCtx.close();
});
