// Names where people look (issue 35, point 6), at 390x844 and 1280x800: when both seats have
// names, the chat labels the other player by name ("You" on one's own lines), the opponent's
// name is on the first screen by the board, the home page's "Your games" says won or lost
// against whom, and the finished game's page shows the names, the date, the settings and an
// SGF button (with the names in the chat's record too).
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertOnFirstScreen } from './measure.mjs';

const env = serverAndBrowser();

/// Axe on the page as it stands: no serious or critical violations.
async function axe(page, what) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${what}: axe`);
}

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: the chat, the table, the home page and the game's page name the players`, async () => {
    const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
    const bo = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
    bo.send({ type: 'name', name: 'Bo' });
    const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
    // This device's name ("Ann") goes to the seat it joins.
    await ctx.addInitScript(() => {
      if (!localStorage.getItem('pg.setup')) localStorage.setItem('pg.setup', JSON.stringify({ name: 'Ann' }));
    });
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    await page.goto(created.seats.black.url);

    // The opponent's name, on the first screen, above the board.
    const opponent = page.locator('[data-testid="opponent"]');
    await opponent.waitFor();
    assert.equal(await opponent.innerText(), 'Against Bo (White)');
    const boxes = await assertOnFirstScreen(page, viewport, ['[data-testid="opponent"]', '#board'], name);
    assert.ok(boxes['[data-testid="opponent"]'].bottom <= boxes['#board'].top, 'the name is above the board');
    await bo.waitFor((m) => m.type === 'info' && m.info?.names?.black === 'Ann').catch(() => {});

    // The chat: Bo by name, "You" on the page's own line.
    bo.send({ type: 'chat', text: 'Hello Ann' });
    const chat = page.locator('[data-testid="chat-lines"]');
    await chat.locator('li', { hasText: 'Hello Ann' }).waitFor();
    assert.equal(await chat.locator('li', { hasText: 'Hello Ann' }).locator('.who').innerText(), 'Bo:');
    await page.locator('[data-testid="chat-input"]').fill('Hi Bo');
    await page.locator('[data-testid="chat-send"]').click();
    await chat.locator('li', { hasText: 'Hi Bo' }).waitFor();
    assert.equal(await chat.locator('li', { hasText: 'Hi Bo' }).locator('.who').innerText(), 'You:');
    await screenshot(page, `names-shown-table-${name}`);
    await axe(page, `${name} table`);

    // Bo resigns: the home page says who Ann beat.
    await bo.act({ type: 'resign' });
    await page.locator('[data-testid="end"]').waitFor();
    await page.goto(`${env.server.url}/#/`);
    const finished = page.locator('[data-testid="saved-finished"]');
    await finished.locator('summary').click();
    await finished.getByText('You won against Bo').waitFor();
    await screenshot(page, `names-shown-home-${name}`);
    await axe(page, `${name} home`);

    // The game's page: names, date, settings, SGF, and the chat's record by name.
    await page.goto(`${env.server.url}/#game=${created.table}`);
    await page.locator('[data-testid="game-players"]').waitFor();
    assert.equal(await page.locator('[data-testid="game-players"]').innerText(), 'Ann (Black) against Bo (White)');
    const settings = await page.locator('[data-testid="game-settings"]').innerText();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    assert.ok(settings.startsWith(`Played on ${today}`), settings);
    assert.match(settings, /9 × 9 · komi 7\.5/);
    const href = await page.locator('[data-testid="sgf"]').getAttribute('href');
    const sgf = await (await fetch(new URL(href, env.server.url))).text();
    assert.match(sgf, /PB\[Ann\]PW\[Bo\]/);
    const record = page.locator('[data-testid="chat-record"]');
    assert.match(await record.locator('li', { hasText: 'Hello Ann' }).locator('.who').innerText(), /^Bo, /);
    assert.match(await record.locator('li', { hasText: 'Hi Bo' }).locator('.who').innerText(), /^Ann, /);
    await assertOnFirstScreen(page, viewport, ['[data-testid="game-players"]', '[data-testid="sgf"]'], `${name} game page`);
    await screenshot(page, `names-shown-game-${name}`);
    await axe(page, `${name} game page`);
    assert.deepEqual(errors, []);
    bo.close();
    await ctx.close();
  });
