// The game page's features at the three screen sizes of issue 13: nothing overflows sideways,
// and the clocks, the actions, the analysis and the piece legend are all there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, SHOTS } from './helpers.js';

const env = serverAndBrowser();

for (const [width, height] of [[1366, 768], [1280, 800], [390, 844]]) {
  test(`at ${width}x${height} every feature of the game page is there and nothing overflows`, async () => {
    const context = await env.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(env.server.url + '/');
    await page.waitForSelector('body[data-ready=yes]');
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/games', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ game: 'daisy', opponent: 'local', clock: '5m+3s' }),
      });
      return res.json();
    });
    await page.goto(env.server.url + created.links.play);
    await page.waitForSelector('body[data-ready=yes]');
    await page.click('#analyse');
    await page.waitForSelector('#analysis[data-ply="0"]', { timeout: 30000 });
    for (const selector of ['#board', '#clocks', '#takeback', '#draw', '#resign', '#analysis', '#legend', '#sound']) {
      assert.ok(await page.isVisible(selector), `${selector} at ${width}x${height}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await page.screenshot({ path: join(SHOTS, `features-${width}x${height}.png`), fullPage: true });
    await context.close();
  });
}
