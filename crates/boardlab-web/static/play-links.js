// The game page's links: the friend's invite (for the seat that made the game) and the
// watch link, and this game's place in the start page's "My games".

import * as api from './api.js';
import { $ } from './dom.js';
import { rememberMyGame } from './mygames.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Shows the invite link (from this tab's storage, or, in another tab or browser, from the
 * server for the holder of a seat) and the watch link.
 * @param {PlayPage} page
 */
export async function setupLinks(page) {
  const { id, state, mySeats, tokens } = page;
  const links = $('#links');
  const base = location.origin;
  /** @type {(label: string, href: string, testid: string) => void} */
  const add = (label, href, testid) => {
    const row = document.createElement('div');
    row.className = 'link-row';
    row.innerHTML = `<span>${label}</span>`;
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = base + href;
    input.dataset.testid = testid;
    input.addEventListener('focus', () => input.select());
    row.appendChild(input);
    links.appendChild(row);
  };
  let invite = sessionStorage.getItem(`invite:${id}`);
  if (!invite && state.mode === 'friend' && mySeats.length === 1) {
    try {
      invite = (await api.invite(id, mySeats[0], tokens[mySeats[0]])).invite;
    } catch (e) {
      invite = null;
    }
  }
  if (invite) add('Send this link to your friend:', invite, 'invite-link');
  add('Watch link:', `/g/${id}`, 'watch-link');
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
