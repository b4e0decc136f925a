// Display names, at 390x844 and 1280x800: the name typed in the setup form is kept on the
// device (the form shows it again), goes to the creator's colour at the table, is shown to the
// opponent beside the colour, and is written into the SGF (PB/PW); the invited player names
// their seat at the table, and their device names the next seat it joins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, watchErrors, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

for (const [name, viewport, friendViewport] of [['phone', PHONE, DESKTOP], ['desktop', DESKTOP, PHONE]]) {
  test(`${name}: the creator's name reaches the table, the opponent and the SGF`, async () => {
    const touch = (v) => (v === PHONE ? { isMobile: true, hasTouch: true } : {});
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch(viewport) });
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${env.server.url}/`);
    await page.getByLabel('Online, with a link').check();
    await page.locator('#size').selectOption('5');
    await page.getByLabel('Your name (optional)').fill('Ann Ümit');
    await page.getByRole('button', { name: 'Create the table' }).click();
    await page.waitForURL(/#table=.+&token=.+/);
    const id = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('table');
    const info = await (await fetch(`${env.server.url}/api/tables/${id}`)).json();
    assert.equal(info.names.black, 'Ann Ümit');
    assert.equal(info.names.white, 'White');

    // The friend sees the name beside the colour.
    const invite = await page.locator('[data-testid="invite"]').inputValue();
    const friendCtx = await env.browser.newContext({ viewport: friendViewport, locale: 'en-GB', ...touch(friendViewport) });
    const friend = await friendCtx.newPage();
    watchErrors(friend, errors, 'friend');
    await friend.goto(invite);
    await friend.locator('[data-testid="presence"]', { hasText: 'Ann Ümit (Black) is connected' }).waitFor();
    // The friend names their seat at the table; the creator sees it.
    await friend.getByLabel('Your name', { exact: true }).fill('Bo');
    await friend.locator('[data-testid="name-save"]').click();
    await page.locator('[data-testid="presence"]', { hasText: 'Bo (White) is connected' }).waitFor();
    // Before anyone has moved the game ends by an abort.
    await friend.locator('[data-testid="abort"]').click();
    await friend.locator('[data-testid="abort-yes"]').click();
    await page.locator('[data-testid="end"]').waitFor();
    const sgf = await (await fetch(`${env.server.url}/api/games/${id}/sgf`)).text();
    assert.match(sgf, /PB\[Ann Ümit\]PW\[Bo\]/);

    // The friend's name is kept on their device: a table they join next is named at once.
    const next = await (await fetch(`${env.server.url}/api/tables`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rules: { size: 5 } }),
    })).json();
    await friend.goto(next.seats.white.url);
    await friend.locator('#board').waitFor();
    for (let i = 0; i < 50; i++) {
      const names = (await (await fetch(`${env.server.url}/api/tables/${next.table}`)).json()).names;
      if (names.white === 'Bo') break;
      await friend.waitForTimeout(100);
    }
    assert.equal((await (await fetch(`${env.server.url}/api/tables/${next.table}`)).json()).names.white, 'Bo');

    // Kept on the device: the form shows it again.
    await page.goto(`${env.server.url}/`);
    assert.equal(await page.getByLabel('Your name (optional)').inputValue(), 'Ann Ümit');
    assert.deepEqual(errors, []);
    await friendCtx.close();
    await ctx.close();
  });
}
