// Keyboard play, what a screen reader is told, sound and dark mode (issue 13).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, waitPly, startFromPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

test('keyboard: arrows move a cursor, Enter picks and plays; moves are announced with a sound', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
  await page.focus('#board');
  assert.match(await page.textContent('#announce'), /^a1: White \(Player 1\) man/);
  for (const key of ['ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
  assert.match(await page.textContent('#announce'), /^b2: White \(Player 1\) man, can move/);
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#announce'), /picked/);
  for (const key of ['ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
  assert.match(await page.textContent('#announce'), /^c3: empty, a target/);
  await page.keyboard.press('Enter');
  await waitPly(page, 1);
  await page.waitForFunction(() => document.querySelector('#announce').textContent.includes('played'));
  assert.equal(await page.textContent('#announce'), 'White (Player 1) played b2c3.');
  assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'move');
  // The board is described in words, side by side.
  const described = await page.locator('#board-text li').allTextContents();
  assert.match(described[0], /^White \(Player 1\): man on a1, .*man on c3/);
  assert.match(await page.getAttribute('#board', 'aria-label'), /Sprint board, Black \(Player 2\) to move/);
  // The move list's arrows do not fire while the board has the keys.
  assert.match(await page.textContent('#ply-label'), /move 1 of 1/);
  // Sound can be muted, and stays muted.
  await page.click('#sound');
  assert.equal(await page.textContent('#sound'), 'Sound off');
  await page.reload();
  await page.waitForSelector('body[data-ready=yes]');
  assert.equal(await page.textContent('#sound'), 'Sound off');
  await page.context().close();
});

test('dark mode follows the system', async () => {
  const page = await newPage(env.browser);
  await page.emulateMedia({ colorScheme: 'dark' });
  await startFromPage(page, env.server.url, 'parity', { opponent: 'local' });
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(29, 27, 25)');
  await page.screenshot({ path: join(SHOTS, 'dark-parity.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(light, 'rgb(244, 239, 230)');
  await page.context().close();
});
