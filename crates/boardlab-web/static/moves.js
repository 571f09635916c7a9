// Moves as the server sends them (`legal_moves`, `played_moves`: the squares each names,
// split on the server), and the choice of a move by clicks.

/** @typedef {import('./types.js').MoveShape} MoveShape */

/**
 * Every square a move touches, for marking the last move: where it starts, where it lands.
 * @param {MoveShape} move
 * @returns {string[]}
 */
export function touchedSquares(move) {
  return move.from === null ? move.path : [move.from, ...move.path];
}

/**
 * The squares to mark next: where the picked piece may land next, and the final squares
 * of longer chains.
 * @typedef {{ next: Set<string>, final: Set<string> }} Targets
 */

/**
 * A choice in progress: the piece (or reserve letter) picked and the landing squares
 * clicked so far, among the legal moves.
 */
export class Picker {
  /** @param {MoveShape[]} moves the legal moves */
  constructor(moves) {
    this.moves = moves;
    /** @type {string | null} the square of the piece picked */
    this.from = null;
    /** @type {string | null} the reserve letter picked, uppercase */
    this.drop = null;
    /** @type {string[]} the landing squares chosen so far */
    this.steps = [];
  }

  /** Drops the pick. */
  clear() {
    this.from = null;
    this.drop = null;
    this.steps = [];
  }

  /** Whether a piece or a reserve letter is picked. */
  get active() {
    return this.from !== null || this.drop !== null;
  }

  /**
   * The legal moves that agree with the choice so far.
   * @returns {MoveShape[]}
   */
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

  /**
   * Squares to mark: the next landing squares, and the final squares of longer chains.
   * @returns {Targets}
   */
  targets() {
    /** @type {Set<string>} */
    const next = new Set();
    /** @type {Set<string>} */
    const final = new Set();
    for (const m of this.candidates()) {
      if (m.path.length > this.steps.length) next.add(m.path[this.steps.length]);
      if (m.path.length > this.steps.length + 1) final.add(m.path[m.path.length - 1]);
    }
    for (const sq of next) final.delete(sq);
    return { next, final };
  }

  /**
   * Whether a square holds a piece that has moves.
   * @param {string} sq
   * @returns {boolean}
   */
  canPickSquare(sq) {
    return this.moves.some((m) => m.from === sq);
  }

  /**
   * Whether a reserve letter (either case) can be dropped.
   * @param {string} letter
   * @returns {boolean}
   */
  canPickDrop(letter) {
    return this.moves.some((m) => m.drop === letter.toUpperCase());
  }

  /** @param {string} sq the square of the piece to pick */
  pickSquare(sq) {
    this.clear();
    this.from = sq;
  }

  /** @param {string} letter the reserve letter to pick (either case) */
  pickDrop(letter) {
    this.clear();
    this.drop = letter.toUpperCase();
  }

  /**
   * A click on a square while a piece is picked: returns the move text when the move is
   * complete, 'more' when a chain goes on, or null when the square is no target.
   * @param {string} sq
   * @returns {string | null}
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
