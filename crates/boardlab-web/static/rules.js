// The rules page: how to play in plain words with small boards (each piece's moves and the
// game's lessons, from the catalog), then the game's section of RULES.md with its rulings.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { $, $of, optionLabel } from './dom.js';
import { touchedSquares } from './moves.js';

/** @typedef {import('./types.js').Card} Card */
/** @typedef {import('./types.js').Look} Look */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').PieceKind} PieceKind */
/** @typedef {import('./board.js').BoardOptions} BoardOptions */

const NS = 'http://www.w3.org/2000/svg';

const gameId = decodeURIComponent(location.pathname.split('/')[2] || '');

/**
 * @param {string} text
 * @returns {string} the text with `&`, `<` and `>` escaped for HTML
 */
function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * @param {string} text a line of Markdown
 * @returns {string} its HTML: code, bold and italics
 */
function inline(text) {
  return escape(text)
    // A rule option's key (`no_progress_plies`) is said as its label, as the start page says it.
    .replace(/`([a-z]+(?:_[a-z]+)+)`/g, (_, key) => `<em class="rule-name">${optionLabel(key)}</em>`)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
}

/**
 * What marks a sentence of RULES.md as written for the project's developers rather than for
 * players: where a rule came from (the seed texts, our titles and reconstructions), the
 * tools (perft, position strings, command options) and the specification's file.
 */
const BEHIND_THE_SCENES = /\bseeds?\b|\bperft\b|reconstruction|our title|rulebook the project|position (given as text|string)|--first|SPEC\.md/i;

/**
 * A block of RULES.md (a heading, a bullet, a paragraph) as players read it: remarks on
 * sources and tools left out (a heading's tail after a dash, a parenthesis, a sentence),
 * and the whole block when its first sentence is such a remark. Empty when nothing is left.
 * @param {string} text
 * @returns {string}
 */
function forPlayers(text) {
  let t = text
    .replace(/\s+\u2014\s+[^\u2014]*$/, (tail) => (BEHIND_THE_SCENES.test(tail) ? '' : tail))
    .replace(/\s*\([^()]*\)/g, (aside) => (BEHIND_THE_SCENES.test(aside) ? '' : aside));
  const sentences = t.split(/(?<=[.!?])\s+(?=[A-Z*"`(])/);
  if (BEHIND_THE_SCENES.test(sentences[0])) return '';
  t = sentences.filter((s) => !BEHIND_THE_SCENES.test(s)).join(' ');
  return t.trim();
}

/**
 * A small Markdown renderer for the constructs RULES.md uses, for players ([forPlayers]).
 * @param {string[]} lines
 * @returns {string} HTML
 */
function render(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line) || /^-{5,}$/.test(line)) { i++; continue; }
    const h = line.match(/^(#{1,4})\s+(.*)$/);
    if (h) { out.push(`<h${h[1].length + 1}>${inline(forPlayers(h[2]))}</h${h[1].length + 1}>`); i++; continue; }
    if (line.startsWith('    ')) {
      const block = [];
      while (i < lines.length && (lines[i].startsWith('    ') || lines[i].trim() === '')) block.push(lines[i++].slice(4));
      out.push(`<pre>${escape(block.join('\n').trimEnd())}</pre>`);
      continue;
    }
    if (line.startsWith('|')) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      /** @type {(r: string) => string[]} */
      const cells = (r) => r.split('|').slice(1, -1).map((c) => c.trim());
      let html = '<table><thead><tr>' + cells(rows[0]).map((c) => `<th>${inline(c)}</th>`).join('') + '</tr></thead><tbody>';
      for (const r of rows.slice(2)) html += '<tr>' + cells(r).map((c) => `<td>${inline(c)}</td>`).join('') + '</tr>';
      out.push(html + '</tbody></table>');
      continue;
    }
    if (/^- /.test(line)) {
      const items = [];
      while (i < lines.length && (/^- /.test(lines[i]) || /^ {2}\S/.test(lines[i]))) {
        if (/^- /.test(lines[i])) items.push(lines[i].slice(2));
        else items[items.length - 1] += ' ' + lines[i].trim();
        i++;
      }
      const kept = items.map(forPlayers).filter((t) => t);
      if (kept.length) out.push('<ul>' + kept.map((t) => `<li>${inline(t)}</li>`).join('') + '</ul>');
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||- |    |-{5,})/.test(lines[i])) para.push(lines[i++]);
    const text = forPlayers(para.join(' '));
    if (text) out.push(`<p>${inline(text)}</p>`);
  }
  return out.join('\n');
}

/**
 * A small board in a figure with a caption.
 * @param {View} view
 * @param {Look} look
 * @param {Omit<BoardOptions, 'look'>} opts
 * @param {string} caption
 * @returns {HTMLElement}
 */
function diagram(view, look, opts, caption) {
  const figure = document.createElement('figure');
  figure.className = 'diagram';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', caption);
  drawBoard(svg, view, { look, flipped: false, ...opts });
  figure.appendChild(svg);
  const text = document.createElement('figcaption');
  text.textContent = caption;
  figure.appendChild(text);
  return figure;
}

/**
 * The squares a piece of Player 1 on `at` reaches on an empty board of `view`'s size.
 * @param {PieceKind} kind
 * @param {View} view
 * @param {[number, number]} at its file and rank, from 0
 * @returns {Set<string>}
 */
function reach(kind, view, at) {
  /** @type {(f: number, r: number) => boolean} */
  const inside = (f, r) => f >= 0 && r >= 0 && f < view.width && r < view.height;
  /** @type {(f: number, r: number) => string} */
  const name = (f, r) => `${String.fromCharCode(97 + f)}${r + 1}`;
  /** @type {Set<string>} */
  const out = new Set();
  for (const [df, dr] of kind.steps) if (inside(at[0] + df, at[1] + dr)) out.add(name(at[0] + df, at[1] + dr));
  for (const [df, dr] of kind.slides) {
    for (let f = at[0] + df, r = at[1] + dr; inside(f, r); f += df, r += dr) out.add(name(f, r));
  }
  return out;
}

/**
 * How to play: the summary, each piece on a small board with where it moves, the lessons.
 * @param {Card} game
 * @returns {HTMLElement}
 */
function howToPlay(game) {
  const look = game.look;
  const section = document.createElement('section');
  section.className = 'how-to-play';
  section.innerHTML = `<h2>How to play ${game.title}</h2>`;
  const summary = document.createElement('p');
  summary.textContent = game.description;
  section.appendChild(summary);
  const pieces = document.createElement('h3');
  pieces.textContent = look.pieces.length > 1 ? 'The pieces' : 'The piece';
  section.appendChild(pieces);
  const grid = document.createElement('div');
  grid.className = 'diagrams';
  const empty = game.start_view;
  /** @type {[number, number]} */
  const at = [Math.floor((empty.width - 1) / 2), Math.floor((empty.height - 1) / 2)];
  const centre = `${String.fromCharCode(97 + at[0])}${at[1] + 1}`;
  for (const kind of look.pieces) {
    /** @type {import('./types.js').Cell[]} */
    const cells = empty.cells.map((c) => ({ ...c, piece: null, owner: null }));
    const here = cells.find((c) => c.sq === centre);
    if (here) {
      here.piece = kind.letters[0];
      here.owner = 1;
    }
    const view = { ...empty, cells, reserves: null, open_colour: null };
    const words = `${kind.name} (${kind.letters.join(' ')}): ${kind.moves}${kind.note ? `; ${kind.note}` : ''}.`;
    grid.appendChild(diagram(view, look, { targets: { next: reach(kind, view, at), final: new Set() } }, words));
  }
  section.appendChild(grid);
  if (game.lessons.length) {
    const h = document.createElement('h3');
    h.textContent = 'In play';
    section.appendChild(h);
    const lessons = document.createElement('div');
    lessons.className = 'diagrams';
    for (const lesson of game.lessons) {
      const squares = lesson.move_shapes.flatMap((m) => touchedSquares(m));
      const figure = diagram(lesson.view, look, { last: squares }, `${lesson.title}. ${lesson.text}`);
      figure.classList.add('lesson');
      lessons.appendChild(figure);
    }
    section.appendChild(lessons);
  }
  return section;
}

/**
 * The section of RULES.md on a built-in game, with the rules common to all of them.
 * @param {string} gameId
 * @returns {Promise<string>} HTML
 */
async function rulesText(gameId) {
  const text = await (await fetch('/static/RULES.md')).text();
  const lines = text.split('\n');
  /** @type {number[]} */
  const starts = [];
  lines.forEach((l, i) => { if (/^## \d+\. /.test(l)) starts.push(i); });
  const common = lines.slice(0, starts[0]);
  /** @type {string[] | null} */
  let section = null;
  for (const [k, s] of starts.entries()) {
    if (lines[s].toLowerCase().includes(gameId.toLowerCase())) section = lines.slice(s, starts[k + 1] ?? lines.length);
  }
  if (!section) return '';
  return '<h2 id="full-rules">The rules in full, with every ruling</h2>' + render(section) + '<h2>Rules common to all four games</h2>' + render(common.filter((l) => !l.startsWith('# ')));
}

async function main() {
  const body = $('#rules-text');
  let info;
  try {
    info = await api.card(gameId);
  } catch (e) {
    body.innerHTML = `<p>No game called '${escape(gameId)}'.</p>`;
    document.body.dataset.ready = 'yes';
    return;
  }
  document.title = `Rules of ${info.title} \u2014 boardlab`;
  if (info.source === 'built-in') {
    body.innerHTML = await rulesText(gameId);
  } else {
    body.innerHTML = '<p class="muted">This game was made by its designer in a rules file: its pieces move as shown above, and its goal is the one its description gives at the top of this page.</p>';
  }
  body.prepend(howToPlay(info));
  const play = $of('#play-link', HTMLAnchorElement);
  play.href = `/?game=${encodeURIComponent(gameId)}`;
  play.textContent = `Play ${info.title}`;
  document.body.dataset.ready = 'yes';
}

main();
