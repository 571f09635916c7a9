// The players' lines beside the board: each side and who plays it, a dot for whether they
// are on the game's page (games between people), and the opponent's pieces they captured
// (games without reserves: where captured pieces go to a reserve, the reserve shows them).

import { $ } from './dom.js';
import { tokenSvg } from './board.js';
import { pieceOf } from './pieces.js';
import { sideAndSeat } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Draws both players' lines, the one at the bottom of the board last.
 * @param {PlayPage} page
 */
export function renderPlayers(page) {
  const { state, game, online } = page;
  const list = $('#players');
  const showCaptures = !state.view?.reserves;
  list.hidden = false;
  const order = page.flipped ? [1, 2] : [2, 1];
  list.replaceChildren(...order.map((seat) => {
    const item = document.createElement('li');
    item.dataset.seat = String(seat);
    if (online) {
      item.dataset.online = online[seat] ? 'yes' : 'no';
      const dot = document.createElement('span');
      dot.className = `presence ${online[seat] ? 'online' : 'away'}`;
      dot.setAttribute('aria-hidden', 'true');
      item.title = online[seat] ? 'on this game\u2019s page now' : 'not on this game\u2019s page';
      item.append(dot);
    }
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = sideAndSeat(page, seat);
    item.append(who);
    if (online) {
      const words = document.createElement('span');
      words.className = 'sr-only';
      words.textContent = online[seat] ? ' (online)' : ' (away)';
      item.append(words);
    }
    const taken = showCaptures ? state.captured?.[seat] ?? [] : [];
    if (taken.length > 0) {
      const box = document.createElement('span');
      box.className = 'captured';
      const names = [];
      for (const { letter, count } of taken) {
        const found = pieceOf(game.look, letter);
        for (let i = 0; i < Math.min(count, 8); i++) box.append(tokenSvg(game.look, letter, found?.owner ?? 3 - seat, 18, page.flipped));
        if (count > 8) box.append(`\u00d7${count}`);
        names.push(`${count} ${found?.kind.name ?? letter}`);
      }
      box.setAttribute('role', 'img');
      box.setAttribute('aria-label', `captured: ${names.join(', ')}`);
      box.dataset.captured = taken.map((p) => `${p.letter}${p.count}`).join(' ');
      item.append(box);
    }
    return item;
  }));
}
