// "What the computer believed", after the end, at 390x844 and 1280x800: a 9x9 game against the
// computer (the person's moves sent by a scripted player, the page watching), in which the belief
// is refused while the game runs; then the replay on the seat's page: the switch on Black's and
// White's board fetches the belief once, shows a loading state, an error with a retry, and a heat
// map whose values change between steps, with rings where the opponent's hidden stones really
// were; axe-core finds nothing serious; the game's own page (#game=<id>&step=n) shows the
// server's map of that step. Each seat's map is named for what it is: the computer's belief on
// the computer's seat; on the person's seat (and on both seats of a game between people), what a
// computer would have believed from that seat's view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, PHONE, WsPlayer, createTable, openPage, screenshot, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser(['--bot-seconds', '0.05']);
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
// Some on the first line, where the weak computer often plays: a rejected try there makes a
// point the belief is sure of.
const POINTS = ['E5', 'D1', 'C3', 'F1', 'G7', 'C1', 'G3', 'E1', 'C7', 'G1', 'E3', 'E7', 'C5', 'G5', 'D4', 'F6', 'D6', 'F4', 'B2', 'H8'];

/// Black plays (via a scripted player) until it has `stones` stones down, waiting for the
/// computer's answer after each, then resigns. Calls `during()` while the game runs.
async function playToTheEnd(url, table, token, stones, during) {
  const b = await WsPlayer.join(url, table, token);
  let next = 0;
  for (let placed = 0; placed < stones && next < POINTS.length; ) {
    const from = b.messages.length;
    const answer = await b.act({ type: 'try', point: POINTS[next++] });
    assert.notEqual(answer.type, 'error', JSON.stringify(answer));
    if (answer.event.kind !== 'stone') continue;
    placed++;
    await b.waitFor((m) => m.type === 'event' && m.event.player === 'white' && ['moved', 'pass'].includes(m.event.kind), { from });
    if (placed === 2) await during();
  }
  await b.act({ type: 'resign' });
  await b.waitFor((m) => m.type === 'event' && m.event.kind === 'end');
  b.close();
}

/// Every vertex of the replay board: {point, belief (a number or null), truth, stone}.
const replayVertices = (page) =>
  page.locator('[data-testid="replay-board"] .shudan-vertex').evaluateAll((els) =>
    els.map((el) => ({
      point: el.dataset.point,
      belief: el.dataset.belief === undefined ? null : Number(el.dataset.belief),
      truth: el.dataset.truth === '1',
      heat: [...el.classList].some((c) => /^shudan-heat_[1-9]$/.test(c)),
      sign: Number([...el.classList].find((c) => c.startsWith('shudan-sign_')).slice(12)),
    })),
  );
/// The server's map of step i in the replay board's vertex order (rows from the top, A to J).
const serverStep = (answer, i) => {
  const out = [];
  for (let y = 8; y >= 0; y--) for (let x = 0; x < 9; x++) out.push(answer.steps[i][y * 9 + x]);
  return out;
};
const stepIs = (page, i, n) => page.locator('[data-testid="replay"] p.muted', { hasText: `Step ${i} of ${n}` }).waitFor();

for (const [size, viewport] of SIZES) {
  test(`the computer's belief in the replay, after the end only (${size})`, async () => {
    const { url } = env.server;
    const game = await createTable(url, { rules: { size: 9 }, mode: 'computer', computer: { color: 'white', strength: 'easy' } });
    const { ctx, page, errors } = await openPage(env.browser, null, viewport);
    const beliefAnswers = [];
    page.on('response', (r) => {
      if (r.url().includes('/belief')) beliefAnswers.push(r.status());
    });
    await page.goto(game.seats.black.url);
    await page.locator('[data-testid="turn"]').waitFor();

    await playToTheEnd(url, game.table, game.seats.black.token, 5, async () => {
      // While the game runs the belief is as secret as the record: the same refusal, to anyone.
      const record = await fetch(`${url}/api/games/${game.table}`);
      for (const seat of ['black', 'white']) {
        const r = await fetch(`${url}/api/games/${game.table}/belief?seat=${seat}`);
        assert.equal(r.status, 403);
        assert.equal(await r.text(), await record.clone().text());
      }
      const fromPage = await page.evaluate(async (t) => (await fetch(`/api/games/${t}/belief?seat=black`)).status, game.table);
      assert.equal(fromPage, 403);
      assert.equal(await page.locator('[data-testid="belief-switch"]').count(), 0);
    });
    assert.ok(beliefAnswers.every((s) => s !== 200), `no belief during the game: ${beliefAnswers}`);

    // The end, on the seat's page: the replay, first as it really was (no switch there).
    await page.locator('[data-testid="end"]').waitFor({ timeout: 15000 });
    const replay = page.locator('[data-testid="replay"]');
    await replay.waitFor();
    assert.equal(await page.locator('[data-testid="belief-switch"]').count(), 0, 'no switch on the real board');
    const record = await (await fetch(`${url}/api/games/${game.table}`)).json();
    const last = record.record.length;
    await stepIs(page, last, last);

    // Black's board. The first answer is slowed down (a loading state), the second fails (an
    // error with a retry), and the retry works.
    let calls = 0;
    await page.route((u) => u.pathname.endsWith('/belief'), async (route) => {
      calls++;
      if (calls === 1) {
        await new Promise((r) => setTimeout(r, 700));
        return route.abort();
      }
      return route.continue();
    });
    await replay.getByRole('radio', { name: 'Black' }).check({ force: true });
    const sw = page.locator('[data-testid="belief-switch"]');
    await sw.check();
    await page.locator('[data-testid="belief-loading"]').waitFor();
    await page.locator('[data-testid="belief-error"]').waitFor();
    await page.locator('[data-testid="belief-error"] button').click();
    await page.locator('[data-testid="belief-legend"]').waitFor();
    assert.equal(calls, 2);
    assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /Darker.*\n.*Rings/s);
    // Black is the person's seat: no computer played there.
    assert.equal((await page.locator('.belief-switch').innerText()).trim(), 'What a computer would have believed from this seat');
    assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /^Darker: a computer seeing only what this seat saw would more often have believed/);

    // Step through: every step has a map, the values change, the rings are White's hidden stones.
    const steps = [];
    for (let i = last; i >= 0; i--) {
      await stepIs(page, i, last);
      const vs = await replayVertices(page);
      assert.equal(vs.length, 81);
      for (const v of vs) {
        assert.ok(v.belief !== null && v.belief >= 0 && v.belief <= 100, `${v.point} ${v.belief}`);
        if (v.sign === 1) assert.equal(v.belief, 0, `Black's own stone at ${v.point} is believed to be White's`);
        assert.equal(v.heat, v.belief > 0, v.point);
      }
      steps.unshift(vs);
      if (i > 0) await page.locator('[data-testid="replay-prev"]').click();
    }
    const key = (vs) => vs.map((v) => v.belief).join(',');
    assert.ok(new Set(steps.map(key)).size > 2, 'the map changes between steps');
    assert.ok(steps[0].every((v) => v.belief === 0 && !v.truth), 'nothing is hidden at the start');
    // At the end, a ring on each of White's stones (none of which Black could see).
    const final = steps[last];
    assert.deepEqual(final.filter((v) => v.truth).map((v) => v.point).sort(), [...record.reveal.stones.white].sort());
    assert.ok(final.some((v) => v.belief > 0));
    const sum = final.reduce((s, v) => s + v.belief, 0);
    assert.ok(Math.abs(sum - 100 * record.reveal.stones.white.length) <= 41, `sum ${sum}`);
    assert.match(await page.locator('[data-testid="belief-top"]').innerText(), /^The opponent has no hidden stones at this step\./);
    // The replay's last step, belief on: the points believed most, the screenshot, and axe.
    await page.locator('[data-testid="replay-board"]').focus();
    await page.keyboard.press('End');
    await stepIs(page, last, last);
    assert.match(await page.locator('[data-testid="belief-top"]').innerText(), /^Believed most: [A-HJ]\d %?/);
    await page.waitForTimeout(600); // Shudan fades the heat map in
    // The replay itself (a whole phone page is too long to see the map in), and the whole page.
    // Nothing sticks out sideways, on a phone too.
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth));
    await screenshot(page, `heatmap-page-${size}`);
    await replay.screenshot({ path: join(ARTIFACTS, `heatmap-${size}.png`) });
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);

    // White's board: its own fetch, rings on Black's stones; the real board has no switch.
    await replay.getByRole('radio', { name: 'White' }).check({ force: true });
    // White's legend, not Black's still on the page while White's map is fetched.
    await page.locator('[data-testid="belief-legend"]', { hasText: /^Darker: the computer more often believed/ }).waitFor();
    assert.equal(calls, 3);
    // White is the computer's seat: its own belief.
    assert.equal((await page.locator('.belief-switch').innerText()).trim(), 'What the computer believed');
    assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /^Darker: the computer more often believed/);
    const white = await replayVertices(page);
    assert.deepEqual(white.filter((v) => v.truth).map((v) => v.point).sort(), [...record.reveal.stones.black].sort());
    for (const v of white) if (v.sign === -1) assert.equal(v.belief, 0);
    // Back to Black: no new request (kept), and off again: no heat map.
    await replay.getByRole('radio', { name: 'Black' }).check({ force: true });
    await page.locator('[data-testid="belief-legend"]').waitFor();
    assert.equal(calls, 3);
    await sw.uncheck();
    assert.ok((await replayVertices(page)).every((v) => v.belief === null && !v.truth && !v.heat));
    await replay.getByRole('radio', { name: 'Real' }).check({ force: true });
    assert.equal(await page.locator('[data-testid="belief-switch"]').count(), 0);
    // The game's own page (a step's link) has the switch too.
    await page.goto(`${url}/#game=${game.table}&step=3`);
    await stepIs(page, 3, last);
    await replay.getByRole('radio', { name: 'White' }).check({ force: true });
    await page.locator('[data-testid="belief-switch"]').check();
    await page.locator('[data-testid="belief-legend"]').waitFor();
    assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /^Darker: the computer more often believed/);
    await replay.getByRole('radio', { name: 'Black' }).check({ force: true });
    await page.locator('[data-testid="belief-legend"]').waitFor();
    assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /^Darker: a computer seeing only/);
    await replay.getByRole('radio', { name: 'White' }).check({ force: true });
    await page.locator('[data-testid="belief-legend"]', { hasText: 'the computer more often' }).waitFor();
    const atThree = await replayVertices(page);
    assert.deepEqual(atThree.map((v) => v.belief), serverStep(await (await fetch(`${url}/api/games/${game.table}/belief?seat=white`)).json(), 3));
    assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_FAILED/.test(e)), []);
    await ctx.close();
  });
}

// Between people no computer played: on both seats, at the table and on the game's page, the map
// is what a computer would have believed from that seat's view.
for (const [size, viewport] of SIZES) {
  test(`between people, the map is a computer's view of each seat (${size})`, async () => {
    const { url } = env.server;
    const game = await createTable(url, { rules: { size: 9 }, mode: 'online' });
    const { ctx, page, errors } = await openPage(env.browser, game.seats.black.url, viewport);
    await page.locator('[data-testid="turn"]').waitFor();
    const w = await WsPlayer.join(url, game.table, game.seats.white.token);
    const b = await WsPlayer.join(url, game.table, game.seats.black.token);
    assert.notEqual((await b.act({ type: 'try', point: 'E5' })).type, 'error');
    await w.act({ type: 'resign' });
    await w.waitFor((m) => m.type === 'event' && m.event.kind === 'end');
    w.close();
    b.close();
    const replay = page.locator('[data-testid="replay"]');
    for (const at of ['table', 'game page']) {
      if (at === 'game page') await page.goto(`${url}/#game=${game.table}`);
      await replay.waitFor({ timeout: 15000 });
      for (const seat of ['Black', 'White']) {
        await replay.getByRole('radio', { name: seat }).check({ force: true });
        const sw = page.locator('.belief-switch');
        assert.equal((await sw.innerText()).trim(), 'What a computer would have believed from this seat', `${at}, ${seat}`);
        await page.locator('[data-testid="belief-switch"]').check();
        await page.locator('[data-testid="belief-legend"]').waitFor();
        assert.match(await page.locator('[data-testid="belief-legend"]').innerText(), /^Darker: a computer seeing only what this seat saw/);
        assert.doesNotMatch(await replay.innerText(), /the computer, in this seat|What the computer believed/);
        await page.locator('[data-testid="belief-switch"]').uncheck();
      }
    }
    await page.locator('[data-testid="belief-switch"]').check();
    await page.locator('[data-testid="belief-legend"]').waitFor();
    await replay.screenshot({ path: join(ARTIFACTS, `heatmap-people-${size}.png`) });
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
