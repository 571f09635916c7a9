// The harder clicks: a Daisy drop from the reserve, and a two-jump Sprint chain.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, clickSquare, gameState, SHOTS } from './helpers.js';

const env = serverAndBrowser();

/** Creates a game through the API (as the start page does) and opens its seat link. */
async function openGame(page, request) {
  await page.goto(env.server.url + '/');
  const created = await page.evaluate(async (body) => {
    const res = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  }, request);
  await page.goto(env.server.url + created.links.play);
  await page.waitForSelector('body[data-ready=yes]');
}

test('daisy: drop a piece from the reserve by clicks', async () => {
  const page = await newPage(env.browser);
  await openGame(page, { game: 'daisy', opponent: 'local' });
  await waitMyTurn(page);
  const count = () => page.textContent('#reserve-bottom .reserve-piece[data-drop="H"] .count');
  assert.equal(await count(), '\u00d79');
  await page.click('#reserve-bottom .reserve-piece[data-drop="H"]');
  await page.waitForSelector('#board .target[data-sq="e5"]');
  await clickSquare(page, 'e5');
  await waitPly(page, 1);
  await page.waitForSelector('#board .piece[data-sq="e5"][data-piece="H"]');
  assert.equal(await count(), '\u00d78');
  // Player 2 (lowercase, at the top) drops too, at the same screen.
  await page.click('#reserve-top .reserve-piece[data-drop="a"]');
  await clickSquare(page, 'e9');
  await waitPly(page, 2);
  await page.waitForSelector('#board .piece[data-sq="e9"][data-piece="a"]');
  const state = await gameState(page);
  assert.deepEqual(state.moves, ['H@e5', 'A@e9']);
});

test('sprint: a two-jump chain by clicking each landing square', async () => {
  const page = await newPage(env.browser);
  await openGame(page, { game: 'sprint', opponent: 'local', position: '5b/6/3b2/6/1b4/w5 1' });
  await waitMyTurn(page);
  await clickSquare(page, 'a1');
  await page.waitForSelector('#board .target[data-sq="c3"]');
  await page.waitForSelector('#board .target.final[data-sq="e5"]');
  await clickSquare(page, 'c3');
  // The chain goes on: still the same move, now from c3 to e5.
  assert.equal(await page.evaluate(() => document.body.dataset.ply), '0');
  await page.waitForSelector('#board .target[data-sq="e5"]');
  await page.screenshot({ path: join(SHOTS, 'sprint-chain-half.png'), fullPage: true });
  await clickSquare(page, 'e5');
  await waitPly(page, 1);
  const state = await gameState(page);
  assert.deepEqual(state.moves, ['a1c3e5']);
  await page.waitForSelector('#board .piece[data-sq="e5"][data-piece="w"]');
  assert.equal(await page.locator('#board .piece[data-sq="b2"]').count(), 0);
  assert.equal(await page.locator('#board .piece[data-sq="d4"]').count(), 0);
});

test('sprint: a chain by clicking only its last square', async () => {
  const page = await newPage(env.browser);
  await openGame(page, { game: 'sprint', opponent: 'local', position: '5b/6/3b2/6/1b4/w5 1' });
  await waitMyTurn(page);
  await clickSquare(page, 'a1');
  await clickSquare(page, 'e5');
  await waitPly(page, 1);
  assert.deepEqual((await gameState(page)).moves, ['a1c3e5']);
});
