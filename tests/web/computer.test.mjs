// A game against the computer, through the page, to the end: the computer's turn shows that it
// is thinking, then what was announced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, logText, recordFrames, screenshot, tryAt, vertex, watchErrors, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser(['--bot-seconds', '0.05']);

const POINTS = ['C3', 'B2', 'D4', 'B4', 'D2', 'C2', 'C4', 'B3', 'D3'];

test('a game against the computer, to the end', async () => {
  const errors = [];
  const ctx = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await ctx.newPage();
  watchErrors(page, errors);
  const frames = recordFrames(page);

  await page.goto(`${env.server.url}/`);
  await page.getByLabel('Against the computer').check();
  await page.locator('#strength').selectOption('easy');
  await page.locator('#size').selectOption('5');
  await page.getByRole('button', { name: 'Create the table' }).click();
  await page.waitForURL(/#table=.+&token=.+/);
  await page.locator('[data-testid="presence"]', { hasText: 'White is the computer (weak)' }).waitFor();

  const turn = page.locator('[data-testid="turn"]');
  const myTurn = () => turn.filter({ hasText: /^(Your turn|Still your turn)/ }).waitFor({ timeout: 15000 });
  // Three stones: try points in order until one is legal each turn.
  let next = 0;
  for (let move = 0; move < 3; move++) {
    await myTurn();
    const before = await page.locator('#board .shudan-sign_1').count();
    while (next < POINTS.length) {
      const point = POINTS[next++];
      const cls = await vertex(page, point).getAttribute('class');
      if (cls.includes('shudan-sign_1') || cls.includes('shudan-marker_cross')) continue;
      const sent = frames.sent.length;
      await tryAt(page, point);
      // Wait for the referee's answer: our stone, or a rejected mark.
      await page.waitForFunction(
        ({ p, n }) => {
          const el = document.querySelector(`#board .shudan-vertex[data-point="${p}"]:not([data-copy="1"])`);
          return el && (el.classList.contains('shudan-marker_cross') || document.querySelectorAll('#board .shudan-sign_1').length > n);
        },
        { p: point, n: before },
      );
      assert.ok(frames.sent.length > sent);
      if ((await page.locator('#board .shudan-sign_1').count()) > before) break;
    }
  }
  await myTurn();
  assert.ok(frames.received.some((f) => JSON.parse(f).type === 'thinking'), 'the page was told the computer was thinking');
  assert.match(await logText(page), /White (moved|passed)/);
  await screenshot(page, 'computer-desktop');

  // Pass; if the computer does not pass too, resign (with the confirmation). The computer's
  // answer is read from the frames: right after the click the turn line still says "Your turn"
  // (our pass is not answered yet), so waiting for it raced the computer's pass and the end,
  // which removed the resign dialog under the test's click.
  const seen = frames.received.length;
  const sentBefore = frames.sent.length;
  await page.locator('[data-testid="pass"]').click();
  const end = page.locator('[data-testid="end"]');
  // Right after a pass of the computer, this pass ends the game and the page asks first.
  const passSent = () => frames.sent.slice(sentBefore).some((f) => JSON.parse(f).type === 'pass');
  const confirm = page.locator('[data-testid="pass-confirm"]');
  for (let i = 0; i < 100 && !passSent() && (await confirm.count()) === 0; i++) await page.waitForTimeout(20);
  const endsNow = !passSent();
  if (endsNow) await page.locator('[data-testid="pass-yes"]').click();
  const whiteAnswer = async () => {
    for (const deadline = Date.now() + 15000; Date.now() < deadline; await page.waitForTimeout(50)) {
      for (const f of frames.received.slice(seen)) {
        const m = JSON.parse(f);
        if (m.type === 'event' && m.event.player === 'white' && ['moved', 'pass'].includes(m.event.kind))
          return m.event.kind;
      }
    }
    throw new Error('the computer did not answer the pass');
  };
  if (endsNow || (await whiteAnswer()) === 'pass') {
    await end.waitFor();
  } else {
    await myTurn();
    await page.locator('[data-testid="resign"]').click();
    await page.locator('[data-testid="resign-confirm"]').waitFor();
    await page.locator('[data-testid="resign-yes"]').click();
    await end.waitFor();
    assert.equal(await page.locator('[data-testid="result"]').innerText(), 'White wins by resignation.');
  }
  assert.match(await logText(page), /The game is over\./);
  assert.deepEqual(errors, []);
  await ctx.close();
});
