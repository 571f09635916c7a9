// The game page's clocks, in timed games: each side's time, the running one counting down
// on the page since the state came.

import { $ } from './dom.js';
import { sideAndSeat } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * A time on a clock: `m:ss`, with tenths under ten seconds; `h:mm:ss` from an hour, and
 * days and hours from a day (correspondence).
 * @param {number} ms
 * @returns {string}
 */
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `0:0${s.toFixed(1)}`;
  const whole = Math.floor(s);
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (whole >= 86400) return `${Math.floor(whole / 86400)}d ${Math.floor((whole % 86400) / 3600)}h`;
  if (whole >= 3600) return `${Math.floor(whole / 3600)}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
  return `${Math.floor(whole / 60)}:${two(whole % 60)}`;
}

/**
 * Draws the clocks (hidden in a game without them); called on every redraw and ten times a
 * second.
 * @param {PlayPage} page
 */
export function renderClocks(page) {
  const state = page.state;
  const box = $('#clocks');
  const clock = state.clock;
  box.hidden = !clock;
  if (!clock) return;
  // The side at the bottom of the board shows last, next to it.
  const bottomSeat = page.flipped ? 2 : 1;
  box.style.flexDirection = 'row';
  for (const seat of [1, 2]) {
    const el = $(`#clock-${seat}`);
    el.style.order = seat === bottomSeat ? '2' : '1';
    let left = clock.left[seat];
    if (clock.running === seat) left -= performance.now() - page.connection.stateArrived;
    $(`#clock-${seat} .who`).textContent = sideAndSeat(page, seat);
    $(`#clock-${seat} .time`).textContent = clockText(left);
    el.classList.toggle('running', clock.running === seat);
    el.classList.toggle('low', left < 10000);
    el.dataset.ms = String(Math.max(0, Math.round(left)));
  }
}
