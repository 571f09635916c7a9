// Calls to the server's JSON API.

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Card} Card */
/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').Created} Created */

/** An error answer of the API: its message, and for a pasted rules file, its place. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number | undefined} line The problem's line, from 1.
   * @param {number | undefined} column The problem's column, from 1.
   */
  constructor(message, line, column) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>} the answer's JSON
 */
async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    // A pasted rules file's problem has its place: line and column, from 1.
    throw new ApiError(data.error || `${res.status} ${res.statusText}`, data.line, data.column);
  }
  return data;
}

/**
 * The games on offer.
 * @returns {Promise<Card[]>}
 */
export const catalog = () => call('GET', '/api/catalog');
/**
 * The card of one game, listed or pasted (as in the catalog).
 * @param {string} key
 * @returns {Promise<Card>}
 */
export const card = (key) => call('GET', `/api/cards/${encodeURIComponent(key)}`);
/**
 * Checks and keeps a pasted rules file; returns its game's card (id `pasted:…`).
 * @param {string} text
 * @returns {Promise<Card>}
 */
export const pasteRules = (text) => call('POST', '/api/rules', { text });
/**
 * Starts a game; returns { id, seat, tokens, links }.
 * @param {object} request the fields of `POST /api/games` (docs/web.md)
 * @returns {Promise<Created>}
 */
export const createGame = (request) => call('POST', '/api/games', request);
/**
 * The state of a game.
 * @param {string} id
 * @returns {Promise<GameState>}
 */
export const gameState = (id) => call('GET', `/api/games/${id}`);
/**
 * The board after `ply` moves.
 * @param {string} id
 * @param {number} ply
 * @returns {Promise<View>}
 */
export const gameView = (id, ply) => call('GET', `/api/games/${id}/view/${ply}`);
/**
 * Plays a move for a seat.
 * @param {string} id
 * @param {number} seat
 * @param {string} token
 * @param {string} move the move's text
 * @returns {Promise<GameState>}
 */
export const playMove = (id, seat, token, move) =>
  call('POST', `/api/games/${id}/moves`, { seat, token, move });

/**
 * A call for one seat of a game, with the seat's token.
 * @template T
 * @typedef {(id: string, seat: number, token: string) => Promise<T>} SeatCall
 */

/**
 * The invite link of a game against a friend, for the holder of a seat.
 * @type {SeatCall<{ invite: string }>}
 */
export const invite = (id, seat, token) => call('POST', `/api/games/${id}/invite`, { seat, token });
/**
 * Resigns for a seat.
 * @type {SeatCall<GameState>}
 */
export const resign = (id, seat, token) => call('POST', `/api/games/${id}/resign`, { seat, token });
/**
 * Offers a draw for a seat, or accepts the other seat's offer.
 * @type {SeatCall<GameState>}
 */
export const offerDraw = (id, seat, token) => call('POST', `/api/games/${id}/draw`, { seat, token });
/**
 * Takes a seat's last move back (or asks to, or accepts the other seat's request).
 * @type {SeatCall<GameState>}
 */
export const takeback = (id, seat, token) => call('POST', `/api/games/${id}/takeback`, { seat, token });
/**
 * Declines the other seat's offers, or withdraws one's own.
 * @type {SeatCall<GameState>}
 */
export const decline = (id, seat, token) => call('POST', `/api/games/${id}/decline`, { seat, token });
/**
 * The rematch of a finished game: { id, seat, link }.
 * @type {SeatCall<{ id: string, seat: number, link: string }>}
 */
export const rematch = (id, seat, token) => call('POST', `/api/games/${id}/rematch`, { seat, token });
/**
 * The analysis of the position after `ply` moves: { ply, analysis }.
 * @param {string} id
 * @param {number} ply
 * @returns {Promise<{ ply: number, analysis: Analysis | null }>}
 */
export const analysis = (id, ply) => call('GET', `/api/games/${id}/analysis/${ply}`);

/** @typedef {import('./types.js').Seek} Seek */
/** @typedef {import('./types.js').Profile} Profile */

/**
 * The signed-in account's name, or null.
 * @returns {Promise<{ name: string | null }>}
 */
export const session = () => call('GET', '/api/session');
/**
 * Makes an account and signs it in.
 * @param {string} name
 * @param {string} password
 * @returns {Promise<{ name: string }>}
 */
export const signUp = (name, password) => call('POST', '/api/accounts', { name, password });
/**
 * Signs in.
 * @param {string} name
 * @param {string} password
 * @returns {Promise<{ name: string }>}
 */
export const signIn = (name, password) => call('POST', '/api/session', { name, password });
/**
 * Signs out.
 * @returns {Promise<{ name: null }>}
 */
export const signOut = () => call('DELETE', '/api/session');
/**
 * The lobby's open seeks, people's oldest first, then the bots'.
 * @returns {Promise<Seek[]>}
 */
export const seeks = () => call('GET', '/api/seeks?bots=true');
/**
 * Offers a game in the lobby.
 * @param {{ game: string, rated: boolean, clock?: string, side?: string }} request
 * @returns {Promise<Seek>}
 */
export const makeSeek = (request) => call('POST', '/api/seeks', request);
/**
 * A seek of one's own: its game once accepted.
 * @param {string} id
 * @returns {Promise<{ id: string, game: string | null, seat: number | null, link: string | null }>}
 */
export const seekState = (id) => call('GET', `/api/seeks/${encodeURIComponent(id)}`);
/**
 * Accepts a seek: the game and the acceptor's seat and link.
 * @param {string} id
 * @returns {Promise<{ game: string, seat: number, link: string }>}
 */
export const acceptSeek = (id) => call('POST', `/api/seeks/${encodeURIComponent(id)}/accept`);
/**
 * Withdraws one's own seek.
 * @param {string} id
 * @returns {Promise<{ id: string, withdrawn: boolean }>}
 */
export const withdrawSeek = (id) => call('DELETE', `/api/seeks/${encodeURIComponent(id)}`);
/**
 * The seats (and their tokens) the signed-in account plays in a game.
 * @param {string} id
 * @returns {Promise<{ seats: Record<string, string> }>}
 */
export const mySeats = (id) => call('GET', `/api/games/${id}/seat`);
/**
 * A player's profile, its games filtered by `query` (`game`, `rated`, `result`, `limit`).
 * @param {string} name
 * @param {Record<string, string>} [query]
 * @returns {Promise<Profile>}
 */
export const player = (name, query = {}) => {
  const search = new URLSearchParams(query).toString();
  return call('GET', `/api/players/${encodeURIComponent(name)}${search ? `?${search}` : ''}`);
};

/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./types.js').PuzzleAnswer} PuzzleAnswer */

/**
 * A puzzle of `game` to solve.
 * @param {string} game
 * @returns {Promise<Puzzle>}
 */
export const nextPuzzle = (game) => call('GET', `/api/puzzles/next?game=${encodeURIComponent(game)}`);
/**
 * Answers a puzzle with a move.
 * @param {string} id
 * @param {string} move
 * @returns {Promise<PuzzleAnswer>}
 */
export const answerPuzzle = (id, move) => call('POST', `/api/puzzles/${encodeURIComponent(id)}/answer`, { move });

/**
 * The last messages of a game's chat, oldest first.
 * @param {string} id
 * @returns {Promise<{ seat: number, name: string, text: string, at_ms: number }[]>}
 */
export const chat = (id) => call('GET', `/api/games/${id}/chat`);
/**
 * Says something in a game's chat for a seat; the chat after it.
 * @param {string} id
 * @param {number} seat
 * @param {string} token
 * @param {string} text
 * @returns {Promise<{ seat: number, name: string, text: string, at_ms: number }[]>}
 */
export const say = (id, seat, token, text) => call('POST', `/api/games/${id}/chat`, { seat, token, text });
/**
 * Whether each seat's player is on the game's page now; with a seat (and its token, or the
 * session), says first that this page's player is.
 * @param {string} id
 * @param {{ seat: number, token: string } | null} here
 * @returns {Promise<{ online: Record<number, boolean>, every_ms: number }>}
 */
export const presence = (id, here) =>
  here ? call('POST', `/api/games/${id}/presence`, here) : call('GET', `/api/games/${id}/presence`);
/**
 * The games the server has puzzles of, with how many.
 * @returns {Promise<{ games: { game: string, count: number }[] }>}
 */
export const puzzleGames = () => call('GET', '/api/puzzles');
