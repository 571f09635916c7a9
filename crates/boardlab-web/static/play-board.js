// The game page's board and what stands around it: the SVG board with the marks of the move
// being chosen, the reserves, the squares open now, the pieces in words for screen readers,
// and the legend of the pieces.

import { $, $of } from './dom.js';
import { drawBoard, tokenSvg } from './board.js';
import { touchedSquares } from './moves.js';
import { describe, pieceOf } from './pieces.js';
import { canMove, isLive, seatWord, shownPly } from './play-page.js';
import { drawAnnotations } from './play-annotations.js';
import { animateMove } from './play-animation.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Card} Card */

/**
 * The SVG element of the board.
 * @returns {SVGSVGElement}
 */
export const boardElement = () => $of('#board', SVGSVGElement);

/**
 * The board square under a point of the window (a pointer's), if any.
 * @param {number} x
 * @param {number} y
 * @returns {string | null}
 */
export function squareAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const sq = hit && hit.closest('#board [data-sq]');
  return sq instanceof SVGElement ? sq.dataset.sq ?? null : null;
}

/**
 * Draws the board of `view`: the last move, the piece picked, its targets, the keyboard's
 * cursor and the hints.
 * @param {PlayPage} page
 * @param {View} view
 */
export function renderBoard(page, view) {
  const ply = shownPly(page);
  const board = boardElement();
  const movable = canMove(page);
  const picker = page.picker;
  const targets = movable ? picker.targets() : { next: new Set(), final: new Set() };
  drawBoard(board, view, {
    look: page.game.look,
    flipped: page.flipped,
    last: ply > 0 ? touchedSquares(page.state.played_moves[ply - 1]) : [],
    selected: movable ? picker.from : null,
    cursor: page.cursor.shown && document.activeElement === board ? page.cursor.square : null,
    steps: movable ? picker.steps : [],
    targets,
    hints: movable ? page.hints : null,
    premove: page.premove ? [page.premove.from, page.premove.to ?? ''].filter((s) => s) : [],
  });
  board.classList.toggle('movable', movable);
  drawAnnotations(board, page, view);
  if (page.slide && isLive(page)) animateMove(board, page, view, page.slide);
  page.slide = null;
  $('.board-area').style.setProperty('--ratio', String((view.width + 0.8) / (view.height + 0.8)));
}

/**
 * The reserves of games with drops, each next to its owner's side of the board; a click on
 * a piece that can be dropped picks it.
 * @param {PlayPage} page
 * @param {View} view
 */
export function renderReserves(page, view) {
  const { state, game, picker } = page;
  const top = $('#reserve-top');
  const bottom = $('#reserve-bottom');
  top.replaceChildren();
  bottom.replaceChildren();
  top.hidden = bottom.hidden = !view.reserves;
  $('.board-area').classList.toggle('with-reserves', !!view.reserves);
  if (!view.reserves) return;
  for (const owner of [1, 2]) {
    const box = (owner === 1) !== page.flipped ? bottom : top;
    const label = document.createElement('div');
    label.className = 'reserve-label';
    label.textContent = `${state.names[owner]} reserve \u2014 ${seatWord(page, owner)}`;
    box.appendChild(label);
    const list = document.createElement('div');
    list.className = 'reserve-list';
    const entries = view.reserves[owner - 1];
    if (entries.length === 0) {
      const empty = document.createElement('span');
      empty.className = 'reserve-empty';
      empty.textContent = 'empty';
      list.appendChild(empty);
    }
    for (const { letter, count } of entries) {
      const item = document.createElement('button');
      item.className = 'reserve-piece';
      item.dataset.drop = letter;
      item.dataset.owner = String(owner);
      const droppable = canMove(page) && owner === view.to_move && picker.canPickDrop(letter);
      item.disabled = !droppable;
      if (picker.drop === letter.toUpperCase() && droppable) item.classList.add('selected');
      item.appendChild(tokenSvg(game.look, letter, owner, 42, page.flipped));
      const badge = document.createElement('span');
      badge.className = 'count';
      badge.textContent = `\u00d7${count}`;
      item.appendChild(badge);
      item.title = `${letter}, ${describe(game.look, letter)}. ${count} in reserve; click it, then an empty square to drop it`;
      item.setAttribute('aria-label', `${pieceOf(game.look, letter)?.kind.name ?? letter} (${letter}), ${count} in reserve`);
      item.addEventListener('click', () => {
        page.picker.pickDrop(letter);
        page.render();
      });
      list.appendChild(item);
    }
    box.appendChild(list);
  }
}

/**
 * Which of the squares that open and close are open now (Parity's red or blue spaces).
 * @param {PlayPage} page
 * @param {View} view
 */
export function renderOpenSquares(page, view) {
  const open = $('#open');
  const kinds = page.game.look.board.marks.filter((m) => m.opens);
  const now = kinds.find((m) => m.mark === view.open_colour);
  open.hidden = !now;
  if (!now) return;
  open.replaceChildren();
  open.style.borderColor = now.fill;
  const swatch = document.createElement('span');
  swatch.className = 'swatch';
  swatch.style.background = now.fill;
  open.appendChild(swatch);
  const text = document.createElement('span');
  const bold = document.createElement('b');
  const name = now.name[0].toUpperCase() + now.name.slice(1);
  bold.textContent = `${name}s are open`;
  text.appendChild(bold);
  text.appendChild(document.createElement('br'));
  const closed = kinds.filter((m) => m !== now).map((m) => `${m.name}s`).join(', ');
  const pieces = `${view.piece_count} ${view.piece_count === 1 ? 'piece' : 'pieces'}`;
  text.appendChild(document.createTextNode(`${pieces} on the board; ${closed} are closed (hatched).`));
  open.appendChild(text);
}

/**
 * A list of the pieces on the board per side, and the board's label, for screen readers.
 * @param {PlayPage} page
 * @param {View} view
 */
export function renderBoardText(page, view) {
  const { state, game } = page;
  const list = $('#board-text');
  list.replaceChildren();
  for (const owner of [1, 2]) {
    const pieces = view.cells
      .filter((c) => c.owner === owner)
      .map((c) => `${pieceOf(game.look, c.piece ?? '')?.kind.name ?? c.piece} on ${c.sq}`);
    const li = document.createElement('li');
    li.textContent = `${state.names[owner]}: ${pieces.length ? pieces.join(', ') : 'no pieces'}`;
    list.appendChild(li);
  }
  boardElement().setAttribute('aria-label', `${game.title} board, ${state.result ? 'game over' : `${state.names[view.to_move]} to move`}`);
}

/**
 * The legend of the game's pieces: each token with its name and how it moves.
 * @param {Card} game
 */
export function renderLegend(game) {
  const list = $('#legend-list');
  list.replaceChildren();
  for (const kind of game.look.pieces) {
    const item = document.createElement('li');
    item.className = 'legend-item';
    const tokens = document.createElement('span');
    tokens.className = 'legend-tokens';
    tokens.appendChild(tokenSvg(game.look, kind.letters[0], 1, 34));
    tokens.appendChild(tokenSvg(game.look, kind.letters[1], 2, 34));
    item.appendChild(tokens);
    const words = document.createElement('span');
    const name = document.createElement('b');
    name.textContent = `${kind.name} (${kind.letters.join(' ')})`;
    words.appendChild(name);
    words.appendChild(document.createTextNode(` ${kind.moves}${kind.note ? `; ${kind.note}` : ''}.`));
    item.appendChild(words);
    list.appendChild(item);
  }
}
