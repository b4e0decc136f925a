// How long the home page takes to load on a phone's connection: a benchmark, not a test.
// Starts `phantomgo serve` (as the browser tests do: $PHANTOMGO_BIN, else build/ci's), opens
// the home page in Debian's Chromium with 150 ms of latency added to every request (CDP
// Network.emulateNetworkConditions), cold (a new browser context, so an empty cache) and warm
// (a reload in the same context), N times each, and prints the medians: the time from the start
// of the navigation until the setup form is drawn, and the requests that went to the network.
//
//   PHANTOMGO_BIN=build/ci/src/cli/phantomgo node tools/web_load_bench.mjs [runs=7] [latency_ms=150]
import { launchBrowser, startServer } from '../tests/web/helpers.mjs';

const runs = Number(process.argv[2] ?? 7);
const latency = Number(process.argv[3] ?? 150);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startServer();
const browser = await launchBrowser();
const cold = [], warm = [], coldNet = [], warmNet = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency, downloadThroughput: -1, uploadThroughput: -1,
    });
    // A request went to the network unless the cache answered it (a 304 did go).
    let sent = new Set(), cached = new Set();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!request.url.startsWith('data:')) sent.add(requestId);
    });
    cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (response.fromDiskCache || response.fromPrefetchCache) cached.add(requestId);
    });
    const load = async (go) => {
      sent = new Set();
      cached = new Set();
      const start = Date.now();
      await go();
      await page.waitForSelector('[data-testid="setup"]', { state: 'visible' });
      const elapsed = Date.now() - start;
      await page.waitForLoadState('networkidle');
      return [elapsed, [...sent].filter((id) => !cached.has(id)).length];
    };
    const [c, cn] = await load(() => page.goto(server.url + '/', { waitUntil: 'commit' }));
    const [w, wn] = await load(() => page.reload({ waitUntil: 'commit' }));
    cold.push(c); coldNet.push(cn); warm.push(w); warmNet.push(wn);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`latency ${latency} ms, ${runs} runs: cold ${median(cold)} ms (${median(coldNet)} requests on the network), ` +
  `warm ${median(warm)} ms (${median(warmNet)} requests on the network)`);
console.log(`cold: ${cold.join(' ')}\nwarm: ${warm.join(' ')}`);
