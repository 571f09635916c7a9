//! A deliberately plain move generator written straight from the `Definition`'s documented
//! semantics, square by square with no bit sets and no tables: the engine's legal moves are
//! compared with it on random games.

#![allow(dead_code)]

use boardlab_core::{Player, Position};
use boardlab_rules::definition::{Definition, Mode, Movement, Opening};

/// A square as (file, rank).
type Sq = (i32, i32);

/// The board as the reference sees it.
#[derive(Clone)]
pub struct Board<'a> {
    def: &'a Definition,
    cells: Vec<Option<(Player, usize)>>,
    hands: [Vec<u32>; 2],
    side: Player,
    no_progress: u32,
    start: Vec<(Sq, Player, usize)>,
}

/// What a position is, for comparing: pieces, hands, side to move, no-progress plies.
pub type State = (Vec<Option<(Player, usize)>>, [Vec<u32>; 2], Player, u32);

fn square_text((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The squares of a move text (`a1b2c3`, a suffix letter ignored).
fn squares(text: &str) -> Vec<Sq> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            let file = chars[i] as i32 - 'a' as i32;
            let mut j = i + 1;
            let mut rank = 0;
            while j < chars.len() && chars[j].is_ascii_digit() {
                rank = rank * 10 + chars[j].to_digit(10).unwrap() as i32;
                j += 1;
            }
            out.push((file, rank - 1));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn owner_kind(def: &Definition, letter: char) -> Option<(Player, usize)> {
    def.pieces.iter().enumerate().find_map(|(k, p)| {
        Player::BOTH
            .into_iter()
            .find(|pl| p.letters[pl.index()] == letter)
            .map(|pl| (pl, k))
    })
}

impl<'a> Board<'a> {
    /// Reads the state of `position` (a game of `def`) through the core's trait.
    pub fn of<P: Position>(def: &'a Definition, position: &P) -> Board<'a> {
        let (w, h) = (def.board.width as i32, def.board.height as i32);
        let mut cells = vec![None; (w * h) as usize];
        for r in 0..h {
            for f in 0..w {
                cells[(r * w + f) as usize] = position
                    .piece_at(f as u8, r as u8)
                    .and_then(|c| owner_kind(def, c));
            }
        }
        let mut hands = [vec![0; def.pieces.len()], vec![0; def.pieces.len()]];
        if let Some(reserves) = position.reserves() {
            for (i, side) in reserves.iter().enumerate() {
                for &(letter, n) in side {
                    let (_, k) = owner_kind(def, letter).expect("a letter of the game");
                    hands[i][k] += n;
                }
            }
        }
        // The start placement, for Betza `i`: ranks from the top, numbers for empty runs.
        let mut start = Vec::new();
        let placement = def.start.split(['[', ' ']).next().unwrap_or("");
        for (row, text) in placement.split('/').enumerate() {
            let r = h - 1 - row as i32;
            let mut f = 0;
            let mut run = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as i32;
                    continue;
                }
                f += run;
                run = 0;
                if let Some((p, k)) = owner_kind(def, c) {
                    start.push(((f, r), p, k));
                }
                f += 1;
            }
        }
        Board {
            def,
            cells,
            hands,
            side: position.side_to_move(),
            no_progress: position.no_progress_plies(),
            start,
        }
    }

    /// The state, for comparing.
    pub fn state(&self) -> State {
        (
            self.cells.clone(),
            self.hands.clone(),
            self.side,
            self.no_progress,
        )
    }

    /// The state after the legal move `text`, played by the rules of the definition.
    pub fn play(&self, text: &str) -> State {
        let def = self.def;
        let us = self.side;
        let mut next = self.clone();
        let w = self.w();
        let index = |(f, r): Sq| (r * w + f) as usize;
        let mut captured = 0;
        let mut capture = |next: &mut Board, s: Sq| {
            if let Some((p, k)) = next.cells[index(s)].take() {
                assert_ne!(p, us, "a move takes only enemy pieces");
                captured += 1;
                let to_hand = def.drops.as_ref().is_some_and(|d| d.captures_to_hand);
                if to_hand && !def.pieces[k].royal {
                    next.hands[us.index()][k] += 1;
                }
            }
        };
        let (moved, promoted, dropped) = if let Some((letter, square)) = text.split_once('@') {
            let to = squares(square)[0];
            let kind = (0..def.pieces.len())
                .find(|&k| {
                    def.pieces[k].letters[us.index()]
                        .eq_ignore_ascii_case(&letter.chars().next().unwrap())
                })
                .expect("a piece of the mover");
            next.hands[us.index()][kind] -= 1;
            next.cells[index(to)] = Some((us, kind));
            (kind, false, true)
        } else {
            let path = squares(text);
            let suffix = text.chars().last().filter(|c| c.is_ascii_alphabetic());
            let from = path[0];
            let (_, kind) = self.at(from).expect("a piece on the first square");
            next.cells[index(from)] = None;
            for pair in path.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let v = ((b.0 - a.0) / 2, (b.1 - a.1) / 2);
                let is_jump = (b.0 - a.0) % 2 == 0
                    && (b.1 - a.1) % 2 == 0
                    && def.pieces[kind].jumps.iter().any(|&j| self.turned(j) == v)
                    && matches!(next.cells[index((a.0 + v.0, a.1 + v.1))], Some((p, _)) if p != us);
                if is_jump {
                    capture(&mut next, (a.0 + v.0, a.1 + v.1));
                } else {
                    capture(&mut next, b);
                }
            }
            let to = *path.last().expect("squares");
            let promotion = def.pieces[kind]
                .promotion
                .as_ref()
                .filter(|p| self.rank_from(us.opponent(), to.1) <= p.ranks as i32);
            let becomes = match (suffix, promotion) {
                (Some(letter), Some(p)) => {
                    p.to.iter()
                        .copied()
                        .find(|&k| def.pieces[k].letters[us.index()].eq_ignore_ascii_case(&letter))
                }
                (None, Some(p)) if p.compulsory => Some(p.to[0]),
                _ => None,
            };
            next.cells[index(to)] = Some((us, becomes.unwrap_or(kind)));
            (kind, becomes.is_some(), false)
        };
        let progress = &def.end.progress;
        let made = (progress.captures && captured > 0)
            || (progress.drops && dropped)
            || (progress.promotions && promoted)
            || (!dropped && progress.moves_of.contains(&moved));
        // A game without draw rules counts nothing (docs/rules-files.md, "Progress").
        next.no_progress = if made || def.end.draws.is_none() {
            0
        } else {
            (self.no_progress + 1).min(1_000_000)
        };
        next.side = us.opponent();
        next.state()
    }

    fn w(&self) -> i32 {
        self.def.board.width as i32
    }

    fn h(&self) -> i32 {
        self.def.board.height as i32
    }

    fn kind_rule(&self, (f, r): Sq) -> Option<&boardlab_rules::definition::SquareKind> {
        let sq = &self.def.board.squares;
        if sq.is_empty() {
            return None;
        }
        self.def
            .board
            .kinds
            .get(sq[(r * self.w() + f) as usize] as usize)
    }

    /// On the board and not missing.
    fn exists(&self, (f, r): Sq) -> bool {
        f >= 0
            && r >= 0
            && f < self.w()
            && r < self.h()
            && self.kind_rule((f, r)).is_none_or(|k| k.exists)
    }

    fn open(&self, s: Sq, count: i32) -> bool {
        match self.kind_rule(s).map_or(Opening::Always, |k| k.open) {
            Opening::Always => true,
            Opening::Even => count % 2 == 0,
            Opening::Odd => count % 2 != 0,
        }
    }

    fn at(&self, (f, r): Sq) -> Option<(Player, usize)> {
        self.cells[(r * self.w() + f) as usize]
    }

    fn count(&self) -> i32 {
        self.cells.iter().filter(|c| c.is_some()).count() as i32
    }

    /// The rank `r` counted from `player`'s side (1 = nearest).
    fn rank_from(&self, player: Player, r: i32) -> i32 {
        match player {
            Player::One => r + 1,
            Player::Two => self.h() - r,
        }
    }

    fn turned(&self, (dx, dy): (i8, i8)) -> (i32, i32) {
        match self.side {
            Player::One => (dx as i32, dy as i32),
            Player::Two => (-dx as i32, -dy as i32),
        }
    }

    fn has_on_board(&self, player: Player, kind: usize) -> bool {
        self.cells.contains(&Some((player, kind)))
    }

    fn owns(&self, player: Player, kind: usize) -> bool {
        self.has_on_board(player, kind) || self.hands[player.index()][kind] > 0
    }

    /// Whether the game is over for the side to move.
    fn over(&self) -> bool {
        let us = self.side;
        let them = us.opponent();
        let royal: Vec<usize> = (0..self.def.pieces.len())
            .filter(|&k| self.def.pieces[k].royal)
            .collect();
        if !royal.is_empty() && !royal.iter().any(|&k| self.owns(us, k)) {
            return true;
        }
        let end = &self.def.end;
        let goal = (0..self.w())
            .flat_map(|f| (0..self.h()).map(move |r| (f, r)))
            .any(|s| {
                matches!(self.at(s), Some((p, k)) if p == them && end.goal_pieces.contains(&k))
                    && self.rank_from(them, s.1) > self.h() - end.goal_ranks as i32
            });
        if goal {
            return true;
        }
        end.capture_all && !(0..self.def.pieces.len()).any(|k| self.owns(us, k))
    }

    /// The squares strictly between the start and a lame leap's target: orthogonal steps
    /// while the longer leg has more left than the shorter, then diagonal ones.
    fn lame_way(v: (i32, i32)) -> Vec<(i32, i32)> {
        let (mut x, mut y) = (0, 0);
        let mut way = Vec::new();
        loop {
            let (left_x, left_y) = (v.0 - x, v.1 - y);
            if left_x.abs() + left_y.abs() == 0 {
                break;
            }
            if left_x.abs() > left_y.abs() {
                x += left_x.signum();
            } else if left_y.abs() > left_x.abs() {
                y += left_y.signum();
            } else {
                x += left_x.signum();
                y += left_y.signum();
            }
            if (x, y) != v {
                way.push((x, y));
            }
        }
        way
    }

    /// The move texts to `to` from `from` by piece `kind`, with its promotions.
    fn with_promotions(&self, kind: usize, from_text: String, to: Sq, out: &mut Vec<String>) {
        let piece = &self.def.pieces[kind];
        let base = from_text + &square_text(to);
        match &piece.promotion {
            Some(p) if self.rank_from(self.side.opponent(), to.1) <= p.ranks as i32 => {
                let silent = p.to.len() == 1 && p.compulsory;
                if !p.compulsory {
                    out.push(base.clone());
                }
                for &k in &p.to {
                    if silent {
                        out.push(base.clone());
                    } else {
                        let letter =
                            self.def.pieces[k].letters[self.side.index()].to_ascii_lowercase();
                        out.push(format!("{base}{letter}"));
                    }
                }
            }
            _ => out.push(base),
        }
    }

    /// The quiet moves and the captures of one movement of the piece on `from`.
    fn movement(
        &self,
        kind: usize,
        from: Sq,
        m: &Movement,
        quiet: &mut Vec<String>,
        captures: &mut Vec<String>,
        may_capture: bool,
    ) {
        let count = self.count();
        let us = self.side;
        let can_move = m.mode != Mode::CaptureOnly;
        let can_capture = m.mode != Mode::MoveOnly && may_capture;
        for &v in &m.vectors {
            let v = self.turned(v);
            let mut emit = |to: Sq, crossed: &[Sq], enemy: bool| {
                let after = if enemy { count - 1 } else { count };
                let open = self.open(from, after)
                    && self.open(to, after)
                    && crossed.iter().all(|&s| self.open(s, after));
                if !open {
                    return;
                }
                if enemy && can_capture {
                    self.with_promotions(kind, square_text(from), to, captures);
                } else if !enemy && can_move {
                    self.with_promotions(kind, square_text(from), to, quiet);
                }
            };
            if m.range == 1 && !m.hop {
                let to = (from.0 + v.0, from.1 + v.1);
                if !self.exists(to) {
                    continue;
                }
                let way: Vec<Sq> = if m.lame {
                    Self::lame_way(v)
                        .iter()
                        .map(|&(x, y)| (from.0 + x, from.1 + y))
                        .collect()
                } else {
                    Vec::new()
                };
                if way.iter().any(|&s| !self.exists(s) || self.at(s).is_some()) {
                    continue;
                }
                match self.at(to) {
                    None => emit(to, &way, false),
                    Some((p, _)) if p != us => emit(to, &way, true),
                    _ => {}
                }
                continue;
            }
            let mut crossed: Vec<Sq> = Vec::new();
            let mut screen = false;
            let mut step = 1;
            loop {
                if m.range != 0 && step > m.range as i32 {
                    break;
                }
                let to = (from.0 + v.0 * step, from.1 + v.1 * step);
                if !self.exists(to) {
                    break;
                }
                match self.at(to) {
                    None => {
                        if !m.hop || screen {
                            emit(to, &crossed, false);
                        }
                    }
                    Some((p, _)) => {
                        if m.hop && !screen {
                            screen = true;
                        } else {
                            if p != us {
                                emit(to, &crossed, true);
                            }
                            break;
                        }
                    }
                }
                crossed.push(to);
                step += 1;
            }
        }
    }

    /// The complete chains from `at`, as texts, with the squares touched and pieces taken.
    fn chains(
        &self,
        kind: usize,
        at: Sq,
        removed: &mut Vec<Sq>,
        origin: Sq,
        path: &mut Vec<Sq>,
        out: &mut Vec<(Vec<Sq>, Vec<Sq>)>,
    ) {
        let mut extended = false;
        for &j in &self.def.pieces[kind].jumps {
            let v = self.turned(j);
            let over = (at.0 + v.0, at.1 + v.1);
            let land = (at.0 + 2 * v.0, at.1 + 2 * v.1);
            let enemy = self.exists(over)
                && !removed.contains(&over)
                && matches!(self.at(over), Some((p, _)) if p != self.side);
            // The square the piece left, the squares of pieces already taken, and squares it
            // landed on before are empty now.
            let empty = self.exists(land)
                && (land == origin || removed.contains(&land) || self.at(land).is_none());
            if enemy && empty {
                extended = true;
                removed.push(over);
                path.push(land);
                self.chains(kind, land, removed, origin, path, out);
                path.pop();
                removed.pop();
            }
        }
        if !extended && !path.is_empty() {
            out.push((path.clone(), removed.clone()));
        }
    }

    /// Every legal move, as sorted texts.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.over() {
            return Vec::new();
        }
        let def = self.def;
        let us = self.side;
        let count = self.count();
        let may_capture = def
            .captures
            .requires_on_board
            .is_none_or(|k| self.has_on_board(us, k));
        let (mut quiet, mut captures) = (Vec::new(), Vec::new());
        for f in 0..self.w() {
            for r in 0..self.h() {
                let Some((p, kind)) = self.at((f, r)) else {
                    continue;
                };
                if p != us {
                    continue;
                }
                let piece = &def.pieces[kind];
                let on_start = self.start.contains(&((f, r), us, kind));
                for m in &piece.moves {
                    if m.initial_only && !on_start {
                        continue;
                    }
                    self.movement(kind, (f, r), m, &mut quiet, &mut captures, may_capture);
                }
                if !may_capture || piece.jumps.is_empty() {
                    continue;
                }
                let mut found = Vec::new();
                if piece.chain {
                    self.chains(
                        kind,
                        (f, r),
                        &mut Vec::new(),
                        (f, r),
                        &mut Vec::new(),
                        &mut found,
                    );
                } else {
                    for &j in &piece.jumps {
                        let v = self.turned(j);
                        let over = (f + v.0, r + v.1);
                        let land = (f + 2 * v.0, r + 2 * v.1);
                        if self.exists(over)
                            && self.exists(land)
                            && matches!(self.at(over), Some((p, _)) if p != us)
                            && self.at(land).is_none()
                        {
                            found.push((vec![land], vec![over]));
                        }
                    }
                }
                for (landings, taken) in found {
                    let after = count - taken.len() as i32;
                    let start = [(f, r)];
                    let mut touched = landings.iter().chain(&taken).chain(&start);
                    if !touched.all(|&s| self.open(s, after)) {
                        continue;
                    }
                    let mut text = square_text((f, r));
                    for &l in &landings[..landings.len() - 1] {
                        text += &square_text(l);
                    }
                    self.with_promotions(
                        kind,
                        text,
                        *landings.last().expect("a jump"),
                        &mut captures,
                    );
                }
            }
        }
        let forced = def.captures.compulsory && !captures.is_empty();
        let mut moves = if forced {
            captures
        } else {
            quiet.extend(captures);
            quiet
        };
        if let Some(drops) = def.drops.as_ref().filter(|_| !forced) {
            for kind in 0..def.pieces.len() {
                if self.hands[us.index()][kind] == 0 {
                    continue;
                }
                let zone = drops.zones.get(kind).copied().flatten();
                for f in 0..self.w() {
                    for r in 0..self.h() {
                        let n = self.rank_from(us, r);
                        let in_zone =
                            zone.is_none_or(|z| (z.from as i32..=z.to as i32).contains(&n));
                        if in_zone
                            && self.exists((f, r))
                            && self.at((f, r)).is_none()
                            && self.open((f, r), count + 1)
                        {
                            let letter = def.pieces[kind].letters[us.index()].to_ascii_uppercase();
                            moves.push(format!("{letter}@{}", square_text((f, r))));
                        }
                    }
                }
            }
        }
        // Two movements reaching the same square make one move.
        moves.sort();
        moves.dedup();
        moves
    }
}
