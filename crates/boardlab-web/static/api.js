// Calls to the server's JSON API.

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = new Error(data.error || `${res.status} ${res.statusText}`);
    // A pasted rules file's problem has its place: line and column, from 1.
    error.line = data.line;
    error.column = data.column;
    throw error;
  }
  return data;
}

/** The games on offer. */
export const catalog = () => call('GET', '/api/catalog');
/** The card of one game, listed or pasted (as in the catalog). */
export const card = (key) => call('GET', `/api/cards/${encodeURIComponent(key)}`);
/** Checks and keeps a pasted rules file; returns its game's card (id `pasted:…`). */
export const pasteRules = (text) => call('POST', '/api/rules', { text });
/** Starts a game; returns { id, seat, tokens, links }. */
export const createGame = (request) => call('POST', '/api/games', request);
/** The state of a game. */
export const gameState = (id) => call('GET', `/api/games/${id}`);
/** The board after `ply` moves. */
export const gameView = (id, ply) => call('GET', `/api/games/${id}/view/${ply}`);
/** Plays a move for a seat. */
export const playMove = (id, seat, token, move) =>
  call('POST', `/api/games/${id}/moves`, { seat, token, move });
/** The invite link of a game against a friend, for the holder of a seat. */
export const invite = (id, seat, token) => call('POST', `/api/games/${id}/invite`, { seat, token });
/** Resigns for a seat. */
export const resign = (id, seat, token) => call('POST', `/api/games/${id}/resign`, { seat, token });
/** Offers a draw for a seat, or accepts the other seat's offer. */
export const offerDraw = (id, seat, token) => call('POST', `/api/games/${id}/draw`, { seat, token });
/** Takes a seat's last move back (or asks to, or accepts the other seat's request). */
export const takeback = (id, seat, token) => call('POST', `/api/games/${id}/takeback`, { seat, token });
/** Declines the other seat's offers, or withdraws one's own. */
export const decline = (id, seat, token) => call('POST', `/api/games/${id}/decline`, { seat, token });
/** The rematch of a finished game: { id, seat, link }. */
export const rematch = (id, seat, token) => call('POST', `/api/games/${id}/rematch`, { seat, token });
/** The analysis of the position after `ply` moves: { ply, analysis }. */
export const analysis = (id, ply) => call('GET', `/api/games/${id}/analysis/${ply}`);
