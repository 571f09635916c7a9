// Regression tests of what a new player hit (issue 13): Parity's move list when Black moved
// first, a watcher of a bot game, a link to no game, and the perfect opponent of Sprint.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, clickSquare, startFromPage } from './helpers.js';

const env = serverAndBrowser();

test('parity: when Black moves first, its move opens the list as "1..."', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'parity', { opponent: 'local', first: '2' });
  await waitMyTurn(page);
  await clickSquare(page, 'b5');
  await clickSquare(page, 'b4');
  await waitPly(page, 1);
  await waitMyTurn(page);
  await clickSquare(page, 'a1');
  await clickSquare(page, 'a2');
  await waitPly(page, 2);
  const text = await page.$$eval('#movelist > *', (items) => items.map((e) => e.textContent).join(' '));
  assert.equal(text, '1... b5b4 2. a1a2');
  await page.context().close();
});

test('a watcher of a bot game is not called "you"', async () => {
  const page = await newPage(env.browser);
  await startFromPage(page, env.server.url, 'sprint', { opponent: 'bot', side: '2' });
  await waitPly(page, 1);
  const id = new URL(page.url()).pathname.split('/')[2];
  const watcher = await newPage(env.browser);
  await watcher.goto(`${env.server.url}/g/${id}`);
  await watcher.waitForSelector('body[data-ready=yes]');
  const turn = await watcher.textContent('#turn');
  assert.doesNotMatch(turn, /\byou\b/, turn);
  assert.match(turn, /human player/, turn);
  const record = await watcher.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), id);
  assert.doesNotMatch(record, /"you"/, record);
  // The player still sees "you".
  assert.match(await page.textContent('#turn'), /\u2014 you/);
  await page.context().close();
  await watcher.context().close();
});

test('a link to no game says so', async () => {
  const page = await newPage(env.browser);
  const response = await page.goto(`${env.server.url}/g/abc`);
  assert.equal(response.status(), 404);
  assert.match(await page.textContent('h1'), /No such game/);
  assert.equal(await page.locator('#board').count(), 0, 'no board to play on');
  await page.context().close();
});

test('sprint offers the perfect player, and it opens with a winning move', async () => {
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click('.card[data-game="sprint"]');
  const options = await page.locator('#level option').allTextContents();
  assert.ok(options.some((o) => o.startsWith('perfect:')), options.join(' | '));
  await page.click('.card[data-game="obsidian"]');
  const obsidian = await page.locator('#level option').allTextContents();
  assert.ok(!obsidian.some((o) => o.startsWith('perfect')), 'no perfect player for Obsidian');
  await page.click('.card[data-game="sprint"]');
  await page.check('input[name=opponent][value=bot]');
  await page.selectOption('#level', { label: options.find((o) => o.startsWith('perfect:')) });
  await page.selectOption('#side', '2');
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('body[data-ready=yes]');
  await waitPly(page, 1);
  const id = new URL(page.url()).pathname.split('/')[2];
  const state = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);
  assert.ok(['b2c3', 'f2e3'].includes(state.moves[0]), state.moves[0]);
  await page.context().close();
});

test('with the server gone the page says so, and recovers when it is back', async () => {
  const { startServer } = await import('./helpers.js');
  const server = await startServer();
  const page = await newPage(env.browser);
  await startFromPage(page, server.url, 'sprint', { opponent: 'bot', side: '1' });
  await waitMyTurn(page);
  server.stop();
  await server.exited;
  await page.waitForSelector('body[data-connection=lost]');
  assert.ok(await page.isVisible('#connection'));
  assert.match(await page.textContent('#connection'), /reconnecting/);
  const again = await startServer({ addr: new URL(server.url).host, db: server.db });
  await page.waitForSelector('body[data-connection=ok]', { timeout: 30000 });
  assert.ok(!(await page.isVisible('#connection')));
  await waitMyTurn(page);
  again.stop();
  await page.context().close();
});

test('a phone of 390px: the start page does not scroll sideways', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  for (const game of ['obsidian', 'daisy', 'sprint', 'parity']) {
    await page.click(`.card[data-game="${game}"]`);
    for (const opponent of ['bot', 'friend', 'local']) {
      await page.check(`input[name=opponent][value=${opponent}]`);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `${game}, ${opponent}: ${scroll}px wide on a ${client}px screen`);
    }
  }
  await context.close();
});

for (const [width, height] of [[1366, 768], [1280, 800], [390, 844]]) {
  test(`daisy at ${width}x${height}: both reserves and the board are on the screen at once`, async () => {
    const context = await env.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await startFromPage(page, env.server.url, 'daisy', { opponent: 'local' });
    const boxes = await page.evaluate(() => ['#reserve-top', '#board', '#reserve-bottom'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return [r.top, r.bottom];
    }));
    for (const [top, bottom] of boxes) {
      assert.ok(top >= 0 && bottom <= height, `${JSON.stringify(boxes)} in a ${height}px window`);
    }
    await context.close();
  });
}

test('sprint: a piece that cannot move because a capture is compulsory says so', async () => {
  const page = await newPage(env.browser);
  // White to move; c3 can capture d4 (landing on e5), so a1 may not step.
  await page.goto(env.server.url + '/');
  const created = await page.evaluate(async () => (await fetch('/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'sprint', opponent: 'local', position: '1b1b1b/6/3b2/2w3/6/w5 1' }),
  })).json());
  await page.goto(env.server.url + created.links.play);
  await page.waitForSelector('body[data-ready=yes]');
  await waitMyTurn(page);
  await clickSquare(page, 'a1');
  await page.waitForSelector('#board .hint');
  assert.match(await page.textContent('#message'), /capture is compulsory/);
  const ringed = await page.$$eval('#board .square:has(.hint)', (els) => els.map((e) => e.dataset.sq));
  assert.deepEqual(ringed, ['c3']);
  // The capture itself still works, and the hint goes.
  await clickSquare(page, 'c3');
  await clickSquare(page, 'e5');
  await waitPly(page, 1);
  assert.equal(await page.locator('#board .hint').count(), 0);
  await page.context().close();
});

test('daisy: pieces are named on screen, in a legend and on the reserve, for touch users too', async () => {
  const page = await newPage(env.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await startFromPage(page, env.server.url, 'daisy', { opponent: 'local' });
  await waitMyTurn(page);
  // The legend lists every kind with its name and how it moves, without hovering.
  const legend = await page.locator('#legend-list li').allTextContents();
  assert.equal(legend.length, 8, legend.join(' | '));
  assert.match(legend[0], /king \(A a\) moves one step in any of the 8 directions/);
  assert.ok(await page.locator('#legend').isVisible());
  // The players are named by how their pieces look, not by letter case.
  const turn = await page.textContent('#turn');
  assert.match(turn, /^Light \(Player 1\) to move/, turn);
  const labels = await page.locator('.reserve-label').allTextContents();
  assert.ok(labels.every((l) => !/uppercase|lowercase/.test(l)), labels.join(' | '));
  // A reserve piece says what it is and how it moves.
  const king = page.locator('#reserve-bottom .reserve-piece[data-drop="A"]');
  assert.match(await king.getAttribute('aria-label'), /^king \(A\), 1 in reserve/);
  assert.match(await king.getAttribute('title'), /king: moves one step in any of the 8 directions/);
  // Tokens carry dots where their piece moves: the king's eight.
  assert.equal(await page.locator('#reserve-bottom .reserve-piece[data-drop="A"] .pattern').count(), 8);
  await page.context().close();
});
