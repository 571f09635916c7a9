// Learning a game: how to play in plain words with small boards drawn by the board renderer,
// before the full rules and rulings (issue 13).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

for (const [game, pieces, lessons] of [['obsidian', 6, 2], ['daisy', 8, 3], ['sprint', 1, 2], ['parity', 1, 3]]) {
  test(`${game}: the rules page teaches each piece and the main rules on small boards`, async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/rules/${game}`);
    await page.waitForSelector('body[data-ready=yes]');
    assert.match(await page.textContent('.how-to-play h2'), /^How to play /);
    const figures = page.locator('.how-to-play figure');
    assert.equal(await figures.count(), pieces + lessons);
    // Every piece diagram marks where the piece goes; every lesson marks its move.
    for (let i = 0; i < pieces; i++) {
      assert.ok(await figures.nth(i).locator('.target').count() > 0, `piece diagram ${i}`);
    }
    for (let i = pieces; i < pieces + lessons; i++) {
      assert.ok(await figures.nth(i).locator('.last-move').count() > 0, `lesson ${i}`);
    }
    // The full rules with their rulings follow, in their own section.
    const headings = await page.locator('#rules-text > h2').allTextContents();
    assert.equal(headings[0], 'The rules in full, with every ruling', headings.join(' | '));
    if (game === 'sprint' || game === 'daisy') {
      await page.screenshot({ path: join(SHOTS, `learn-${game}.png`), fullPage: true });
    }
    await page.context().close();
  });
}
