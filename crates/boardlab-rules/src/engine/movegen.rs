//! Move generation: one generator, generic over the core's [`MoveSink`], so that the same
//! code fills a move list or only counts (perft's last ply counts target sets by popcount
//! and drops as kinds in hand times empty squares).

use super::bitset::BitSet;
use super::moves::{Coord, RulesMove};
use super::position::RulesPosition;
use super::sink::{Noting, Promoting};
use super::tables::{BulkLeap, PieceTables, captures, moves_quietly};
use boardlab_core::MoveSink;

/// The board as the side to move sees it, with the squares closed for each kind of move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<B> {
    /// The opponent's pieces.
    pub enemy: B,
    /// Every piece.
    pub occupied: B,
    /// The existing empty squares.
    pub empty: B,
    /// The pieces on the board.
    pub count: u32,
    /// The squares closed for a move that captures nothing (the count stays).
    pub closed_quiet: B,
    /// The squares closed for a move that captures one piece.
    pub closed_capture: B,
    /// Whether the mover may capture at all (`requires_on_board`).
    pub may_capture: bool,
}

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    /// Every move.
    All,
    /// Only captures (by moving onto an enemy or by jumping).
    Captures,
    /// Only moves that capture nothing (and drops).
    Quiet,
}

impl<B: BitSet> RulesPosition<B> {
    /// The board as the side to move sees it.
    #[inline(always)]
    pub(crate) fn view(&self) -> View<B> {
        let us = self.side;
        let own = self.by_side[us.index()];
        let enemy = self.by_side[us.opponent().index()];
        let occupied = own | enemy;
        let tables = self.tables;
        // The count matters only where squares open and close, or for drops.
        let count = if tables.opens || tables.rules.drops {
            occupied.count()
        } else {
            0
        };
        let requirement = tables.rules.requires_on_board;
        View {
            enemy,
            occupied,
            empty: self.tables.board & !occupied,
            count,
            closed_quiet: self.tables.closed_for(count),
            closed_capture: self.tables.closed_for(count.wrapping_sub(1)),
            may_capture: requirement.is_none_or(|kind| !self.pieces(us, kind).is_empty()),
        }
    }

    /// Hands every legal move of the side to move to `sink`. A finished game has none; while
    /// captures are compulsory and one exists, only captures are legal.
    #[inline]
    pub(crate) fn generate<S: MoveSink<RulesMove>>(&self, sink: &mut S) {
        if self.loss().is_some() {
            return;
        }
        let view = self.view();
        if self.tables.rules.compulsory {
            let mut noting = Noting {
                inner: &mut *sink,
                any: false,
            };
            self.board_moves(&mut noting, &view, Wanted::Captures);
            if noting.any {
                return;
            }
            self.board_moves(sink, &view, Wanted::Quiet);
        } else {
            self.board_moves(sink, &view, Wanted::All);
        }
        self.drops(sink, &view);
    }

    /// Hands the side to move's captures by pieces on the board to `sink` (moves onto an
    /// enemy piece and jumps over one), whether or not the game is over and whether or not
    /// captures are compulsory: what a search asks to see which pieces are attacked.
    #[inline]
    pub(crate) fn captures<S: MoveSink<RulesMove>>(&self, sink: &mut S) {
        self.board_moves(sink, &self.view(), Wanted::Captures);
    }

    /// Hands the side to move's legal tactical moves to `sink`: its captures (onto an enemy
    /// piece, jumps and chains) and its moves that promote without capturing; none in a
    /// finished game. These are the legal moves a quiescence search follows, generated
    /// without the others.
    #[inline]
    pub(crate) fn tactical<S: MoveSink<RulesMove>>(&self, sink: &mut S) {
        if self.loss().is_some() {
            return;
        }
        let view = self.view();
        let mut noting = Noting {
            inner: &mut *sink,
            any: false,
        };
        self.board_moves(&mut noting, &view, Wanted::Captures);
        if noting.any && self.tables.rules.compulsory {
            // Only captures are legal.
            return;
        }
        let us = self.side;
        for (kind, piece) in self.tables.pieces[us.index()].iter().enumerate() {
            let Some(promotion) = &piece.promotion else {
                continue;
            };
            let mine = self.pieces(us, kind as u8);
            if mine.is_empty() {
                continue;
            }
            let into_zone = View {
                empty: view.empty & promotion.zone,
                ..view
            };
            let mut promoting = Promoting { inner: &mut *sink };
            self.step_moves(&mut promoting, piece, mine, &into_zone, true, false);
        }
    }

    /// Hands the side to move's captures onto `square` by pieces that land there (those of
    /// [`captures`](Self::captures) that end on it, jumps and chains aside) to `sink`. Only
    /// the pieces that [`Tables::capture_sources`] says might reach the square are asked.
    ///
    /// [`Tables::capture_sources`]: super::tables::Tables::capture_sources
    #[inline]
    pub(crate) fn captures_onto<S: MoveSink<RulesMove>>(&self, square: u32, sink: &mut S) {
        let mut view = self.view();
        view.enemy &= B::bit(square);
        if !view.may_capture || view.enemy.is_empty() {
            return;
        }
        let us = self.side.index();
        let sources = &self.tables.capture_sources[us];
        for (kind, piece) in self.tables.pieces[us].iter().enumerate() {
            let near = self.pieces(self.side, kind as u8) & sources[kind].at(square);
            if !near.is_empty() {
                self.step_moves(sink, piece, near, &view, false, true);
            }
        }
    }

    /// The moves of the pieces on the board.
    #[inline(always)]
    fn board_moves<S: MoveSink<RulesMove>>(&self, sink: &mut S, view: &View<B>, wanted: Wanted) {
        let tables = &self.tables.pieces[self.side.index()];
        let want_quiet = wanted != Wanted::Captures;
        let want_capture = wanted != Wanted::Quiet && view.may_capture;
        for (kind, piece) in tables.iter().enumerate() {
            let mine = self.pieces(self.side, kind as u8);
            if mine.is_empty() {
                continue;
            }
            self.step_moves(sink, piece, mine, view, want_quiet, want_capture);
            if want_capture && !piece.jumps.is_empty() {
                // Only the pieces with a first jump start a search, found by shifts.
                let mut jumpers = B::EMPTY;
                for jump in &piece.jumps {
                    jumpers |= mine
                        & jump.sources
                        & view.enemy.shifted(-jump.delta)
                        & view.empty.shifted(-2 * jump.delta);
                }
                for from in jumpers.squares() {
                    self.jumps_from(sink, piece, from, view);
                }
            }
        }
    }

    /// The moves of the pieces of one kind on `mine` that land on their target square
    /// (leaps, lame leaps, riders, hoppers; jumps aside): all of them at once where the
    /// kind's leaps are made in bulk, else piece by piece.
    #[inline(always)]
    fn step_moves<S: MoveSink<RulesMove>>(
        &self,
        sink: &mut S,
        piece: &PieceTables<B>,
        mine: B,
        view: &View<B>,
        want_quiet: bool,
        want_capture: bool,
    ) {
        if let Some(bulk) = &piece.bulk {
            for vector in bulk {
                let mut targets = B::EMPTY;
                for leap in &vector.leaps {
                    targets |=
                        self.bulk_targets(mine, vector.delta, leap, view, want_quiet, want_capture);
                }
                if !targets.is_empty() {
                    let coords = &self.tables.coords;
                    let origin = |to: u32| coords.at((to as i32 - vector.delta) as u32);
                    self.emit(sink, piece, targets, origin);
                }
            }
        } else {
            for from in mine.squares() {
                let targets = self.targets_from(piece, from, view, want_quiet, want_capture);
                if !targets.is_empty() {
                    let start = self.tables.coords.at(from);
                    self.emit(sink, piece, targets, |_| start);
                }
            }
        }
    }

    /// The targets of one bulk leap by `delta` of all the pieces on `mine` (see
    /// [`targets_from`]).
    #[inline(always)]
    fn bulk_targets(
        &self,
        mine: B,
        delta: i32,
        leap: &BulkLeap<B>,
        view: &View<B>,
        quiet: bool,
        capture: bool,
    ) -> B {
        let quiet = quiet && moves_quietly(leap.mode);
        let capture = capture && captures(leap.mode);
        if !quiet && !capture {
            return B::EMPTY;
        }
        let reach = |closed: B, land: B| {
            let free = !(view.occupied | closed);
            let mut sources = mine & leap.sources & !closed;
            for &step in &leap.path {
                sources &= free.shifted(-step);
            }
            sources.shifted(delta) & land & !closed
        };
        let pick = |wanted: bool, set: B| if wanted { set } else { B::EMPTY };
        if !self.tables.opens {
            return reach(
                B::EMPTY,
                pick(quiet, view.empty) | pick(capture, view.enemy),
            );
        }
        let mut targets = B::EMPTY;
        if quiet {
            targets |= reach(view.closed_quiet, view.empty);
        }
        if capture {
            targets |= reach(view.closed_capture, view.enemy);
        }
        targets
    }

    /// The squares the piece on `from` may move to (empty ones, when `quiet`) or capture on
    /// (enemy ones, when `capture`). Where squares open and close, a capture sees the board
    /// with one piece fewer than a move that captures nothing.
    #[inline(always)]
    fn targets_from(
        &self,
        piece: &PieceTables<B>,
        from: u32,
        view: &View<B>,
        quiet: bool,
        capture: bool,
    ) -> B {
        let pick = |wanted: bool, set: B| if wanted { set } else { B::EMPTY };
        if !self.tables.opens {
            let (quiet, capture) = (pick(quiet, view.empty), pick(capture, view.enemy));
            return self.reach(piece, from, view.occupied, B::EMPTY, quiet, capture);
        }
        let mut targets = B::EMPTY;
        let closed = view.closed_quiet;
        if quiet && !closed.has(from) {
            let quiet = view.empty & !closed;
            targets |= self.reach(piece, from, view.occupied | closed, closed, quiet, B::EMPTY);
        }
        let closed = view.closed_capture;
        if capture && !closed.has(from) {
            let capture = view.enemy & !closed;
            targets |= self.reach(
                piece,
                from,
                view.occupied | closed,
                closed,
                B::EMPTY,
                capture,
            );
        }
        targets
    }

    /// The squares of `quiet` and `capture` the piece on `from` reaches by the modes that
    /// allow each, with `blockers` stopping riders and lame leapers and `closed` squares not
    /// to be hopped over.
    #[inline(always)]
    pub(super) fn reach(
        &self,
        piece: &PieceTables<B>,
        from: u32,
        blockers: B,
        closed: B,
        quiet: B,
        capture: B,
    ) -> B {
        let for_mode = |mode| match (moves_quietly(mode), captures(mode)) {
            (true, true) => quiet | capture,
            (true, false) => quiet,
            (false, _) => capture,
        };
        let mut targets =
            (piece.leap_quiet.at(from) & quiet) | (piece.leap_capture.at(from) & capture);
        let (first, last) = piece.lame_at.at(from);
        for lame in &piece.lame[first as usize..last as usize] {
            if (lame.path & blockers).is_empty() {
                targets |= lame.target & for_mode(lame.mode);
            }
        }
        for group in &piece.riders {
            if !group.initial || piece.start.has(from) {
                targets |= self.tables.ride(group, from, blockers) & for_mode(group.mode);
            }
        }
        for line in &piece.hoppers {
            if !line.initial || piece.start.has(from) {
                targets |= self.tables.hop(line, from, blockers, closed) & for_mode(line.mode);
            }
        }
        targets
    }

    /// The moves to each square of `targets` of the piece (of kind `piece`) that `origin`
    /// names for the target, with their promotions.
    #[inline(always)]
    fn emit<S: MoveSink<RulesMove>>(
        &self,
        sink: &mut S,
        piece: &PieceTables<B>,
        targets: B,
        origin: impl Fn(u32) -> Coord,
    ) {
        let coords = &self.tables.coords;
        let step = |to: u32| RulesMove::step(origin(to), coords.at(to));
        let Some(promotion) = &piece.promotion else {
            sink.add_each(targets, step);
            return;
        };
        let promoting = targets & promotion.zone;
        let plain = if promotion.optional {
            targets
        } else {
            targets & !promotion.zone
        };
        sink.add_each(plain, step);
        if !promoting.is_empty() {
            for &(kind, suffix) in &promotion.choices {
                sink.add_each(promoting, |to| step(to).promoting(kind, suffix));
            }
        }
    }

    /// The drops of the side to move: each piece in hand on each empty, open square of its
    /// zone.
    #[inline(always)]
    fn drops<S: MoveSink<RulesMove>>(&self, sink: &mut S, view: &View<B>) {
        if !self.tables.rules.drops {
            return;
        }
        let game = self.game();
        let us = self.side;
        let hand = &self.reserves[us.index()];
        let pieces = game.piece_count();
        let targets = view.empty & !self.tables.closed_for(view.count + 1);
        let coords = &self.tables.coords;
        let drop = |kind: u8, to: u32| {
            let letter = game.letters.letter(us, kind).to_ascii_uppercase();
            RulesMove::drop(kind, letter, coords.at(to))
        };
        if self.tables.drops_anywhere {
            let held = (0..pieces as u8).filter(|&k| hand[k as usize] > 0);
            let kinds = hand[..pieces].iter().filter(|&&n| n > 0).count() as u32;
            sink.add_each_of_kinds(held, kinds, targets, drop);
        } else {
            for kind in (0..pieces as u8).filter(|&k| hand[k as usize] > 0) {
                let zone = self.tables.drop_zone[us.index()][kind as usize];
                sink.add_each(targets & zone, |to| drop(kind, to));
            }
        }
    }
}
