// Arrows and square marks a player draws on the board with the right button, to think
// aloud: a right-drag from one square to another draws an arrow, a right-click marks a
// square (again: unmarks); a left click or a new move clears them. They never play a move,
// and the browser's context menu stays away from the board.

import { el, squareCentre } from './board.js';
import { squareAt } from './play-board.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */
/** @typedef {import('./types.js').View} View */

/**
 * Adds `item` to `list`, or takes it away if it is there.
 * @param {string[]} list
 * @param {string} item
 */
function toggle(list, item) {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
  else list.push(item);
}

/**
 * Draws the arrows and marks over the board just drawn into `svg`.
 * @param {SVGSVGElement} svg
 * @param {PlayPage} page
 * @param {View} view
 */
export function drawAnnotations(svg, page, view) {
  const { arrows, marks } = page.annotations;
  if (arrows.length === 0 && marks.length === 0) return;
  const layer = el('g', { class: 'annotations', 'pointer-events': 'none' }, svg);
  const defs = el('defs', {}, layer);
  const head = el('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: 'rgba(21,120,64,0.85)' }, head);
  const centre = (/** @type {string} */ sq) => squareCentre(sq, view.width, view.height, page.flipped);
  for (const sq of marks) {
    const [cx, cy] = centre(sq);
    el('circle', { cx, cy, r: 28, fill: 'none', stroke: 'rgba(21,120,64,0.85)', 'stroke-width': 5, class: 'mark', 'data-sq': sq }, layer);
  }
  for (const arrow of arrows) {
    const [from, to] = arrow.split('-');
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    // Stop short of the centre, so that the head sits inside the target square.
    const len = Math.hypot(x2 - x1, y2 - y1);
    const end = Math.max(0, len - 14) / len;
    el('line', {
      x1, y1, x2: x1 + (x2 - x1) * end, y2: y1 + (y2 - y1) * end,
      stroke: 'rgba(21,120,64,0.8)', 'stroke-width': 10, 'stroke-linecap': 'round',
      'marker-end': 'url(#arrow-head)', class: 'arrow', 'data-from': from, 'data-to': to,
    }, layer);
  }
}

/**
 * Listens to the right button on the board `board`: arrows and marks; a left press clears
 * them.
 * @param {SVGSVGElement} board
 * @param {PlayPage} page
 */
export function attachAnnotations(board, page) {
  /** @type {string | null} */
  let from = null;
  board.addEventListener('contextmenu', (e) => e.preventDefault());
  board.addEventListener('pointerdown', (e) => {
    if (e.button === 2) {
      from = squareAt(e.clientX, e.clientY);
    } else if (e.button === 0 && (page.annotations.arrows.length || page.annotations.marks.length)) {
      page.annotations = { arrows: [], marks: [] };
      page.render();
    }
  });
  document.addEventListener('pointerup', (e) => {
    if (e.button !== 2 || from === null) return;
    const to = squareAt(e.clientX, e.clientY);
    if (to === from) toggle(page.annotations.marks, to);
    else if (to) toggle(page.annotations.arrows, `${from}-${to}`);
    from = null;
    page.render();
  });
}
