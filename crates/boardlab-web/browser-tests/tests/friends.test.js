// Two players in two browser contexts play by link: each sees the other's move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, clickSquare, startFromPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

test('two players by link see each other\'s moves', async () => {
  const alice = await newPage(env.browser);
  await startFromPage(alice, env.server.url, 'obsidian', { opponent: 'friend', side: '1' });
  const invite = await alice.inputValue('input[data-testid=invite-link]');
  assert.match(invite, /\/g\/[0-9a-f]+#2=[0-9a-f]{32}$/);

  // Alice opens her own link in another browser: the invite box is still there.
  const aliceLink = alice.url();
  const elsewhere = await newPage(env.browser);
  await elsewhere.goto(aliceLink);
  await elsewhere.waitForSelector('body[data-ready=yes]');
  assert.equal(await elsewhere.inputValue('input[data-testid=invite-link]'), invite);
  await elsewhere.context().close();

  const bob = await newPage(env.browser); // a separate browser context: no shared storage
  await bob.goto(invite);
  await bob.waitForSelector('body[data-ready=yes]');
  assert.equal(await bob.evaluate(() => document.body.dataset.canMove), 'no');

  await waitMyTurn(alice);
  await clickSquare(alice, 'e2');
  await clickSquare(alice, 'e4');
  await waitPly(bob, 1);
  await bob.waitForSelector('#board .piece[data-sq="e4"][data-piece="f"]');
  await waitMyTurn(bob);

  await clickSquare(bob, 'd7');
  await clickSquare(bob, 'd5');
  await waitPly(alice, 2);
  await alice.waitForSelector('#board .piece[data-sq="d5"][data-piece="F"]');

  // A watcher sees the same game and cannot move.
  const watcher = await newPage(env.browser);
  await watcher.goto(`${env.server.url}${await alice.inputValue('input[data-testid=watch-link]').then((u) => new URL(u).pathname)}`);
  await waitPly(watcher, 2);
  assert.equal(await watcher.evaluate(() => document.body.dataset.canMove), 'no');

  await clickSquare(alice, 'e4');
  await clickSquare(alice, 'd5');
  await waitPly(bob, 3);
  await waitPly(watcher, 3);
  await bob.waitForSelector('#board .piece[data-sq="d5"][data-piece="f"]');
  await bob.screenshot({ path: join(SHOTS, 'friends-bob.png'), fullPage: true });
  await alice.context().close();
  await bob.context().close();
  await watcher.context().close();
});
