// What a phone's width must hold (issue 35, point 12), at 390x844 and 1280x800: the rules'
// comparison table fits the page in every language (no column cut off, nothing to scroll
// sideways); on 19x19 the zoomed board leaves "Larger board", Pass and Resign (Abort at move 0)
// on the first screen, and its coordinates stay in sight while it is panned.
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertNoSidewaysScroll, assertOnFirstScreen } from './measure.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const TOUCH = { isMobile: true, hasTouch: true };

const env = serverAndBrowser();

/// Axe on the page as it stands: no serious or critical violations.
async function axe(page, what) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${what}: axe`);
}

for (const [name, viewport] of SIZES)
  test(`${name}: the rules' tables fit the page in every language`, async () => {
    const errors = [];
    for (const lang of LANGS) {
      const ctx = await env.browser.newContext({ viewport, locale: lang, ...(viewport === PHONE ? TOUCH : {}) });
      const page = await ctx.newPage();
      watchErrors(page, errors, lang);
      await page.goto(`${env.server.url}/#/rules`);
      await page.locator('.rules-table').first().waitFor();
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('.table-scroll')].map((box) => {
          const cells = [...box.querySelectorAll('tr')].map((r) => r.cells[r.cells.length - 1].getBoundingClientRect().right);
          return { scroll: box.scrollWidth, client: box.clientWidth, right: box.getBoundingClientRect().right, last: Math.max(...cells) };
        }),
      );
      assert.ok(tables.length > 0);
      for (const [i, m] of tables.entries()) {
        assert.ok(m.scroll <= m.client, `${lang} ${name} table ${i}: needs ${m.scroll} px in ${m.client} px`);
        assert.ok(m.last <= m.right + 0.5, `${lang} ${name} table ${i}: its last column ends at ${m.last}, the box at ${m.right}`);
      }
      await assertNoSidewaysScroll(page, `${lang} ${name} rules`);
      if (lang === 'de' || lang === 'fi') {
        await page.locator('.rules-table').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `artifacts/screenshots/phone-fit-rules-${lang}-${name}.png` });
      }
      await ctx.close();
    }
    assert.deepEqual(errors, []);
  });

/// Black's page at a 19x19 online table, White held by a script.
async function page19(viewport) {
  const created = await createTable(env.server.url, { rules: { size: 19 }, mode: 'online' });
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...(viewport === PHONE ? TOUCH : {}) });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(created.seats.black.url);
  await page.locator('#board').waitFor();
  return { page, ctx, errors, white };
}

/// The board's box and its four rows of coordinates, in viewport pixels.
const coordBoxes = (page) =>
  page.evaluate(() => {
    const box = document.querySelector('[data-testid="board-box"]').getBoundingClientRect();
    const xs = [...document.querySelectorAll('#board .shudan-coordx')].map((el) => el.getBoundingClientRect());
    const ys = [...document.querySelectorAll('#board .shudan-coordy')].map((el) => el.getBoundingClientRect());
    const plain = ({ top, left, bottom, right }) => ({ top, left, bottom, right });
    return { box: plain(box), xs: xs.map(plain), ys: ys.map(plain) };
  });

for (const [name, viewport] of SIZES)
  test(`${name}, 19x19: zoomed, the switch, Pass and Abort stay on the first screen and the coordinates stay in sight`, async () => {
    const { page, ctx, errors, white } = await page19(viewport);
    const press = (sel) => (viewport === PHONE ? page.locator(sel).tap() : page.locator(sel).click());
    await press('[data-testid="zoom"]');
    await page.locator('.board-zoom #board').waitFor();
    // At move 0 Resign's place holds Abort (abort.test.mjs).
    const controls = ['[data-testid="zoom"]', '[data-testid="pass"]', '[data-testid="abort"]'];
    await assertOnFirstScreen(page, viewport, ['[data-testid="turn"]', '[data-testid="board-box"]', ...controls], `${name} zoomed`);
    // Panned to the far corner (the box's far right and bottom): a row of numbers at the box's
    // left edge and of letters at its top edge.
    const box = page.locator('[data-testid="board-box"]');
    const scrolls = await box.evaluate((el) => [el.scrollWidth > el.clientWidth, el.scrollHeight > el.clientHeight]);
    assert.ok(scrolls[0], `${name}: the zoomed board pans sideways`);
    await box.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
    await page.waitForTimeout(100);
    const m = await coordBoxes(page);
    assert.ok(m.ys.some((r) => Math.abs(r.left - m.box.left) < 1), `the row numbers are at the box's left edge (${JSON.stringify(m)})`);
    if (scrolls[1]) assert.ok(m.xs.some((r) => Math.abs(r.top - m.box.top) < 1), `the column letters are at the box's top edge (${JSON.stringify(m)})`);
    // Panned back to the top left corner: the numbers are by the left edge still (inside the
    // board's frame), the letters by the top.
    await box.evaluate((el) => el.scrollTo(0, 0));
    await page.waitForTimeout(100);
    const n = await coordBoxes(page);
    assert.ok(n.ys.some((r) => r.left >= n.box.left && r.left - n.box.left < 8), JSON.stringify(n));
    assert.ok(n.xs.some((r) => r.top >= n.box.top && r.top - n.box.top < 8), JSON.stringify(n));
    await box.evaluate((el) => el.scrollTo(el.scrollWidth / 2, el.scrollHeight / 2));
    await screenshot(page, `phone-fit-zoom-${name}`);
    await axe(page, `${name} zoomed`);
    // The switch turns the zoom off again, where it is.
    await press('[data-testid="zoom"]');
    await page.locator('.board-fit #board').waitFor();
    await assertNoSidewaysScroll(page, `${name} unzoomed`);
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });
