// Move texts (SPEC.md) split into their squares, and the choice of a move by clicks.

const SQUARE = /[a-i][1-9]/g;

/** Splits a move text: { text, drop: uppercase letter|null, from: square|null, path: [squares after from] }. */
export function parseMove(text) {
  const squares = text.match(SQUARE) || [];
  if (text.length > 1 && text[1] === '@') {
    return { text, drop: text[0].toUpperCase(), from: null, path: squares };
  }
  return { text, drop: null, from: squares[0] || null, path: squares.slice(1) };
}

/** Every square a move touches, for marking the last move. */
export function touchedSquares(text) {
  return text.match(SQUARE) || [];
}

/**
 * A choice in progress: the piece (or reserve letter) picked and the landing squares
 * clicked so far. `moves` are the parsed legal moves.
 */
export class Picker {
  constructor(moves) {
    this.moves = moves;
    this.clear();
  }

  clear() {
    this.from = null;
    this.drop = null;
    this.steps = [];
  }

  get active() {
    return this.from !== null || this.drop !== null;
  }

  /** The legal moves that agree with the choice so far. */
  candidates() {
    return this.moves.filter((m) => {
      if (this.drop !== null) {
        if (m.drop !== this.drop) return false;
      } else if (m.from !== this.from || m.drop !== null) {
        return false;
      }
      return this.steps.every((sq, i) => m.path[i] === sq);
    });
  }

  /** Squares to mark: the next landing squares, and the final squares of longer chains. */
  targets() {
    const next = new Set();
    const final = new Set();
    for (const m of this.candidates()) {
      if (m.path.length > this.steps.length) next.add(m.path[this.steps.length]);
      if (m.path.length > this.steps.length + 1) final.add(m.path[m.path.length - 1]);
    }
    for (const sq of next) final.delete(sq);
    return { next, final };
  }

  /** Whether a square holds a piece that has moves, or a reserve letter can drop. */
  canPickSquare(sq) {
    return this.moves.some((m) => m.from === sq);
  }

  canPickDrop(letter) {
    return this.moves.some((m) => m.drop === letter.toUpperCase());
  }

  pickSquare(sq) {
    this.clear();
    this.from = sq;
  }

  pickDrop(letter) {
    this.clear();
    this.drop = letter.toUpperCase();
  }

  /**
   * A click on a square while a piece is picked: returns the move text when the move is
   * complete, 'more' when a chain goes on, or null when the square is no target.
   */
  click(sq) {
    const cands = this.candidates();
    const depth = this.steps.length;
    const onPath = cands.filter((m) => m.path[depth] === sq);
    if (onPath.length > 0) {
      this.steps.push(sq);
      const done = onPath.filter((m) => m.path.length === depth + 1);
      if (done.length === 1 && onPath.length === 1) return done[0].text;
      return 'more';
    }
    const byEnd = cands.filter((m) => m.path[m.path.length - 1] === sq);
    if (byEnd.length === 1) return byEnd[0].text;
    return null;
  }
}
