// A correspondence game (days a move) between two people met in the lobby: the clocks show
// days, the tab's title says whose turn it is, a notification tells the player whose turn
// came while they looked elsewhere, and the start page lists the games where it is their turn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, gameState, playByClicks, waitMyTurn, browserPage as newBrowserPage, signUpOnPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

const browserPage = (viewport) => newBrowserPage(env, viewport, { recordNotifications: true });
const signUp = (page, name) => signUpOnPage(env, page, name);

test('a correspondence game: days on the clocks, the turn in the title, a notification and the your-turn list', async () => {
  const grace = await browserPage({ width: 1366, height: 768 });
  const alan = await browserPage({ width: 390, height: 844 });
  await signUp(grace, 'Grace');
  await signUp(alan, 'Alan');
  await grace.selectOption('#seek-game', 'sprint');
  await grace.selectOption('#seek-clock', '3d');
  await grace.uncheck('#seek-rated');
  await grace.click('#seek-submit');
  const row = alan.locator('#seek-list tr', { hasText: 'Grace' });
  await row.waitFor({ timeout: 10000 });
  assert.match(await row.textContent(), /3d.*casual/);
  await Promise.all([alan.waitForURL(/\/g\//), row.locator('button').click()]);
  await alan.waitForSelector('body[data-ready=yes]');
  await grace.waitForURL(/\/g\//, { timeout: 15000 });
  await grace.waitForSelector('body[data-ready=yes]');

  const state = await gameState(grace);
  assert.equal(state.clock.control, '3d');
  const pages = { Grace: grace, Alan: alan };
  const mover = pages[state.players[1]];
  const other = pages[state.players[2]];
  await waitMyTurn(mover);
  assert.match(await mover.title(), /^\(Your turn\) Sprint/);
  assert.doesNotMatch(await other.title(), /Your turn/);

  // The other player looks elsewhere; the move comes; the notification tells them.
  await other.evaluate(() => Object.defineProperty(document, 'hidden', { value: true, configurable: true }));
  const { legal } = await gameState(mover);
  await playByClicks(mover, legal[0]);
  await other.waitForFunction(() => document.title.startsWith('(Your turn)'));
  const notices = await other.evaluate(() => window.__notices);
  assert.equal(notices.length, 1, JSON.stringify(notices));
  assert.match(notices[0].title, /^Your turn: Sprint/);
  assert.match(await mover.textContent(`#clock-2 .time`), /^(3d 0h|2d 23h)$/);
  await other.screenshot({ path: join(SHOTS, 'correspondence-turn.png'), fullPage: true });

  // On the start page, the game waits in the "your turn" list, and the game opens from it.
  await other.goto(env.server.url + '/');
  await other.waitForSelector('body[data-ready=yes]');
  await other.waitForSelector('#your-turn:not([hidden])');
  assert.match(await other.textContent('#your-turn-list'), /Sprint against (Grace|Alan) \(3d\)/);
  await other.screenshot({ path: join(SHOTS, 'your-turn-list.png'), fullPage: true });
  // Their own profile page lists it too, and marks it in their games; the mover's does not.
  const now = await gameState(mover);
  const otherName = now.players[now.view.to_move];
  await other.goto(`${env.server.url}/players/${otherName}`);
  await other.waitForSelector('body[data-ready=yes]');
  await other.waitForSelector('#your-turn:not([hidden])');
  assert.match(await other.textContent('#your-turn-list'), /Sprint against (Grace|Alan) \(3d\)/);
  assert.match(await other.textContent('#game-list'), /playing.* your turn/);
  await other.screenshot({ path: join(SHOTS, 'your-turn-profile.png'), fullPage: true });
  await other.goBack();
  await other.waitForSelector('body[data-ready=yes]');
  await Promise.all([other.waitForURL(/\/g\//), other.click('#your-turn-list a')]);
  await waitMyTurn(other);
  await grace.context().close();
  await alan.context().close();
});
