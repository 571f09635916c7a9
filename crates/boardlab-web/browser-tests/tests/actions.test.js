// Takebacks, draw offers, rematches and "My games" on the page (issue 13).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, clickSquare, startFromPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

const waitExactPly = (page, ply) =>
  page.waitForFunction((n) => Number(document.body.dataset.ply) === n, ply, { timeout: 30000 });

test('against a bot: take back undoes my move and its answer; no draw offers', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'sprint', { opponent: 'bot', side: '1' });
  assert.ok(await page.isDisabled('#takeback'), 'nothing to take back yet');
  assert.ok(await page.isHidden('#draw'), 'bots do not take draws');
  await waitMyTurn(page);
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c3');
  await waitPly(page, 2);
  await waitMyTurn(page);
  await page.click('#takeback');
  await waitExactPly(page, 0);
  await page.waitForSelector('#board .piece[data-sq="b2"]');
  assert.equal(await page.locator('#board .piece[data-sq="c3"]').count(), 0);
  await waitMyTurn(page);
  await page.context().close();
});

test('against a friend: a takeback and a draw are asked and answered live; then a rematch', async () => {
  const alice = await newPage(env.browser);
  await startFromPage(alice, env.server.url, 'sprint', { opponent: 'friend', side: '1' });
  const invite = await alice.inputValue('input[data-testid=invite-link]');
  const bob = await newPage(env.browser);
  await bob.goto(invite);
  await bob.waitForSelector('body[data-ready=yes]');
  await waitMyTurn(alice);
  await clickSquare(alice, 'b2');
  await clickSquare(alice, 'c3');
  await waitMyTurn(bob);
  await clickSquare(bob, 'a5');
  await clickSquare(bob, 'b4');
  await waitPly(alice, 2);

  // Alice asks to take back; Bob is told and declines; she asks again and he accepts.
  await alice.click('#takeback');
  await bob.waitForSelector('#offer:not([hidden])');
  assert.match(await bob.textContent('#offer-text'), /asks to take back/);
  assert.match(await alice.textContent('#offer-text'), /waiting for the answer/);
  await bob.click('#offer-decline');
  await alice.waitForSelector('#offer', { state: 'hidden' });
  await alice.click('#takeback');
  await bob.waitForSelector('#offer:not([hidden])');
  await bob.click('#offer-accept');
  await waitExactPly(alice, 0);
  await waitExactPly(bob, 0);

  // Bob offers a draw; Alice accepts: both see the result.
  await bob.click('#draw');
  await alice.waitForSelector('#offer:not([hidden])');
  assert.match(await alice.textContent('#offer-text'), /offers a draw/);
  await alice.screenshot({ path: join(SHOTS, 'draw-offer.png'), fullPage: true });
  await alice.click('#offer-accept');
  for (const page of [alice, bob]) {
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#banner-score'), '1/2-1/2');
    assert.match(await page.textContent('#banner-text'), /Drawn by agreement/);
  }

  // Alice asks for a rematch and lands in it as seat 2; Bob is told and joins as seat 1.
  const oldUrl = alice.url();
  await Promise.all([alice.waitForURL((u) => u.toString() !== oldUrl), alice.click('#rematch')]);
  await alice.waitForSelector('body[data-ready=yes]');
  assert.match(alice.url(), /#2=/);
  await bob.waitForSelector('#rematch-note:not([hidden])');
  assert.equal(await bob.textContent('#rematch'), 'Join the rematch');
  await Promise.all([bob.waitForURL(/#1=/), bob.click('#rematch')]);
  await bob.waitForSelector('body[data-ready=yes]');
  assert.equal(new URL(bob.url()).pathname, new URL(alice.url()).pathname);
  await waitMyTurn(bob);
  await clickSquare(bob, 'b2');
  await clickSquare(bob, 'c3');
  await waitPly(alice, 1);

  // The start page lists the games this browser holds links of.
  await alice.goto(env.server.url + '/');
  await alice.waitForSelector('#my-games-list li[data-state]');
  const items = await alice.locator('#my-games-list li').allTextContents();
  assert.equal(items.length, 2, items.join(' | '));
  assert.match(items[0], /Sprint against a friend.*move 1, your turn/);
  assert.match(items[1], /1\/2-1\/2/);
  await alice.screenshot({ path: join(SHOTS, 'my-games.png'), fullPage: true });
  await alice.context().close();
  await bob.context().close();
});

test('clocks: chosen on the start page, ticking on the game page, and a flag ends the game', async () => {
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click('.card[data-game="sprint"]');
  await page.check('input[name=opponent][value=local]');
  await page.selectOption('#clock', '1m+0s');
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('body[data-ready=yes]');
  assert.ok(await page.isVisible('#clocks'));
  assert.equal(await page.textContent('#clock-1 .time'), '1:00');
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c3');
  await waitPly(page, 1);
  // Seat 2's clock runs and ticks down on the page; seat 1's stands.
  await page.waitForSelector('#clock-2.running');
  const before = Number(await page.getAttribute('#clock-2', 'data-ms'));
  await page.waitForTimeout(1200);
  const after = Number(await page.getAttribute('#clock-2', 'data-ms'));
  assert.ok(before - after >= 1000, `${before} -> ${after}`);
  assert.equal(await page.textContent('#clock-1 .time'), '1:00');
  await page.screenshot({ path: join(SHOTS, 'clocks.png'), fullPage: true });

  // A two-second game (made through the API): the flag falls and the page says so.
  const created = await page.evaluate(async () => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'sprint', opponent: 'local', clock: '2+0' }),
    });
    return res.json();
  });
  await page.goto(env.server.url + created.links.play);
  await page.waitForSelector('body[data-ready=yes]');
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c3');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('#banner-text'), /ran out of time/);
  assert.equal(await page.textContent('#banner-score'), '1-0');
  assert.equal(await page.textContent('#clock-2 .time'), '0:00.0');
  await page.context().close();
});

test('analysis: on demand at one screen, and on a finished game with the exact value', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
  assert.ok(await page.isHidden('#analysis'));
  await page.click('#analyse');
  await page.waitForSelector('#analysis[data-ply="0"]', { timeout: 30000 });
  // The exact value first, naming the winner; the search's estimate apart, said as one.
  assert.equal(await page.textContent('#eval-text'), 'White (Player 1) wins with perfect play: 12 more moves of its own (exact).');
  assert.match(await page.textContent('#eval-exact'), /^The search's estimate \(depth \d+\): /);
  assert.match(await page.textContent('#eval-line'), /^Best line: /);
  const width = await page.$eval('#eval-fill', (e) => parseFloat(e.style.width));
  assert.ok(width > 50, `Player 1 wins: ${width}%`);
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c3');
  await page.waitForSelector('#analysis[data-ply="1"]', { timeout: 30000 });
  // Resigned: the analysis stays open; stepping back shows the start's analysis again.
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  await page.waitForSelector('#banner:not([hidden])');
  await page.click('#first');
  await page.waitForSelector('#analysis[data-ply="0"]', { timeout: 30000 });
  assert.match(await page.textContent('#eval-text'), /wins with perfect play: 12 more moves of its own/);
  await page.screenshot({ path: join(SHOTS, 'analysis.png'), fullPage: true });
  await page.context().close();
});
