// The polish of issue #35, point 14, each at 390x844 (touch) and 1280x800: the mark-mode words
// say "tap" on a touch screen; a refused tap off turn does not push the board down; Escape closes
// the resign (and pass) question and gives the focus back; lifting the hot-seat curtain by
// keyboard puts the focus on the board; the board's focus ring shows only for the keyboard; the
// replay tells a seat's view of the other side's tries without their points, and says what steps
// and turns count; days per move are offered only between people on two devices; the Czech form's
// controls line up; and the replay's heat discs, truth rings, crosses and star points stay apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { DESKTOP, PHONE, WsPlayer, createTable, openPage, screenshot, tryAt, vertex, serverAndBrowser, finishedGame } from './helpers.mjs';

const env = serverAndBrowser();
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];

async function axe(page, what) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${what}: axe`);
}

/// An online 9x9 table whose Black seat is a page at `viewport` and White a scripted player.
async function blackPage(viewport, locale = 'en-GB') {
  const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
  const { ctx, page, errors } = await openPage(env.browser, created.seats.black.url, viewport, locale);
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  await page.locator('[data-testid="turn"].mine').waitFor();
  return { created, ctx, page, errors, white };
}

const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.id ?? null);

/// A finished 9x9 game: Black C3 (a star point), White's try at C3 rejected, White G7, two passes.
const finished9 = () => finishedGame(env.server.url, { size: 9, whiteStone: 'G7' });

for (const [name, viewport] of SIZES) {
  const touch = viewport === PHONE;

  test(`${name}: the mark-mode words say ${touch ? 'tap' : 'click'}`, async () => {
    for (const [locale, word] of [['en-GB', touch ? /taps/ : /clicks/], ['de-DE', touch ? /Tippen/ : /Klicks/]]) {
      const { ctx, page, errors, white } = await blackPage(viewport, locale);
      await page.locator('[data-testid="mark-mode"]').click();
      const badge = page.locator('[data-testid="marking-badge"]');
      await badge.waitFor();
      assert.match(await badge.innerText(), word);
      const hint = await page.locator('.controls .hint').innerText();
      if (touch) assert.doesNotMatch(`${await badge.innerText()} ${hint}`, /click|Klick/i);
      else assert.match(hint, /click|Klick/i);
      assert.match(await page.locator('#board').getAttribute('aria-label'), word);
      if (locale === 'en-GB') await screenshot(page, `polish-markmode-${name}`);
      assert.deepEqual(errors, []);
      white.close();
      await ctx.close();
    }
  });

  test(`${name}: a try off turn is refused without moving the board`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    await tryAt(page, 'E5', touch ? 'tap' : 'click');
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    const before = await page.locator('#board').boundingBox();
    // Off turn: the page sends the try, the server refuses it.
    await page.evaluate(() => document.activeElement?.blur());
    await vertex(page, 'D4')[touch ? 'tap' : 'click']();
    if (touch && (await page.locator('[data-testid="error"]').count()) === 0) await vertex(page, 'D4').tap();
    const error = page.locator('[data-testid="error"]');
    await error.waitFor();
    assert.equal(await error.innerText(), 'It is not your turn.');
    const after = await page.locator('#board').boundingBox();
    assert.equal(after.y, before.y, 'the board did not move');
    const box = await error.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, 'the refusal is on the screen');
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width);
    await screenshot(page, `polish-offturn-${name}`);
    await axe(page, `${name} refusal`);
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });

  test(`${name}: Escape closes the resign and pass questions, the focus goes back`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    // Resign takes Abort's place once each side has moved.
    await tryAt(page, 'C3', touch ? 'tap' : 'click');
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    assert.equal((await white.act({ type: 'try', point: 'G7' })).event?.kind, 'stone');
    await page.locator('[data-testid="turn"].mine').waitFor();
    await page.locator('[data-testid="resign"]').click();
    await page.locator('[data-testid="resign-confirm"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="resign-confirm"]').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'resign');
    // "No" also gives the focus back.
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="resign-confirm"]').waitFor();
    await page.getByRole('button', { name: 'No, keep playing' }).click();
    await page.locator('[data-testid="resign-confirm"]').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'resign');
    // The pass question after the opponent's pass.
    await tryAt(page, 'E5', touch ? 'tap' : 'click');
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    await white.act({ type: 'pass' });
    await page.locator('[data-testid="turn"].mine').waitFor();
    await page.locator('[data-testid="pass"]').click();
    await page.locator('[data-testid="pass-confirm"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="pass-confirm"]').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'pass');
    assert.equal(await page.locator('[data-testid="turn"].mine').count(), 1, 'nothing was sent');
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });

  test(`${name}: lifting the hot-seat curtain by keyboard puts the focus on the board`, async () => {
    const created = await createTable(env.server.url, { rules: { size: 7 }, mode: 'hotseat' });
    const { ctx, page, errors } = await openPage(env.browser, created.seats.hotseat.url, viewport);
    await page.waitForFunction(() => document.activeElement?.matches('[data-testid="curtain"] button:not(:disabled)'));
    await page.keyboard.press('Enter');
    await page.locator('#board').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'board');
    // From the keyboard: the cursor shows at once, and Enter tries it.
    await page.locator('#pg-cursor-desc', { hasText: 'D4' }).waitFor();
    await axe(page, `${name} board after the curtain`);
    // A click (or tap) on the cursor's own point still tries it.
    await tryAt(page, 'D4', touch ? 'tap' : 'click');
    await page.locator('[data-testid="hand-over"]').click();
    // Lifted by a click or a tap, the focus is not moved to the board (no keyboard ring there).
    const button = page.locator('[data-testid="curtain"] button');
    await page.waitForFunction(() => document.querySelector('[data-testid="curtain"] button:not(:disabled)'));
    await button[touch ? 'tap' : 'click']();
    await page.locator('#board').waitFor();
    assert.notEqual(await focused(page), 'board');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: the board's focus ring shows for the keyboard only, not after a right-click`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    const outline = () => page.evaluate(() => getComputedStyle(document.getElementById('board')).outlineStyle);
    await page.locator('[data-testid="pass"]').focus();
    for (let i = 0; i < 10 && (await focused(page)) !== 'board'; i++) await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'board');
    assert.equal(await outline(), 'solid', 'a ring for the keyboard');
    await vertex(page, 'C3').click({ button: 'right' });
    await page.locator('#board .shudan-vertex[data-point="C3"].shudan-ghost_-1').waitFor();
    assert.equal(await focused(page), 'board');
    assert.equal(await outline(), 'none', 'no ring after the right-click');
    await screenshot(page, `polish-rightclick-${name}`);
    await page.keyboard.press('ArrowRight');
    assert.equal(await outline(), 'solid', 'the ring again with the keyboard');
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });

  test(`${name}: the replay tells a seat's view of the other side's tries without their points`, async () => {
    const done = await finished9();
    const { ctx, page, errors } = await openPage(env.browser, done.watch_url, viewport);
    await page.locator('[data-testid="replay"]').waitFor();
    const caption = page.locator('[data-testid="replay-step"]');
    await page.locator('[data-testid="replay-board"]').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="replay"] p.muted', { hasText: 'Step 2 of' }).waitFor();
    const view = (v) => page.locator('[data-testid="replay-view"] label', { hasText: v }).click();
    assert.equal(await caption.innerText(), 'Turn 2: White tried C3: rejected');
    await view('Black');
    assert.equal(await caption.innerText(), 'Turn 2: White tried a point: rejected');
    assert.equal(await page.locator('[data-testid="replay"] input[type="range"]').getAttribute('aria-valuetext'), 'Turn 2: White tried a point: rejected');
    await page.locator('[data-testid="replay-next"]').click();
    assert.equal(await caption.innerText(), 'Turn 2: White moved.');
    await view('White');
    assert.equal(await caption.innerText(), 'Turn 2: White played G7.');
    await page.locator('[data-testid="replay-prev"]').click();
    assert.equal(await caption.innerText(), 'Turn 2: White tried C3: rejected');
    await page.locator('[data-testid="replay-prev"]').click();
    assert.equal(await caption.innerText(), 'Turn 1: Black moved.');
    // What steps and turns count, beside the count.
    const count = await page.locator('[data-testid="replay"] p.muted').innerText();
    assert.match(count, /^Step 1 of \d+\s+Steps count every try, rejected ones too; turns count only stones played and passes\.$/);
    await screenshot(page, `polish-replay-${name}`);
    await axe(page, `${name} replay as White saw it`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: days per move are offered only for online tables and the lobby`, async () => {
    const { ctx, page, errors } = await openPage(env.browser, `${env.server.url}/`, viewport);
    await page.locator('#clock').check();
    const kinds = page.locator('input[name="clock-kind"]');
    for (const [mode, offered] of [['computer', false], ['hotseat', false], ['online', true], ['lobby', true]]) {
      await page.locator(`input[name="mode"][value="${mode}"]`).check();
      assert.equal(await kinds.count(), offered ? 2 : 0, `${mode}: the clock kinds`);
      assert.equal(await page.locator('#clock-main').count(), 1, `${mode}: the Fischer clock`);
    }
    // A correspondence choice made online does not reach a hot-seat table.
    await page.locator('input[name="mode"][value="online"]').check();
    await page.locator('input[name="clock-kind"][value="correspondence"]').check();
    await page.locator('#clock-days').waitFor();
    await page.locator('input[name="mode"][value="hotseat"]').check();
    assert.equal(await page.locator('#clock-days').count(), 0);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/tables') && r.method() === 'POST');
    await page.locator('button[type="submit"]').click();
    const body = JSON.parse((await sent).postData());
    assert.equal(body.mode, 'hotseat');
    assert.equal(body.clock.days_per_move, undefined);
    assert.ok(body.clock.main_seconds > 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: in Czech the set-up form's controls line up`, async () => {
    const { ctx, page, errors } = await openPage(env.browser, `${env.server.url}/`, viewport, 'cs-CZ');
    await page.locator('label[for="handicap"]', { hasText: 'Handicapové kameny' }).waitFor();
    const boxes = await page.evaluate(() =>
      ['size', 'handicap', 'komi', 'ko'].map((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { id, top: Math.round(r.top), bottom: Math.round(r.bottom) };
      }),
    );
    // Fields in one row (their tops within a row's height) have their controls on one line.
    for (const a of boxes)
      for (const b of boxes)
        if (Math.abs(a.top - b.top) < 40) assert.equal(a.top, b.top, `${a.id} and ${b.id}: ${JSON.stringify(boxes)}`);
    assert.equal(boxes[0].top, boxes[1].top, 'the size and the handicap share a row');
    await screenshot(page, `polish-cs-form-${name}`);
    await axe(page, `${name} Czech home`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: heat discs, rings, crosses and star points stay readable on one point`, async () => {
    const done = await finished9();
    const { ctx, page, errors } = await openPage(env.browser, done.watch_url, viewport);
    await page.locator('[data-testid="replay"]').waitFor();
    const steps = Number(await page.locator('[data-testid="replay"] input[type="range"]').getAttribute('max')) + 1;
    // Every point believed at 60 % at every step.
    await page.route((u) => u.pathname.endsWith('/belief'), (route) =>
      route.fulfill({ json: { samples: 8, steps: Array.from({ length: steps }, () => Array(81).fill(60)) } }));
    await page.locator('[data-testid="replay-board"]').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="replay-view"] label', { hasText: 'White' }).click();
    await page.locator('[data-testid="belief-switch"]').check();
    await page.locator('[data-testid="belief-legend"]').waitFor();
    const c3 = page.locator('[data-testid="replay"] .shudan-vertex[data-point="C3"]');
    const cls = await c3.getAttribute('class');
    assert.ok(cls.includes('shudan-marker_cross') && cls.includes('shudan-heat_') && cls.includes('shudan-ghost_interesting'), cls);
    // Shudan fades the discs in.
    await page.waitForFunction(() => {
      const heat = document.querySelector('[data-testid="replay"] .shudan-vertex[data-point="C3"] .shudan-heat');
      return getComputedStyle(heat).opacity === '1';
    });
    const look = await c3.evaluate((el) => {
      const heat = el.querySelector('.shudan-heat');
      const marker = el.querySelector('.shudan-marker');
      const ring = getComputedStyle(el.querySelector('.shudan-ghost'), '::before');
      const hs = getComputedStyle(heat);
      return {
        heatOpacity: Number(hs.opacity), heatBg: hs.backgroundColor, heatWidth: heat.getBoundingClientRect().width,
        ringWidth: parseFloat(ring.width), markerZ: Number(getComputedStyle(marker).zIndex), heatZ: Number(hs.zIndex),
        markerStroke: getComputedStyle(marker).stroke,
      };
    });
    assert.equal(look.heatOpacity, 1, 'an opaque disc hides the star point under it');
    assert.doesNotMatch(look.heatBg, /rgba\(.*, 0(\.\d+)?\)$/, `an opaque colour, not ${look.heatBg}`);
    assert.ok(look.ringWidth > look.heatWidth + 2, `the ring (${look.ringWidth}) goes round the disc (${look.heatWidth})`);
    assert.ok(look.markerZ > look.heatZ, 'the cross is drawn over the disc');
    assert.equal(look.markerStroke, 'rgb(29, 29, 29)', 'a dark cross, not red on red');
    await c3.screenshot({ path: `artifacts/screenshots/polish-heat-point-${name}.png` });
    await screenshot(page, `polish-heat-${name}`);
    await axe(page, `${name} heat map`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
