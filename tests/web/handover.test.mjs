// A node that is stopped (SIGTERM: a rolling restart, an upgrade) hands its tables over and
// closes each WebSocket with 1001 "going away" (issue #38). The page then tries again at once,
// not after the usual first backoff (web/net.js: within 200 ms, against 500 ms for a lost
// connection), and joins the node that serves the table next with the version it holds: here
// the same server started again on the same port and database. The page's clock is Playwright's
// (page.clock), so the 200 ms are counted in the page's own time, whatever the machine's load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, PHONE, WsPlayer, createTable, launchBrowser, openPage, recordFrames, startServer, vertex } from './helpers.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Keeps, in the page, each WebSocket it opens and the code it was closed with.
function recordSockets(page) {
  return page.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        const entry = { code: null };
        sockets.push(entry);
        this.addEventListener('close', (e) => (entry.code = e.code));
      }
    };
    Object.defineProperty(window, '__pgSockets', { value: () => sockets.map((s) => s.code) });
  });
}

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: a stopping server says "going away", and the page reconnects at once and plays on`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-web-handover-'));
    const browser = await launchBrowser();
    let server = await startServer([], { dir });
    const port = Number(new URL(server.url).port);
    try {
      const created = await createTable(server.url, { rules: { size: 5 }, mode: 'online' });
      const white = await WsPlayer.join(server.url, created.table, created.seats.white.token);
      const { ctx, page, errors } = await openPage(browser, undefined, viewport);
      await recordSockets(page);
      const frames = recordFrames(page);
      await page.clock.install();
      await page.goto(created.seats.black.url);
      await page.locator('[data-testid="turn"]').waitFor();
      if (viewport === PHONE) {
        // A touch screen confirms a move: a tap shows it, "Play" sends it.
        await vertex(page, 'C3').tap();
        await page.locator('[data-testid="confirm-play"]').tap();
      } else {
        await vertex(page, 'C3').click();
      }
      await white.waitFor((m) => m.type === 'event');
      white.ws.close();

      // From now on the page's timers run only when the test moves its clock.
      await page.clock.pauseAt(Date.now() + 60000);
      const opened = (await page.evaluate(() => window.__pgSockets())).length;
      const stopping = server.stop(); // SIGTERM: the tables handed over, 1001 to every socket
      for (let i = 0; ; i++) {
        const codes = await page.evaluate(() => window.__pgSockets());
        if (codes[opened - 1] !== null) {
          assert.equal(codes[opened - 1], 1001, 'the stopping server closed the socket with "going away"');
          break;
        }
        assert.ok(i < 200, 'the socket was closed within 10 s of the SIGTERM');
        await sleep(50);
      }
      await page.clock.runFor(250);
      assert.equal((await page.evaluate(() => window.__pgSockets())).length, opened + 1,
        'a new connection was tried within 250 ms of the page\'s time');
      await page.locator('[data-testid="connection"]').waitFor();
      assert.match(await page.locator('[data-testid="connection"]').innerText(), /Reconnecting/);
      await stopping;

      // The server is back where it was: the page's next tries reach it.
      server = await startServer([], { dir, port });
      const joinsBefore = frames.sent.filter((f) => JSON.parse(f).type === 'join').length;
      for (let i = 0; ; i++) {
        if ((await page.locator('[data-testid="connection"]').count()) === 0) break;
        assert.ok(i < 60, 'the page joined again within 60 s of its time');
        await page.clock.runFor(1000);
        await sleep(100);
      }
      const rejoin = frames.sent.map((f) => JSON.parse(f)).filter((m) => m.type === 'join').slice(joinsBefore).at(-1);
      assert.ok(rejoin, 'it joined again');
      assert.ok(rejoin.last_version >= 1, 'with the version it held (a move was played)');
      await page.locator('[data-testid="turn"]').waitFor();
      const dropped = errors.filter((e) => !/WebSocket connection to .* failed/.test(e));
      assert.deepEqual(dropped, []);
      await ctx.close();
    } finally {
      await browser.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
}
