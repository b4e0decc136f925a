// Shared pieces of the browser tests: the real `phantomgo serve` on a free port with a fresh
// database, Debian's Chromium driven by playwright-core, console-error collection, screenshots,
// and a small WebSocket client for scripted players.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'artifacts', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/// A program of this repository's build: $<envVar>, else the ci build, else the default build.
function built(relPath, envVar) {
  if (process.env[envVar]) return process.env[envVar];
  for (const preset of ['ci', 'default']) {
    const p = join(ROOT, 'build', preset, relPath);
    if (existsSync(p)) return p;
  }
  throw new Error(`${relPath} is not built: run \`make build\` or set ${envVar}`);
}

/// The phantomgo binary: $PHANTOMGO_BIN, else the ci build, else the default build.
export const binaryPath = () => built('src/cli/phantomgo', 'PHANTOMGO_BIN');

/// The view fixture generator (tools/view_fixtures.cpp): $PG_VIEW_FIXTURES_BIN, else the ci
/// build, else the default build.
export const viewFixturesPath = () => built('tools/pg_view_fixtures', 'PG_VIEW_FIXTURES_BIN');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Starts `phantomgo serve` with a temporary database and the repository's web/ folder.
/// Returns {url, pid, stop(), log()}. `at.dir` and `at.port` start it on a database folder and
/// a port of the caller's (a server started again where another stopped); that folder stays.
export async function startServer(extraArgs = [], at = {}) {
  const dir = at.dir ?? (await mkdtemp(join(tmpdir(), 'pg-web-')));
  const removeDir = () => (at.dir ? Promise.resolve() : rm(dir, { recursive: true, force: true }));
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    // Without a port of the caller's, the server takes one (port 0) and says which: a port
    // picked here and passed on could be taken meanwhile by another test file's server, and
    // this test would then talk to that one.
    const wanted = at.port ?? 0;
    // Every test's browser comes from this machine: the limits per address would count the
    // whole suite as one visitor (their own tests are in tests/server/address_limits_test.cpp).
    const db = join(dir, at.dir ? 'test.db' : `test-${attempt}.db`);
    const args = ['serve', '--port', String(wanted), '--db', db, '--web', join(ROOT, 'web'),
      '--lift-limits-per-address', ...extraArgs];
    const proc = spawn(binaryPath(), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (d) => (output += d));
    proc.stderr.on('data', (d) => (output += d));
    let exited = false;
    const exit = new Promise((resolve) => proc.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }));
    const deadline = Date.now() + 10000;
    while (Date.now() < deadline && !exited) {
      const port = wanted || Number(output.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1] ?? 0);
      if (!port) {
        await sleep(50);
        continue;
      }
      const url = `http://127.0.0.1:${port}`;
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) {
          return {
            url,
            pid: proc.pid, // for a test that stops the server (SIGSTOP) as a hung machine would
            log: () => output,
            async stop() {
              if (!exited) proc.kill('SIGTERM');
              const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
              await exit;
              clearTimeout(timer);
              await removeDir();
            },
          };
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    if (!exited) proc.kill('SIGKILL');
    await exit;
    lastError = new Error(`phantomgo serve did not start:\n${output}`);
  }
  await removeDir();
  throw lastError;
}

/// Debian's Chromium (a browser download cannot work here), with `extraArgs` after the usual ones.
export function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage', ...extraArgs,
    ],
  });
}

/// The set-up of a browser test file: `phantomgo serve` (with `serverArgs`) and Chromium, started
/// before the file's tests and stopped after them, and then `prepare(env)` if given (a second
/// top-level before() hook would not wait for this one). Returns an object whose `server`
/// ({url, ...}) and `browser` are set once the tests run.
export function serverAndBrowser(serverArgs = [], prepare = null) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(serverArgs);
    env.browser = await launchBrowser();
    await prepare?.(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/// Lets a test drop a page's WebSocket as a network loss would (see dropSockets). Call before
/// the page loads: an init script wraps window.WebSocket to keep the page's open sockets.
export function allowDroppingSockets(page) {
  return page.addInitScript(() => {
    const Native = window.WebSocket;
    const open = new Set();
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    };
    Object.defineProperty(window, '__pgTestDropSockets', {
      value: () => {
        for (const ws of open) ws.close();
      },
    });
  });
}

/// Closes every open WebSocket of a page prepared with allowDroppingSockets.
export const dropSockets = (page) => page.evaluate(() => window.__pgTestDropSockets());

/// Collects console errors and uncaught exceptions of a page into `errors`.
export function watchErrors(page, errors, label = '') {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${label} console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${label} pageerror: ${err.message}`));
}

/// Every WebSocket frame a page receives and sends, parsed: {received: [], sent: []}.
export function recordFrames(page) {
  const frames = { received: [], sent: [] };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.received.push(String(f.payload)));
    ws.on('framesent', (f) => frames.sent.push(String(f.payload)));
  });
  return frames;
}

export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/// A new browser context at `viewport` (a phone's with touch, as a phone has) in `locale`, and a
/// page in it at `url` (if given) whose console errors are collected in `errors`.
/// A virtual authenticator of the device itself (a phone's or a laptop's), for the passkey pages.
export const AUTHENTICATOR = {
  protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
  automaticPresenceSimulation: true,
};

/// A person's browser for the account pages: a context at `viewport` (a phone's with touch)
/// whose page's console errors are collected, with WebAuthn on and, unless `authenticator` is
/// false, a virtual authenticator. Returns {ctx, page, errors, cdp, auth}.
export async function passkeyPerson(browser, viewport, { authenticator = true, locale = 'en-GB' } = {}) {
  const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
  const ctx = await browser.newContext({ viewport, locale, ...touch });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const p = { ctx, page, errors, cdp, auth: null };
  if (authenticator) p.auth = await addAuthenticator(p);
  return p;
}

/// Adds a virtual authenticator to a passkeyPerson's browser; returns its id.
export async function addAuthenticator(p) {
  const { authenticatorId } = await p.cdp.send('WebAuthn.addVirtualAuthenticator', { options: AUTHENTICATOR });
  return authenticatorId;
}

export async function openPage(browser, url, viewport, locale = 'en-GB') {
  const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
  const ctx = await browser.newContext({ viewport, locale, ...touch });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  if (url) await page.goto(url);
  return { ctx, page, errors };
}

/// POST /api/tables with `body`; returns the parsed 201 response.
export async function createTable(url, body) {
  const res = await fetch(`${url}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create table: ${res.status} ${await res.text()}`);
  return res.json();
}

/// A scripted player over the real WebSocket: join, send commands, wait for messages.
export class WsPlayer {
  static async join(url, table, token) {
    const p = new WsPlayer(url.replace(/^http/, 'ws') + '/ws');
    await p.opened;
    p.send(token ? { type: 'join', table, token } : { type: 'join', table, watch: true });
    p.role = (await p.waitFor((m) => m.type === 'joined')).role;
    return p;
  }

  constructor(wsUrl) {
    this.messages = [];
    this.waiters = [];
    this.ws = new WebSocket(wsUrl);
    this.opened = new Promise((resolve, reject) => {
      this.ws.onopen = resolve;
      this.ws.onerror = reject;
    });
    this.ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => !w(msg));
    };
  }

  send(msg) {
    this.ws.send(JSON.stringify(msg));
  }

  /// Resolves with the first message (already received after `from`, or coming) that matches.
  waitFor(pred, { from = 0, timeout = 10000 } = {}) {
    const seen = this.messages.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('WsPlayer: timed out waiting')), timeout);
      this.waiters.push((msg) => {
        if (!pred(msg)) return false;
        clearTimeout(timer);
        resolve(msg);
        return true;
      });
    });
  }

  /// Sends a command and waits for the event that answers it (or an error).
  async act(cmd) {
    const kinds = { try: ['stone', 'illegal'], pass: ['pass'], resign: ['resign'], abort: ['abort'], mark: ['mark'] }[cmd.type];
    const from = this.messages.length;
    this.send(cmd);
    return this.waitFor(
      (m) => m.type === 'error' || (m.type === 'event' && m.event.player === this.role && kinds.includes(m.event.kind)),
      { from },
    );
  }

  close() {
    this.ws.close();
  }
}

/// A point's vertex on a page's live board (the real copy, not a torus margin copy).
export const vertex = (page, point) => page.locator(`#board .shudan-vertex[data-point="${point}"]:not([data-copy="1"])`);

/// Text of the log on a page.
export const logText = (page) => page.locator('[data-testid="log"]').innerText();

/// Tries a point as a person does: a click (or a tap), and when the page's move confirmation is
/// on, a second one on the ghost stone that the first one put there.
export async function tryAt(page, point, how = 'click') {
  await vertex(page, point)[how]();
  if ((await page.locator('[data-testid="confirm-moves"][aria-pressed="true"]').count()) === 0) return;
  await page.locator('[data-testid="confirm-play"]').waitFor();
  await vertex(page, point)[how]();
}

/// A finished online game (5x5 unless told): Black C3, White's try at C3 rejected, White
/// `whiteStone` (B2 unless told), two passes; returns the creation answer.
export async function finishedGame(url, { size = 5, whiteStone = 'B2' } = {}) {
  const done = await createTable(url, { rules: { size }, mode: 'online' });
  const b = await WsPlayer.join(url, done.table, done.seats.black.token);
  const w = await WsPlayer.join(url, done.table, done.seats.white.token);
  await b.act({ type: 'try', point: 'C3' });
  await w.act({ type: 'try', point: 'C3' });
  await w.act({ type: 'try', point: whiteStone });
  await b.act({ type: 'pass' });
  await w.act({ type: 'pass' });
  b.close();
  w.close();
  return done;
}

/// A table page opened in `browser`, once its chat is there.
export async function openWithChat(browser, url, viewport) {
  const opened = await openPage(browser, url, viewport);
  await opened.page.locator('[data-testid="chat"]').waitFor();
  return opened;
}

/// The chat's lines on a table page.
export const chatLines = (page) => page.locator('[data-testid="chat-lines"]');

/// Types `text` into the page's chat and sends it.
export async function say(page, text) {
  await page.locator('[data-testid="chat-input"]').fill(text);
  await page.locator('[data-testid="chat-send"]').click();
}

/// axe-core on the page as it stands: fails on serious and critical violations, and reports the
/// others as diagnostics of test `t`. `what` names the page in the messages.
export async function axeClean(t, page, what) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const describe = (v) =>
    `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary}`).join('\n');
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of violations.filter((x) => !bad.includes(x))) t.diagnostic(`${what}: ${describe(v)}`);
  assert.deepEqual(bad.map(describe), [], `${what}: axe found serious or critical violations`);
}
