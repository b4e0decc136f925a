// Rated games in the page (docs/protocol.md, "Rated games" and "Players and the leaderboard"),
// through the real UI, with accounts made by signing up with Chromium's virtual authenticators
// (the pages are opened at http://localhost:<port>: WebAuthn refuses an address).
//
// Two signed-in players play a rated 5x5 game (one sets it up rated, the other opens the seat
// link; both pass), and each end screen shows both rating changes; the player's page (/@/<name>)
// shows the rating with "?", the chart and the game with a link to its replay; the leaderboard
// says that nobody is settled yet. A visitor who is not signed in gets the sign-in notice on a
// rated seat's link, not the board, and comes back to the seat after signing up; a seat whose
// other seat is the player's own, or that is another player's, is refused with the reason; a
// rated lobby challenge is marked and offers a signed-out visitor the sign-in. A rated game
// against the computer (beginner, 5x5, resigned) shows the computer level's change. A name
// that is nobody's gets a friendly page; the leaderboard with players is drawn from a given
// answer. Every new page passes axe-core at 390x844 and 1280x800 without sideways scroll at
// 390 px, with no console errors (but Chromium's own lines for refusals a test provokes).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, axeClean, launchBrowser, screenshot, startServer, tryAt, watchErrors, passkeyPerson } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const env = { server: null, browser: null, base: null };

before(async () => {
  env.server = await startServer();
  env.base = `http://localhost:${new URL(env.server.url).port}`;
  env.browser = await launchBrowser(['--host-resolver-rules=MAP localhost 127.0.0.1']);
});

after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

const person = (viewport, options) => passkeyPerson(env.browser, viewport, options);

/// Console errors other than Chromium's own line for an answer of one of `statuses` (a refusal
/// a test provokes on purpose).
const unexpected = (errors, statuses) =>
  errors.filter((e) => !statuses.some((s) => e.includes(`Failed to load resource: the server responded with a status of ${s}`)));

let names = 0;
const freshName = (stem) => `${stem} ${++names}`;

/// Fills in the sign-up page the person is on, and saves the codes; resolves when the page has
/// moved on (to `after`, a locator's selector).
async function signUpHere(p, name, after = '[data-testid="account"]') {
  await p.page.getByLabel('Name', { exact: true }).fill(name);
  await p.page.locator('[data-testid="name-status"]').filter({ hasText: 'is free' }).waitFor();
  await p.page.getByRole('button', { name: 'Create my account with a passkey' }).click();
  await p.page.locator('[data-testid="codes"] li').first().waitFor();
  await p.page.getByRole('button', { name: 'I have saved them' }).click();
  await p.page.locator(after).first().waitFor();
}

async function signUp(p, name) {
  await p.page.goto(`${env.base}/#/sign-up`);
  await signUpHere(p, name);
}

/// Sets up a table through the home page's form: `mode` is the mode's label; 5x5, rated.
async function setUpRated(page, mode, { strength = null } = {}) {
  await page.goto(`${env.base}/#/`);
  await page.locator('[data-testid="setup"]').waitFor();
  await page.getByLabel(mode).check();
  if (strength) await page.locator('#strength').selectOption(strength);
  await page.locator('#size').selectOption('5');
  const rated = page.getByLabel('Rated game');
  assert.equal(await rated.isChecked(), false, 'Rated is off by default');
  await rated.check();
  assert.match(await page.locator('[data-testid="rated-hint"]').innerText(), /changes both players’ ratings/);
  await page.locator('[data-testid="setup"] button[type="submit"]').click();
  await page.locator('[data-testid="rated-head"]').waitFor();
}

const state = { a: null, b: null, aName: null, bName: null, table: null };

test('two signed-in players play a rated 5x5 game: the end shows both changes, the player page and the leaderboard', async (t) => {
  const a = await person(DESKTOP);
  const b = await person(PHONE);
  Object.assign(state, { a, b, aName: freshName('Aino'), bName: freshName('Bo') });
  await signUp(a, state.aName);
  await signUp(b, state.bName);

  // The option is where the server allows it, with the reason where it does not.
  await a.page.goto(`${env.base}/#/`);
  await a.page.locator('[data-testid="setup"]').waitFor();
  await a.page.getByLabel('Two players on one device').check();
  assert.equal(await a.page.getByLabel('Rated game').isDisabled(), true);
  assert.match(await a.page.locator('[data-testid="rated-hint"]').innerText(), /one device is not rated/);
  await a.page.getByLabel('Online, with a link').check();
  await a.page.locator('#torus').check();
  assert.equal(await a.page.getByLabel('Rated game').isDisabled(), true);
  assert.match(await a.page.locator('[data-testid="rated-hint"]').innerText(), /no handicap, Atari Go or torus/);
  await a.page.locator('#torus').uncheck();
  await a.page.locator('#size').selectOption('11');
  assert.match(await a.page.locator('[data-testid="rated-hint"]').innerText(), /5×5 to 9×9, on 13×13 and on 19×19/);

  await setUpRated(a.page, 'Online, with a link');
  state.table = new URL(a.page.url()).hash.match(/table=([^&]+)/)[1];
  assert.match(await a.page.locator('[data-testid="rated-head"]').innerText(), /Rated\s+9×9 and smaller · classical/);
  await a.page.locator('[data-testid="rated-player-black"]', { hasText: state.aName }).waitFor();
  const invite = await a.page.locator('[data-testid="invite"]').first().inputValue();

  // The other player opens the seat's link: the seat becomes theirs before the page joins.
  await b.page.goto(invite);
  await b.page.locator('[data-testid="turn"]').waitFor();
  await b.page.locator('[data-testid="rated-player-white"]', { hasText: state.bName }).waitFor();
  await a.page.locator('[data-testid="rated-player-white"]', { hasText: state.bName }).waitFor();

  // Both pass: the game ends, White wins by komi.
  await a.page.locator('[data-testid="pass"]:not([disabled])').click();
  await b.page.locator('[data-testid="pass"]:not([disabled])').click();
  await b.page.locator('[data-testid="pass-yes"]').click();
  for (const p of [a, b]) {
    await p.page.locator('[data-testid="rating-change"]').nth(1).waitFor();
    const lines = await p.page.locator('[data-testid="rating-change"]').allInnerTexts();
    assert.equal(lines.length, 2);
    assert.match(lines[0], new RegExp(`^${state.aName} 1500 → \\d+\\? \\(−\\d+\\)$`));
    assert.match(lines[1], new RegExp(`^${state.bName} 1500 → \\d+\\? \\(\\+\\d+\\)$`));
  }
  await axeClean(t, b.page, 'the end of a rated game (phone)');
  await axeClean(t, a.page, 'the end of a rated game (desktop)');
  await assertNoSidewaysScroll(b.page, 'the end of a rated game (phone)');
  await screenshot(b.page, 'ratings-end-phone');

  // The player's page, from the name's link at the end.
  await a.page.locator('[data-testid="rating-change"] a', { hasText: state.aName }).click();
  await a.page.waitForURL(`${env.base}/@/${encodeURIComponent(state.aName)}`);
  for (const [size, p] of [['desktop', a], ['phone', b]]) {
    if (p === b) await b.page.goto(`${env.base}/@/${encodeURIComponent(state.aName)}`);
    await p.page.locator('[data-testid="player-name"]', { hasText: state.aName }).waitFor();
    assert.match(await p.page.locator('[data-testid="player-rating-value"]').innerText(), /^\d+\?$/);
    assert.match(await p.page.locator('[data-testid="player-rating"]').innerText(), /9×9 and smaller · classical/);
    await p.page.locator('[data-testid="rating-chart-plot"] .uplot canvas').first().waitFor();
    const chart = await p.page.locator('[data-testid="rating-chart-plot"] .uplot').boundingBox();
    const column = await p.page.locator('[data-testid="rating-chart-plot"]').boundingBox();
    assert.ok(chart.width > 150 && chart.width <= column.width + 1, `${size}: the chart fits its column (${chart.width} in ${column.width})`);
    assert.match(await p.page.locator('[data-testid="rating-chart-summary"]').innerText(), /9×9 and smaller · classical: \d+\? after 1 rated game/);
    const game = p.page.locator('[data-testid="player-game"]');
    assert.equal(await game.count(), 1);
    assert.match(await game.innerText(), new RegExp(`Lost · against ${state.bName} · as Black`));
    assert.match(await game.locator('[data-testid="player-game-change"]').innerText(), /Rated 1500 → \d+\? \(−\d+\)/);
    await axeClean(t, p.page, `the player page (${size})`);
    if (p === b) await assertNoSidewaysScroll(p.page, 'the player page (phone)');
    await screenshot(p.page, `ratings-player-${size}`);
  }
  // The opponent's link, and the replay's.
  assert.equal(await a.page.locator('[data-testid="player-game"] a', { hasText: state.bName }).getAttribute('href'),
    `/@/${encodeURIComponent(state.bName)}`);
  await a.page.locator('[data-testid="player-game-replay"]').click();
  // The game page then keeps the step shown in the address (&step=N).
  await a.page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith(`#game=${state.table}`));
  await a.page.locator('[data-testid="replay"]').waitFor();
  assert.match(await a.page.locator('[data-testid="result"]').innerText(), /White wins/);

  // The leaderboard, from the footer: nobody is settled after one game.
  await a.page.locator('[data-testid="footer-leaderboard"]').click();
  for (const [size, p] of [['desktop', a], ['phone', b]]) {
    if (p === b) await b.page.goto(`${env.base}/#/leaderboard`);
    await p.page.locator('[data-testid="leaderboard-category"]').nth(8).waitFor();
    assert.equal(await p.page.locator('[data-testid="leaderboard-empty"]').count(), 9);
    assert.match(await p.page.locator('[data-testid="leaderboard-category"]').first().innerText(),
      /9×9 and smaller · rapid\s+Nobody is settled in this category yet\./);
    await axeClean(t, p.page, `the leaderboard (${size})`);
    if (p === b) await assertNoSidewaysScroll(p.page, 'the leaderboard (phone)');
  }
  await b.page.goto(`${env.base}/#/leaderboard/19-correspondence`);
  await b.page.locator('h1', { hasText: 'Leaderboard: 19×19 · correspondence' }).waitFor();
  await b.page.locator('[data-testid="leaderboard-empty"]').waitFor();

  // The account page: the player page's link, and this device's games attached.
  for (const [size, p, name] of [['phone', b, state.bName], ['desktop', a, state.aName]]) {
    await p.page.goto(`${env.base}/#/account`);
    await p.page.locator('[data-testid="account-games"]').waitFor();
    assert.equal(await p.page.locator('[data-testid="account-player-page"]').getAttribute('href'), `/@/${encodeURIComponent(name)}`);
    await p.page.locator('[data-testid="account-attach"]').click();
    assert.match(await p.page.locator('[data-testid="account-attach-result"]').innerText(), /^1 game attached\.$/);
    await axeClean(t, p.page, `the account page (${size})`);
    await screenshot(p.page, `ratings-account-${size}`);
    if (p === b) await assertNoSidewaysScroll(p.page, 'the account page (phone)');
  }
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('a visitor who is not signed in gets the sign-in notice on a rated seat, and the seat after signing up', async (t) => {
  const { a } = state;
  const made = await a.page.evaluate(() =>
    fetch('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { size: 5 }, mode: 'online', rated: true }),
    }).then((r) => r.json()),
  );
  const link = `${env.base}/#table=${made.table}&token=${made.seats.white.token}`;
  for (const [size, viewport] of SIZES) {
    const v = await person(viewport);
    await v.page.goto(link);
    const notice = v.page.locator('[data-testid="rated-sign-in"]');
    await notice.waitFor();
    assert.match(await notice.innerText(), /This is a rated game: sign in to play it\./);
    assert.equal(await v.page.locator('[data-testid="turn"], [data-testid="pass"], #board').count(), 0);
    assert.equal(await v.page.locator('[data-testid="rated-watch"]').getAttribute('href'), `#table=${made.table}`);
    await axeClean(t, v.page, `the rated seat's sign-in notice (${size})`);
    await screenshot(v.page, `ratings-sign-in-notice-${size}`);
    if (viewport === PHONE) {
      await assertNoSidewaysScroll(v.page, 'the sign-in notice (phone)');
      // The sign-in link comes back here.
      const href = await v.page.locator('[data-testid="rated-sign-in-link"]').getAttribute('href');
      assert.equal(href, `#/sign-in?return=${encodeURIComponent(`#table=${made.table}&token=${made.seats.white.token}`)}`);
      // A new account, through "Create an account": back at the table, in the seat.
      const name = freshName('Vera');
      await v.page.locator('[data-testid="rated-sign-up-link"]').click();
      await signUpHere(v, name, '[data-testid="turn"]');
      assert.equal(new URL(v.page.url()).hash, `#table=${made.table}&token=${made.seats.white.token}`);
      await v.page.locator('[data-testid="rated-player-white"]', { hasText: name }).waitFor();
    }
    assert.deepEqual(v.errors, []);
    await v.ctx.close();
  }

  // A seat whose other seat is this player's, or that is another player's: refused with the
  // server's reason, and the page does not join as a player.
  await a.page.goto(`${env.base}/#table=${made.table}&token=${made.seats.black.token}`);
  await a.page.locator('[data-testid="turn"]').waitFor();
  for (const [p, reason] of [[a, /You already hold the other seat of this rated game/], [state.b, /This seat of a rated game is another player’s/]]) {
    await p.page.goto(link);
    await p.page.locator('[data-testid="rated-refused"]').waitFor();
    assert.match(await p.page.locator('[data-testid="rated-refused-reason"]').innerText(), reason);
    assert.equal(await p.page.locator('[data-testid="turn"], [data-testid="pass"], #board').count(), 0);
  }
  await axeClean(t, state.b.page, 'a refused rated seat (phone)');

  // A rated lobby challenge: marked, and a visitor not signed in is offered the sign-in.
  await setUpRated(a.page, 'Open challenge in the lobby');
  for (const [size, viewport] of SIZES) {
    const v = await person(viewport);
    await v.page.goto(`${env.base}/#/`);
    const challenge = v.page.locator('[data-testid="challenge"]', { has: v.page.locator('[data-testid="challenge-rated"]') });
    await challenge.waitFor();
    assert.match(await challenge.innerText(), /Rated 5 × 5/);
    assert.equal(await challenge.locator('[data-testid="take"]').count(), 0);
    assert.equal(await challenge.locator('[data-testid="take-sign-in"]').getAttribute('href'), `#/sign-in?return=${encodeURIComponent('#/')}`);
    await axeClean(t, v.page, `the lobby with a rated challenge (${size})`);
    await screenshot(v.page, `ratings-lobby-${size}`);
    if (viewport === PHONE) await assertNoSidewaysScroll(v.page, 'the lobby (phone)');
    assert.deepEqual(v.errors, []);
    await v.ctx.close();
  }
  // Signed in, the home page's form offers Rated (axe on it at both sizes).
  for (const [size, p] of [['desktop', a], ['phone', state.b]]) {
    await p.page.goto(`${env.base}/#/`);
    await p.page.locator('[data-testid="rated-option"]').waitFor();
    await axeClean(t, p.page, `the setup form with Rated (${size})`);
    await screenshot(p.page, `ratings-setup-${size}`);
    if (p === state.b) await assertNoSidewaysScroll(p.page, 'the setup form (phone)');
  }
  // Chromium logs the refusals' 409 answers itself.
  assert.deepEqual(unexpected(a.errors, [409]), []);
});

test('a rated game against the computer (beginner, 5x5, resigned) shows the level\'s rating change', async (t) => {
  const { a, aName } = state;
  await setUpRated(a.page, 'Against the computer', { strength: 'beginner' });
  await a.page.locator('[data-testid="rated-player-white"]', { hasText: 'Computer (beginner)' }).waitFor();
  await tryAt(a.page, 'C3');
  // The computer answers: the second turn, where a game is resigned (no longer aborted).
  await a.page.locator('[data-testid="resign"]').click();
  await a.page.locator('[data-testid="resign-yes"]').click();
  const computer = a.page.locator('[data-testid="rating-change"][data-color="white"]');
  await computer.waitFor();
  assert.match(await computer.innerText(), /^Computer \(beginner\) 1500 → \d+\?? \(\+\d+\)$/);
  assert.match(await a.page.locator('[data-testid="rating-change"][data-color="black"]').innerText(),
    new RegExp(`^${aName} \\d+ → \\d+\\? \\(−\\d+\\)$`));
  await axeClean(t, a.page, 'the end of a rated game against the computer (desktop)');
  await screenshot(a.page, 'ratings-computer-end-desktop');

  // The player's page counts it against the level.
  await a.page.goto(`${env.base}/@/${encodeURIComponent(aName)}`);
  const row = a.page.locator('[data-testid="player-computer"] tbody tr');
  await row.first().waitFor();
  assert.deepEqual((await row.first().locator('th, td').allInnerTexts()).map((s) => s.trim()), ['beginner', '0', '1', '0']);
  assert.match(await a.page.locator('[data-testid="player-game"]').first().innerText(), /Lost · against Computer \(beginner\) · as Black/);
  assert.deepEqual(unexpected(a.errors, [409]), []);
  assert.deepEqual(unexpected(state.b.errors, [409]), []);
  await a.ctx.close();
  await state.b.ctx.close();
});

test('a name that is nobody\'s gets a friendly page', async (t) => {
  for (const [size, viewport] of SIZES) {
    const v = await person(viewport);
    await v.page.goto(`${env.base}/@/${encodeURIComponent('Nobody at all')}`);
    await v.page.locator('[data-testid="player-missing"]').waitFor();
    assert.match(await v.page.locator('[data-testid="player-missing"]').innerText(), /There is no player called “Nobody at all”/);
    await axeClean(t, v.page, `no such player (${size})`);
    if (viewport === PHONE) await assertNoSidewaysScroll(v.page, 'no such player (phone)');
    // The browser logs the API's 404 itself; nothing else.
    assert.deepEqual(unexpected(v.errors, [404]), []);
    // The header's links lead back to the page at /.
    await v.page.locator('.site-header a', { hasText: 'Rules' }).click();
    await v.page.waitForURL(`${env.base}/#/rules`);
    await v.ctx.close();
  }
});

test('the leaderboard lists players and computer levels, with each category\'s best hundred', async (t) => {
  // A settled rating takes dozens of rated games: the page is given the server's answer (the
  // form of docs/protocol.md, "Players and the leaderboard") instead.
  const row = (rank, name, computer, rating, games) => ({ rank, name, computer, rating, deviation: 62.5, games });
  const small = [row(1, 'Aino Example', null, 1712.4, 41), row(2, null, 'hard', 1650.6, 120), row(3, 'Bo', null, 1499.5, 33)];
  for (const [size, viewport] of SIZES) {
    const v = await person(viewport);
    await v.page.route('**/api/leaderboard', (route) =>
      route.fulfill({ json: { categories: [{ category: 'small-rapid', players: small }, { category: '19-classical', players: [] }] } }));
    await v.page.route('**/api/leaderboard/small-rapid', (route) => route.fulfill({ json: { category: 'small-rapid', players: small } }));
    await v.page.goto(`${env.base}/#/leaderboard`);
    const rows = v.page.locator('[data-category="small-rapid"] [data-testid="leaderboard-row"]');
    await rows.nth(2).waitFor();
    assert.deepEqual((await rows.nth(0).locator('th, td').allInnerTexts()).map((s) => s.trim()), ['1', 'Aino Example', '1712', '41']);
    assert.equal(await rows.nth(0).locator('a').getAttribute('href'), `/@/${encodeURIComponent('Aino Example')}`);
    assert.deepEqual((await rows.nth(1).locator('th, td').allInnerTexts()).map((s) => s.trim()), ['2', 'very strong computer', '1651', '120']);
    assert.equal(await rows.nth(1).locator('a').count(), 0);
    assert.match(await v.page.locator('[data-category="19-classical"]').innerText(), /Nobody is settled in this category yet\./);
    await axeClean(t, v.page, `the leaderboard with players (${size})`);
    await screenshot(v.page, `ratings-leaderboard-${size}`);
    if (viewport === PHONE) await assertNoSidewaysScroll(v.page, 'the leaderboard with players (phone)');
    await v.page.locator('[data-testid="leaderboard-more"]').click();
    await v.page.locator('h1', { hasText: 'Leaderboard: 9×9 and smaller · rapid' }).waitFor();
    await v.page.locator('[data-testid="leaderboard-row"]').nth(2).waitFor();
    assert.deepEqual(v.errors, []);
    await v.ctx.close();
  }
});
