// The end and the replay, at 390x844 and 1280x800: a seat reads "You won" or "You lost" first,
// a spectator the result alone; each side's area is shaded on the final board and agrees with
// the server's score; the replay steps with the arrow keys, Home and End, plays itself at the
// chosen speed, and every step has a link that opens the replay at that step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';

// One finished 5x5 game: a black wall on column B, a white one on column D, two passes. Each
// side's area is its column and the edge column beside it (10 points); column C is nobody's.
// White wins by komi. The replay has 13 steps: the start, 10 stones, 2 passes.
let game;
const env = serverAndBrowser([], async ({ server }) => {
  game = await createTable(server.url, { rules: { size: 5 }, mode: 'online' });
  const b = await WsPlayer.join(server.url, game.table, game.seats.black.token);
  const w = await WsPlayer.join(server.url, game.table, game.seats.white.token);
  for (const row of [1, 2, 3, 4, 5]) {
    await b.act({ type: 'try', point: `B${row}` });
    await w.act({ type: 'try', point: `D${row}` });
  }
  await b.act({ type: 'pass' });
  await w.act({ type: 'pass' });
  b.close();
  w.close();
});
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const LAST = 12;

async function open(viewport) {
  const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
  const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  return { ctx, page, errors };
}

const count = (page) => page.locator('[data-testid="replay"] p.muted').innerText();
const stepIs = (page, i) => page.locator('[data-testid="replay"] p.muted', { hasText: `Step ${i} of ${LAST}` }).waitFor();
const painted = (page, sign) => page.locator(`#board .shudan-vertex.shudan-paint_${sign}:not([data-copy="1"])`).evaluateAll((els) => els.map((el) => el.dataset.point).sort());

for (const [size, viewport] of SIZES) {
  test(`the end: "You won" or "You lost" first, then each side's area on the board (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const record = await (await fetch(`${env.server.url}/api/games/${game.table}`)).json();
    const score = record.reveal.score;
    const result = 'White wins by 7.5 points.';

    await page.goto(game.seats.white.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').innerText(), 'You won.');
    assert.equal(await page.locator('[data-testid="result"]').innerText(), result);
    assert.equal(await page.locator('[data-testid="turn"]').innerText(), `You won. ${result}`);
    // The area drawn is the server's score: stones plus territory for each side.
    const black = await painted(page, 1);
    const white = await painted(page, -1);
    assert.equal(black.length, score.black_stones + score.black_territory);
    assert.equal(white.length, score.white_stones + score.white_territory);
    assert.deepEqual(black, ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5']);
    assert.deepEqual(white, ['D1', 'D2', 'D3', 'D4', 'D5', 'E1', 'E2', 'E3', 'E4', 'E5']);
    assert.match(await page.locator('[data-testid="area-note"]').innerText(), /area is shaded/);
    await screenshot(page, `end-area-${size}`);

    await page.goto(game.seats.black.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').innerText(), 'You lost.');
    assert.match(await page.locator('[data-testid="turn"]').innerText(), /^You lost\. White wins/);

    // A spectator is told the result as it is, with nobody's win or loss.
    await page.goto(game.watch_url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0);
    assert.equal(await page.locator('[data-testid="turn"]').innerText(), result);
    assert.equal((await painted(page, 1)).length, 10);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`the replay: arrow keys, Home, End, playing at a speed, a link per step (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    await page.goto(game.watch_url);
    await stepIs(page, LAST);
    const board = page.locator('[data-testid="replay-board"]');
    await board.focus();
    await page.keyboard.press('Home');
    await stepIs(page, 0);
    assert.equal(await page.locator('[data-testid="replay-step"]').innerText(), 'The start of the game.');
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 1);
    assert.equal(await page.locator('[data-testid="replay-step"]').innerText(), 'Turn 1: Black played B1.');
    await page.keyboard.press('End');
    await stepIs(page, LAST);
    await page.keyboard.press('ArrowLeft');
    await stepIs(page, LAST - 1);
    const link = page.locator('[data-testid="replay-link"]');
    assert.equal(await link.getAttribute('href'), `#game=${game.table}&step=${LAST - 1}`);

    // Playing at 2 steps a second from the start; pausing stops it.
    await page.keyboard.press('Home');
    await page.locator('[data-testid="replay-speed"]').selectOption('2');
    // Each step shown from the click on, with the page's clock: step 3 stands for only half a
    // second, which a wait for its text can miss between two polls on a loaded machine.
    await page.evaluate(() => {
      const replay = document.querySelector('[data-testid="replay"]');
      const shown = () => replay.querySelector('p.muted')?.textContent ?? '';
      window.__pgSteps = [];
      new MutationObserver(() => {
        if (shown() !== window.__pgSteps.at(-1)?.text) window.__pgSteps.push({ at: performance.now(), text: shown() });
      }).observe(replay, { childList: true, characterData: true, subtree: true });
      const play = document.querySelector('[data-testid="replay-play"]');
      play.addEventListener('click', () => (window.__pgPlayClicked = performance.now()), { capture: true, once: true });
    });
    await page.locator('[data-testid="replay-play"]').click();
    const took = await (await page.waitForFunction((text) => {
      const step = window.__pgSteps.find((s) => s.text.includes(text));
      return step && window.__pgPlayClicked !== undefined ? step.at - window.__pgPlayClicked : null;
    }, `Step 3 of ${LAST}`)).jsonValue();
    // 1.5 s (at 1 step a second it would be 3 s).
    assert.ok(took >= 1300 && took < 2700, `three steps at 2 per second take 1.5 s, not ${took} ms`);
    await page.locator('[data-testid="replay-play"]').click();
    const paused = await count(page);
    await page.waitForTimeout(1200);
    assert.equal(await count(page), paused, 'paused: it stands still');
    // At half a step a second, a second and a half moves it by one step at most.
    await page.locator('[data-testid="replay-speed"]').selectOption('0.5');
    await page.locator('[data-testid="replay-play"]').click();
    const from = Number(paused.match(/Step (\d+)/)[1]);
    await page.waitForTimeout(1500);
    const at = Number((await count(page)).match(/Step (\d+)/)[1]);
    assert.ok(at - from <= 1, `0.5 steps per second: from ${from} to ${at}`);
    await page.locator('[data-testid="replay-play"]').click();

    // A step's link opens the game's replay at that step, and the address follows the steps.
    await page.goto(`${env.server.url}/#game=${game.table}&step=5`);
    await stepIs(page, 5);
    assert.equal(await page.locator('[data-testid="replay-step"]').innerText(), 'Turn 5: Black played B3.');
    assert.equal(await page.locator('[data-testid="result"]').innerText(), 'White wins by 7.5 points.');
    await page.locator('[data-testid="replay-board"]').focus();
    await page.keyboard.press('ArrowRight');
    await stepIs(page, 6);
    // The address follows the step shown (replaceState, once the step is drawn).
    await page.waitForFunction((hash) => location.hash === hash, `#game=${game.table}&step=6`);
    await page.reload();
    await stepIs(page, 6);
    // The game's page passes axe-core as the other pages do (a11y.test.mjs): nothing serious.
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
    await screenshot(page, `game-step-${size}`);
    // A game that does not exist says so.
    await page.goto(`${env.server.url}/#game=nosuchgame&step=1`);
    await page.locator('[data-testid="game-missing"]').waitFor();
    await screenshot(page, `game-missing-${size}`);
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
    await ctx.close();
  });
}
