// The moves that arrive (the opponent's, the bot's) slide from their square to their
// target; a dropped piece fades in. Short (150 ms), and none at all for a player who asks
// the system for reduced motion. The page's own moves land where the player put them.

import { squareCentre } from './board.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */
/** @typedef {import('./types.js').MoveShape} MoveShape */
/** @typedef {import('./types.js').View} View */

/** How long a slide takes, in ms. */
const SLIDE_MS = 150;

/**
 * Animates `move` (just drawn into `svg`, the board of `view`), unless reduced motion is
 * asked for.
 * @param {SVGSVGElement} svg
 * @param {PlayPage} page
 * @param {View} view
 * @param {MoveShape} move
 */
export function animateMove(svg, page, view, move) {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const target = move.path[move.path.length - 1];
  const piece = svg.querySelector(`.piece[data-sq="${target}"]`);
  if (!(piece instanceof SVGGElement) || !target) return;
  document.body.dataset.animated = move.text;
  if (!move.from) {
    piece.animate([{ opacity: 0 }, { opacity: 1 }], { duration: SLIDE_MS, easing: 'ease-out' });
    return;
  }
  const centre = (/** @type {string} */ sq) => squareCentre(sq, view.width, view.height, page.flipped);
  const [x0, y0] = centre(move.from);
  const [x1, y1] = centre(target);
  // The piece's own transform places it on its square; the slide starts it back at the
  // square it left, through each square of a chain.
  const frames = [[x0, y0], ...move.path.map(centre)].map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
  frames[frames.length - 1] = { transform: `translate(${x1}px, ${y1}px)` };
  piece.animate(frames, { duration: SLIDE_MS * Math.max(1, move.path.length), easing: 'ease-out' });
}
