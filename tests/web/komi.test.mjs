// The setup form's komi in the page's language (issue #35, point 4): a German page shows 7,5 and
// reads "6,5" as 6.5 (a number field read it as 65); a komi out of the server's range (-30 to 30)
// is refused in the form with a sentence that says the range, and the server would refuse it too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, openPage, screenshot, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: komi with a decimal comma, and one out of range`, async () => {
    const { ctx, page, errors } = await openPage(env.browser, `${env.server.url}/#/`, viewport, 'de-DE');
    const komi = page.locator('#komi');
    assert.equal(await komi.inputValue(), '7,5', 'the default komi in German');

    // 65 (the comma forgotten) is no komi: the form says what is, and nothing is created.
    await komi.fill('65');
    await page.getByRole('button', { name: 'Tisch erstellen' }).click();
    await page.getByText('Komi muss eine Zahl von −30 bis 30 in Schritten von 0,5 sein, etwa 6,5.').waitFor();
    assert.doesNotMatch(page.url(), /#table=/);
    await screenshot(page, `komi-refused-${name}`);

    await komi.fill('6,5');
    await page.getByRole('button', { name: 'Tisch erstellen' }).click();
    await page.waitForURL(/#table=.+&token=.+/);
    const id = /#table=([a-z2-7]+)/.exec(page.url())[1];
    const info = await (await fetch(`${env.server.url}/api/tables/${id}`)).json();
    assert.equal(info.rules.komi, 6.5);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

test('the server refuses a komi out of range, saying the range', async () => {
  const res = await fetch(`${env.server.url}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { komi: 65 } }),
  });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error.message, /from -30 to 30/);
});

test('parseKomi reads the point and the comma, and nothing else', async () => {
  const { parseKomi } = await import(new URL('../../web/komi.js', import.meta.url));
  for (const [text, value] of [['7.5', 7.5], ['6,5', 6.5], [' -3 ', -3], ['\u22124,5', -4.5], ['30', 30], ['0', 0]])
    assert.equal(parseKomi(text), value, text);
  for (const text of ['65', '7.3', '', 'abc', '6,5,5', '1e1', '-30.5', '6.'])
    assert.equal(parseKomi(text), null, text);
});
