// The start page: pick a game, an opponent, a side and the rule options, then start.

import * as api from './api.js';
import { tokenSvg } from './board.js';
import { pieceOf } from './pieces.js';
import { forgetMyGames, myGames } from './mygames.js';

const $ = (sel) => document.querySelector(sel);
let games = [];
let chosen = null;

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

function choose(id) {
  chosen = games.find((g) => g.id === id);
  for (const c of document.querySelectorAll('.card')) c.classList.toggle('selected', c.dataset.game === id);
  $('#setup').hidden = false;
  $('#setup-title').textContent = `New game of ${chosen.title}`;
  const side = $('#side');
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
      input.min = 0;
      input.value = opt.default;
    }
    row.appendChild(input);
    const text = document.createElement('span');
    text.innerHTML = `<code>${opt.name}</code> \u2014 ${opt.help}`;
    row.appendChild(text);
    rules.appendChild(row);
  }
  const level = $('#level');
  if (chosen.levels) {
    // The levels differ by game (the perfect player is offered where a game is solved):
    // rebuild them, keeping the choice where the new game has it.
    const previous = level.value;
    const keep = chosen.levels.some(({ level: n }) => String(n) === previous);
    level.replaceChildren();
    for (const { level: n, label, description } of chosen.levels) {
      const o = document.createElement('option');
      o.value = n;
      o.textContent = `${label}: ${description}`;
      // The default opponent is the level the server proposes: one that plays real moves.
      o.selected = keep ? String(n) === previous : n === chosen.default_level;
      level.appendChild(o);
    }
  }
  $('#no-rules').hidden = chosen.options.length > 0 || !!chosen.board;
  $('#board-row').hidden = !chosen.board;
  $('#board-layout').value = chosen.board || '';
  const marks = chosen.look.board.marks.map((m) => `${m.mark} ${m.name}`).join(', ');
  $('#board-label').textContent = `Board layout: one row per line, from the top; ${marks}`;
  updateOpponent();
  $('#setup').scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

function updateOpponent() {
  const opponent = document.querySelector('input[name=opponent]:checked').value;
  $('#level-row').hidden = opponent !== 'bot';
  $('#side-row').hidden = opponent === 'local';
}

async function start(event) {
  event.preventDefault();
  if (!chosen) return;
  const opponent = document.querySelector('input[name=opponent]:checked').value;
  const rules = {};
  for (const input of document.querySelectorAll('#rules input')) {
    rules[input.dataset.rule] = input.type === 'checkbox' ? String(input.checked) : input.value;
  }
  const request = { game: chosen.id, opponent, side: $('#side').value, rules };
  if (opponent === 'bot') request.level = Number($('#level').value);
  if (chosen.first_drawn) request.first = $('#first').value;
  if ($('#clock').value !== 'none') request.clock = $('#clock').value;
  const layout = $('#board-layout').value.trim();
  if (chosen.board && layout !== chosen.board) request.board = layout;
  try {
    const created = await api.createGame(request);
    if (created.links.invite) sessionStorage.setItem(`invite:${created.id}`, created.links.invite);
    location.href = created.links.play;
  } catch (e) {
    $('#error').textContent = e.message;
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

/** Adds a pasted game's card (in place of an earlier pasted one) and chooses it. */
function addPasted(game) {
  games = games.filter((g) => g.source !== 'pasted').concat([game]);
  for (const c of document.querySelectorAll('.card.pasted')) c.remove();
  const c = card(game);
  c.classList.add('pasted');
  $('#games').appendChild(c);
  choose(game.id);
}

/** Checks the pasted rules file; its game becomes a card, its problem is shown at its line. */
async function checkRules() {
  const area = $('#rules-text');
  const error = $('#rules-error');
  error.textContent = '';
  try {
    addPasted(await api.pasteRules(area.value));
    $('#rules-ok').textContent = `${chosen.title}: the rules read. Choose how to play it below.`;
  } catch (e) {
    $('#rules-ok').textContent = '';
    error.textContent = e.message;
    if (e.line) {
      // Put the cursor on the place of the problem.
      const lines = area.value.split('\n');
      const at = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + (e.column || 1) - 1;
      area.focus();
      area.setSelectionRange(at, Math.min(at + 1, area.value.length));
    }
  }
}

async function main() {
  games = await api.catalog();
  showMyGames();
  const grid = $('#games');
  for (const g of games) grid.appendChild(card(g));
  for (const r of document.querySelectorAll('input[name=opponent]')) r.addEventListener('change', updateOpponent);
  $('#setup').addEventListener('submit', start);
  $('#rules-check').addEventListener('click', checkRules);
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted && games.some((g) => g.id === wanted)) choose(wanted);
  else if (wanted && wanted.startsWith('pasted:')) api.card(wanted).then(addPasted).catch(() => {});
  document.body.dataset.ready = 'yes';
}

main();
