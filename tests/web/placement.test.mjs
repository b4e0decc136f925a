// Where the home page's lobby and a new table's invitation sit, by bounding boxes, at 390x844
// (touch) and 1280x800 (issue #35, points 1 and 2).
// - The lobby: with challenges to take it leads the page, right under "Your games on this device"
//   and above the setup form (beside it on a desktop); empty, it does not lead: it is compact (no
//   lead line) and comes after the setup form on a phone, under the introduction on a desktop.
// - After "Online, with a link" the invitation (the link, Copy, and Share where navigator.share
//   exists) is right under the status "Waiting for the other player to join", on the first screen
//   without scrolling; once the other player is in, it folds away into "Links to this table".
// axe-core checks each of these pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, createTable, DESKTOP, openPage, PHONE, screenshot, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();


const box = async (locator) => {
  const b = await locator.boundingBox();
  assert.ok(b, 'the element is laid out');
  return { ...b, bottom: b.y + b.height, right: b.x + b.width };
};

/// A page whose device holds a seat at a 9x9 online table (as "Your games on this device" lists).
async function pageWithSavedGame(viewport) {
  const p = await openPage(env.browser, `${env.server.url}/`, viewport);
  const made = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
  await p.page.evaluate(({ table, token }) => {
    const entry = { table, token, created: Date.now(), mode: 'online', seat: 'black', size: 9, torus: false };
    localStorage.setItem('pg.tables', JSON.stringify([entry]));
  }, { table: made.table, token: made.seats.black.token });
  await p.page.reload();
  await p.page.locator('.saved [data-testid="saved-state"]').waitFor();
  return p;
}

async function openChallenge() {
  const res = await fetch(`${env.server.url}/api/challenges`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { size: 9 }, color: 'black', name: 'Alice' }),
  });
  assert.equal(res.status, 201);
  return res.json();
}

async function withdraw(c) {
  const res = await fetch(`${env.server.url}/api/challenges/${encodeURIComponent(c.challenge)}`, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cancel_secret: c.cancel_secret }),
  });
  assert.equal(res.status, 200);
}

const lobbyCount = async () => (await (await fetch(`${env.server.url}/api/challenges`)).json()).challenges.length;

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: an empty lobby does not lead the home page`, async (t) => {
    assert.equal(await lobbyCount(), 0);
    const { ctx, page, errors } = await pageWithSavedGame(viewport);
    await page.locator('[data-testid="lobby-empty"]').waitFor();
    const saved = await box(page.locator('.saved'));
    const intro = await box(page.locator('.intro'));
    const setup = await box(page.locator('.setup'));
    const lobby = await box(page.locator('[data-testid="lobby"]'));
    assert.ok(saved.bottom <= intro.y + 1, 'the introduction follows "Your games"');
    assert.ok(lobby.y > intro.bottom - 1, 'the empty lobby comes after the introduction');
    assert.equal(await page.locator('[data-testid="lobby"] .hint').count(), 0, 'an empty lobby is compact');
    assert.ok(lobby.height < 200, `an empty lobby is compact (${lobby.height} px)`);
    if (name === 'phone') {
      assert.ok(lobby.y >= setup.bottom - 1, `on a phone it follows the setup form (${lobby.y} < ${setup.bottom})`);
      const demo = await box(page.locator('.demo'));
      assert.ok(lobby.bottom <= demo.y + 1, 'and comes before the demo');
    } else {
      assert.ok(lobby.right <= setup.x, 'on a desktop it sits in the left column');
      assert.ok(lobby.y - intro.bottom < 40, 'right under the introduction');
      assert.ok(lobby.bottom <= viewport.height, `on the first screen (${lobby.bottom} px)`);
    }
    await screenshot(page, `placement-lobby-empty-${name}`);
    await axeClean(t, page, `${name} home, empty lobby`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: with challenges to take, the lobby sits right under "Your games", above the setup form`, async (t) => {
    const c = await openChallenge();
    const { ctx, page, errors } = await pageWithSavedGame(viewport);
    await page.locator('[data-testid="challenge"]').first().waitFor();
    await page.locator('.home.lobby-first').waitFor();
    const saved = await box(page.locator('.saved'));
    const intro = await box(page.locator('.intro'));
    const setup = await box(page.locator('.setup'));
    const lobby = await box(page.locator('[data-testid="lobby"]'));
    const take = await box(page.locator('[data-testid="take"]').first());
    assert.ok(lobby.y >= saved.bottom - 1 && lobby.y - saved.bottom < 40,
      `the lobby's top (${lobby.y}) is just under "Your games" (${saved.bottom})`);
    assert.ok(lobby.y <= setup.y + 1, 'the lobby is not below the setup form');
    assert.ok(lobby.bottom <= intro.y + 1, 'the lobby comes before the introduction');
    assert.ok(take.bottom <= viewport.height, `its Take button is on the first screen (${take.bottom} px)`);
    if (name === 'phone') assert.ok(lobby.bottom <= setup.y + 1, 'on a phone the setup form follows the lobby');
    else assert.ok(lobby.right <= setup.x && Math.abs(lobby.y - setup.y) < 2, 'on a desktop it tops the left column, beside the form');
    await screenshot(page, `placement-lobby-open-${name}`);
    await axeClean(t, page, `${name} home, lobby with a challenge`);
    assert.deepEqual(errors, []);
    await ctx.close();

    // A first visit: the lobby leads the page, under the header.
    const first = await openPage(env.browser, `${env.server.url}/`, viewport);
    await first.page.locator('.home.lobby-first [data-testid="challenge"]').waitFor();
    const home = await box(first.page.locator('[data-testid="home"]'));
    const lobby1 = await box(first.page.locator('[data-testid="lobby"]'));
    assert.ok(Math.abs(lobby1.y - home.y) < 2, 'on a first visit the lobby tops the page');
    assert.deepEqual(first.errors, []);
    await first.ctx.close();
    await withdraw(c);
  });

  test(`${name}: after "Online, with a link" the invitation is on the first screen, next to the waiting status`, async (t) => {
    const { ctx, page, errors } = await openPage(env.browser, null, viewport);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    // A phone can share (navigator.share); Chromium on Linux has none, so the phone's is a stand-in.
    if (name === 'phone')
      await page.addInitScript(() => {
        navigator.share = async (data) => {
          window.__pgShared = data;
        };
      });
    await page.goto(`${env.server.url}/`);
    await page.getByLabel('Online, with a link').check();
    await page.getByRole('button', { name: 'Create the table' }).click();
    await page.waitForURL(/#table=.+&token=.+/);
    const turn = page.locator('[data-testid="turn"]', { hasText: 'Waiting for the other player to join' });
    await turn.waitFor();
    const now = page.locator('[data-testid="invite-now"]');
    await now.waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page is not scrolled');
    const status = await box(turn);
    const card = await box(now);
    const link = await box(page.locator('[data-testid="invite"]'));
    const copy = await box(page.locator('[data-testid="invite-copy"]'));
    assert.ok(card.y >= status.bottom - 1 && card.y - status.bottom < 30,
      `the invitation (${card.y}) is right under the status (${status.bottom})`);
    for (const [what, b] of [['link', link], ['Copy', copy]]) {
      assert.ok(b.y >= 0 && b.bottom <= viewport.height && b.x >= 0 && b.right <= viewport.width,
        `the ${what} is inside the ${viewport.width}x${viewport.height} viewport: ${JSON.stringify(b)}`);
    }
    assert.ok(link.width >= 150, `the link's field is wide enough to see (${link.width} px)`);
    assert.ok(Math.abs(copy.y + copy.height / 2 - (link.y + link.height / 2)) < 4, 'Copy is beside the link');
    const invite = await page.locator('[data-testid="invite"]').inputValue();
    assert.match(invite, /#table=[^&]+&token=.{32,}/);
    await page.locator('[data-testid="invite-copy"]').click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), invite);

    const share = page.locator('[data-testid="invite-share"]');
    if (name === 'phone') {
      const s = await box(share);
      assert.ok(s.bottom <= viewport.height && s.right <= viewport.width, `Share is on the first screen: ${JSON.stringify(s)}`);
      await share.click();
      const shared = await page.evaluate(() => window.__pgShared);
      assert.equal(shared.url, invite);
      assert.equal(shared.text, 'Join me for a game of Phantom Go.');
    } else {
      assert.equal(await share.count(), 0, 'no Share button where the browser cannot share');
    }
    await screenshot(page, `placement-invite-${name}`);
    await axeClean(t, page, `${name} table waiting for the invited player`);

    // The other player joins: the invitation folds away into "Links to this table".
    const other = await openPage(env.browser, invite, viewport);
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    assert.equal(await now.count(), 0, 'no invitation above the board once both are here');
    assert.equal(await page.locator('details.invite [data-testid="invite"]').inputValue(), invite);
    assert.deepEqual(errors, []);
    assert.deepEqual(other.errors, []);
    await other.ctx.close();
    await ctx.close();
  });
}
