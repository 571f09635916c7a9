// More regression tests of what a new player hit (issue 37, point 7), each at a laptop's
// window (1366x768) and a phone's (390x844): Daisy's pieces point at the opponent from
// either seat, the friend's link is in view with a Copy button, "New game" keeps the clock,
// the evaluation bar of a finished game shows its result, Daisy's reserve comes before
// the board in keyboard order, and the rules pages speak to players (no remarks on where a
// rule came from or on the tools).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, gameState, startFromPage, SHOTS, SIZES, pageAt as newPageAt, openNewGame as openGame } from './helpers.js';

const env = serverAndBrowser();

const pageAt = (size, options = {}) => newPageAt(env, size, options);

const shot = (page, name, size) => page.screenshot({ path: join(SHOTS, `new_player_more-${name}-${size.tag}.png`), fullPage: true });

const openNewGame = (page, request) => openGame(env, page, request);

/** How each player's wedge tokens point on the board: `{ 1: [...], 2: [...] }`. */
async function pointing(page) {
  return page.evaluate(() => {
    /** @type {Record<string, string[]>} */
    const found = { 1: [], 2: [] };
    for (const piece of document.querySelectorAll('#board .piece')) {
      const owner = piece.classList.contains('owner1') ? '1' : '2';
      const turned = piece.querySelector('.points-up, .points-down');
      if (turned) found[owner].push(turned.classList.contains('points-up') ? 'up' : 'down');
    }
    return found;
  });
}

for (const size of SIZES) {
  test(`${size.tag}: Daisy's pieces point at the opponent from either seat`, async () => {
    const page = await pageAt(size);
    // From the top seat (Player 2): the board turns, and so do the pieces.
    await openNewGame(page, { game: 'daisy', opponent: 'bot', level: 1, side: '2', first: '1' });
    await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1, null, { timeout: 30000 });
    const asTwo = await pointing(page);
    assert.ok(asTwo[1].length > 0, 'the bot dropped a piece');
    assert.ok(asTwo[1].every((d) => d === 'down'), `Player 1's pieces point down (at Player 2, below): ${JSON.stringify(asTwo)}`);
    assert.ok(asTwo[2].every((d) => d === 'up'), JSON.stringify(asTwo));
    // The reserves' tokens too: the player's own (at the bottom) point up.
    const reserveUp = await page.$$eval('#reserve-bottom .reserve-piece .points-up', (e) => e.length);
    const reserveDown = await page.$$eval('#reserve-bottom .reserve-piece .points-down', (e) => e.length);
    assert.ok(reserveUp > 0 && reserveDown === 0, `own reserve: ${reserveUp} up, ${reserveDown} down`);
    await shot(page, 'daisy-top-seat', size);
    // Flipped back, Player 1 at the bottom: Player 1's pieces point up.
    await page.click('#flip');
    const asOne = await pointing(page);
    assert.ok(asOne[1].every((d) => d === 'up') && asOne[2].every((d) => d === 'down'), JSON.stringify(asOne));
    await page.context().close();
  });

  test(`${size.tag}: the friend's link is in view, with a Copy button`, async () => {
    const page = await pageAt(size, { permissions: ['clipboard-read', 'clipboard-write'] });
    await startFromPage(page, env.server.url, 'obsidian', { opponent: 'friend' });
    const input = page.locator('input[data-testid=invite-link]');
    const box = await input.boundingBox();
    assert.ok(box, 'the invite link shows');
    assert.ok(box.y >= 0 && box.y + box.height <= size.height, `in view without scrolling: ${JSON.stringify(box)}`);
    const copy = page.locator('button[data-copies=invite-link]');
    const copyBox = await copy.boundingBox();
    assert.ok(copyBox && copyBox.y + copyBox.height <= size.height, 'the Copy button is in view');
    await copy.click();
    await page.waitForSelector('button[data-copies=invite-link]:text("Copied")');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await input.inputValue());
    assert.match(copied, /\/g\/[0-9a-f]+#2=[0-9a-f]+$/);
    await shot(page, 'friend-link', size);
    await page.context().close();
  });

  test(`${size.tag}: "New game" from a timed game keeps its clock`, async () => {
    const page = await pageAt(size);
    await openNewGame(page, { game: 'sprint', opponent: 'bot', level: 1, side: '1', first: '1', clock: '5m+3s' });
    const timed = await gameState(page);
    assert.ok(timed.clock, 'a timed game');
    const before = new URL(page.url()).pathname;
    await Promise.all([page.waitForURL((url) => url.pathname !== before), page.click('#new-game')]);
    await page.waitForSelector('body[data-ready=yes]');
    const state = await gameState(page);
    assert.equal(state.clock?.control, timed.clock.control);
    assert.equal(state.bot_level, 1);
    assert.ok(await page.isVisible('#clocks'));
    await page.context().close();
  });

  test(`${size.tag}: a game won on the board opens with its result on the evaluation bar`, async () => {
    const page = await pageAt(size);
    // A Sprint position where Black (to move) wins at once by a capture to White's baseline.
    const created = await openNewGame(page, { game: 'sprint', opponent: 'local', position: '1b3b/b1b1b1/1w1b2/6/1w1w1w/w3w1 2 0 3' });
    await page.evaluate(async ({ id, token }) => {
      await fetch(`/api/games/${id}/moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seat: 2, token, move: 'c5a3c1' }) });
    }, { id: created.id, token: created.tokens['2'] });
    await page.reload();
    await page.waitForSelector('#analysis[data-ply="1"]', { timeout: 30000 });
    // The bar is all Black's: nothing to search, the game is won.
    assert.equal(await page.$eval('#eval-fill', (e) => e.style.width), '0%');
    assert.match(await page.textContent('#eval-text'), /Black \(Player 2\) wins/);
    await shot(page, 'won-game-bar', size);
    await page.context().close();
  });

  test(`${size.tag}: Daisy's reserve comes before the board in keyboard order`, async () => {
    const page = await pageAt(size);
    await openNewGame(page, { game: 'daisy', opponent: 'bot', level: 1, side: '1', first: '1' });
    await page.waitForFunction(() => document.body.dataset.canMove === 'yes', null, { timeout: 30000 });
    const order = [];
    await page.focus('header .brand');
    for (let i = 0; i < 60 && !order.includes('board'); i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return '';
        if (el.id === 'board') return 'board';
        if (el.classList.contains('reserve-piece')) return `reserve:${el.getAttribute('data-owner')}`;
        return el.id || el.tagName.toLowerCase();
      }));
    }
    const reserve = order.indexOf('reserve:1');
    const board = order.indexOf('board');
    assert.ok(reserve >= 0 && board >= 0 && reserve < board, `the player's reserve before the board: ${order.join(', ')}`);
    // It still shows below the board.
    const reserveBox = await page.locator('#reserve-bottom').boundingBox();
    const boardBox = await page.locator('#board').boundingBox();
    assert.ok(reserveBox && boardBox && reserveBox.y >= boardBox.y + boardBox.height - 1, 'drawn below the board');
    await page.context().close();
  });
}

/** Words of the project's rulebook that are for its developers, never for players. */
const INTERNAL = /\bseeds?\b|\bperft\b|reconstruction|our title|rulebook|position (given as text|string)|--first|SPEC\.md|as written by its author/i;

for (const size of SIZES) {
  test(`${size.tag}: the rules pages speak to players`, async () => {
    const page = await pageAt(size);
    for (const [game, title] of [['obsidian', 'Obsidian'], ['daisy', 'Daisy'], ['sprint', 'Sprint'], ['parity', 'Parity']]) {
      await page.goto(`${env.server.url}/rules/${game}`);
      await page.waitForSelector('body[data-ready=yes]');
      const text = await page.textContent('#rules-text');
      assert.doesNotMatch(text, INTERNAL, `${game}: ${text.match(INTERNAL)?.[0]}`);
      assert.match(text, new RegExp(`How to play ${title}`));
      // The rules themselves are all there: the heading, the win, the rulings.
      assert.match(await page.textContent('#full-rules ~ h3'), new RegExp(`^\\d\\. ${title} \\(`));
      assert.match(text, /Win/);
      assert.match(text, /Rulings/);
    }
    await shot(page, 'rules-parity', size);
    await page.context().close();
  });
}
