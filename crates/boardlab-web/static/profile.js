// A player's page: their rating at each game with its history drawn as a line, and their
// games, filtered by game, result and rated.

import * as api from './api.js';
import { $, $of, errorText } from './dom.js';
import { accountName, setupAccount } from './account.js';

/** @typedef {import('./types.js').Profile} Profile */
/** @typedef {import('./types.js').RatingPoint} RatingPoint */

const SVG = 'http://www.w3.org/2000/svg';

/** The player's name, from the address `/players/NAME`. */
const name = decodeURIComponent(location.pathname.split('/')[2] || '');

/** @type {Record<string, string>} The title of each game key. */
const titles = {};

/** @type {Record<string, string>} How the first player scores in each game's self-play, in words. */
const firstPlayer = {};

/** @param {string} key */
const titleOf = (key) => titles[key] ?? key;

/**
 * A rating's history as an SVG line: rating against game number, with the scale's ends
 * labelled.
 * @param {string} game
 * @param {RatingPoint[]} points
 * @returns {Element}
 */
function historyChart(game, points) {
  const figure = document.createElement('figure');
  figure.className = 'history-chart';
  const caption = document.createElement('figcaption');
  caption.textContent = `${titleOf(game)}: rating after each rated game`;
  const ratings = [points[0].before, ...points.map((p) => p.rating)];
  const low = Math.floor(Math.min(...ratings) / 50) * 50;
  const high = Math.max(low + 100, Math.ceil(Math.max(...ratings) / 50) * 50);
  const [width, height, left] = [320, 120, 44];
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${titleOf(game)} rating from ${Math.round(ratings[0])} to ${Math.round(ratings[ratings.length - 1])} over ${points.length} games`);
  const x = (/** @type {number} */ i) => left + (i * (width - left - 8)) / Math.max(1, ratings.length - 1);
  const y = (/** @type {number} */ r) => 8 + ((high - r) * (height - 16)) / (high - low);
  for (const value of [low, high]) {
    const label = document.createElementNS(SVG, 'text');
    label.setAttribute('x', '2');
    label.setAttribute('y', String(y(value) + 4));
    label.setAttribute('class', 'chart-label');
    label.textContent = String(value);
    svg.append(label);
  }
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' '));
  line.setAttribute('class', 'chart-line');
  svg.append(line);
  figure.append(caption, svg);
  return figure;
}

/** @param {Profile} profile */
function renderRatings(profile) {
  const list = $('#rating-list');
  list.replaceChildren();
  const games = Object.keys(profile.ratings);
  for (const game of games) {
    const r = profile.ratings[game];
    const row = document.createElement('tr');
    for (const text of [titleOf(game), `${Math.round(r.rating)}${r.provisional ? '?' : ''}`, `±${Math.round(r.deviation)}`, String(r.games), firstPlayer[game] ?? '']) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    list.append(row);
  }
  $('#ratings').hidden = games.length === 0;
  $('#no-ratings').hidden = games.length > 0;
  $('#history').replaceChildren(
    ...Object.entries(profile.history)
      .filter(([, points]) => points.length > 0)
      .map(([game, points]) => historyChart(game, points)),
  );
}

/** @param {Profile} profile */
function renderGames(profile) {
  const list = $('#game-list');
  list.replaceChildren();
  for (const g of profile.games) {
    const item = document.createElement('li');
    item.dataset.result = g.result;
    const link = document.createElement('a');
    link.href = `/g/${g.id}`;
    const against = g.opponent?.name ?? (g.opponent?.bot ? `bot level ${g.opponent.bot}` : g.mode === 'local' ? 'at one screen' : 'a friend by link');
    const result = { win: 'won', loss: 'lost', draw: 'drawn', playing: 'playing' }[g.result];
    link.textContent = `${titleOf(g.game)} against ${against}: ${result}${g.rated ? ', rated' : ''}`;
    const when = document.createElement('span');
    when.className = 'muted';
    when.textContent = ` ${new Date(g.created * 1000).toLocaleDateString()}`;
    item.append(link, when);
    if (g.your_turn) {
      const turn = document.createElement('strong');
      turn.className = 'to-move';
      turn.textContent = isOwn() ? ' your turn' : ' to move';
      item.append(turn);
    }
    list.append(item);
  }
  $('#no-games').hidden = profile.games.length > 0;
}

/** Whether the page is the signed-in player's own. */
const isOwn = () => accountName()?.toLowerCase() === name.toLowerCase();

/** On one's own page: the games where it is one's turn, whatever the filters. */
async function loadYourTurn() {
  if (!isOwn()) return;
  const playing = await api.player(name, { result: 'playing', limit: '100' }).catch(() => null);
  const mine = playing ? playing.games.filter((g) => g.your_turn) : [];
  $('#your-turn-list').replaceChildren(...mine.map((g) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/g/${g.id}`;
    const against = g.opponent?.name ?? (g.opponent?.bot ? `bot level ${g.opponent.bot}` : 'a friend');
    link.textContent = `${titleOf(g.game)} against ${against}${g.clock ? ` (${g.clock})` : ''}`;
    item.append(link);
    return item;
  }));
  $('#your-turn').hidden = mine.length === 0;
}

/** Loads the profile with the filters chosen. */
async function load() {
  /** @type {Record<string, string>} */
  const query = {};
  const game = $of('#filter-game', HTMLSelectElement).value;
  const result = $of('#filter-result', HTMLSelectElement).value;
  if (game) query.game = game;
  if (result) query.result = result;
  if ($of('#filter-rated', HTMLInputElement).checked) query.rated = 'true';
  try {
    const profile = await api.player(name, query);
    $('#player-name').textContent = profile.name;
    document.title = `${profile.name} \u2014 boardlab`;
    $('#profile-error').textContent = '';
    renderRatings(profile);
    renderGames(profile);
  } catch (e) {
    $('#profile-error').textContent = errorText(e);
  }
}

async function main() {
  await setupAccount();
  const games = await api.catalog().catch(() => []);
  const select = $of('#filter-game', HTMLSelectElement);
  for (const game of games) {
    titles[game.id] = game.title;
    const measured = game.first_player;
    if (measured) {
      firstPlayer[game.id] = `${(100 * measured.score).toFixed(1)}% (${(100 * measured.interval[0]).toFixed(1)}–${(100 * measured.interval[1]).toFixed(1)})`;
    }
    const option = document.createElement('option');
    option.value = game.id;
    option.textContent = game.title;
    select.append(option);
  }
  $('#game-filter').addEventListener('change', load);
  await load();
  await loadYourTurn();
  document.body.dataset.ready = 'yes';
}

main();
