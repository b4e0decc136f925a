// Accounts in the page (docs/protocol.md, "Accounts"; web/sign-up.js, sign-in.js, account.js),
// through the real UI, with Chromium's own virtual authenticators (the DevTools protocol's
// WebAuthn domain). WebAuthn wants a relying party id that is a name, not an address, so the
// pages are opened at http://localhost:<port> (Chromium is told that localhost is 127.0.0.1,
// where the server listens). A credential is copied from one authenticator to another as a
// synced or cloned passkey would be (getCredentials, addCredential).
//
// At 390x844 and 1280x800: sign-up (the name's rules and its check, a closed passkey window,
// the codes shown once, Copy and the text file), the account page, new recovery codes, signing
// out and the sign-in page, each checked by axe-core and for sideways scroll. Then: a second
// passkey on another authenticator, copied to a second browser that signs in to the same
// account, and the last passkey's removal refused; a replayed sign-in; an assertion made for
// another origin, and another origin's POST; a cloned passkey with a lower counter; recovery
// by code; signing out everywhere; a browser without WebAuthn.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { DESKTOP, PHONE, axeClean, launchBrowser, screenshot, startServer, watchErrors, passkeyPerson, addAuthenticator } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

const env = { server: null, browser: null, base: null, other: null, otherBase: null };

before(async () => {
  env.server = await startServer();
  env.base = `http://localhost:${new URL(env.server.url).port}`;
  env.browser = await launchBrowser(['--host-resolver-rules=MAP localhost 127.0.0.1']);
  // Another origin on the same host name (so the same relying party id, "localhost"): a page
  // that could run WebAuthn for localhost, as a phishing proxy's page would.
  env.other = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><title>Elsewhere</title></head><body><p>Another site</p></body></html>');
  });
  await new Promise((resolve) => env.other.listen(0, '127.0.0.1', resolve));
  env.otherBase = `http://localhost:${env.other.address().port}`;
});

after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  await new Promise((resolve) => (env.other ? env.other.close(resolve) : resolve()));
});

let names = 0;
/// A fresh account name for each sign-up (the server's database lives as long as this file).
const freshName = (stem) => `${stem} ${++names}`;

const person = (viewport, options) => passkeyPerson(env.browser, viewport, options);

/// The credentials an authenticator holds.
const credentials = async (p, auth = p.auth) => (await p.cdp.send('WebAuthn.getCredentials', { authenticatorId: auth })).credentials;

/// Copies `cred` (from getCredentials) into `to`'s authenticator, with `changes` (a lower counter).
async function copyCredential(cred, to, changes = {}) {
  const { credentialId, rpId, privateKey, userHandle, signCount } = cred;
  await to.cdp.send('WebAuthn.addCredential', {
    authenticatorId: to.auth,
    credential: { credentialId, isResidentCredential: true, rpId, privateKey, userHandle, signCount, ...changes },
  });
}

/// Console errors other than the refusals a test provokes on purpose (Chromium logs every
/// 4xx answer to a fetch as "Failed to load resource").
const unexpected = (errors, statuses = []) =>
  errors.filter((e) => !statuses.some((s) => e.includes(`Failed to load resource: the server responded with a status of ${s}`)));

const nameStatus = (page) => page.locator('[data-testid="name-status"]');

/// Signs up through the page: the name, "Create my account with a passkey", the codes (read
/// from the page), "I have saved them". Returns the codes.
async function signUp(p, name) {
  await p.page.goto(`${env.base}/#/sign-up`);
  await p.page.getByLabel('Name', { exact: true }).fill(name);
  await nameStatus(p.page).filter({ hasText: 'is free' }).waitFor();
  await p.page.getByRole('button', { name: 'Create my account with a passkey' }).click();
  const codes = await readCodes(p.page);
  await p.page.getByRole('button', { name: 'I have saved them' }).click();
  await p.page.locator('[data-testid="account"]').waitFor();
  return codes;
}

async function readCodes(page) {
  await page.locator('[data-testid="codes"] li').first().waitFor();
  const codes = await page.locator('[data-testid="codes"] code').allInnerTexts();
  assert.equal(codes.length, 10);
  for (const c of codes) assert.match(c, CODE);
  assert.equal(new Set(codes).size, 10);
  return codes;
}

/// Signs in through the sign-in page with the passkey the browser offers; waits for the
/// account page.
async function signIn(p) {
  await p.page.goto(`${env.base}/#/sign-in`);
  await p.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await p.page.locator('[data-testid="account"]').waitFor();
}

async function signOut(p) {
  await p.page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await p.page.locator('[data-testid="header-sign-in"]').waitFor();
}

/// The passkeys listed on the account page.
const passkeyItems = (page) => page.locator('[data-testid="passkey"]');

/// GET /api/account in the page's context.
const accountJson = (page) => page.evaluate(() => fetch('/api/account').then((r) => r.json()));

/// Waits until the page's account name link in the header names `name`.
const headerShows = (page, name) => page.locator('[data-testid="header-account"]', { hasText: name }).waitFor();

/// base64 (the DevTools protocol's) to base64url (the API's).
const base64url = (b64) => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

for (const [size, viewport] of SIZES)
  test(`${size}: sign up, the codes shown once, the account page, new codes, signing out and in`, async (t) => {
    const p = await person(viewport);
    const { page } = p;
    await p.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base });
    await page.goto(`${env.base}/`);
    // Signed out: the header offers "Sign in" (on a phone, its icon, named for screen readers).
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.locator('[data-testid="sign-in"]').waitFor();
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.locator('[data-testid="sign-up"]').waitFor();
    assert.match(await page.locator('#sign-up-name-hint').innerText(), /2 to 24 characters/);

    // The name's rules and check: too short, a sign that is not allowed, then a free name.
    const field = page.getByLabel('Name', { exact: true });
    const name = freshName(`Ann ${size}`);
    const free = nameStatus(page).filter({ hasText: `“${name}” is free.` });
    const bad = nameStatus(page).filter({ hasText: 'A name has 2 to 24 characters' });
    await field.fill('A');
    await bad.waitFor();
    await field.fill(name);
    await free.waitFor();
    await field.fill('Ann/Bee');
    await bad.waitFor();
    await field.fill(name);
    await free.waitFor();
    await noSidewaysScroll(page, `${size} sign-up`);
    await axeClean(t, page, `${size} sign-up form`);

    // The person closes the browser's passkey window (here: the authenticator cannot verify
    // them): a calm sentence, and the button again.
    await p.cdp.send('WebAuthn.setUserVerified', { authenticatorId: p.auth, isUserVerified: false });
    const create = page.getByRole('button', { name: 'Create my account with a passkey' });
    await create.click();
    const calm = page.locator('[data-testid="sign-up-problem"]');
    await calm.filter({ hasText: 'No passkey was used' }).waitFor();
    assert.equal(await calm.getAttribute('role'), 'status');
    assert.equal(await calm.getAttribute('class'), 'calm');
    await assertEnabled(create);
    await p.cdp.send('WebAuthn.setUserVerified', { authenticatorId: p.auth, isUserVerified: true });

    // Now the passkey is made: the ten codes, once, with Copy and a text file.
    await create.click();
    const codes = await readCodes(page);
    await page.getByRole('heading', { name: `Welcome, ${name}: your account is ready` }).waitFor();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    assert.match(await page.locator('[data-testid="recovery-codes"]').innerText(), /each of these codes opens it once/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), codes.join('\n'));
    const link = page.getByRole('link', { name: 'Download as a text file' });
    const href = await link.getAttribute('href');
    const file = decodeURIComponent(href.replace(/^data:text\/plain;charset=utf-8,/, ''));
    for (const c of codes) assert.ok(file.includes(`\n${c}\n`), `the file holds ${c}`);
    assert.ok(file.startsWith(`Recovery codes of the Phantom Go account “${name}”`));
    assert.equal(await link.getAttribute('download'), 'phantom-go-recovery-codes.txt');
    await headerShows(page, name);
    await noSidewaysScroll(page, `${size} codes`);
    await axeClean(t, page, `${size} recovery codes`);
    await screenshot(page, `accounts-codes-${size}`);

    // "I have saved them": the account page, with its one passkey (no Remove) and 10 codes
    // left; the codes are nowhere on it.
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.locator('[data-testid="account"]').waitFor();
    assert.equal(new URL(page.url()).hash, '#/account');
    assert.equal(await page.locator('[data-testid="account-name"]').innerText(), name);
    assert.match(await page.locator('[data-testid="account-since"]').innerText(), /^Account created on /);
    assert.equal(await passkeyItems(page).count(), 1);
    assert.equal(await page.locator('[data-testid="passkey-remove"]').count(), 0);
    await page.locator('[data-testid="only-passkey"]').waitFor();
    assert.equal(await page.locator('[data-testid="codes-left-count"]').innerText(), '10 recovery codes left.');
    const body = await page.locator('body').innerText();
    for (const c of codes) assert.ok(!body.includes(c), 'no code on the account page');
    await noSidewaysScroll(page, `${size} account`);
    await axeClean(t, page, `${size} account page`);
    await screenshot(page, `accounts-account-${size}`);
    // Nor on the sign-up page again: it says who is signed in.
    await page.goto(`${env.base}/#/sign-up`);
    await page.locator('[data-testid="sign-up"]', { hasText: `You are signed in as ${name}.` }).waitFor();
    assert.equal(await page.locator('[data-testid="codes"]').count(), 0);

    // New recovery codes: asked first, then shown once, different from the old ones.
    await page.locator('[data-testid="header-account"]').click();
    await page.locator('[data-testid="account"]').waitFor();
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.locator('[data-testid="codes-confirm"]').waitFor();
    await axeClean(t, page, `${size} account page, new codes asked`);
    await page.getByRole('button', { name: 'Yes, make new codes' }).click();
    const fresh = await readCodes(page);
    assert.equal(fresh.filter((c) => codes.includes(c)).length, 0, 'ten new codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.locator('[data-testid="codes-left-count"]', { hasText: '10 recovery codes left.' }).waitFor();
    assert.equal(await page.locator('[data-testid="codes"]').count(), 0);

    // Signing out: the header offers "Sign in" again, and #/account is the sign-in page,
    // with its recovery form; the passkey signs in again.
    await signOut(p);
    assert.equal(new URL(page.url()).hash, '#/');
    await page.goto(`${env.base}/#/account`);
    await page.locator('[data-testid="sign-in"]').waitFor();
    await page.getByText('Lost your passkeys? Use a recovery code').click();
    await page.getByLabel('Recovery code').waitFor();
    await noSidewaysScroll(page, `${size} sign-in`);
    await axeClean(t, page, `${size} sign-in page with the recovery form`);
    await screenshot(page, `accounts-sign-in-${size}`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.locator('[data-testid="account"]').waitFor();
    await headerShows(page, name);
    assert.deepEqual(p.errors, []);
    await p.ctx.close();
  });

async function assertEnabled(locator) {
  assert.equal(await locator.isEnabled(), true);
}

async function noSidewaysScroll(page, what) {
  if (page.viewportSize().width <= PHONE.width) await assertNoSidewaysScroll(page, what);
}

test('a taken name is said to be taken, whatever its case, and the form does not go on', async () => {
  const a = await person(PHONE);
  const name = freshName('Taken');
  await signUp(a, name);
  const b = await person(PHONE);
  await b.page.goto(`${env.base}/#/sign-up`);
  await b.page.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
  await nameStatus(b.page).filter({ hasText: 'That name is taken. Choose another.' }).waitFor();
  // Pressed anyway: the server's name-taken, in words, and no passkey made.
  await b.page.getByRole('button', { name: 'Create my account with a passkey' }).click();
  await b.page.locator('[data-testid="sign-up-problem"]', { hasText: 'That name is taken. Choose another.' }).waitFor();
  assert.equal((await credentials(b)).length, 0);
  assert.deepEqual(unexpected(b.errors, [409]), []);
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
  await b.ctx.close();
});

test('a second passkey on another authenticator, copied to a second browser, signs in to the same account', async () => {
  const a = await person(PHONE);
  const name = freshName('Two keys');
  await signUp(a, name);
  const [first] = await credentials(a);
  // The same authenticator again: it holds a passkey of the account already (the server's
  // options exclude it), and the page says so.
  await a.page.getByRole('button', { name: 'Add a passkey' }).click();
  await a.page.locator('[data-testid="passkeys-problem"]', { hasText: 'This device already holds a passkey for your account.' }).waitFor();
  assert.equal(await passkeyItems(a.page).count(), 1);
  // The first authenticator goes (it would refuse to make a second passkey of the account,
  // which it already holds); a second one makes the new passkey.
  await a.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: a.auth });
  a.auth = await addAuthenticator(a);
  await a.page.getByRole('button', { name: 'Add a passkey' }).click();
  await a.page.locator('[data-testid="passkey-added"]', { hasText: 'The new passkey is added.' }).waitFor();
  await passkeyItems(a.page).nth(1).waitFor();
  assert.equal(await passkeyItems(a.page).count(), 2);
  assert.equal(await a.page.locator('[data-testid="passkey-remove"]').count(), 2);
  const [second] = await credentials(a);
  assert.notEqual(second.credentialId, first.credentialId);

  // The second passkey, synced to another browser, signs in there: the same account, both
  // passkeys listed.
  const b = await person(DESKTOP);
  await copyCredential(second, b);
  await signIn(b);
  assert.equal(await b.page.locator('[data-testid="account-name"]').innerText(), name);
  await headerShows(b.page, name);
  assert.equal(await passkeyItems(b.page).count(), 2);
  const ids = (await accountJson(b.page)).passkeys.map((k) => k.id);
  assert.deepEqual(ids.sort(), [base64url(first.credentialId), base64url(second.credentialId)].sort());

  // B removes the first passkey (asked first). A's page, not reloaded, still lists two and
  // offers to remove the other: the server refuses the last one, and the page says so.
  const listed = (await accountJson(b.page)).passkeys.findIndex((k) => k.id === base64url(first.credentialId));
  assert.ok(listed >= 0);
  await b.page.locator('[data-testid="passkey-remove"]').nth(listed).click();
  await b.page.locator('[data-testid="remove-confirm"]').waitFor();
  await b.page.getByRole('button', { name: 'Yes, remove it' }).click();
  await b.page.locator('[data-testid="only-passkey"]').waitFor();
  assert.equal(await passkeyItems(b.page).count(), 1);
  assert.equal(await b.page.locator('[data-testid="passkey-remove"]').count(), 0);

  const aListed = (await accountJson(b.page)).passkeys[0].id;
  assert.equal(aListed, base64url(second.credentialId));
  // A's list is in the server's order from before: the second passkey is the one not removed.
  await a.page.locator('[data-testid="passkey-remove"]').nth(listed === 0 ? 1 : 0).click();
  await a.page.getByRole('button', { name: 'Yes, remove it' }).click();
  await a.page.locator('[data-testid="passkeys-problem"]', { hasText: 'This is your last passkey. Add another before removing it.' }).waitFor();
  await a.page.locator('[data-testid="only-passkey"]').waitFor();
  assert.equal(await passkeyItems(a.page).count(), 1);
  assert.deepEqual(unexpected(a.errors, [409]), []);
  assert.deepEqual(b.errors, []);
  await a.ctx.close();
  await b.ctx.close();
});

test('a replayed sign-in is refused (ceremony-expired) and sets no cookie', async () => {
  const a = await person(DESKTOP);
  await signUp(a, freshName('Replay'));
  await signOut(a);
  const finish = a.page.waitForRequest((r) => r.url().endsWith('/api/account/sign-in/finish'));
  await signIn(a);
  const body = (await finish).postData();
  assert.ok(body.includes('"ceremony"'));

  // The same request again, from a browser with no session, with this site's Origin.
  const other = await env.browser.newContext();
  const res = await other.request.post(`${env.base}/api/account/sign-in/finish`, {
    data: body,
    headers: { 'Content-Type': 'application/json', Origin: env.base },
  });
  assert.equal(res.status(), 410);
  assert.equal((await res.json()).error.code, 'ceremony-expired');
  assert.equal(res.headers()['set-cookie'], undefined);
  assert.deepEqual((await (await other.request.get(`${env.base}/api/account`)).json()).account, null);
  assert.deepEqual(a.errors, []);
  await other.close();
  await a.ctx.close();
});

test('another origin: its assertion is refused (passkey-refused), and its POST to the API is refused (bad-origin)', async () => {
  const a = await person(DESKTOP);
  const name = freshName('Phished');
  await signUp(a, name);
  const [cred] = await credentials(a);

  // A page of another origin with the same relying party id ("localhost") and a copy of the
  // passkey runs the ceremony with options from this server, as a phishing proxy would, and
  // posts the answer with this site's Origin.
  const e = await person(DESKTOP);
  await copyCredential(cred, e);
  await e.page.goto(`${env.otherBase}/`);
  const begun = await (await e.ctx.request.post(`${env.base}/api/account/sign-in/begin`, { data: {}, headers: { Origin: env.base } })).json();
  const credential = await e.page.evaluate(async (options) => {
    const c = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
    return c.toJSON();
  }, begun.options);
  const clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString());
  assert.equal(clientData.origin, env.otherBase);
  const res = await e.ctx.request.post(`${env.base}/api/account/sign-in/finish`, {
    data: { ceremony: begun.ceremony, credential },
    headers: { Origin: env.base },
  });
  assert.equal(res.status(), 403);
  assert.equal((await res.json()).error.code, 'passkey-refused');
  assert.equal(res.headers()['set-cookie'], undefined);

  // The other origin's page, in the signed-in browser (same site, so the session cookie goes
  // along), posts straight to the API: refused (403; the answer is opaque to the page, and its
  // body to the test too), and nothing changed: the session is still there. The headers that
  // really went out are read from the DevTools protocol's network events.
  const evil = await a.ctx.newPage();
  const net = await a.ctx.newCDPSession(evil);
  await net.send('Network.enable');
  const host = new URL(env.base).host;
  const sent = new Promise((resolve) =>
    net.on('Network.requestWillBeSentExtraInfo', (info) => {
      const h = Object.fromEntries(Object.entries(info.headers).map(([k, v]) => [k.toLowerCase(), v]));
      if (h.host === host) resolve(h);
    }),
  );
  await evil.goto(`${env.otherBase}/`);
  const url = `${env.base}/api/account/sign-out-everywhere`;
  const answer = evil.waitForResponse((r) => r.url() === url);
  await evil.evaluate((u) => fetch(u, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }), url);
  assert.equal((await answer).status(), 403);
  const headers = await sent;
  assert.equal(headers.origin, env.otherBase);
  assert.match(headers.cookie ?? '', /pg_session=/, 'the session cookie went along');
  await evil.close();
  // The same request with the other origin's Origin, from a test's client with the session:
  // the server's answer is bad-origin.
  const direct = await a.ctx.request.post(url, { data: '{}', headers: { 'Content-Type': 'text/plain', Origin: env.otherBase } });
  assert.equal(direct.status(), 403);
  assert.equal((await direct.json()).error.code, 'bad-origin');
  await a.page.reload();
  await a.page.locator('[data-testid="account"]').waitFor();
  await headerShows(a.page, name);
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
  await e.ctx.close();
});

test('a cloned passkey with a lower counter is refused, and the original still signs in', async () => {
  const a = await person(PHONE);
  await signUp(a, freshName('Cloned'));
  for (let i = 0; i < 2; i++) {
    await signOut(a);
    await signIn(a);
  }
  const [cred] = await credentials(a);
  assert.ok(cred.signCount >= 3, `the counter grew (${cred.signCount})`);

  const c = await person(PHONE);
  await copyCredential(cred, c, { signCount: 1 });
  await c.page.goto(`${env.base}/#/sign-in`);
  await c.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const problem = c.page.locator('[data-testid="sign-in-problem"]', { hasText: 'This passkey was not accepted.' });
  await problem.waitFor();
  assert.equal(await problem.getAttribute('role'), 'alert');
  await c.page.locator('[data-testid="header-sign-in"]').waitFor();
  assert.equal((await accountJson(c.page)).account, null);

  await signOut(a);
  await signIn(a);
  assert.deepEqual(unexpected(c.errors, [403]), []);
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
  await c.ctx.close();
});

test('recovery by code: a browser with no passkey signs in with a code, once', async () => {
  const a = await person(DESKTOP);
  const name = freshName('Lost');
  const codes = await signUp(a, name);
  await a.ctx.close();

  const r = await person(PHONE, { authenticator: false });
  await r.page.goto(`${env.base}/#/sign-in`);
  await r.page.getByText('Lost your passkeys? Use a recovery code').click();
  // Typed as a person might: lower case, spaces for the dashes.
  const typed = codes[3].toLowerCase().replace(/-/g, ' ');
  await r.page.getByLabel('Account name').fill(name);
  await r.page.getByLabel('Recovery code').fill(typed);
  await r.page.getByRole('button', { name: 'Sign in with the code' }).click();
  await r.page.locator('[data-testid="account"]').waitFor();
  await headerShows(r.page, name);
  await r.page.locator('[data-testid="codes-left-count"]', { hasText: '9 recovery codes left.' }).waitFor();

  // The same code again: refused, in words.
  await signOut(r);
  await r.page.goto(`${env.base}/#/sign-in`);
  await r.page.getByText('Lost your passkeys? Use a recovery code').click();
  await r.page.getByLabel('Account name').fill(name);
  await r.page.getByLabel('Recovery code').fill(typed);
  await r.page.getByRole('button', { name: 'Sign in with the code' }).click();
  await r.page.locator('[data-testid="recover-problem"]', { hasText: 'That name and recovery code do not open an account.' }).waitFor();
  await r.page.locator('[data-testid="header-sign-in"]').waitFor();
  assert.deepEqual(unexpected(r.errors, [403]), []);
  await r.ctx.close();
});

test('signing out everywhere ends the other browser’s session too', async () => {
  const a = await person(PHONE);
  const name = freshName('Everywhere');
  await signUp(a, name);
  const b = await person(DESKTOP);
  await copyCredential((await credentials(a))[0], b);
  await signIn(b);
  await headerShows(b.page, name);

  await a.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await a.page.locator('[data-testid="everywhere-confirm"]').waitFor();
  await a.page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await a.page.locator('[data-testid="header-sign-in"]').waitFor();

  await b.page.reload();
  await b.page.locator('[data-testid="header-sign-in"]').waitFor();
  await b.page.locator('[data-testid="sign-in"]').waitFor();
  assert.equal((await accountJson(b.page)).account, null);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await a.ctx.close();
  await b.ctx.close();
});

for (const [size, viewport] of SIZES)
  test(`${size}: a browser without WebAuthn is told so; the recovery code still works there`, async (t) => {
    const p = await person(viewport, { authenticator: false });
    await p.page.addInitScript(() => {
      delete window.PublicKeyCredential;
    });
    await p.page.goto(`${env.base}/#/sign-up`);
    await p.page.locator('[data-testid="no-webauthn"]', { hasText: 'This browser cannot use passkeys' }).waitFor();
    assert.equal(await p.page.getByRole('button', { name: 'Create my account with a passkey' }).count(), 0);
    await noSidewaysScroll(p.page, `${size} sign-up without WebAuthn`);
    await axeClean(t, p.page, `${size} sign-up without WebAuthn`);
    await p.page.goto(`${env.base}/#/sign-in`);
    await p.page.locator('[data-testid="no-webauthn"]').waitFor();
    assert.equal(await p.page.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
    // The recovery form is open at once.
    await p.page.getByLabel('Recovery code').waitFor();
    await axeClean(t, p.page, `${size} sign-in without WebAuthn`);
    assert.deepEqual(p.errors, []);
    await p.ctx.close();
  });

const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];

/// Asserts that the header is one line: its items side by side, as tall as before accounts.
async function headerOnOneLine(page, what) {
  const m = await page.evaluate(() => {
    const header = document.querySelector('.site-header');
    const tops = [...header.children].filter((el) => el.getBoundingClientRect().width > 0).map((el) => el.getBoundingClientRect());
    return { height: header.getBoundingClientRect().height, spread: Math.max(...tops.map((r) => r.top)) - Math.min(...tops.map((r) => r.top)) };
  });
  assert.ok(m.height <= 46 && m.spread < 8, `${what}: the header is one line (${JSON.stringify(m)})`);
}

test('phone, every language: the account pages have all their words, fit 390 px, and the header stays one line', async () => {
  const a = await person(PHONE);
  await signUp(a, freshName('Wwwwwwwwwwwwwwwwwww'));
  const out = await person(PHONE);
  for (const lang of LANGS) {
    for (const p of [a, out]) {
      await p.page.goto(`${env.base}/#/rules`);
      await p.page.locator('.lang select').selectOption(lang);
      await p.page.locator(`html[lang="${lang}"]`).waitFor();
    }
    const pages = [
      [a.page, '#/account', '[data-testid="account"]'],
      [out.page, '#/sign-up', '[data-testid="sign-up"]'],
      [out.page, '#/sign-in', '[data-testid="sign-in"]'],
    ];
    for (const [page, hash, ready] of pages) {
      await page.goto(`${env.base}/${hash}`);
      await page.locator(ready).waitFor();
      if (hash === '#/sign-up') {
        await page.locator('#sign-up-name').fill('Ann/Bee');
        await nameStatus(page).filter({ hasText: /\S/ }).waitFor();
      }
      if (hash === '#/sign-in') await page.locator('[data-testid="recover"] summary').click();
      const text = await page.locator('body').innerText();
      assert.ok(!text.includes('[['), `${lang} ${hash}: a missing string`);
      await assertNoSidewaysScroll(page, `${lang} ${hash}`);
      await headerOnOneLine(page, `${lang} ${hash}`);
    }
  }
  assert.deepEqual(a.errors, []);
  assert.deepEqual(out.errors, []);
  await a.ctx.close();
  await out.ctx.close();
});
