// For each game: start a game against the bot on the start page, make moves by clicking,
// see the bot answer, and take screenshots at the start and in the middle of the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, newPage, waitPly, waitMyTurn, gameState, playByClicks, startFromPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

/** Picks a move for the test player: a varied but repeatable choice among the legal moves. */
function choose(legal, turn) {
  return legal[(turn * 7 + 3) % legal.length];
}

for (const game of ['obsidian', 'daisy', 'sprint', 'parity']) {
  test(`${game}: moves by clicking against the bot`, async () => {
    const page = await newPage(env.browser);
    await startFromPage(page, env.server.url, game);
    await waitMyTurn(page);
    await page.screenshot({ path: join(SHOTS, `${game}-start.png`), fullPage: true });
    const turns = game === 'daisy' ? 8 : 5;
    for (let turn = 0; turn < turns; turn++) {
      const state = await gameState(page);
      if (state.result) break;
      const move = choose(state.legal, turn);
      await playByClicks(page, move);
      const after = await waitPly(page, state.ply + 1);
      const now = await gameState(page);
      assert.equal(now.moves[state.ply], move, 'the clicked move was played');
      if (now.result) break;
      // The bot answers.
      await waitPly(page, state.ply + 2);
      assert.ok(after >= state.ply + 1);
      const answered = await gameState(page);
      if (answered.result) break;
      await waitMyTurn(page);
    }
    const final = await gameState(page);
    assert.ok(final.ply >= 4, `several moves were played (${final.ply})`);
    const catalog = await page.evaluate(() => fetch('/api/catalog').then((r) => r.json()));
    const proposed = catalog.find((card) => card.id === game).default_level;
    assert.equal(final.seats['2'], `bot (level ${proposed})`, 'the default opponent is the proposed level');
    await page.screenshot({ path: join(SHOTS, `${game}-mid.png`), fullPage: true });
    await page.context().close();
  });
}
