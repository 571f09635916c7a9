// What the game page shows beside the board (issue 37, point 6), at 1366x768 and 390x844:
// each player's captures, how long each move took, and a clear warning before a move that
// lets the opponent win at once (there is no check rule: beginners hang their D).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, gameState, clickSquare, squareCentre, waitPly, SHOTS, SIZES, pageAt, openNewGame } from './helpers.js';

const env = serverAndBrowser();

/** A page of this window size, on a new game made through the API from the site. */
async function gamePage(size, request) {
  const page = await pageAt(env, size);
  await openNewGame(env, page, request);
  return page;
}

for (const size of SIZES) {
  test(`${size.tag}: a move that hangs the D asks first; a capture shows beside its captor`, async () => {
    // White's D on d1 and rook on h1, Black's rook on a2 and D on d8.
    const page = await gamePage(size, { game: 'obsidian', opponent: 'local', position: '3D4/8/8/8/8/8/A7/3d3a 1 0 1' });
    // d1d2 steps into the rook's file: the page warns, and "Don't play it" keeps the position.
    await clickSquare(page, 'd1');
    await clickSquare(page, 'd2');
    await page.waitForSelector('#risk:not([hidden])');
    assert.equal(await page.textContent('#risk-text'), 'Careful: after this move Black (Player 2) could then take your D.');
    const box = await page.locator('#risk').boundingBox();
    assert.ok(box && box.y + box.height <= size.height + 400, 'the warning is by the board');
    await page.screenshot({ path: join(SHOTS, `in_game-risk-${size.tag}.png`), fullPage: true });
    await page.click('#risk-cancel');
    assert.equal(await page.isVisible('#risk'), false);
    assert.equal((await gameState(page)).ply, 0);
    // A safe move plays at once.
    await clickSquare(page, 'h1');
    await clickSquare(page, 'h2');
    await waitPly(page, 1);
    assert.equal(await page.isVisible('#risk'), false);
    // Black takes White's rook with its own: the capture shows on Black's line.
    await clickSquare(page, 'a2');
    await clickSquare(page, 'h2');
    await waitPly(page, 2);
    const black = page.locator('#players li[data-seat="2"] .captured');
    await black.waitFor();
    assert.equal(await black.getAttribute('data-captured'), 'a1');
    assert.match(await black.getAttribute('aria-label'), /captured: 1 rook/);
    // And "Play it anyway" plays a hanging move: the D steps next to the rook.
    await clickSquare(page, 'd1');
    await clickSquare(page, 'e2');
    await page.waitForSelector('#risk:not([hidden])');
    await page.click('#risk-play');
    await waitPly(page, 3);
    // Each move after the first shows how long it took.
    const took = await page.$$eval('#movelist .mv[data-took]', (items) => items.map((e) => e.getAttribute('data-took')));
    assert.equal(took.length, 2, JSON.stringify(took));
    for (const t of took) assert.match(t, /^\d+\.\ds$|^\d+s$/);
    await page.screenshot({ path: join(SHOTS, `in_game-captured-${size.tag}.png`), fullPage: true });
    await page.context().close();
  });
}

for (const size of SIZES) {
  test(`${size.tag}: right-button arrows and marks play nothing; a left click clears them`, async () => {
    const page = await gamePage(size, { game: 'obsidian', opponent: 'local' });
    await page.waitForFunction(() => document.body.dataset.canMove === 'yes');
    const centre = (sq) => squareCentre(page, sq);
    const e2 = await centre('e2');
    const e4 = await centre('e4');
    await page.mouse.move(e2.x, e2.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(e4.x, e4.y, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    // (A straight line has no width: "attached", not "visible".)
    await page.waitForSelector('#board .annotations .arrow[data-from="e2"][data-to="e4"]', { state: 'attached' });
    const d5 = await centre('d5');
    await page.mouse.click(d5.x, d5.y, { button: 'right' });
    await page.waitForSelector('#board .annotations .mark[data-sq="d5"]', { state: 'attached' });
    assert.equal((await gameState(page)).ply, 0, 'nothing was played');
    assert.equal(await page.locator('#board .selected').count(), 0, 'nothing was picked');
    await page.screenshot({ path: join(SHOTS, `in_game-arrows-${size.tag}.png`), fullPage: true });
    // Right-clicking the mark again takes it away; a left click clears the rest.
    await page.mouse.click(d5.x, d5.y, { button: 'right' });
    await page.waitForFunction(() => !document.querySelector('#board .annotations .mark'));
    const h5 = await centre('h5');
    await page.mouse.click(h5.x, h5.y);
    await page.waitForFunction(() => !document.querySelector('#board .annotations'));
    await page.context().close();
  });
}

test('a bot\'s move slides onto its square; with reduced motion nothing moves', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 }, reducedMotion });
    const page = await context.newPage();
    await page.goto(env.server.url + '/');
    await page.waitForSelector('body[data-ready=yes]');
    const created = await page.evaluate(async () => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'sprint', opponent: 'bot', level: 1, side: '2', first: '1' }) });
      return r.json();
    });
    await page.goto(env.server.url + created.links.play);
    await page.waitForSelector('body[data-ready=yes]');
    // Loaded after the bot's first move, or seeing it arrive: play one move and watch the answer.
    await page.waitForFunction(() => document.body.dataset.canMove === 'yes', null, { timeout: 30000 });
    const { legal_moves: moves } = await gameState(page);
    const move = moves.find((m) => m.from);
    await clickSquare(page, move.from);
    for (const sq of move.path) await clickSquare(page, sq);
    await waitPly(page, 3);
    const state = await gameState(page);
    const animated = await page.evaluate(() => document.body.dataset.animated ?? null);
    if (reducedMotion === 'reduce') assert.equal(animated, null, 'no animation with reduced motion');
    else assert.equal(animated, state.moves[2], 'the bot\'s answer slid, not our own move');
    await context.close();
  }
});

test('a premove made during the opponent\'s turn is played when the turn comes; an illegal one is dropped', async () => {
  const size = { width: 1366, height: 768 };
  const white = await gamePage(size, { game: 'sprint', opponent: 'friend', side: '1', first: '1' });
  const invite = await white.inputValue('input[data-testid=invite-link]');
  const blackContext = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const black = await blackContext.newPage();
  await black.goto(invite);
  await black.waitForSelector('body[data-ready=yes]');
  // White to move: Black chooses a5-b4 now; it shows on Black's board.
  await clickSquare(black, 'a5');
  await clickSquare(black, 'b4');
  await black.waitForFunction(() => document.querySelectorAll('#board .premove').length === 2);
  assert.match(await black.textContent('#message'), /Premove a5 to b4/);
  await clickSquare(white, 'f2');
  await clickSquare(white, 'e3');
  await waitPly(black, 2);
  await black.waitForFunction(() => Number(document.body.dataset.ply) === 2);
  assert.deepEqual((await gameState(black)).moves, ['f2e3', 'a5b4']);
  assert.equal(await black.locator('#board .premove').count(), 0);
  // A premove that is not legal when the turn comes is dropped, with a note.
  await clickSquare(black, 'c5');
  await clickSquare(black, 'c4');
  await clickSquare(white, 'e1');
  await clickSquare(white, 'f2');
  await waitPly(black, 3);
  await black.waitForSelector('#message:text("dropped")');
  assert.equal((await gameState(black)).ply, 3);
  // Black moves; then, White to move again, a premove is cancelled with Escape.
  await clickSquare(black, 'c5');
  await clickSquare(black, 'd4');
  await waitPly(black, 4);
  await clickSquare(black, 'e5');
  await clickSquare(black, 'f4');
  await black.waitForFunction(() => document.querySelectorAll('#board .premove').length === 2);
  await black.screenshot({ path: join(SHOTS, 'in_game-premove-phone.png'), fullPage: true });
  await black.focus('#board');
  await black.keyboard.press('Escape');
  await black.waitForFunction(() => document.querySelectorAll('#board .premove').length === 0);
  const [answer] = (await gameState(white)).legal_moves;
  await clickSquare(white, answer.from);
  for (const sq of answer.path) await clickSquare(white, sq);
  await waitPly(black, 5);
  await black.waitForTimeout(300);
  assert.equal((await gameState(black)).ply, 5, 'the cancelled premove was not played');
  await white.context().close();
  await blackContext.close();
});
