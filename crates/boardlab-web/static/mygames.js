// The games whose seat links this browser holds ("My games"), kept in localStorage.

const KEY = 'boardlab.myGames';

/**
 * A game whose seat links this browser holds.
 * @typedef {object} MyGame
 * @property {string} id
 * @property {string} game The game's key in the catalog.
 * @property {string} title
 * @property {string} hash The seat links' part after `#`: `#1=token`.
 * @property {number[]} seats The seats held.
 * @property {string} mode `bot`, `friend` or `local`.
 * @property {number} at When it was remembered (ms since 1970).
 */

/**
 * The remembered games, newest first.
 * @returns {MyGame[]}
 */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

/**
 * Remembers a game (first in the list, at most 50 kept).
 * @param {MyGame} entry
 */
export function rememberMyGame(entry) {
  const list = myGames().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

/** Forgets every remembered game. */
export function forgetMyGames() {
  localStorage.removeItem(KEY);
}
