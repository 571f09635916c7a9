// The game page's move list, and going through the moves: a click on a move, the buttons
// under the board's panel, and the left and right arrow keys.

import * as api from './api.js';
import { $ } from './dom.js';
import { shownPly } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Shows the board after `ply` moves (the live board for the last one).
 * @param {PlayPage} page
 * @param {number} ply
 */
export async function showPly(page, ply) {
  ply = Math.max(0, Math.min(page.state.ply, ply));
  if (ply === page.state.ply) {
    page.shownPly = null;
  } else {
    page.shownView = await api.gameView(page.id, ply);
    page.shownPly = ply;
  }
  page.picker.clear();
  page.render();
}

/**
 * Scrolls the move list's own box so that `item` shows in it; never the window
 * (scrollIntoView would scroll the whole page on a phone at every move).
 * @param {HTMLElement} list
 * @param {HTMLElement} item
 */
function scrollIntoList(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

/**
 * How long a move took, short: `3.2s`, `12s`, `4m05s`, `2h10m`, `3d4h`.
 * @param {number} ms
 * @returns {string}
 */
export function tookText(ms) {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)}s`;
  if (s < 60) return `${Math.floor(s)}s`;
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m${two(Math.floor(s % 60))}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${two(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86400)}d${Math.floor((s % 86400) / 3600)}h`;
}

/**
 * The moves played, numbered as the record writes them, each with the time it took (where
 * known); the one shown is marked.
 * @param {PlayPage} page
 */
export function renderMoveList(page) {
  const state = page.state;
  const list = $('#movelist');
  list.replaceChildren();
  const ply = shownPly(page);
  if (state.moves.length === 0) {
    const none = document.createElement('span');
    none.className = 'none';
    none.textContent = 'No moves yet.';
    list.appendChild(none);
  }
  // When Player 2 moved first (Parity draws who starts), the first move sits in
  // Player 2's column: "1... b5b4 2. a1a2", as the record writes it.
  const offset = state.first === 2 ? 1 : 0;
  state.moves.forEach((mv, i) => {
    const slot = i + offset;
    if (slot % 2 === 0 || i === 0) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = slot % 2 === 0 ? `${slot / 2 + 1}.` : `${(slot + 1) / 2}...`;
      list.appendChild(num);
    }
    const b = document.createElement('button');
    b.className = 'mv';
    b.textContent = mv;
    b.dataset.ply = String(i + 1);
    const took = state.move_ms?.[i];
    if (took !== null && took !== undefined) {
      // Shown after the move by the style sheet, so that the move's text stays the move.
      b.dataset.took = tookText(took);
      b.title = `${mv}: took ${tookText(took)}`;
    }
    if (i + 1 === ply) b.classList.add('current');
    b.addEventListener('click', () => showPly(page, i + 1));
    list.appendChild(b);
  });
  const cur = list.querySelector('.current');
  if (cur instanceof HTMLElement) scrollIntoList(list, cur);
  $('#ply-label').textContent = ply === state.ply ? `move ${ply} of ${state.ply} (live)` : `move ${ply} of ${state.ply}`;
}

/**
 * Listens to the buttons that go through the moves, and to the left and right arrow keys
 * (outside the fields where they move the caret).
 * @param {PlayPage} page
 */
export function attachNavigation(page) {
  $('#first').addEventListener('click', () => showPly(page, 0));
  $('#prev').addEventListener('click', () => showPly(page, shownPly(page) - 1));
  $('#next').addEventListener('click', () => showPly(page, shownPly(page) + 1));
  $('#last').addEventListener('click', () => showPly(page, page.state.ply));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof Element && e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') showPly(page, shownPly(page) - 1);
    if (e.key === 'ArrowRight') showPly(page, shownPly(page) + 1);
  });
}
