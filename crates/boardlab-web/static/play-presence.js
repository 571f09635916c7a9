// Whether each player is on the game's page: this page says so for its seat every few
// seconds and when it leaves (a watcher only asks); the players' lines show it
// (play-players.js). Games against a bot or at one screen have no presence: nobody is
// waiting for someone there.

import * as api from './api.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Says this page's player is here and learns both players' presence, now and every few
 * seconds, in games between people.
 * @param {PlayPage} page
 */
export function attachPresence(page) {
  if (page.state.mode !== 'friend') return;
  let every = 10000;
  const seat = page.mySeats.length === 1 ? page.mySeats[0] : null;
  const tell = async () => {
    try {
      const answer = await api.presence(page.id, seat === null ? null : { seat, token: page.tokens[seat] });
      page.online = answer.online;
      every = answer.every_ms;
      page.render();
    } catch {
      // The connection's own notice says when the server cannot be reached.
    }
    setTimeout(tell, every);
  };
  tell();
  // Leaving the page says so at once (a beacon outlives the page).
  if (seat !== null) {
    window.addEventListener('pagehide', () => {
      const body = JSON.stringify({ seat, token: page.tokens[seat], here: false });
      navigator.sendBeacon(`/api/games/${page.id}/presence`, new Blob([body], { type: 'application/json' }));
    });
  }
}
