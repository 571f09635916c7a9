// The SVG board: squares, coordinates, tokens, and the marks of a move being chosen.

import { pieceOf, tooltip } from './pieces.js';

/** @typedef {import('./types.js').Look} Look */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').PieceKind} PieceKind */
/** @typedef {import('./types.js').MarkKind} MarkKind */

const NS = 'http://www.w3.org/2000/svg';
const S = 64; // one square
const M = 26; // margin for the coordinates

/**
 * The centre of square `sq` in the board's drawing, for a board `width` by `height`.
 * @param {string} sq
 * @param {number} width
 * @param {number} height
 * @param {boolean} flipped Player 2 at the bottom.
 * @returns {[number, number]}
 */
export function squareCentre(sq, width, height, flipped) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  const col = flipped ? width - 1 - file : file;
  const row = flipped ? rank : height - 1 - rank;
  return [M + col * S + S / 2, M + row * S + S / 2];
}

/**
 * A new SVG element with its attributes, added to `parent` if given.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const node = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * The kind of a square's mark ({ mark, name, fill, opens }), if the board has marks.
 * @param {Look} look
 * @param {string | null | undefined} mark
 * @returns {MarkKind | null}
 */
function markKind(look, mark) {
  return look.board.marks.find((m) => m.mark === mark) || null;
}

/**
 * @param {Look} look
 * @param {number} file
 * @param {number} rank
 * @param {string | null | undefined} mark
 * @returns {string} a CSS colour
 */
function squareFill(look, file, rank, mark) {
  const kind = markKind(look, mark);
  if (kind) return kind.fill;
  return (file + rank) % 2 === 0 ? look.board.dark : look.board.light; // a1 is dark
}

/**
 * Dots where a piece steps and strokes where it slides, around a wedge's letter.
 * @param {Element} g
 * @param {PieceKind} kind
 */
function drawPattern(g, kind) {
  /** @type {(f: number, r: number, d: number) => [number, number]} */
  const at = (f, r, d) => {
    const len = Math.hypot(f, r);
    return [(f / len) * d, (-r / len) * d + 2];
  };
  for (const [f, r] of kind.slides) {
    const [x1, y1] = at(f, r, 11);
    const [x2, y2] = at(f, r, 20);
    el('line', { x1, y1, x2, y2, stroke: 'currentColor', 'stroke-width': 2.6, 'stroke-linecap': 'round', class: 'pattern' }, g);
  }
  for (const [f, r] of kind.steps) {
    const [cx, cy] = at(f, r, Math.hypot(f, r) > 1.5 ? 20 : 16);
    el('circle', { cx, cy, r: 2.6, fill: 'currentColor', class: 'pattern' }, g);
  }
}

/**
 * Draws one token for `letter` of player `owner` centred at (0,0) into `g`. A token that
 * points at its opponent points up for the player at the bottom of the board: Player 1,
 * or Player 2 on a flipped board.
 * @param {Element} g
 * @param {Look} look
 * @param {string} letter
 * @param {number | null} owner 1 or 2 (a light token for 1)
 * @param {boolean} [flipped] Player 2 at the bottom.
 */
export function drawToken(g, look, letter, owner, flipped = false) {
  const found = pieceOf(look, letter);
  const light = owner === 1;
  const up = light !== flipped;
  if (look.tokens === 'glyph') {
    el('circle', { r: 27, fill: light ? '#fffdf6' : '#2b2b30', stroke: light ? '#8a7a60' : '#0f0f12', 'stroke-width': 1.5, opacity: 0.9 }, g);
    const t = el('text', {
      class: 'glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', y: 2,
      fill: light ? '#ffffff' : '#111114', stroke: light ? '#3a3226' : '#e9e4d8',
      'stroke-width': 1.3, 'font-size': 40,
    }, g);
    t.textContent = found && found.kind.glyph ? found.kind.glyph + '\uFE0E' : letter;
    return;
  }
  if (look.tokens === 'wedge') {
    // A five-sided token pointing at the opponent, dotted where the piece moves.
    const turned = el('g', { transform: up ? '' : 'rotate(180)', color: light ? '#7a4b12' : '#fff1d6', class: up ? 'points-up' : 'points-down' }, g);
    const body = el('polygon', {
      points: '0,-28 19,-18 24,26 -24,26 -19,-18', fill: light ? '#f7e2b0' : '#8a5a2b', stroke: '#5a3b17', 'stroke-width': 2,
    }, turned);
    body.setAttribute('stroke-linejoin', 'round');
    if (found) drawPattern(turned, found.kind);
    const t = el('text', {
      'text-anchor': 'middle', 'dominant-baseline': 'central', y: up ? 4 : -2,
      'font-size': 21, 'font-weight': 700, fill: light ? '#2a1a08' : '#fff7e6', class: 'letter',
    }, g);
    t.textContent = letter.toUpperCase();
    return;
  }
  // Round stones.
  el('circle', { r: 25, cy: 2, fill: 'rgba(0,0,0,0.35)' }, g);
  el('circle', { r: 25, fill: light ? '#fbf7ee' : '#26262b', stroke: light ? '#857b66' : '#000', 'stroke-width': 2 }, g);
  el('circle', { r: 14, fill: 'none', stroke: light ? '#cfc5ae' : '#55555e', 'stroke-width': 3 }, g);
}

/**
 * What a board shows besides its position.
 * @typedef {object} BoardOptions
 * @property {Look} look The game's look, from the catalog.
 * @property {boolean} [flipped] Player 2 at the bottom.
 * @property {string | null} [cursor] The keyboard's square.
 * @property {string[]} [last] The squares of the last move.
 * @property {string | null} [selected] The square of the piece picked.
 * @property {string[]} [steps] The landing squares chosen so far.
 * @property {import('./moves.js').Targets} [targets] Where the piece picked may land.
 * @property {Set<string> | null} [hints] Squares to ring (the pieces that can move).
 * @property {string[]} [premove] The squares of a premove waiting for the turn.
 */

/**
 * Draws `view` into the SVG element `svg`.
 * @param {SVGSVGElement} svg
 * @param {View} view
 * @param {BoardOptions} opts
 */
export function drawBoard(svg, view, opts) {
  const { width: W, height: H } = view;
  const { look } = opts;
  const marked = look.board.marks.length > 0;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W * S + 2 * M} ${H * S + 2 * M}`);
  const defs = el('defs', {}, svg);
  const hatch = el('pattern', { id: 'closed', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
  el('rect', { width: 10, height: 10, fill: 'rgba(255,255,255,0.0)' }, hatch);
  el('line', { x1: 0, y1: 0, x2: 0, y2: 10, stroke: 'rgba(255,255,255,0.55)', 'stroke-width': 4 }, hatch);

  el('rect', { x: 0, y: 0, width: W * S + 2 * M, height: H * S + 2 * M, rx: 10, class: 'frame', fill: look.board.frame }, svg);
  /** @type {(file: number, rank: number) => [number, number]} */
  const pos = (file, rank) => {
    const col = opts.flipped ? W - 1 - file : file;
    const row = opts.flipped ? rank : H - 1 - rank;
    return [M + col * S, M + row * S];
  };
  /** @type {(x: number, y: number, text: string) => void} */
  const coord = (x, y, text) => {
    const t = el('text', { x, y, class: 'coord', 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: look.board.coordinates }, svg);
    t.textContent = text;
  };
  for (let file = 0; file < W; file++) {
    const [x] = pos(file, 0);
    const letter = String.fromCharCode(97 + file);
    coord(x + S / 2, M / 2, letter);
    coord(x + S / 2, H * S + M * 1.5, letter);
  }
  for (let rank = 0; rank < H; rank++) {
    const [, y] = pos(0, rank);
    coord(M / 2, y + S / 2, String(rank + 1));
    coord(W * S + M * 1.5, y + S / 2, String(rank + 1));
  }
  const last = new Set(opts.last || []);
  const board = el('g', { class: 'squares' }, svg);
  const pieces = el('g', { class: 'pieces' }, svg);
  for (const cell of view.cells) {
    const file = cell.sq.charCodeAt(0) - 97;
    const rank = Number(cell.sq.slice(1)) - 1;
    const [x, y] = pos(file, rank);
    const sq = el('g', { 'data-sq': cell.sq, class: 'square' }, board);
    const grid = look.board.grid;
    el('rect', { x, y, width: S, height: S, fill: squareFill(look, file, rank, cell.mark), stroke: grid || 'none', 'stroke-width': grid ? 1.2 : 0 }, sq);
    const kind = markKind(look, cell.mark);
    if (kind) {
      const closed = kind.opens && view.open_colour && cell.mark !== view.open_colour;
      if (closed) {
        el('rect', { x, y, width: S, height: S, fill: 'rgba(0,0,0,0.28)', class: 'closed' }, sq);
        el('rect', { x, y, width: S, height: S, fill: 'url(#closed)' }, sq);
      }
      const title = el('title', {}, sq);
      title.textContent = `${cell.sq}: ${kind.name}${kind.opens ? (closed ? ', closed now' : ', open now') : ''}`;
    }
    if (last.has(cell.sq)) {
      /** @type {Record<string, string | number>} */
      const attrs = marked
        ? { x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 5, fill: 'none', stroke: '#ffd60a', 'stroke-width': 5 }
        : { x, y, width: S, height: S, fill: 'rgba(255, 214, 10, 0.42)' };
      el('rect', { ...attrs, class: 'last-move' }, sq);
    }
    if (opts.premove && opts.premove.includes(cell.sq)) {
      el('rect', { x, y, width: S, height: S, fill: 'rgba(43, 111, 214, 0.38)', class: 'premove' }, sq);
    }
    if (opts.hints && opts.hints.has(cell.sq)) {
      el('rect', { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 8, fill: 'none', stroke: '#d1495b', 'stroke-width': 4, class: 'hint' }, sq);
    }
    if (opts.cursor === cell.sq) el('rect', { x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 4, class: 'cursor', fill: 'none', stroke: '#2b6fd6', 'stroke-width': 4, 'stroke-dasharray': '8 4' }, sq);
    if (opts.selected === cell.sq) el('rect', { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: 'selected', fill: 'rgba(40,160,90,0.35)', stroke: '#1d7a45', 'stroke-width': 3 }, sq);
    if (cell.piece) {
      const g = el('g', { transform: `translate(${x + S / 2},${y + S / 2})`, class: `piece owner${cell.owner}`, 'data-sq': cell.sq, 'data-piece': cell.piece }, pieces);
      drawToken(g, look, cell.piece, cell.owner, opts.flipped);
      const title = el('title', {}, g);
      title.textContent = tooltip(look, cell.piece);
    }
  }
  const marks = el('g', { class: 'marks' }, svg);
  const targets = opts.targets || { next: new Set(), final: new Set() };
  for (const cell of view.cells) {
    const file = cell.sq.charCodeAt(0) - 97;
    const rank = Number(cell.sq.slice(1)) - 1;
    const [x, y] = pos(file, rank);
    const cx = x + S / 2, cy = y + S / 2;
    const step = (opts.steps || []).indexOf(cell.sq);
    if (step >= 0) {
      el('circle', { cx, cy, r: 15, fill: 'rgba(29,122,69,0.9)', class: 'step', 'data-sq': cell.sq }, marks);
      const t = el('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#fff', 'font-size': 16, 'font-weight': 700, 'data-sq': cell.sq }, marks);
      t.textContent = String(step + 1);
    }
    if (targets.next.has(cell.sq)) {
      /** @type {Record<string, string | number>} */
      const attrs = cell.piece
        ? { cx, cy, r: 29, fill: 'none', stroke: 'rgba(20,120,60,0.85)', 'stroke-width': 5 }
        : { cx, cy, r: 11, fill: 'rgba(20,120,60,0.75)' };
      el('circle', { ...attrs, class: 'target', 'data-sq': cell.sq }, marks);
    } else if (targets.final.has(cell.sq)) {
      el('circle', { cx, cy, r: 13, fill: 'none', stroke: 'rgba(20,120,60,0.75)', 'stroke-width': 4, 'stroke-dasharray': '5 4', class: 'target final', 'data-sq': cell.sq }, marks);
    }
  }
}

/**
 * A small SVG of one token, for reserves and legends.
 * @param {Look} look
 * @param {string} letter
 * @param {number} owner
 * @param {number} [size] its width and height in pixels
 * @param {boolean} [flipped] Player 2 at the bottom (its tokens point up).
 * @returns {SVGElement}
 */
export function tokenSvg(look, letter, owner, size = 40, flipped = false) {
  const svg = el('svg', { viewBox: '-32 -32 64 64', width: size, height: size, class: 'token' });
  drawToken(svg, look, letter, owner, flipped);
  return svg;
}
