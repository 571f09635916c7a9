// What a piece letter is in a game, from the game's look (the catalog's `look`): its kind,
// its owner, and the words that describe it.

/** @typedef {import('./types.js').Look} Look */
/** @typedef {import('./types.js').PieceKind} PieceKind */

/**
 * The kind of piece a letter is and its owner: { kind, owner } or null.
 * @param {Look} look
 * @param {string} letter
 * @returns {{ kind: PieceKind, owner: number } | null}
 */
export function pieceOf(look, letter) {
  for (const kind of look.pieces) {
    const at = kind.letters.indexOf(letter);
    if (at >= 0) return { kind, owner: at + 1 };
  }
  return null;
}

/**
 * What a piece is and how it moves, in one sentence: "rook: moves any number …".
 * @param {Look} look
 * @param {string} letter
 * @returns {string}
 */
export function describe(look, letter) {
  const found = pieceOf(look, letter);
  if (!found) return letter;
  const { kind } = found;
  return `${kind.name}: ${kind.moves}${kind.note ? `; ${kind.note}` : ''}`;
}

/**
 * The tooltip of a piece on the board: whose it is, what it is, how it moves.
 * @param {Look} look
 * @param {string} letter
 * @returns {string}
 */
export function tooltip(look, letter) {
  const found = pieceOf(look, letter);
  const side = found ? look.sides[found.owner] : '';
  return `${side}: ${letter} (${describe(look, letter)})`;
}
