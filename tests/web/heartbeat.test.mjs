// A server that hangs (issue #38: a paused machine, a stuck disk), seen from the page: the socket
// stays open while nothing arrives. The page pings after a few quiet seconds (web/net.js); an
// unanswered ping is a lost connection, so the page says it is reconnecting within seconds,
// and once the server runs again it joins again with last_version and plays on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createTable, openPage, recordFrames, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

test('phone: a hung server is noticed by the ping, and the page rejoins when it runs again', async () => {
  const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const { ctx, page, errors } = await openPage(env.browser, undefined, PHONE);
  const frames = recordFrames(page);
  await page.goto(created.seats.black.url);
  await page.locator('[data-testid="turn"]').waitFor();
  const sent = () => frames.sent.map((f) => JSON.parse(f));
  const received = () => frames.received.map((f) => JSON.parse(f));

  // Quiet, the page pings and the server answers.
  const pinged = Date.now();
  while (!received().some((m) => m.type === 'pong')) {
    assert.ok(Date.now() - pinged < 15000, 'a ping is answered within seconds of quiet');
    await page.waitForTimeout(200);
  }
  assert.ok(sent().some((m) => m.type === 'ping'));

  const notice = page.locator('[data-testid="connection"]');
  process.kill(env.server.pid, 'SIGSTOP');
  let stopped = true;
  try {
    const at = Date.now();
    await notice.waitFor({ timeout: 20000 });
    const noticedMs = Date.now() - at;
    assert.match(await notice.innerText(), /Reconnecting/);
    console.log(`# a hung server noticed after ${noticedMs} ms`);
    const joinsBefore = sent().filter((m) => m.type === 'join').length;
    const joinedBefore = received().filter((m) => m.type === 'joined').length;
    process.kill(env.server.pid, 'SIGCONT');
    stopped = false;
    await notice.waitFor({ state: 'detached', timeout: 30000 });
    const rejoins = sent().filter((m) => m.type === 'join').slice(joinsBefore);
    assert.ok(rejoins.length >= 1, 'it joined again');
    assert.equal(typeof rejoins.at(-1).last_version, 'number', 'with the last version it holds');
    assert.ok(received().filter((m) => m.type === 'joined').length > joinedBefore, 'and was let in');
  } finally {
    if (stopped) process.kill(env.server.pid, 'SIGCONT');
  }
  await page.locator('[data-testid="turn"]').waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();
});
