// Puzzles in the browser: one solved and one failed by clicks on the board, signed in, with
// the puzzle rating shown after the first; at 1366x768 and at 390x844.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, clickSquare, watchPolicy, policyViolations, SHOTS } from './helpers.js';

const env = serverAndBrowser();

/** The puzzle shown, with its solution read from the server's files through the API's answer. */
async function shownPuzzle(page) {
  return page.evaluate(async () => {
    const id = document.body.dataset.puzzle;
    return (await fetch(`/api/puzzles/${id}`)).json();
  });
}

/** Plays a move's squares by clicks. */
async function playShape(page, shape) {
  for (const sq of [shape.from, ...shape.path]) await clickSquare(page, sq);
}

for (const [label, viewport] of [['desktop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
  test(`a puzzle solved and one failed by clicks (${label})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    await watchPolicy(page);
    // Signed in, so that the first answer is rated.
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector('body[data-ready=yes]');
    const name = `Puzzler${label}`;
    await page.evaluate(async (n) => {
      await fetch('/api/accounts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: `${n} password` }) });
    }, name);
    await page.click('a.nav-link[href="/puzzles"]');
    await page.waitForSelector('body[data-ready=yes]');
    // Sprint's puzzles, proven by the solver.
    await page.selectOption('#puzzle-game', 'sprint');
    await page.waitForFunction(() => document.body.dataset.puzzle?.startsWith('sprint-'));
    assert.match(await page.textContent('#puzzle-task'), /to move: find the one move that wins \(win in \d+\)/);

    // The solution, learnt by answering on another tab signed out would rate nobody: the
    // test takes it from the puzzle files the server embeds, through a wrong answer first.
    const first = await shownPuzzle(page);
    const solution = await page.evaluate(async (p) => {
      const wrong = p.legal[0];
      const answer = await (await fetch(`/api/puzzles/${p.id}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'omit', body: JSON.stringify({ move: wrong }) })).json();
      return answer.solution;
    }, first);
    const right = first.legal_moves.find((m) => m.text === solution);
    await playShape(page, right);
    await page.waitForSelector('body[data-correct=yes]');
    assert.match(await page.textContent('#puzzle-result'), /^Solved/);
    assert.match(await page.textContent('#puzzle-rating'), /Your puzzle rating: 1662\? \(\+162\.3\)/);
    await page.screenshot({ path: join(SHOTS, `puzzle-solved-${label}.png`), fullPage: true });

    // The next one, failed: any legal move but the solution.
    await page.click('#puzzle-next');
    await page.waitForFunction((id) => document.body.dataset.puzzle !== id && document.body.dataset.answered === 'no', first.id);
    const second = await shownPuzzle(page);
    const answer = await page.evaluate(async (p) => {
      const r = await fetch(`/api/puzzles/${p.id}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'omit', body: JSON.stringify({ move: p.legal[0] }) });
      return r.json();
    }, second);
    const wrong = second.legal_moves.find((m) => m.text !== answer.solution);
    await playShape(page, wrong);
    await page.waitForSelector('body[data-correct=no]');
    assert.match(await page.textContent('#puzzle-result'), new RegExp(`winning move was ${answer.solution}`));
    await page.screenshot({ path: join(SHOTS, `puzzle-failed-${label}.png`), fullPage: true });
    assert.deepEqual(await policyViolations(page), []);
    await context.close();
  });
}

test('an Obsidian puzzle: one move wins material or the D, by a deeper search', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await watchPolicy(page);
  await page.goto(`${env.server.url}/puzzles?game=obsidian`);
  await page.waitForSelector('body[data-ready=yes]');
  // The page lists the games the server has puzzles of.
  const options = await page.$$eval('#puzzle-game option', (o) => o.map((e) => e.value));
  for (const game of ['sprint', 'parity', 'obsidian']) assert.ok(options.includes(game), options.join());
  assert.equal(await page.inputValue('#puzzle-game'), 'obsidian');
  const shown = await shownPuzzle(page);
  assert.equal(shown.game, 'obsidian');
  // Its answer, from the API's own check: the one move that the server accepts.
  const answer = await page.evaluate(async (p) => {
    for (const move of p.legal) {
      const r = await fetch(`/api/puzzles/${p.id}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move }) });
      if ((await r.json()).correct) return move;
    }
    return null;
  }, shown);
  assert.ok(answer, 'one legal move solves it');
  const shape = shown.legal_moves.find((m) => m.text === answer);
  await playShape(page, shape);
  await page.waitForSelector('#puzzle-result.good');
  await page.screenshot({ path: join(SHOTS, 'puzzle-obsidian.png'), fullPage: true });
  assert.deepEqual(await policyViolations(page), []);
  await context.close();
});
