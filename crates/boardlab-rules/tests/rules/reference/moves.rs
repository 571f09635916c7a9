//! The moves of the side to move before promotion choices: board moves (leapers, lame
//! leapers, riders, hoppers), checkers jumps and their chains, and drops.

use super::{Game, Occupant, Position};
use boardlab_rules::definition::{Mode, Movement};

/// A move before promotion is chosen.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The piece that moves or is dropped.
    pub piece: usize,
    /// Where it starts; `None` for a drop.
    pub from: Option<usize>,
    /// Every square it lands on, in order (one for a drop or a plain move).
    pub landings: Vec<usize>,
    /// The squares of the pieces it captures.
    pub captured: Vec<usize>,
}

impl Candidate {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Where the piece ends.
    pub fn to(&self) -> usize {
        *self.landings.last().expect("a move lands somewhere")
    }
}

/// What a move of one piece needs to know while it is built.
struct Mover<'a> {
    position: &'a Position,
    from: usize,
    piece: usize,
    side: usize,
    may_capture: bool,
}

impl Game {
    /// Every move of the side to move, with compulsory capture applied.
    pub fn candidates(&self, position: &Position) -> Vec<Candidate> {
        let side = position.side;
        let may_capture = self.may_capture(position);
        let mut out = Vec::new();
        for (from, occupant) in position.board.iter().enumerate() {
            let Some((piece, owner)) = *occupant else {
                continue;
            };
            if owner != side {
                continue;
            }
            let mover = Mover {
                position,
                from,
                piece,
                side,
                may_capture,
            };
            for movement in &self.def.pieces[piece].moves {
                self.movement(&mover, movement, &mut out);
            }
            if may_capture {
                let mut board = position.board.clone();
                board[from] = None;
                self.jumps(
                    &mover,
                    &board,
                    vec![from],
                    Vec::new(),
                    position.on_board(),
                    &mut out,
                );
            }
        }
        self.drops(position, &mut out);
        if self.def.captures.compulsory && out.iter().any(Candidate::is_capture) {
            out.retain(Candidate::is_capture);
        }
        out
    }

    /// Whether the side to move may capture now (`captures.requires_on_board`).
    fn may_capture(&self, position: &Position) -> bool {
        self.def
            .captures
            .requires_on_board
            .is_none_or(|needed| position.board.contains(&Some((needed, position.side))))
    }

    /// The moves of one movement (one Betza atom with its modifiers).
    fn movement(&self, mover: &Mover, movement: &Movement, out: &mut Vec<Candidate>) {
        if movement.initial_only && !self.initial[mover.piece][mover.side][mover.from] {
            return;
        }
        for &vector in &movement.vectors {
            if movement.hop {
                self.hop(mover, movement, vector, out);
            } else if movement.range == 1 {
                self.leap(mover, movement, vector, out);
            } else {
                self.ride(mover, movement, vector, out);
            }
        }
    }

    /// A leaper: straight to the square `vector` away; a lame one needs the squares on its
    /// way empty.
    fn leap(&self, mover: &Mover, movement: &Movement, vector: (i8, i8), out: &mut Vec<Candidate>) {
        let Some(to) = self.offset(mover.from, self.oriented(mover.side, vector)) else {
            return;
        };
        let mut crossed = Vec::new();
        if movement.lame {
            for step in lame_way(vector) {
                let Some(square) = self.offset(mover.from, self.oriented(mover.side, step)) else {
                    return;
                };
                if !self.exists(square) || mover.position.board[square].is_some() {
                    return;
                }
                crossed.push(square);
            }
        }
        self.land(mover, to, &crossed, movement.mode, out);
    }

    /// A rider: steps of `vector` over empty squares, at most `range` of them (0: no limit).
    fn ride(&self, mover: &Mover, movement: &Movement, vector: (i8, i8), out: &mut Vec<Candidate>) {
        let step = self.oriented(mover.side, vector);
        let mut crossed = Vec::new();
        let mut at = mover.from;
        for _ in 0..limit(movement.range) {
            let Some(next) = self.offset(at, step) else {
                return;
            };
            self.land(mover, next, &crossed, movement.mode, out);
            if mover.position.board[next].is_some() || !self.exists(next) {
                return;
            }
            crossed.push(next);
            at = next;
        }
    }

    /// A hopper: rides over empty squares to one piece (the screen), hops over it, and goes
    /// on over empty squares beyond it, landing on any of them or on the first piece after
    /// the screen; at most `range` steps in all (0: no limit).
    fn hop(&self, mover: &Mover, movement: &Movement, vector: (i8, i8), out: &mut Vec<Candidate>) {
        let step = self.oriented(mover.side, vector);
        let mut crossed = Vec::new();
        let mut screened = false;
        let mut at = mover.from;
        for _ in 0..limit(movement.range) {
            let Some(next) = self.offset(at, step) else {
                return;
            };
            if !self.exists(next) {
                return;
            }
            let occupied = mover.position.board[next].is_some();
            if screened {
                self.land(mover, next, &crossed, movement.mode, out);
                if occupied {
                    return;
                }
            } else if occupied {
                screened = true;
            }
            crossed.push(next);
            at = next;
        }
    }

    /// A move onto `to` after crossing `crossed`: to an empty square, or capturing an enemy
    /// there, as the mode allows and the squares touched are open.
    fn land(
        &self,
        mover: &Mover,
        to: usize,
        crossed: &[usize],
        mode: Mode,
        out: &mut Vec<Candidate>,
    ) {
        if !self.exists(to) {
            return;
        }
        let count = mover.position.on_board();
        let (captured, count) = match mover.position.board[to] {
            None if mode != Mode::CaptureOnly => (Vec::new(), count),
            Some((_, owner))
                if owner != mover.side && mode != Mode::MoveOnly && mover.may_capture =>
            {
                (vec![to], count - 1)
            }
            _ => return,
        };
        let touched = std::iter::once(mover.from)
            .chain(crossed.iter().copied())
            .chain([to]);
        if touched.clone().all(|s| self.open(s, count)) {
            out.push(Candidate {
                piece: mover.piece,
                from: Some(mover.from),
                landings: vec![to],
                captured,
            });
        }
    }

    /// Checkers jumps from the last square of `path`, on `board` (the mover lifted off it,
    /// the pieces it took so far removed); `count` is the number of pieces on the board
    /// before the move. A chaining piece jumps on while any jump is there to make (an enemy
    /// next to it, an empty square beyond), whatever the squares' openings; a complete
    /// chain (or a single jump) is a move when every square it touched (its start, its
    /// landings, the squares it jumped) is open for the count after the whole move.
    fn jumps(
        &self,
        mover: &Mover,
        board: &[Option<Occupant>],
        path: Vec<usize>,
        captured: Vec<usize>,
        count: usize,
        out: &mut Vec<Candidate>,
    ) {
        let piece = &self.def.pieces[mover.piece];
        let at = *path.last().expect("a path starts somewhere");
        let mut jumped = false;
        for &vector in &piece.jumps {
            let (dx, dy) = self.oriented(mover.side, vector);
            let (Some(over), Some(to)) =
                (self.offset(at, (dx, dy)), self.offset(at, (2 * dx, 2 * dy)))
            else {
                continue;
            };
            let enemy = matches!(board[over], Some((_, owner)) if owner != mover.side);
            if !enemy || !self.exists(to) || board[to].is_some() {
                continue;
            }
            jumped = true;
            let path = [path.as_slice(), &[to]].concat();
            let captured = [captured.as_slice(), &[over]].concat();
            if piece.chain {
                let mut next = board.to_vec();
                next[over] = None;
                self.jumps(mover, &next, path, captured, count, out);
            } else {
                self.push_jump(mover, path, captured, count, out);
            }
        }
        if !jumped && path.len() > 1 {
            self.push_jump(mover, path, captured, count, out);
        }
    }

    /// A complete jump or chain, if every square it touched is open after it.
    fn push_jump(
        &self,
        mover: &Mover,
        path: Vec<usize>,
        captured: Vec<usize>,
        count: usize,
        out: &mut Vec<Candidate>,
    ) {
        let after = count - captured.len();
        if path.iter().chain(&captured).all(|&s| self.open(s, after)) {
            out.push(Candidate {
                piece: mover.piece,
                from: Some(mover.from),
                landings: path[1..].to_vec(),
                captured,
            });
        }
    }

    /// Drops of pieces in the side to move's reserve on empty squares of their zones.
    fn drops(&self, position: &Position, out: &mut Vec<Candidate>) {
        let Some(drops) = &self.def.drops else {
            return;
        };
        let side = position.side;
        let count = position.on_board() + 1;
        for (piece, &held) in position.hands[side].iter().enumerate() {
            if held == 0 {
                continue;
            }
            for square in 0..position.board.len() {
                let rank = self.rank_from(square, side);
                let in_zone = drops.zones[piece]
                    .is_none_or(|z| (usize::from(z.from)..=usize::from(z.to)).contains(&rank));
                if in_zone
                    && position.board[square].is_none()
                    && self.exists(square)
                    && self.open(square, count)
                {
                    out.push(Candidate {
                        piece,
                        from: None,
                        landings: vec![square],
                        captured: Vec::new(),
                    });
                }
            }
        }
    }
}

/// How many steps a movement of `range` may take.
fn limit(range: u8) -> usize {
    if range == 0 {
        usize::MAX
    } else {
        usize::from(range)
    }
}

/// The squares a lame leaper passes on its way to `(dx, dy)` (in the mover's directions):
/// along the line for orthogonal and diagonal leaps; for oblique ones, orthogonal steps
/// along the longer leg first and then diagonal steps (for N: the orthogonal square next to
/// the start), the destination left out.
fn lame_way((dx, dy): (i8, i8)) -> Vec<(i8, i8)> {
    let (sx, sy) = (dx.signum(), dy.signum());
    let (long, short) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
    let mut way = Vec::new();
    let mut at = (0, 0);
    for i in 0..long - 1 {
        let diagonal = short == long || (short != 0 && i >= long - short);
        at = if dx.abs() >= dy.abs() {
            (at.0 + sx, at.1 + if diagonal { sy } else { 0 })
        } else {
            (at.0 + if diagonal { sx } else { 0 }, at.1 + sy)
        };
        way.push(at);
    }
    way
}
