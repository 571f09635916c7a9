// The start page's cards and rules pages, stepping through the move list, resigning and
// downloading the record.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, clickSquare, squareCentre, startFromPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

test('the start page offers four games, each with a rules page', async () => {
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  assert.equal(await page.locator('.card').count(), 4);
  await page.click('.card[data-game="parity"]');
  assert.ok(await page.isVisible('#first-row'), 'parity asks who moves first');
  assert.equal(await page.locator('#rules input').count(), 2);
  await page.screenshot({ path: join(SHOTS, 'start-page.png'), fullPage: true });
  await page.click('.card[data-game="daisy"] a');
  await page.waitForSelector('#rules-text table');
  const text = await page.textContent('#rules-text');
  assert.match(text, /shogi gold/);
  assert.match(text, /No legal move = loss/);
  assert.doesNotMatch(text, /Obsidian \(8x8/);
  await page.screenshot({ path: join(SHOTS, 'rules-daisy.png') });
  await page.click('#play-link');
  await page.waitForSelector('.card.selected[data-game="daisy"]');
});

test('the move list steps back and forth; resign shows the result; the record downloads', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'obsidian', { opponent: 'local' });
  const moves = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']];
  for (const [i, [from, to]] of moves.entries()) {
    await waitMyTurn(page);
    await clickSquare(page, from);
    await clickSquare(page, to);
    await waitPly(page, i + 1);
  }
  // A move by dragging: press on the piece, move, release on the destination.
  await waitMyTurn(page);
  const [from, to] = [await squareCentre(page, 'b8'), await squareCentre(page, 'c6')];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await waitPly(page, 4);
  await page.waitForSelector('#board .piece[data-sq="c6"][data-piece="B"]');
  await page.click('#prev');
  await page.waitForSelector('#board .piece[data-sq="b8"][data-piece="B"]');
  await page.click('#prev');
  await page.waitForSelector('#board .piece[data-sq="g1"][data-piece="b"]');
  await page.click('#first');
  await page.waitForSelector('#board .piece[data-sq="e2"][data-piece="f"]');
  assert.equal(await page.evaluate(() => document.body.dataset.canMove), 'no', 'no moves while looking back');
  await page.click('.movelist .mv[data-ply="2"]');
  await page.waitForSelector('#board .piece[data-sq="e5"][data-piece="F"]');
  assert.equal(await page.locator('#board .piece[data-sq="f3"]').count(), 0);
  await page.click('#last');
  await page.waitForSelector('#board .piece[data-sq="f3"][data-piece="b"]');

  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner-text'), /resigned/);
  assert.equal(await page.textContent('#banner-score'), '0-1', 'at one screen the side to move resigns');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record')]);
  const record = readFileSync(await download.path(), 'utf8');
  assert.match(record, /\[Game "obsidian"\]/);
  assert.match(record, /1\. e2e4 e7e5 2\. g1f3 b8c6 0-1/);
  await page.screenshot({ path: join(SHOTS, 'resigned.png'), fullPage: true });
});
