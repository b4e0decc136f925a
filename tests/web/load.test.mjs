// The page's modules on the network, at 390x844 and 1280x800 (issue #35, point 13): every
// module the home page and a table page load comes from a content-versioned URL that may be
// cached for good, the page preloads them all at once (no import chain to walk), and a reload
// goes to the network only for the page itself and the API, never for a module. The timings
// are a benchmark's, not a test's: tools/web_load_bench.mjs, figures in docs/web.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, createTable, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];

/// Opens `path` in a fresh context, then reloads it; returns, for each load, the requests that
/// went to the network (not answered by the cache) with their responses' Cache-Control.
async function twoLoads(viewport, path, ready) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let sent = new Map();
  let cached = new Set();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (!request.url.startsWith('data:')) sent.set(requestId, { url: request.url, cache: null });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache || response.fromPrefetchCache || response.fromMemoryCache) cached.add(requestId);
    const r = sent.get(requestId);
    if (r) r.cache = response.headers['cache-control'] ?? response.headers['Cache-Control'] ?? null;
  });
  const load = async (go) => {
    sent = new Map();
    cached = new Set();
    await go();
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    return [...sent].filter(([id]) => !cached.has(id)).map(([, r]) => r);
  };
  const cold = await load(() => page.goto(env.server.url + path));
  // The entry module (the page's script) and the modules it preloads.
  const preloads = await page.$$eval('link[rel="modulepreload"], script[type="module"][src]', (ls) =>
    ls.map((l) => l.getAttribute('href') ?? l.getAttribute('src')),
  );
  const warm = await load(() => page.reload());
  await context.close();
  return { cold, warm, preloads };
}

const isModule = (url) => /\.m?js(\?|$)/.test(new URL(url).pathname);

for (const [name, viewport] of SIZES) {
  for (const [what, path, ready] of [
    ['home page', '/', '[data-testid="setup"]'],
    ['table page', null, '[data-testid="turn"]'],
  ]) {
    test(`${name}: the ${what}'s modules are versioned, preloaded, and cached for good`, async () => {
      let at = path;
      if (!at) {
        const table = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
        const url = new URL(table.seats.black.url);
        at = url.pathname + url.search + url.hash;
      }
      const { cold, warm, preloads } = await twoLoads(viewport, at, ready);
      const modules = cold.filter((r) => isModule(r.url));
      assert.ok(modules.length > 10, `the page loads its modules (${modules.length})`);
      for (const m of modules) {
        assert.match(new URL(m.url).pathname, /^\/v\/[0-9a-f]{12}\//, `${m.url} has a versioned URL`);
        assert.match(m.cache ?? '', /immutable/, `${m.url} may be cached for good`);
      }
      // Every module the page needed was named up front.
      const preloaded = new Set(preloads.map((h) => new URL(h, env.server.url).pathname));
      const missing = modules.map((m) => new URL(m.url).pathname).filter((p) => !preloaded.has(p));
      assert.deepEqual(missing, [], 'every module is the page\'s script or preloaded by the page');
      // A reload asks the network for the page and the API only.
      const warmModules = warm.filter((r) => isModule(r.url)).map((r) => r.url);
      assert.deepEqual(warmModules, [], 'a reload fetches no module');
    });
  }
}
