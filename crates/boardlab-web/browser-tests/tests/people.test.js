// People meet people: two players sign up in two browsers, one seeks a rated game in the
// lobby, the other accepts, they play by clicks until one resigns, and both ratings change
// as Glicko-2 says; the profile pages show them. At 1366x768 and at 390x844.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, gameState, playByClicks, waitMyTurn, policyViolations, browserPage as newBrowserPage, signUpOnPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

/** Glicko-2 after one game between two new players (1500/350/0.06), each game its own
 * rating period; computed apart from the server (by a plain script of Glickman's steps). */
const WINNER = { rating: 1662.31, deviation: 290.32 };
const LOSER = { rating: 1337.69, deviation: 290.32 };

const browserPage = (viewport) => newBrowserPage(env, viewport);
const signUp = (page, name) => signUpOnPage(env, page, name);

test('two people sign up, meet in the lobby, play a rated game and both ratings change by Glicko-2', async () => {
  const alice = await browserPage({ width: 1366, height: 768 });
  const bob = await browserPage({ width: 390, height: 844 });
  await signUp(alice, 'Alice');
  await signUp(bob, 'Bob');

  // A wrong password is refused in words, and nobody is signed in by it.
  const stranger = await browserPage({ width: 1366, height: 768 });
  await stranger.goto(env.server.url + '/');
  await stranger.waitForSelector('body[data-ready=yes]');
  await stranger.click('#sign-in');
  await stranger.fill('#account-name', 'Alice');
  await stranger.fill('#account-password', 'not her password');
  await stranger.click('#account-sign-in');
  await stranger.waitForSelector('#account-error:text("wrong name or password")');
  assert.equal(await stranger.isVisible('#seek-form'), false);
  await stranger.context().close();

  // Alice seeks a rated Obsidian game without a clock.
  await alice.selectOption('#seek-game', 'obsidian');
  await alice.selectOption('#seek-clock', 'none');
  await alice.click('#seek-submit');
  await alice.waitForSelector('#seek-status:text("Waiting for a player")');

  // Bob sees it live in the lobby, with Alice's provisional rating, and plays it.
  const row = bob.locator('#seek-list tr', { hasText: 'Alice' });
  await row.waitFor({ timeout: 10000 });
  assert.match(await row.textContent(), /Alice 1500\?.*Obsidian.*no clock.*rated/);
  await bob.screenshot({ path: join(SHOTS, 'lobby-phone.png'), fullPage: true });
  await alice.screenshot({ path: join(SHOTS, 'lobby-desktop.png'), fullPage: true });
  await Promise.all([bob.waitForURL(/\/g\//), row.locator('button').click()]);
  await bob.waitForSelector('body[data-ready=yes]');
  // Alice's page opens the game by itself.
  await alice.waitForURL(/\/g\//, { timeout: 15000 });
  await alice.waitForSelector('body[data-ready=yes]');

  const state = await gameState(alice);
  assert.equal(state.rated, true);
  assert.deepEqual(state.players, { 1: state.players[1], 2: state.players[2] });
  assert.deepEqual(new Set([state.players[1], state.players[2]]), new Set(['Alice', 'Bob']));
  const pages = { Alice: alice, Bob: bob };
  const first = pages[state.players[1]];
  const second = pages[state.players[2]];

  // Four moves by clicks, each player on their own board.
  for (const page of [first, second, first, second]) {
    await waitMyTurn(page);
    const { legal } = await gameState(page);
    await playByClicks(page, legal[0]);
  }
  await waitMyTurn(first);
  await first.screenshot({ path: join(SHOTS, 'rated-game.png'), fullPage: true });

  // The first player resigns: the second wins.
  first.once('dialog', (dialog) => dialog.accept());
  await first.click('#resign');
  await first.waitForSelector('#banner:not([hidden])');
  await second.waitForSelector('#banner:not([hidden])');

  const winner = state.players[2];
  const loser = state.players[1];
  for (const [name, expected] of [[winner, WINNER], [loser, LOSER]]) {
    const profile = await alice.evaluate(async (n) => (await fetch(`/api/players/${n}`)).json(), name);
    const r = profile.ratings.obsidian;
    assert.ok(Math.abs(r.rating - expected.rating) < 0.01, `${name}: ${JSON.stringify(r)}`);
    assert.ok(Math.abs(r.deviation - expected.deviation) < 0.01, `${name}: ${JSON.stringify(r)}`);
    assert.ok(Math.abs(r.volatility - 0.06) < 0.00001, `${name}: ${JSON.stringify(r)}`);
    assert.equal(r.games, 1);
  }

  // The winner's page: the rating, its line, and the game won.
  const page = pages[winner];
  await page.goto(`${env.server.url}/players/${winner}`);
  await page.waitForSelector('body[data-ready=yes]');
  assert.match(await page.textContent('#rating-list'), /Obsidian1662\?±290/);
  assert.equal(await page.locator('.history-chart polyline').count(), 1);
  assert.match(await page.textContent('#game-list'), /Obsidian against .*: won, rated/);
  await page.selectOption('#filter-result', 'loss');
  await page.waitForSelector('#no-games:not([hidden])');
  await page.screenshot({ path: join(SHOTS, `profile-${winner === 'Bob' ? 'phone' : 'desktop'}.png`), fullPage: true });
  for (const p of [alice, bob]) assert.deepEqual(await policyViolations(p), []);
  await alice.context().close();
  await bob.context().close();
});
