// The lobby on the home page, at phone and desktop size: a challenge opened in one browser from
// the setup form waits at its table, is listed (with no token or secret in the JSON) in another
// browser, which takes it; both are at the same table and play; the creator can withdraw one;
// the creator's table page says until when the table is listed, with Withdraw; a withdrawn
// challenge's table is forgotten, an ended one folded away, neither left "waiting" under "Your
// games"; an empty lobby says so and offers the computer; the setup form starts at "Against the
// computer" and remembers the last settings used. Each browser context speaks for an address of
// its own (X-Real-IP from loopback, a trusted proxy), as the lobby's limits count per address.
// axe-core checks the lobby, listed and empty.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, DESKTOP, PHONE, screenshot, serverAndBrowser, tryAt, watchErrors } from './helpers.mjs';

const env = serverAndBrowser();
let addresses = 0;

async function newPage(viewport) {
  const ctx = await env.browser.newContext({ viewport, locale: 'en-GB' });
  await ctx.setExtraHTTPHeaders({ 'X-Real-IP': `192.0.2.${++addresses}` });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  return { ctx, page, errors };
}


const lobbyJson = async () => {
  const res = await fetch(`${env.server.url}/api/challenges`);
  assert.equal(res.status, 200);
  return res.text();
};
const hashOf = (page) => new URL(page.url()).hash;
const tableOf = (page) => new URLSearchParams(hashOf(page).slice(1)).get('table');
const tokenOf = (page) => new URLSearchParams(hashOf(page).slice(1)).get('token');

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: a challenge opened in one browser is taken in another, and both play`, async (t) => {
    const a = await newPage(viewport);
    const b = await newPage(viewport);

    await a.page.goto(`${env.server.url}/`);
    await a.page.getByLabel('Open challenge in the lobby').check();
    await a.page.locator('#size').selectOption('5');
    await a.page.getByLabel('Black', { exact: true }).check();
    await a.page.getByLabel('Your name (optional)').fill('Alice');
    await screenshot(a.page, `lobby-setup-${name}`);
    await a.page.getByRole('button', { name: 'Open the challenge' }).click();
    await a.page.waitForURL(/#table=.+&token=.+/);
    await a.page.locator('[data-testid="turn"]', { hasText: 'Waiting for the other player' }).waitFor();

    // The list holds what a taker needs, and no secret.
    const text = await lobbyJson();
    const list = JSON.parse(text).challenges;
    assert.equal(list.length, 1);
    assert.equal(list[0].name, 'Alice');
    assert.equal(list[0].color, 'black');
    assert.equal(list[0].rules.size, 5);
    assert.ok(!text.includes(tokenOf(a.page)), 'no seat token in the lobby');
    assert.ok(!/token|secret|192\.0\.2/.test(text), 'no token, secret or address in the lobby');

    await b.page.goto(`${env.server.url}/`);
    const item = b.page.locator('[data-testid="challenge"]');
    await item.waitFor();
    assert.match(await item.innerText(), /5 × 5/);
    assert.match(await item.innerText(), /You would play: White/);
    assert.match(await item.innerText(), /Opened by: Alice/);
    await screenshot(b.page, `lobby-list-${name}`);
    await axeClean(t, b.page, `${name} lobby with a challenge`);
    await item.getByRole('button', { name: /^Play this game: 5 × 5/ }).click();
    await b.page.waitForURL(/#table=.+&token=.+/);
    assert.equal(tableOf(b.page), tableOf(a.page), 'both at the same table');
    assert.notEqual(tokenOf(b.page), tokenOf(a.page));
    assert.equal(JSON.parse(await lobbyJson()).challenges.length, 0, 'a taken challenge leaves the lobby');

    // The game starts: Black (the creator) plays, White hears of it.
    await a.page.locator('[data-testid="turn"]', { hasText: /^Your turn/ }).waitFor();
    await tryAt(a.page, 'C3');
    await b.page.locator('[data-testid="turn"]', { hasText: /^Your turn/ }).waitFor();
    await b.page.locator('[data-testid="log"]', { hasText: 'Black moved' }).waitFor();

    // The taker's seat is saved on the device like any other.
    await b.page.goto(`${env.server.url}/#/`);
    await b.page.locator(`[data-testid="saved-table"][data-table="${tableOf(a.page)}"]`).waitFor();
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
    await a.ctx.close();
    await b.ctx.close();
  });

  test(`${name}: the creator sees their own challenge and withdraws it`, async () => {
    const a = await newPage(viewport);
    await a.page.goto(`${env.server.url}/`);
    await a.page.getByLabel('Open challenge in the lobby').check();
    await a.page.getByLabel('Random', { exact: true }).check();
    await a.page.getByRole('button', { name: 'Open the challenge' }).click();
    await a.page.waitForURL(/#table=.+&token=.+/);
    await a.page.goto(`${env.server.url}/#/`);
    const item = a.page.locator('[data-testid="challenge"]');
    await item.waitFor();
    assert.match(await item.innerText(), /Your own challenge/);
    assert.match(await item.innerText(), /Opened by: anonymous/);
    assert.equal(await item.locator('[data-testid="take"]').count(), 0);
    const table = tableOf(a.page) ?? (await item.getAttribute('data-challenge'));
    await a.page.locator('[data-testid="saved-table"]').waitFor();
    await item.locator('[data-testid="withdraw"]').click();
    await a.page.locator('[data-testid="lobby-empty"]').waitFor();
    assert.equal(JSON.parse(await lobbyJson()).challenges.length, 0);
    // A withdrawn challenge's table can never start: it leaves "Your games" at once.
    await a.page.locator('[data-testid="saved-table"]').waitFor({ state: 'detached' });
    assert.equal(await a.page.evaluate(() => localStorage.getItem('pg.tables')), '[]', `${table} forgotten`);
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });

  test(`${name}: a challenge saved while the lobby stays on the page shows at once as the creator's own`, async () => {
    // As when the address goes back home before the table page ever showed: the lobby is not
    // mounted again, so it must hear of the saved seat rather than wait for its next refresh.
    const a = await newPage(viewport);
    await a.page.goto(`${env.server.url}/`);
    await a.page.locator('[data-testid="lobby-empty"]').waitFor();
    await a.page.evaluate(async () => {
      const res = await fetch('/api/challenges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rules: { size: 9 }, color: 'black' }),
      });
      const json = await res.json();
      const { saveTable } = await import('/saved.js');
      saveTable(json.table, json.seat.token, {
        mode: 'online',
        seat: json.color,
        size: 9,
        challenge: { id: json.challenge, secret: json.cancel_secret, expires: json.expires_at },
      });
    });
    const item = a.page.locator('[data-testid="challenge"]', { hasText: 'Your own challenge' });
    await item.waitFor(); // before the fix, its 10 s refresh listed it as anybody's
    await a.page.locator('[data-testid="saved-table"]').waitFor();
    await item.locator('[data-testid="withdraw"]').click();
    await a.page.locator('[data-testid="lobby-empty"]').waitFor();
    assert.equal(JSON.parse(await lobbyJson()).challenges.length, 0);
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });

  test(`${name}: the creator's table page says until when it is listed, and withdraws it`, async (t) => {
    const a = await newPage(viewport);
    await a.page.goto(`${env.server.url}/`);
    await a.page.getByLabel('Open challenge in the lobby').check();
    await a.page.getByRole('button', { name: 'Open the challenge' }).click();
    await a.page.waitForURL(/#table=.+&token=.+/);
    const notice = a.page.locator('[data-testid="challenge-listed"]');
    await notice.waitFor();
    const saved = await a.page.evaluate(() => JSON.parse(localStorage.getItem('pg.tables'))[0]);
    assert.ok(saved.challenge.secret, 'the cancel secret is kept with the seat');
    const until = await a.page.evaluate(
      (ms) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
      saved.challenge.expires,
    );
    assert.ok(saved.challenge.expires - Date.now() > 14 * 60000, 'listed for 15 minutes');
    assert.match(await notice.innerText(), new RegExp(`listed in the lobby until ${until}`));
    assert.match(await notice.innerText(), /nobody can join this table any more/);
    // On the first screen, under the status line.
    const box = await notice.boundingBox();
    assert.ok(box.y + box.height <= viewport.height, `the notice is on the first screen (${box.y + box.height})`);
    await screenshot(a.page, `lobby-creator-table-${name}`);
    await axeClean(t, a.page, `${name} creator's table page`);

    // Past its time, the page says the listing ended (the clock of this device is what counts).
    await a.page.evaluate(() => {
      const list = JSON.parse(localStorage.getItem('pg.tables'));
      list[0].challenge.expires = Date.now() - 1000;
      localStorage.setItem('pg.tables', JSON.stringify(list));
    });
    await a.page.reload();
    await a.page.locator('[data-testid="challenge-ended"]', { hasText: 'no longer listed in the lobby' }).waitFor();
    assert.equal(await a.page.locator('[data-testid="withdraw-challenge"]').count(), 0);
    // On the home page, such a table is no longer "waiting": it is folded away with the ended games.
    await a.page.goto(`${env.server.url}/#/`);
    await a.page
      .locator('[data-testid="saved-finished"] [data-testid="saved-state"]', { hasText: 'No longer in the lobby; nobody joined.' })
      .waitFor({ state: 'attached' });
    await a.page.evaluate((s) => localStorage.setItem('pg.tables', JSON.stringify([s])), saved);
    await a.page.goto(`${env.server.url}/#table=${saved.table}&token=${saved.token}`);
    await notice.waitFor();

    // Withdrawn: out of the lobby, forgotten on this device, and the page goes home.
    await a.page.getByRole('button', { name: 'Withdraw the challenge' }).click();
    await a.page.waitForURL(/#\/$/);
    await a.page.locator('[data-testid="lobby-empty"]').waitFor();
    assert.equal(JSON.parse(await lobbyJson()).challenges.length, 0);
    assert.equal(await a.page.locator('[data-testid="saved-table"]').count(), 0, 'not under "Your games"');
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });

  test(`${name}: an empty lobby says so and offers the computer`, async (t) => {
    assert.equal(JSON.parse(await lobbyJson()).challenges.length, 0);
    const a = await newPage(viewport);
    await a.page.goto(`${env.server.url}/`);
    const empty = a.page.locator('[data-testid="lobby-empty"]');
    await empty.waitFor();
    assert.match(await empty.innerText(), /Nobody is waiting for an opponent right now/);
    await screenshot(a.page, `lobby-empty-${name}`);
    await axeClean(t, a.page, `${name} empty lobby`);
    await empty.getByRole('button', { name: 'Play the computer instead' }).click();
    await a.page.waitForURL(/#table=.+&token=.+/);
    await a.page.locator('[data-testid="presence"]', { hasText: 'White is the computer' }).waitFor();
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });

  test(`${name}: the setup form starts at the computer and remembers the last settings`, async () => {
    const a = await newPage(viewport);
    await a.page.goto(`${env.server.url}/`);
    assert.ok(await a.page.getByLabel('Against the computer').isChecked(), 'the computer by default');
    await a.page.getByLabel('Two players on one device').check();
    await a.page.locator('#size').selectOption('7');
    await a.page.locator('#ko').selectOption('simple');
    await a.page.getByLabel('Torus: the board wraps around at the edges').check();
    await a.page.getByRole('button', { name: 'Create the table' }).click();
    await a.page.waitForURL(/#table=.+&token=.+/);

    await a.page.goto(`${env.server.url}/#/`);
    await a.page.reload();
    await a.page.locator('[data-testid="setup"]').waitFor();
    assert.ok(await a.page.getByLabel('Two players on one device').isChecked());
    assert.equal(await a.page.locator('#size').inputValue(), '7');
    assert.equal(await a.page.locator('#ko').inputValue(), 'simple');
    assert.ok(await a.page.getByLabel('Torus: the board wraps around at the edges').isChecked());

    // Junk in the storage is not a setting: the form starts from its defaults.
    await a.page.evaluate(() => localStorage.setItem('pg.setup', '{"mode": "chess", "size": 99'));
    await a.page.reload();
    await a.page.locator('[data-testid="setup"]').waitFor();
    assert.ok(await a.page.getByLabel('Against the computer').isChecked());
    assert.equal(await a.page.locator('#size').inputValue(), '9');
    assert.deepEqual(a.errors, []);
    await a.ctx.close();
  });
}
