// The games whose seat links this browser holds ("My games"), kept in localStorage.

const KEY = 'boardlab.myGames';

/** The remembered games, newest first: { id, game, title, hash, seats, mode, at }. */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

/** Remembers a game (first in the list, at most 50 kept). */
export function rememberMyGame(entry) {
  const list = myGames().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

/** Forgets every remembered game. */
export function forgetMyGames() {
  localStorage.removeItem(KEY);
}
