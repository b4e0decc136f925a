// Arena tournaments in the page (web/arena.js; docs/arena.md), through the real UI, with
// accounts made by signing up with Chromium's virtual authenticators (the pages are opened at
// http://localhost:<port>: WebAuthn refuses an address).
//
// At 390x844 and 1280x800: a signed-in player creates an arena from the home page's form (a
// bad name is refused with the server's reason), lands on its page and joins; a second player
// joins from the phone; the director pairs them at once and each page links to its own game
// (its seat link, never the other's); the game is played to its end (both pass: White wins by
// komi) and the standings show 2 points for the winner, whose games list links to the replay. A visitor
// who is not signed in sees the standings and the invitation to sign in. Every page passes
// axe-core without sideways scroll at 390 px, with no console errors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, axeClean, launchBrowser, screenshot, startServer, watchErrors, passkeyPerson } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';

const env = { server: null, browser: null, base: null };

before(async () => {
  env.server = await startServer(['--arena-min-seconds', '60']);
  env.base = `http://localhost:${new URL(env.server.url).port}`;
  env.browser = await launchBrowser(['--host-resolver-rules=MAP localhost 127.0.0.1']);
});

after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

const person = (viewport, options) => passkeyPerson(env.browser, viewport, options);

async function signUp(p, name) {
  await p.page.goto(`${env.base}/#/sign-up`);
  await p.page.getByLabel('Name', { exact: true }).fill(name);
  await p.page.locator('[data-testid="name-status"]').filter({ hasText: 'is free' }).waitFor();
  await p.page.getByRole('button', { name: 'Create my account with a passkey' }).click();
  await p.page.locator('[data-testid="codes"] li').first().waitFor();
  await p.page.getByRole('button', { name: 'I have saved them' }).click();
  await p.page.locator('[data-testid="account"]').first().waitFor();
}

/// Console errors other than Chromium's line for a refusal this test provokes (400).
const unexpected = (errors) => errors.filter((e) => !e.includes('status of 400'));

test('an arena is created, joined, paired, played and scored through the page', async (t) => {
  const a = await person(DESKTOP);
  const b = await person(PHONE);
  await signUp(a, 'Arja');
  await signUp(b, 'Bengt');

  // The form on the home page: a bad name is refused with the server's reason, then created.
  await a.page.goto(`${env.base}/#/`);
  const form = a.page.locator('[data-testid="arena-create"]');
  await form.waitFor();
  await axeClean(t, a.page, 'home with the arenas, desktop');
  await form.getByLabel('Name').fill('   ');
  await form.getByLabel('Name').fill(' ');
  await a.page.evaluate(() => document.querySelector('[data-testid="arena-name"]').removeAttribute('required'));
  await a.page.locator('[data-testid="arena-create-submit"]').click();
  await a.page.locator('[data-testid="arena-create-error"]').waitFor();
  assert.match(await a.page.locator('[data-testid="arena-create-error"]').innerText(), /name/);
  await form.getByLabel('Name').fill('Evening arena');
  await form.getByLabel('Starts in').selectOption('0');
  await form.getByLabel('Board').selectOption('5');
  await a.page.locator('[data-testid="arena-create-submit"]').click();
  await a.page.locator('[data-testid="arena-page"]').waitFor();
  const url = a.page.url();
  assert.match(url, /#\/arena\/[a-z0-9]{12}$/);
  await a.page.locator('[data-testid="arena-join"]').click();
  await a.page.locator('[data-testid="arena-pause"]').waitFor();

  // The phone joins from the list on its home page.
  await b.page.goto(`${env.base}/#/`);
  await b.page.locator('[data-testid="arena-item"] a', { hasText: 'Evening arena' }).click();
  await b.page.locator('[data-testid="arena-page"]').waitFor();
  await axeClean(t, b.page, 'arena page before joining, phone');
  await assertNoSidewaysScroll(b.page, 'arena page, phone');
  await b.page.locator('[data-testid="arena-join"]').click();

  // Paired: each page links to its own seat only.
  const game = async (p) => {
    const link = p.page.locator('[data-testid="arena-my-game"]');
    await link.waitFor({ timeout: 10000 });
    return link.getAttribute('href');
  };
  const [ha, hb] = [await game(a), await game(b)];
  const [ta, tb] = [new URLSearchParams(ha.slice(1)), new URLSearchParams(hb.slice(1))];
  assert.equal(ta.get('table'), tb.get('table'), 'one game for the two');
  assert.notEqual(ta.get('token'), tb.get('token'), 'each their own seat');
  assert.ok(!(await a.page.content()).includes(tb.get('token')), "the other's seat token is not on this page");
  await axeClean(t, a.page, 'arena page with a game, desktop');
  await axeClean(t, b.page, 'arena page with a game, phone');
  await assertNoSidewaysScroll(b.page, 'arena page with a game, phone');
  await screenshot(b.page, 'arena-phone');
  await screenshot(a.page, 'arena-desktop');

  // Both pass at their tables: the game ends by two passes, White wins by komi: 2 points.
  const arenaId = url.split('/').pop();
  const playing = (await (await fetch(`${env.server.url}/api/arenas/${arenaId}`)).json()).playing;
  assert.equal(playing.length, 1);
  const winner = playing[0].white;
  await a.page.locator('[data-testid="arena-my-game"]').click();
  await b.page.locator('[data-testid="arena-my-game"]').click();
  // Black passes first, then White, whose pass ends the game and asks first. In this order,
  // never by polling both pages: a page may lose its pass button between a look and a click.
  const [black, white] = winner === 'Arja' ? [b, a] : [a, b];
  await black.page.locator('[data-testid="pass"]:not([disabled])').click();
  await white.page.locator('[data-testid="pass"]:not([disabled])').click();
  await white.page.locator('[data-testid="pass-yes"]').click();
  await black.page.locator('[data-testid="end"]').waitFor();
  await a.page.locator('[data-testid="end"]').waitFor();
  await a.page.goto(url);
  const line = (p, name) => p.page.locator('[data-testid="arena-line"]', { hasText: name });
  await line(a, winner).filter({ hasText: '2' }).waitFor({ timeout: 10000 });
  assert.match(await line(a, winner).innerText(), new RegExp(`^1\\s+${winner}\\s+2\\s+1$`));
  await line(a, winner).getByRole('button', { name: winner }).click();
  const games = a.page.locator('[data-testid="arena-player"]');
  await games.getByRole('link', { name: 'replay' }).waitFor();
  assert.match(await games.innerText(), /2 points/);
  await axeClean(t, a.page, 'arena page with a player\'s games, desktop');

  // A visitor sees the standings and the invitation to sign in.
  const v = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', isMobile: true, hasTouch: true });
  const vp = await v.newPage();
  const verrors = [];
  watchErrors(vp, verrors);
  await vp.goto(url);
  await vp.getByRole('link', { name: 'Sign in to join this arena' }).waitFor();
  await vp.locator('[data-testid="arena-line"]').first().waitFor();
  await axeClean(t, vp, 'arena page signed out, phone');
  await assertNoSidewaysScroll(vp, 'arena page signed out, phone');
  assert.deepEqual(verrors, []);
  await v.close();

  assert.deepEqual(unexpected(a.errors), []);
  assert.deepEqual(unexpected(b.errors), []);
  await a.ctx.close();
  await b.ctx.close();
});
