// What each piece is called, how it moves (for tooltips) and how it is drawn, per game.

const OBSIDIAN = {
  a: { name: 'rook', glyph: '\u265C', moves: 'moves any number of squares orthogonally over empty squares; captures by moving onto an enemy' },
  b: { name: 'knight', glyph: '\u265E', moves: 'leaps 2 + 1 squares (an L); only the destination matters' },
  c: { name: 'bishop', glyph: '\u265D', moves: 'moves any number of squares diagonally over empty squares' },
  d: { name: 'king', glyph: '\u265A', moves: 'one step in any of 8 directions; lose it and you lose the game' },
  e: { name: 'queen', glyph: '\u265B', moves: 'any number of squares in any of 8 directions over empty squares' },
  f: { name: 'pawn', glyph: '\u265F', moves: 'one step forward to an empty square, two from its starting rank; captures one step diagonally forward; becomes an E on the far rank' },
};

const DAISY = {
  a: { name: 'king', moves: 'one step in any of 8 directions; lose it and you lose the game. Until it is on the board its owner cannot capture' },
  b: { name: 'rook', moves: 'any number of squares orthogonally over empty squares' },
  c: { name: 'bishop', moves: 'any number of squares diagonally over empty squares' },
  d: { name: 'gold', moves: 'one step in any direction except diagonally backward' },
  e: { name: 'silver', moves: 'one step diagonally, or one step straight forward' },
  f: { name: 'knight', moves: 'leaps two forward and one left or right' },
  g: { name: 'lance', moves: 'any number of squares straight forward over empty squares' },
  h: { name: 'pawn', moves: 'one step straight forward (moves and captures)' },
};

const SPRINT = {
  w: { name: 'man', moves: 'steps one square diagonally forward; captures by jumping an adjacent enemy (compulsory, and the same piece keeps jumping while it can)' },
  b: { name: 'man', moves: 'steps one square diagonally forward; captures by jumping an adjacent enemy (compulsory, and the same piece keeps jumping while it can)' },
};

const PARITY = {
  w: { name: 'piece', moves: 'one step to an edge-adjacent empty space, or a straight jump forward over an enemy to capture it; red spaces are open only while the piece count is even, blue only while it is odd' },
  b: { name: 'piece', moves: 'one step to an edge-adjacent empty space, or a straight jump forward over an enemy to capture it; red spaces are open only while the piece count is even, blue only while it is odd' },
};

const TABLES = { obsidian: OBSIDIAN, daisy: DAISY, sprint: SPRINT, parity: PARITY };

/** The description of a piece letter in a game: { name, glyph?, moves }. */
export function pieceInfo(game, letter) {
  const table = TABLES[game] || {};
  return table[letter.toLowerCase()] || { name: 'piece', moves: '' };
}

/** The tooltip of a piece: whose it is, what it is, how it moves. */
export function tooltip(game, letter, ownerName) {
  const info = pieceInfo(game, letter);
  return `${ownerName}: ${letter} (${info.name}) - ${info.moves}`;
}
