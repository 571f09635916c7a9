// The game page: the board, the move list, live updates, and moves chosen by clicks. This
// module starts the page; each part lives in its own module (play-*.js), and the page's
// state is one object, made in play-page.js and passed to each.

import { $, $of, errorText } from './dom.js';
import { setSound, soundOn } from './sound.js';
import { message } from './play-announce.js';
import { createPage, seatsOf } from './play-page.js';
import { render } from './play-render.js';
import { renderLegend } from './play-board.js';
import { attachBoardInput } from './play-input.js';
import { attachNavigation } from './play-movelist.js';
import { attachActions } from './play-actions.js';
import { attachAnalysis } from './play-analysis.js';
import { renderClocks } from './play-clocks.js';
import { rememberGame, setupLinks } from './play-links.js';
import { followGame, loadGame } from './play-connection.js';
import * as api from './api.js';
import { setupAccount } from './account.js';
import { attachChat } from './play-chat.js';
import { attachPresence } from './play-presence.js';
import { attachAnnotations } from './play-annotations.js';
import { boardElement } from './play-board.js';

/** The button that mutes the sounds of moves, in this browser. */
function setupSound() {
  const sound = $('#sound');
  const showSound = () => {
    sound.textContent = soundOn() ? 'Sound on' : 'Sound off';
    sound.setAttribute('aria-pressed', String(soundOn()));
  };
  showSound();
  sound.addEventListener('click', () => { setSound(!soundOn()); showSound(); });
}

/**
 * The seats a signed-in player holds in the game, for a page opened without a seat's link
 * (on another device): their tokens, as a link would give them.
 * @param {import('./play-page.js').Seats} seats
 */
async function seatsOfAccount(seats) {
  if (seats.mySeats.length > 0) return;
  try {
    const mine = (await api.mySeats(seats.id)).seats;
    for (const [seat, token] of Object.entries(mine)) seats.tokens[Number(seat)] = token;
    seats.mySeats = Object.keys(seats.tokens).map(Number);
  } catch {
    // Not signed in, or not a player of this game: the page watches it.
  }
}

async function main() {
  const seats = seatsOf(location);
  setupSound();
  await setupAccount();
  await seatsOfAccount(seats);
  $of('#record', HTMLAnchorElement).href = `/api/games/${seats.id}/record`;
  let loaded;
  try {
    loaded = await loadGame(seats.id);
  } catch (e) {
    message(errorText(e), true);
    return;
  }
  const page = createPage(seats, loaded.state, loaded.game, render);
  page.render();
  attachBoardInput(page);
  attachNavigation(page);
  attachActions(page);
  attachAnalysis(page);
  attachChat(page);
  attachPresence(page);
  attachAnnotations(boardElement(), page);
  $('#flip').addEventListener('click', () => { page.flipped = !page.flipped; page.render(); });
  renderLegend(page.game);
  rememberGame(page);
  setInterval(() => renderClocks(page), 100);
  await setupLinks(page);
  const title = page.game.title;
  page.render(); // the tab's title says whose turn it is
  $('#title').textContent = title;
  $of('#rules-link', HTMLAnchorElement).href = `/rules/${encodeURIComponent(page.state.game)}`;
  if (page.mySeats.length === 0) message('You are watching this game.');
  followGame(page);
  document.body.dataset.ready = 'yes';
}

main();
