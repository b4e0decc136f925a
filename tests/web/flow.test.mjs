// The game's flow at the edges, each at phone and desktop size: a pass that would end the game
// asks first; a guess mark under one's own new stone goes; the end of a hot-seat game is told
// from nobody's side; "Forget" asks only for a game in progress; Atari Go's winning capture is
// marked, with no score table; the log has one line per turn, numbered by move. And, at phone
// size in every language, the curtain's and the SGF button's labels fit one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, PHONE, WsPlayer, createTable, finishedGame, logText, recordFrames, tryAt, vertex, watchErrors, serverAndBrowser,
} from './helpers.mjs';

const env = serverAndBrowser();
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];

async function open(viewport, locale = 'en-GB') {
  const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
  const ctx = await env.browser.newContext({ viewport, locale, ...touch });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  return { ctx, page, errors };
}

const turnIs = (page, text) => page.locator('[data-testid="turn"]', { hasText: text }).waitFor();
const logItems = (page) =>
  page.locator('[data-testid="log"] li').evaluateAll((lis) => lis.map((li) => [li.value, li.innerText.trim()]));

/// An online 5x5 table (with `rules`) whose Black seat is the page and White a scripted player,
/// with the game started.
async function againstScript(page, rules = {}) {
  const created = await createTable(env.server.url, { rules: { size: 5, ...rules }, mode: 'online' });
  await page.goto(created.seats.black.url);
  await page.locator('#board').waitFor();
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  await turnIs(page, 'Your turn.');
  return { created, white };
}

/// The page (Black) plays `point` and waits until White is on turn.
async function pagePlays(page, point) {
  await tryAt(page, point);
  await turnIs(page, 'White to play');
}

/// White (scripted) tries `point`; after a legal stone, waits until the page is on turn.
async function whitePlays(page, white, point) {
  const answer = await white.act({ type: 'try', point });
  assert.equal(answer.type, 'event', `White's try at ${point}`);
  if (answer.event.kind === 'stone') await turnIs(page, 'Your turn.');
  return answer.event.kind;
}


for (const [size, viewport] of SIZES) {
  test(`Pass asks first when the opponent has just passed (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const frames = recordFrames(page);
    const { white } = await againstScript(page);
    const passesSent = () => frames.sent.filter((f) => JSON.parse(f).type === 'pass').length;

    // A pass that does not end the game is sent at once.
    await page.locator('[data-testid="pass"]').click();
    await turnIs(page, 'White to play');
    assert.equal(await page.locator('[data-testid="pass-confirm"]').count(), 0);
    assert.equal(passesSent(), 1);
    await whitePlays(page, white, 'D4');
    await pagePlays(page, 'C3');
    await white.act({ type: 'pass' });
    await turnIs(page, 'Your turn.');

    // Now one tap would end the game: the page asks, and "No" sends nothing.
    await page.locator('[data-testid="pass"]').click();
    const confirm = page.locator('[data-testid="pass-confirm"]');
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /White has just passed: passing now ends the game\./);
    // The safe answer has the focus.
    await page.waitForFunction(() => document.activeElement?.innerText === 'No, keep playing');
    await confirm.getByRole('button', { name: 'No, keep playing' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(passesSent(), 1);
    assert.equal(await page.locator('[data-testid="end"]').count(), 0);

    // "Yes" passes and the game ends.
    await page.locator('[data-testid="pass"]').click();
    await page.locator('[data-testid="pass-yes"]').click();
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(passesSent(), 2);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`a guess mark under one's own new stone is cleared and not counted (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const frames = recordFrames(page);
    const { white } = await againstScript(page);
    const marks = page.locator('[data-testid="count-marks"]');

    await page.locator('[data-testid="mark-mode"]').click();
    await vertex(page, 'D4').click();
    await page.locator('#board .shudan-vertex[data-point="D4"].shudan-ghost_-1').waitFor();
    await vertex(page, 'E5').click();
    await page.locator('#board .shudan-vertex[data-point="E5"].shudan-ghost_-1').waitFor();
    assert.equal(await marks.innerText(), '2');
    await page.locator('[data-testid="mark-mode"]').click();

    // Black plays D4: the guess there was wrong. The mark goes, on the server too; E5 stays.
    await pagePlays(page, 'D4');
    assert.ok((await vertex(page, 'D4').getAttribute('class')).includes('shudan-sign_1'));
    assert.ok(!(await vertex(page, 'D4').getAttribute('class')).includes('shudan-ghost'), 'no mark drawn under the stone');
    await page.waitForFunction(() => document.querySelector('[data-testid="count-marks"]')?.innerText === '1');
    const unmark = () => frames.sent.map((f) => JSON.parse(f)).find((m) => m.type === 'mark' && m.point === 'D4' && m.set === false);
    for (let i = 0; i < 50 && !unmark(); i++) await page.waitForTimeout(50);
    assert.deepEqual(unmark(), { type: 'mark', point: 'D4', set: false, seat: 'black' });

    // After a reload the server's own snapshot holds only the E5 mark.
    const before = frames.received.length;
    await page.reload();
    await page.locator('#board').waitFor();
    await marks.waitFor();
    const snapshot = frames.received.slice(before).map((f) => JSON.parse(f)).find((m) => m.type === 'snapshot');
    assert.deepEqual(snapshot.view.marks, ['E5']);
    assert.equal(await marks.innerText(), '1');
    // The opponent never heard of any mark.
    assert.ok(!white.messages.some((m) => m.type === 'event' && m.event.kind === 'mark'));
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`the end of a hot-seat game shows the real board and a neutral log (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'hotseat' });
    const device = await WsPlayer.join(env.server.url, created.table, created.seats.hotseat.token);
    // The hot-seat connection acts for a named seat and hears each event once per seat.
    const act = async (seat, cmd, kinds) => {
      const from = device.messages.length;
      device.send({ ...cmd, seat });
      const m = await device.waitFor(
        (x) => x.type === 'error' || (x.type === 'event' && x.seat === seat && x.event.player === seat && kinds.includes(x.event.kind)),
        { from },
      );
      assert.equal(m.type, 'event');
    };
    await act('black', { type: 'try', point: 'C3' }, ['stone']);
    await act('white', { type: 'try', point: 'C3' }, ['illegal']);
    await act('white', { type: 'try', point: 'D4' }, ['stone']);
    await act('black', { type: 'pass' }, ['pass']);
    await act('white', { type: 'pass' }, ['pass']);
    device.close();

    await page.goto(created.seats.hotseat.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('h1').innerText(), 'The real board, for both players');
    const log = await logText(page);
    assert.doesNotMatch(log, /\bYou\b|Your/, 'nobody is "you" at the end of a hot-seat game');
    const items = await logItems(page);
    assert.deepEqual(items.slice(0, 4), [
      [1, 'Black played C3.'],
      [2, 'White played D4 after 1 rejected try (C3).'],
      [3, 'Black passed.'],
      [4, 'White passed.'],
    ]);
    assert.equal(items.length, 5);
    assert.equal(items[4][0], 4, 'the end belongs to the move that ended the game');
    assert.match(items[4][1], /^The game is over\. White wins by /);
    assert.doesNotMatch(await page.locator('body').innerText(), /Black's board|White's board/);
    assert.ok((await vertex(page, 'C3').getAttribute('class')).includes('shudan-sign_1'));
    assert.ok((await vertex(page, 'D4').getAttribute('class')).includes('shudan-sign_-1'));
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`Forget asks first for a game in progress only (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const live = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const done = await finishedGame(env.server.url);
    const unseen = await finishedGame(env.server.url); // over, but this device never saw its end
    await page.goto(live.seats.black.url);
    await page.locator('#board').waitFor();
    await page.goto(done.seats.black.url);
    await page.locator('[data-testid="end"]').waitFor();
    await page.evaluate(({ table, token }) => {
      const list = JSON.parse(localStorage.getItem('pg.tables'));
      list.push({ table, token, mode: 'online', seat: 'black', size: 5, created: Date.now() });
      localStorage.setItem('pg.tables', JSON.stringify(list));
    }, { table: unseen.table, token: unseen.seats.black.token });
    await page.goto(`${env.server.url}/#/`);
    const entry = (t) => page.locator('.saved li', { has: page.locator(`a[href*="${t.table}"]`) });
    const entries = page.locator('.saved li');
    await entries.first().waitFor();
    assert.equal(await entries.count(), 3);
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('pg.tables')).map((s) => s.table));

    // The game in progress: a question, and "No" keeps it.
    await entry(live).locator('[data-testid="forget"]').click();
    const confirm = page.locator('[data-testid="forget-confirm"]');
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /not over.*only way back/s);
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.ok((await stored()).includes(live.table));
    await entry(live).locator('[data-testid="forget"]').click();
    await page.locator('[data-testid="forget-yes"]').click();
    await entry(live).waitFor({ state: 'detached' });
    assert.ok(!(await stored()).includes(live.table));

    // Finished games go at once: one the device saw end, one the server says is over (both
    // folded away under their summary).
    await page.locator('[data-testid="saved-finished"] summary', { hasText: 'Finished games (2)' }).click();
    for (const t of [done, unseen]) {
      await entry(t).locator('[data-testid="forget"]').click();
      await entry(t).waitFor({ state: 'detached' });
      assert.equal(await confirm.count(), 0, 'no question for a finished game');
      assert.ok(!(await stored()).includes(t.table));
    }
    await page.locator('.saved').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`Atari Go: the winning capture is marked and no area score is shown (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const created = await createTable(env.server.url, { rules: { size: 5, atari_go: true }, mode: 'online' });
    const b = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
    const w = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
    await b.act({ type: 'try', point: 'B1' });
    await w.act({ type: 'try', point: 'A1' });
    await b.act({ type: 'try', point: 'A2' }); // captures A1: Black wins
    b.close();
    w.close();

    await page.goto(created.seats.white.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="result"]').innerText(), 'Black wins with the first capture.');
    assert.equal(await page.locator('[data-testid="score"]').count(), 0, 'no area score table');
    assert.equal(await page.locator('[data-testid="end"] .hint').count(), 0, 'no note on a score');
    assert.equal(await page.locator('#board .shudan-vertex[class*="shudan-paint"]').count(), 0, 'no area shaded');
    assert.equal(await page.locator('[data-testid="outcome"]').innerText(), 'You lost.');
    assert.match(await page.locator('[data-testid="winning-capture"]').innerText(), /marked on the board: A1\./);
    assert.ok((await vertex(page, 'A1').getAttribute('class')).includes('shudan-heat_2'), 'the captured point is marked');
    assert.ok((await vertex(page, 'A2').getAttribute('class')).includes('shudan-marker_circle'), 'the capturing stone is ringed');
    assert.ok((await vertex(page, 'A2').getAttribute('class')).includes('shudan-sign_1'));
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`the log has one line per turn, numbered by move (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const { white } = await againstScript(page);
    await pagePlays(page, 'A1');
    await whitePlays(page, white, 'D4');
    await pagePlays(page, 'A2');
    await whitePlays(page, white, 'E4');

    // Black's two rejected tries: one line for the turn, replaced at each rejection.
    await tryAt(page, 'D4');
    await vertex(page, 'D4').and(page.locator('.shudan-marker_cross')).waitFor();
    assert.deepEqual((await logItems(page)).at(-1), [5, 'Your try at D4 was rejected.']);
    await tryAt(page, 'E4');
    await page.locator('[data-testid="log"] li', { hasText: 'Your tries at D4, E4 were rejected.' }).waitFor();
    await pagePlays(page, 'C3');
    assert.deepEqual(await logItems(page), [
      [1, 'You played A1.'],
      [2, 'White moved.'],
      [3, 'You played A2.'],
      [4, 'White moved.'],
      [5, 'You played C3 after 2 rejected tries (D4, E4).'],
    ]);

    // White's rejected tries, folded the same way.
    assert.equal(await whitePlays(page, white, 'C3'), 'illegal');
    await page.locator('[data-testid="log"] li', { hasText: "White's try was rejected." }).waitFor();
    assert.equal(await whitePlays(page, white, 'A1'), 'illegal');
    await page.locator('[data-testid="log"] li', { hasText: "White's tries were rejected: 2 so far." }).waitFor();
    assert.equal((await logItems(page)).length, 6);
    await whitePlays(page, white, 'B3');
    assert.deepEqual((await logItems(page)).slice(4), [
      [5, 'You played C3 after 2 rejected tries (D4, E4).'],
      [6, 'White moved after 2 rejected tries.'],
    ]);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

/// How many lines of text an element holds (its content box over its line height).
const lineCount = (locator) =>
  locator.evaluate((el) => {
    const cs = getComputedStyle(el);
    const px = (v) => parseFloat(v) || 0;
    const box = el.getBoundingClientRect();
    const inner = box.height - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth);
    return { lines: inner / px(cs.lineHeight), right: box.right, overflow: el.scrollWidth > el.clientWidth };
  });

test('on a phone the curtain button and the SGF button fit one line, in every language', async () => {
  const hotseat = await createTable(env.server.url, { rules: { size: 5 }, mode: 'hotseat' });
  const done = await finishedGame(env.server.url);
  for (const lang of LANGS) {
    const { ctx, page, errors } = await open(PHONE, lang);
    for (const [url, selector] of [
      [hotseat.seats.hotseat.url, '[data-testid="curtain"] button'],
      [done.watch_url, '[data-testid="sgf"]'],
    ]) {
      await page.goto(url);
      const el = page.locator(selector);
      await el.waitFor();
      const m = await lineCount(el);
      const label = `${lang} ${selector} "${await el.innerText()}"`;
      assert.ok(m.lines < 1.5, `${label}: ${m.lines.toFixed(2)} lines`);
      assert.ok(!m.overflow && m.right <= PHONE.width, `${label} fits the width`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});
