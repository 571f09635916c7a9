// The start page's lobby: the open seeks, live (asked again every few seconds, which also
// keeps one's own seeks open), and the bots always waiting at a few levels; seeking a game,
// quick pairing by rating, and accepting a seek. When one's own seek is accepted, its game
// opens.

import * as api from './api.js';
import { $, $of, errorText } from './dom.js';
import { accountName, onAccount } from './account.js';
import { askForNotifications, notificationsOn, notifyTurn } from './notify.js';

/** @typedef {import('./types.js').Seek} Seek */

/** How often the lobby is asked again, in ms. */
const EVERY_MS = 2500;

/** The quick pairings offered: a game and a clock each. */
const QUICK = [
  { game: 'obsidian', clock: '5m+3s' },
  { game: 'daisy', clock: '5m+3s' },
  { game: 'sprint', clock: '3m+2s' },
  { game: 'parity', clock: '3m+2s' },
];

/**
 * What the lobby knows: the seeks listed, one's own seek waiting for a player, and the
 * games where it is one's turn (null before the first look: nothing to tell of then).
 * @type {{ seeks: Seek[], waiting: string | null, titles: Record<string, string>, myTurn: Set<string> | null }}
 */
const lobby = { seeks: [], waiting: null, titles: {}, myTurn: null };

/** Looks at the signed-in player's games: the ones where it is their turn, told of when new. */
async function refreshTurns() {
  const name = accountName();
  const box = $('#your-turn');
  if (!name) {
    box.hidden = true;
    lobby.myTurn = null;
    return;
  }
  const profile = await api.player(name, { result: 'playing', limit: '100' });
  const mine = profile.games.filter((g) => g.your_turn);
  const list = $('#your-turn-list');
  list.replaceChildren();
  for (const g of mine) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/g/${g.id}`;
    const against = g.opponent?.name ?? (g.opponent?.bot ? `bot level ${g.opponent.bot}` : 'a friend');
    link.textContent = `${lobby.titles[g.game] ?? g.game} against ${against}${g.clock ? ` (${g.clock})` : ''}`;
    item.append(link);
    list.append(item);
    if (lobby.myTurn && !lobby.myTurn.has(g.id)) notifyTurn(`Your turn: ${link.textContent}`, link.href);
  }
  lobby.myTurn = new Set(mine.map((g) => g.id));
  box.hidden = mine.length === 0;
  $('#notify-me').hidden = !('Notification' in window) || notificationsOn();
}

/** @param {string} text @param {boolean} [isError] */
function status(text, isError = false) {
  const box = $('#seek-status');
  box.textContent = text;
  box.classList.toggle('error', isError);
}

/** @param {string | null} clock */
const clockWords = (clock) => clock ?? 'no clock';

/**
 * One line of the lobby: the seeker and their rating, the game, the clock, rated or
 * casual, and the button that accepts (or withdraws one's own).
 * @param {Seek} seek
 * @returns {HTMLTableRowElement}
 */
function seekRow(seek) {
  const row = document.createElement('tr');
  row.dataset.seek = seek.id;
  const cell = (/** @type {string} */ text) => {
    const td = document.createElement('td');
    td.textContent = text;
    row.append(td);
    return td;
  };
  const who = cell('');
  if (seek.bot) {
    who.textContent = seek.seeker.name;
    if (seek.bot.description) who.title = seek.bot.description;
  } else {
    const link = document.createElement('a');
    link.href = `/players/${encodeURIComponent(seek.seeker.name)}`;
    link.textContent = seek.seeker.name;
    who.append(link, ` ${seek.seeker.rating}${seek.seeker.provisional ? '?' : ''}`);
  }
  cell(seek.title ?? seek.game);
  cell(clockWords(seek.clock));
  cell(seek.rated ? 'rated' : 'casual');
  const act = cell('');
  const button = document.createElement('button');
  if (seek.mine) {
    button.textContent = 'Withdraw';
    button.addEventListener('click', async () => {
      await api.withdrawSeek(seek.id).catch(() => null);
      if (lobby.waiting === seek.id) lobby.waiting = null;
      status('');
      refresh();
    });
  } else {
    button.textContent = 'Play';
    button.className = 'primary';
    // A bot plays anyone; a person, signed-in players.
    button.disabled = !seek.bot && !accountName();
    button.title = button.disabled ? 'Sign in to play' : `Play ${seek.seeker.name}`;
    button.addEventListener('click', () => accept(seek.id));
  }
  act.append(button);
  return row;
}

/** Draws the seeks: people's, then the bots' (folded away). */
function render() {
  const people = lobby.seeks.filter((s) => !s.bot);
  const bots = lobby.seeks.filter((s) => s.bot);
  $('#seek-list').replaceChildren(...people.map(seekRow));
  $('#no-seeks').hidden = people.length > 0;
  $('#seeks').hidden = people.length === 0;
  $('#bot-seek-list').replaceChildren(...bots.map(seekRow));
  $('#bot-seek-count').textContent = String(bots.length);
  $('#bot-seeks').hidden = bots.length === 0;
}

/** Opens the game of a seek accepted (by us or of ours). @param {string} link */
function open(link) {
  location.href = link;
}

/** Accepts a seek and opens its game. @param {string} id */
async function accept(id) {
  try {
    const game = await api.acceptSeek(id);
    open(game.link);
  } catch (e) {
    status(errorText(e), true);
    refresh();
  }
}

/** Asks the lobby again; opens our game if our seek was accepted. */
async function refresh() {
  await refreshTurns().catch(() => {});
  try {
    lobby.seeks = await api.seeks();
    render();
    if (lobby.waiting) {
      const mine = await api.seekState(lobby.waiting);
      if (mine.link) open(mine.link);
    }
  } catch (e) {
    if (lobby.waiting) {
      lobby.waiting = null;
      status(`Your seek left the lobby: ${errorText(e)}`, true);
    }
  }
}

/**
 * Seeks a game, or for a quick pairing first plays the open seek of the same game and
 * clock whose seeker's rating is nearest ours.
 * @param {{ game: string, clock: string, rated: boolean }} wanted
 * @param {boolean} quick
 */
async function seek(wanted, quick) {
  if (quick) {
    const me = lobby.seeks.find((s) => s.mine);
    const mine = me?.seeker.rating ?? 1500;
    const distance = (/** @type {Seek} */ s) => Math.abs((s.seeker.rating ?? mine) - mine);
    const fitting = lobby.seeks
      .filter((s) => !s.bot && !s.mine && s.game === wanted.game && s.clock === wanted.clock && s.rated === wanted.rated)
      .sort((a, b) => distance(a) - distance(b));
    if (fitting.length > 0) {
      await accept(fitting[0].id);
      return;
    }
  }
  try {
    const made = await api.makeSeek({ ...wanted, side: 'random' });
    lobby.waiting = made.id;
    status(`Waiting for a player: ${lobby.titles[made.game] ?? made.game}, ${clockWords(made.clock)}, ${made.rated ? 'rated' : 'casual'}. Keep this page open.`);
    refresh();
  } catch (e) {
    status(errorText(e), true);
  }
}

/** Fills the lobby and keeps it live. */
export async function setupLobby() {
  const games = await api.catalog().catch(() => []);
  const select = $of('#seek-game', HTMLSelectElement);
  for (const game of games) {
    lobby.titles[game.id] = game.title;
    const option = document.createElement('option');
    option.value = game.id;
    option.textContent = game.title;
    select.append(option);
  }
  const quick = $('#quick-pairs');
  for (const pair of QUICK.filter((q) => lobby.titles[q.game])) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'quick';
    button.dataset.game = pair.game;
    button.textContent = `${lobby.titles[pair.game]} ${pair.clock.replace('m+', '+').replace('s', '')}`;
    button.addEventListener('click', () => seek({ ...pair, rated: true }, true));
    quick.append(button);
  }
  $of('#seek-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    seek({
      game: select.value,
      clock: $of('#seek-clock', HTMLSelectElement).value,
      rated: $of('#seek-rated', HTMLInputElement).checked,
    }, false);
  });
  $('#notify-me').addEventListener('click', async () => {
    await askForNotifications();
    $('#notify-me').hidden = notificationsOn();
  });
  onAccount((name) => {
    $('#seek-form').hidden = !name;
    $('#quick-pairs').hidden = !name;
    $('#lobby-sign-in').hidden = !!name;
    render();
  });
  await refresh();
  setInterval(refresh, EVERY_MS);
}
