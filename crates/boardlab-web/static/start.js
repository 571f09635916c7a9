// The start page: pick a game, an opponent, a side and the rule options, then start.

import * as api from './api.js';
import { tokenSvg } from './board.js';
import { $, $of, errorText, optionLabel } from './dom.js';
import { pieceOf } from './pieces.js';
import { forgetMyGames, myGames } from './mygames.js';
import { setupAccount } from './account.js';
import { setupLobby } from './lobby.js';

/** @typedef {import('./types.js').Card} Card */

/**
 * What the start page knows: the games on offer, and the one chosen.
 * @type {{ games: Card[], chosen: Card | null }}
 */
const page = { games: [], chosen: null };

/**
 * A select of the page.
 * @param {string} sel
 * @returns {HTMLSelectElement}
 */
const $select = (sel) => $of(sel, HTMLSelectElement);

/**
 * The card of a game: its sample tokens, title, size and summary; a click chooses it.
 * @param {Card} game
 * @returns {HTMLElement}
 */
function card(game) {
  const c = document.createElement('article');
  c.className = 'card';
  c.dataset.game = game.id;
  c.tabIndex = 0;
  const art = document.createElement('div');
  art.className = 'card-art';
  for (const letter of game.look.sample) {
    const found = pieceOf(game.look, letter);
    if (found) art.appendChild(tokenSvg(game.look, letter, found.owner, 46));
  }
  c.appendChild(art);
  const h = document.createElement('h2');
  h.textContent = game.title;
  c.appendChild(h);
  const size = document.createElement('div');
  size.className = 'size';
  size.textContent = `${game.size} board`;
  c.appendChild(size);
  const p = document.createElement('p');
  p.textContent = game.description;
  c.appendChild(p);
  const rules = document.createElement('a');
  rules.href = `/rules/${encodeURIComponent(game.id)}`;
  rules.textContent = 'Read the rules';
  rules.addEventListener('click', (e) => e.stopPropagation());
  c.appendChild(rules);
  c.addEventListener('click', () => choose(game.id));
  c.addEventListener('keydown', (e) => { if (e.key === 'Enter') choose(game.id); });
  return c;
}

/**
 * Chooses a game: its setup form, with its sides, rule options, levels and board.
 * @param {string} id
 */
function choose(id) {
  const chosen = page.games.find((g) => g.id === id);
  if (!chosen) return;
  page.chosen = chosen;
  for (const c of document.querySelectorAll('.card')) {
    if (c instanceof HTMLElement) c.classList.toggle('selected', c.dataset.game === id);
  }
  $('#setup').hidden = false;
  $('#setup-title').textContent = `New game of ${chosen.title}`;
  const side = $select('#side');
  side.replaceChildren();
  for (const [value, label] of [['1', `${chosen.names[1]} (moves ${chosen.first_drawn ? 'first or second' : 'first'})`], ['2', chosen.names[2]], ['random', 'Random']]) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    side.appendChild(o);
  }
  $('#first-row').hidden = !chosen.first_drawn;
  const rules = $('#rules');
  rules.replaceChildren();
  for (const opt of chosen.options) {
    const row = document.createElement('label');
    row.className = 'rule';
    const bool = opt.default === 'true' || opt.default === 'false';
    const input = document.createElement('input');
    input.name = opt.name;
    input.dataset.rule = opt.name;
    if (bool) {
      input.type = 'checkbox';
      input.checked = opt.default === 'true';
    } else {
      input.type = 'number';
      input.min = '0';
      input.value = opt.default;
    }
    row.appendChild(input);
    const text = document.createElement('span');
    const name = document.createElement('strong');
    name.className = 'rule-name';
    name.textContent = optionLabel(opt.name);
    text.append(name, ` \u2014 ${opt.help}`);
    row.appendChild(text);
    rules.appendChild(row);
  }
  const level = $select('#level');
  if (chosen.levels) {
    // The levels differ by game (the perfect player is offered where a game is solved):
    // rebuild them, keeping the choice where the new game has it.
    const previous = level.value;
    const keep = chosen.levels.some(({ level: n }) => String(n) === previous);
    level.replaceChildren();
    for (const { level: n, label, description } of chosen.levels) {
      const o = document.createElement('option');
      o.value = String(n);
      o.textContent = `${label}: ${description}`;
      // The default opponent is the level the server proposes: one that plays real moves.
      o.selected = keep ? String(n) === previous : n === chosen.default_level;
      level.appendChild(o);
    }
  }
  $('#no-rules').hidden = chosen.options.length > 0 || !!chosen.board;
  $('#board-row').hidden = !chosen.board;
  $of('#board-layout', HTMLTextAreaElement).value = chosen.board || '';
  const marks = chosen.look.board.marks.map((m) => `${m.mark} ${m.name}`).join(', ');
  $('#board-label').textContent = `Board layout: one row per line, from the top; ${marks}`;
  updateOpponent();
  $('#setup').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

/**
 * The opponent chosen: `bot`, `friend` or `local`.
 * @returns {string}
 */
const opponentChosen = () => $of('input[name=opponent]:checked', HTMLInputElement).value;

/** Shows the fields the opponent chosen needs: the bot's level, the side. */
function updateOpponent() {
  const opponent = opponentChosen();
  $('#level-row').hidden = opponent !== 'bot';
  $('#side-row').hidden = opponent === 'local';
}

/**
 * Starts the game chosen, as the form says, and goes to it.
 * @param {SubmitEvent} event
 */
async function start(event) {
  event.preventDefault();
  const chosen = page.chosen;
  if (!chosen) return;
  const opponent = opponentChosen();
  /** @type {Record<string, string>} */
  const rules = {};
  for (const input of document.querySelectorAll('#rules input')) {
    if (!(input instanceof HTMLInputElement)) continue;
    rules[input.dataset.rule ?? ''] = input.type === 'checkbox' ? String(input.checked) : input.value;
  }
  /** @type {Record<string, unknown>} */
  const request = { game: chosen.id, opponent, side: $select('#side').value, rules };
  if (opponent === 'bot') request.level = Number($select('#level').value);
  if (chosen.first_drawn) request.first = $select('#first').value;
  if ($select('#clock').value !== 'none') request.clock = $select('#clock').value;
  const layout = $of('#board-layout', HTMLTextAreaElement).value.trim();
  if (chosen.board && layout !== chosen.board) request.board = layout;
  try {
    const created = await api.createGame(request);
    if (created.links.invite) sessionStorage.setItem(`invite:${created.id}`, created.links.invite);
    location.href = created.links.play;
  } catch (e) {
    $('#error').textContent = errorText(e);
  }
}

/** The games whose seat links this browser holds (the game page remembers them). */
async function showMyGames() {
  const list = myGames();
  const section = $('#my-games');
  section.hidden = list.length === 0;
  const ul = $('#my-games-list');
  ul.replaceChildren();
  const shown = list.slice(0, 12);
  for (const g of shown) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/g/${g.id}${g.hash}`;
    a.textContent = `${g.title} against ${g.mode === 'bot' ? 'a bot' : g.mode === 'friend' ? 'a friend' : 'each other at one screen'}`;
    li.appendChild(a);
    const status = document.createElement('span');
    status.className = 'muted';
    status.textContent = new Date(g.at).toLocaleString();
    li.appendChild(status);
    ul.appendChild(li);
    api.gameState(g.id).then((s) => {
      const mine = s.view.to_move && g.seats.includes(s.view.to_move);
      status.textContent = s.result ? `${s.result.score}: ${s.result.text}` : `move ${s.ply}, ${mine ? 'your turn' : 'waiting'}`;
      li.dataset.state = s.result ? 'over' : mine ? 'your-turn' : 'waiting';
    }).catch(() => {
      status.textContent = 'no longer on this server';
    });
  }
  $('#forget-games').onclick = () => {
    forgetMyGames();
    showMyGames();
  };
}

/**
 * Adds a pasted game's card (in place of an earlier pasted one) and chooses it.
 * @param {Card} game
 */
function addPasted(game) {
  page.games = page.games.filter((g) => g.source !== 'pasted').concat([game]);
  for (const c of document.querySelectorAll('.card.pasted')) c.remove();
  const c = card(game);
  c.classList.add('pasted');
  $('#games').appendChild(c);
  choose(game.id);
}

/** Checks the pasted rules file; its game becomes a card, its problem is shown at its line. */
async function checkRules() {
  const area = $of('#rules-text', HTMLTextAreaElement);
  const error = $('#rules-error');
  error.textContent = '';
  try {
    addPasted(await api.pasteRules(area.value));
    $('#rules-ok').textContent = `${page.chosen?.title}: the rules read. Choose how to play it below.`;
  } catch (e) {
    $('#rules-ok').textContent = '';
    error.textContent = errorText(e);
    if (e instanceof api.ApiError && e.line) {
      // Put the cursor on the place of the problem.
      const lines = area.value.split('\n');
      const at = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + (e.column || 1) - 1;
      area.focus();
      area.setSelectionRange(at, Math.min(at + 1, area.value.length));
    }
  }
}

async function main() {
  page.games = await api.catalog();
  showMyGames();
  const grid = $('#games');
  for (const g of page.games) grid.appendChild(card(g));
  for (const r of document.querySelectorAll('input[name=opponent]')) r.addEventListener('change', updateOpponent);
  $('#setup').addEventListener('submit', (e) => start(/** @type {SubmitEvent} */ (e)));
  $('#rules-check').addEventListener('click', checkRules);
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted && page.games.some((g) => g.id === wanted)) choose(wanted);
  else if (wanted && wanted.startsWith('pasted:')) api.card(wanted).then(addPasted).catch(() => {});
  await setupAccount();
  await setupLobby().catch(() => {});
  document.body.dataset.ready = 'yes';
}

main();
