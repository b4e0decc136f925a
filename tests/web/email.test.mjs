// E-mail in the page (docs/protocol.md, "E-mail"; web/email.js), through the real UI and a real
// SMTP server on loopback (tests/support/smtp_sink.py, aiosmtpd), whose received mails the test
// reads. At 390x844 and 1280x800: sign up, add an address on the account page, open the
// verification link the mail carries and press its button, turn "your move" mails off; sign
// out, ask for a sign-in link on the sign-in page, open it and sign in; open a "your move"
// link to a rated table's seat signed in (the seat opens) and signed out (a sign-in is asked
// for, no seat); each page checked by axe-core and for sideways scroll. Pages are opened at http://localhost:<port> (WebAuthn
// wants a name), which is also the server's --public-url: the links in the mails.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, PHONE, ROOT, axeClean, launchBrowser, screenshot, startServer, watchErrors } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const env = { server: null, browser: null, base: null, sink: null, mailDir: null };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

before(async () => {
  env.mailDir = mkdtempSync(join(tmpdir(), 'pg-web-mail-'));
  const smtpPort = await freePort();
  env.sink = spawn('/usr/bin/python3', [join(ROOT, 'tests/support/smtp_sink.py'), '--port', String(smtpPort), '--folder', env.mailDir],
    { stdio: 'ignore' });
  for (let i = 0; i < 200 && !existsSync(join(env.mailDir, 'ready')); i++) await sleep(50);
  assert.ok(existsSync(join(env.mailDir, 'ready')), 'the SMTP sink did not start');
  const port = await freePort();
  env.base = `http://localhost:${port}`;
  env.server = await startServer(
    ['--smtp-url', `smtp://127.0.0.1:${smtpPort}`, '--mail-from', 'go@phantom.example', '--public-url', env.base],
    { port });
  env.browser = await launchBrowser(['--host-resolver-rules=MAP localhost 127.0.0.1']);
});

after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  env.sink?.kill('SIGTERM');
  if (env.mailDir) rmSync(env.mailDir, { recursive: true, force: true });
});

/// The mails received for `to`, oldest first: {subject, body} (bodies are 7bit or base64).
function mailsTo(to) {
  const out = [];
  for (const f of readdirSync(env.mailDir).filter((n) => n.endsWith('.eml')).sort()) {
    const text = readFileSync(join(env.mailDir, f), 'utf8');
    if (!text.startsWith(`X-Envelope-To: ${to}\r\n`)) continue;
    const [head, ...rest] = text.split('\r\n\r\n');
    let body = rest.join('\r\n\r\n');
    if (/Content-Transfer-Encoding: base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    out.push({ head, body });
  }
  return out;
}

async function waitForMail(to, n) {
  for (let i = 0; i < 200; i++) {
    const got = mailsTo(to);
    if (got.length >= n) return got;
    await sleep(50);
  }
  assert.fail(`no mail ${n} for ${to}`);
}

const linkIn = (mail, page) => {
  const m = new RegExp(`(http://localhost:\\d+/#/email/${page}/[A-Za-z0-9_-]+)`).exec(mail.body);
  assert.ok(m, `no ${page} link in:\n${mail.body}`);
  return m[1];
};

let names = 0;

for (const [label, viewport] of SIZES) {
  test(`an address verified by its mailed link, and a sign-in by e-mail, at ${label} size`, async (t) => {
    const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
        isUserVerified: true, automaticPresenceSimulation: true },
    });
    const name = `Mailer ${++names}`;
    const address = `mailer${names}-${label}@example.org`;

    // Sign up through the page.
    await page.goto(`${env.base}/#/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.locator('[data-testid="name-status"]').filter({ hasText: 'is free' }).waitFor();
    await page.getByRole('button', { name: 'Create my account with a passkey' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.locator('[data-testid="account"]').waitFor();

    // The account page's E-mail section: add the address.
    const section = page.locator('[data-testid="email"]');
    await section.waitFor();
    await axeClean(t, page, `account page with no address (${label})`);
    await page.getByLabel('Your e-mail address').fill(address);
    await page.getByRole('button', { name: 'Send the verification link' }).click();
    await page.locator('[data-testid="email-sent"]').waitFor();
    assert.match(await page.locator('[data-testid="email-state"]').innerText(), /not verified/);
    await assertNoSidewaysScroll(page, `account page, address unverified (${label})`);
    await axeClean(t, page, `account page, address unverified (${label})`);

    // The mail's link opens a page that does nothing until its button is pressed.
    const [verifyMail] = await waitForMail(address, 1);
    assert.match(verifyMail.head, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    await page.goto(linkIn(verifyMail, 'verify'));
    await page.locator('[data-testid="email-link"]').waitFor();
    assert.equal((await (await page.request.get(`${env.base}/api/account`)).json()).email.verified, false);
    await axeClean(t, page, `verification link page (${label})`);
    await assertNoSidewaysScroll(page, `verification link page (${label})`);
    await page.getByRole('button', { name: 'Verify the address' }).click();
    await page.locator('[data-testid="email-link-done"]').waitFor();
    await screenshot(page, `email-verified-${label}`);

    // Verified; "your move" mails off.
    await page.goto(`${env.base}/#/account`);
    await page.locator('[data-testid="email-state"]').filter({ hasText: 'verified' }).waitFor();
    assert.doesNotMatch(await page.locator('[data-testid="email-state"]').innerText(), /not/);
    const yourMove = page.getByLabel('E-mail me when it is my move');
    assert.equal(await yourMove.isChecked(), true);
    await yourMove.click();
    await page.waitForFunction(() => fetch('/api/account').then((r) => r.json()).then((j) => j.email?.your_move === false));
    await axeClean(t, page, `account page, address verified (${label})`);

    // Signed out: the sign-in page's "E-mail me a sign-in link".
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.locator('[data-testid="header-sign-in"]').waitFor();
    await page.goto(`${env.base}/#/sign-in`);
    await page.getByText('E-mail me a sign-in link').click();
    await page.getByLabel('E-mail address').fill(address.toUpperCase());
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('[data-testid="email-sign-in-asked"]').waitFor();
    await assertNoSidewaysScroll(page, `sign-in page, link asked for (${label})`);
    await axeClean(t, page, `sign-in page, link asked for (${label})`);
    const mails = await waitForMail(address, 2);
    await page.goto(linkIn(mails[1], 'sign-in'));
    await axeClean(t, page, `sign-in link page (${label})`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[data-testid="account"]').waitFor();
    assert.equal(await page.locator('[data-testid="account-name"]').innerText(), name);
    // The link worked once.
    await page.goto(linkIn(mails[1], 'sign-in').replace('#/', '#/') + '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[data-testid="email-link-problem"]').waitFor();

    // A "your move" mail's link: the signed-in account's seat of a rated table opens.
    const seat = await page.evaluate(async () => {
      const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body) }).then((r) => r.json());
      const table = await post('/api/tables', { rules: { size: 9 }, rated: true });
      await post(`/api/tables/${table.table}/seat`, { token: table.seats.black.token });
      return { id: table.table, token: table.seats.black.token };
    });
    await page.goto(`${env.base}/#/seat/${seat.id}`);
    await page.waitForFunction((want) => location.hash === want, `#table=${seat.id}&token=${seat.token}`);
    // Signed out, the same link asks for a sign-in and gives no seat.
    const stranger = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
    const other = await stranger.newPage();
    await other.goto(`${env.base}/#/seat/${seat.id}`);
    await other.locator('[data-testid="seat-link-sign-in"]').waitFor();
    assert.ok(!(await other.evaluate(() => location.hash)).includes('token='));
    await axeClean(t, other, `a your-move link signed out (${label})`);
    await stranger.close();

    assert.deepEqual(errors.filter((e) => !/status of 410/.test(e)), []);
    await ctx.close();
  });
}
