// The chat of a game between people (not with a bot, not at one screen): the last messages,
// asked again every few seconds, shown as text (never as markup), and a line to say
// something. A player may hide it; the choice is kept in this browser.

import * as api from './api.js';
import { $, $of, errorText } from './dom.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/** How often the chat is asked again, in ms. */
const EVERY_MS = 3000;

/** The key under which this browser keeps whether the chat is hidden. */
const HIDDEN_KEY = 'boardlab.chat.hidden';

/**
 * Draws the messages, each with its speaker: the account's name, or the side's, and "(you)"
 * for this page's own seat.
 * @param {PlayPage} page
 * @param {{ seat: number, name: string, text: string }[]} lines
 */
function renderLines(page, lines) {
  const list = $('#chat-lines');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...lines.map((line) => {
    const item = document.createElement('li');
    const who = document.createElement('strong');
    const side = page.state.players?.[line.seat] ?? page.state.names[line.seat];
    who.textContent = `${side}${page.tokens[line.seat] !== undefined ? ' (you)' : ''}: `;
    item.append(who, line.text);
    return item;
  }));
  // Follow the newest message, within the list only (never scrolling the page).
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/**
 * Shows the chat in a game between people, for its players and watchers alike (only a
 * player may write).
 * @param {PlayPage} page
 */
export function attachChat(page) {
  if (page.state.mode !== 'friend') return;
  const box = $('#chat');
  box.hidden = false;
  const toggle = $('#chat-toggle');
  const showHidden = () => {
    const hidden = localStorage.getItem(HIDDEN_KEY) === 'yes';
    $('#chat-body').hidden = hidden;
    toggle.textContent = hidden ? 'Show chat' : 'Hide chat';
    toggle.setAttribute('aria-pressed', String(!hidden));
  };
  toggle.addEventListener('click', () => {
    localStorage.setItem(HIDDEN_KEY, localStorage.getItem(HIDDEN_KEY) === 'yes' ? 'no' : 'yes');
    showHidden();
  });
  showHidden();
  const form = $of('#chat-form', HTMLFormElement);
  form.hidden = page.mySeats.length !== 1;
  const input = $of('#chat-text', HTMLInputElement);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const seat = page.mySeats[0];
    try {
      renderLines(page, await api.say(page.id, seat, page.tokens[seat], input.value));
      input.value = '';
      $('#chat-error').textContent = '';
    } catch (e) {
      $('#chat-error').textContent = errorText(e);
    }
  });
  const refresh = () => api.chat(page.id).then((lines) => renderLines(page, lines)).catch(() => {});
  refresh();
  setInterval(refresh, EVERY_MS);
}
