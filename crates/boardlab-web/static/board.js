// The SVG board: squares, coordinates, tokens, and the marks of a move being chosen.

import { pieceInfo, tooltip } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
const S = 64; // one square
const M = 26; // margin for the coordinates

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const PARITY_FILL = { B: '#3d3d46', W: '#ecebe4', R: '#d2483f', U: '#3a74c9' };

function squareFill(game, file, rank, mark) {
  if (game === 'parity') return PARITY_FILL[mark] || '#ccc';
  if (game === 'daisy') return '#e9c98b';
  const dark = (file + rank) % 2 === 0; // a1 is dark
  if (game === 'sprint') return dark ? '#7a5236' : '#f1dfbd';
  return dark ? '#b58863' : '#f0d9b5';
}

/** Draws one token for `letter` of player `owner` centred at (0,0) into `g`. */
export function drawToken(g, game, letter, owner) {
  if (game === 'obsidian') {
    const info = pieceInfo(game, letter);
    el('circle', { r: 27, fill: owner === 1 ? '#fffdf6' : '#2b2b30', stroke: owner === 1 ? '#8a7a60' : '#0f0f12', 'stroke-width': 1.5, opacity: 0.9 }, g);
    const t = el('text', {
      class: 'glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', y: 2,
      fill: owner === 1 ? '#ffffff' : '#111114', stroke: owner === 1 ? '#3a3226' : '#e9e4d8',
      'stroke-width': 1.3, 'font-size': 40,
    }, g);
    t.textContent = info.glyph + '\uFE0E';
    return;
  }
  if (game === 'daisy') {
    // A shogi-like five-sided token pointing at the opponent.
    const pts = '0,-28 19,-18 24,26 -24,26 -19,-18';
    const body = el('polygon', {
      points: pts, fill: owner === 1 ? '#f7e2b0' : '#c99a5b', stroke: '#5a3b17', 'stroke-width': 2,
      transform: owner === 2 ? 'rotate(180)' : '',
    }, g);
    body.setAttribute('stroke-linejoin', 'round');
    const t = el('text', {
      'text-anchor': 'middle', 'dominant-baseline': 'central', y: owner === 2 ? -2 : 4,
      'font-size': 26, 'font-weight': 700, fill: owner === 1 ? '#2a1a08' : '#fff7e6', class: 'letter',
    }, g);
    t.textContent = letter.toUpperCase();
    return;
  }
  // Sprint and Parity: round stones.
  const light = owner === 1;
  el('circle', { r: 25, cy: 2, fill: 'rgba(0,0,0,0.35)' }, g);
  el('circle', { r: 25, fill: light ? '#fbf7ee' : '#26262b', stroke: light ? '#857b66' : '#000', 'stroke-width': 2 }, g);
  el('circle', { r: game === 'sprint' ? 16 : 8, fill: 'none', stroke: light ? '#cfc5ae' : '#55555e', 'stroke-width': 3 }, g);
}

/**
 * Draws `view` into the SVG element `svg`.
 * opts: { game, names, flipped, last: [squares], selected, steps: [squares], targets: {next, final},
 *         hints: Set of squares to ring (the pieces that can move) or null }
 */
export function drawBoard(svg, view, opts) {
  const { width: W, height: H } = view;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W * S + 2 * M} ${H * S + 2 * M}`);
  const defs = el('defs', {}, svg);
  const hatch = el('pattern', { id: 'closed', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
  el('rect', { width: 10, height: 10, fill: 'rgba(255,255,255,0.0)' }, hatch);
  el('line', { x1: 0, y1: 0, x2: 0, y2: 10, stroke: 'rgba(255,255,255,0.55)', 'stroke-width': 4 }, hatch);

  el('rect', { x: 0, y: 0, width: W * S + 2 * M, height: H * S + 2 * M, rx: 10, class: 'frame', fill: opts.game === 'daisy' ? '#c79a55' : '#5b3d26' }, svg);
  const pos = (file, rank) => {
    const col = opts.flipped ? W - 1 - file : file;
    const row = opts.flipped ? rank : H - 1 - rank;
    return [M + col * S, M + row * S];
  };
  const coord = (x, y, text) => {
    const t = el('text', { x, y, class: 'coord', 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: opts.game === 'daisy' ? '#3b2608' : '#f3e6cf' }, svg);
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
    el('rect', { x, y, width: S, height: S, fill: squareFill(opts.game, file, rank, cell.mark), stroke: opts.game === 'daisy' ? '#6b4a1c' : 'none', 'stroke-width': opts.game === 'daisy' ? 1.2 : 0 }, sq);
    if (opts.game === 'parity' && cell.mark && (cell.mark === 'R' || cell.mark === 'U')) {
      if (view.open_colour && cell.mark !== view.open_colour) {
        el('rect', { x, y, width: S, height: S, fill: 'rgba(0,0,0,0.28)', class: 'closed' }, sq);
        el('rect', { x, y, width: S, height: S, fill: 'url(#closed)' }, sq);
      }
      const title = el('title', {}, sq);
      title.textContent = `${cell.sq}: ${cell.mark === 'R' ? 'red' : 'blue'} space, ${cell.mark === view.open_colour ? 'open now' : 'closed now'}`;
    }
    if (last.has(cell.sq)) {
      const attrs = opts.game === 'parity'
        ? { x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 5, fill: 'none', stroke: '#ffd60a', 'stroke-width': 5 }
        : { x, y, width: S, height: S, fill: 'rgba(255, 214, 10, 0.42)' };
      el('rect', { ...attrs, class: 'last-move' }, sq);
    }
    if (opts.hints && opts.hints.has(cell.sq)) {
      el('rect', { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 8, fill: 'none', stroke: '#d1495b', 'stroke-width': 4, class: 'hint' }, sq);
    }
    if (opts.selected === cell.sq) el('rect', { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: 'selected', fill: 'rgba(40,160,90,0.35)', stroke: '#1d7a45', 'stroke-width': 3 }, sq);
    if (cell.piece) {
      const g = el('g', { transform: `translate(${x + S / 2},${y + S / 2})`, class: `piece owner${cell.owner}`, 'data-sq': cell.sq, 'data-piece': cell.piece }, pieces);
      drawToken(g, opts.game, cell.piece, cell.owner);
      const title = el('title', {}, g);
      title.textContent = tooltip(opts.game, cell.piece, opts.names[cell.owner]);
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
      const attrs = cell.piece
        ? { cx, cy, r: 29, fill: 'none', stroke: 'rgba(20,120,60,0.85)', 'stroke-width': 5 }
        : { cx, cy, r: 11, fill: 'rgba(20,120,60,0.75)' };
      el('circle', { ...attrs, class: 'target', 'data-sq': cell.sq }, marks);
    } else if (targets.final.has(cell.sq)) {
      el('circle', { cx, cy, r: 13, fill: 'none', stroke: 'rgba(20,120,60,0.75)', 'stroke-width': 4, 'stroke-dasharray': '5 4', class: 'target final', 'data-sq': cell.sq }, marks);
    }
  }
}

/** A small SVG of one token, for reserves and legends. */
export function tokenSvg(game, letter, owner, size = 40) {
  const svg = el('svg', { viewBox: '-32 -32 64 64', width: size, height: size, class: 'token' });
  drawToken(svg, game, letter, owner);
  return svg;
}
