// The game page's links: the friend's invite (for the seat that made the game) and the
// watch link, and this game's place in the start page's "My games".

import * as api from './api.js';
import { $ } from './dom.js';
import { rememberMyGame } from './mygames.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Copies a link for its Copy button, and says so on the button for a moment; where the
 * clipboard is not allowed, selects the text for the player to copy.
 * @param {HTMLInputElement} input
 * @param {HTMLButtonElement} button
 */
async function copyLink(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
    button.textContent = 'Copied';
  } catch {
    input.focus();
    input.select();
    button.textContent = 'Press Ctrl+C';
  }
  setTimeout(() => { button.textContent = 'Copy'; }, 2000);
}

/**
 * One link with its label and a Copy button.
 * @param {string} label
 * @param {string} url
 * @param {string} testid
 * @returns {HTMLDivElement}
 */
function linkRow(label, url, testid) {
  const row = document.createElement('div');
  row.className = 'link-row';
  const id = `link-${testid}`;
  const text = document.createElement('label');
  text.htmlFor = id;
  text.textContent = label;
  const line = document.createElement('div');
  line.className = 'link-line';
  const input = document.createElement('input');
  input.id = id;
  input.readOnly = true;
  input.value = url;
  input.dataset.testid = testid;
  input.addEventListener('focus', () => input.select());
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'small copy';
  button.textContent = 'Copy';
  button.dataset.copies = testid;
  button.addEventListener('click', () => copyLink(input, button));
  line.append(input, button);
  row.append(text, line);
  return row;
}

/**
 * Where the friend's invite shows: at the top of the panel, in view on any screen, until
 * the game is under way (two moves) or over; then with the other links below.
 * @param {PlayPage} page
 */
export function renderInvite(page) {
  const row = $('#invite-box').firstElementChild ?? document.querySelector('#links .invite-row');
  if (!row) return;
  const waiting = page.state.ply < 2 && !page.state.result;
  const home = waiting ? $('#invite-box') : $('#links');
  if (row.parentElement !== home) home.prepend(row);
  $('#invite-box').hidden = !waiting;
}

/**
 * Shows the invite link (from this tab's storage, or, in another tab or browser, from the
 * server for the holder of a seat) and the watch link, each with a Copy button.
 * @param {PlayPage} page
 */
export async function setupLinks(page) {
  const { id, state, mySeats, tokens } = page;
  const base = location.origin;
  let invite = sessionStorage.getItem(`invite:${id}`);
  if (!invite && state.mode === 'friend' && mySeats.length === 1) {
    try {
      invite = (await api.invite(id, mySeats[0], tokens[mySeats[0]])).invite;
    } catch (e) {
      invite = null;
    }
  }
  if (invite) {
    const row = linkRow('Send this link to your friend:', base + invite, 'invite-link');
    row.classList.add('invite-row');
    $('#invite-box').append(row);
    renderInvite(page);
  }
  $('#links').append(linkRow('Watch link:', `${base}/g/${id}`, 'watch-link'));
}

/**
 * Remembers this game's seat links in this browser, for the start page's "My games".
 * @param {PlayPage} page
 */
export function rememberGame(page) {
  const { id, state, game, mySeats } = page;
  if (mySeats.length === 0) return;
  rememberMyGame({ id, game: state.game, title: game.title, hash: location.hash, seats: mySeats, mode: state.mode, at: Date.now() });
}
