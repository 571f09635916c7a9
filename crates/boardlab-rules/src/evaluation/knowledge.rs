//! What the bots know of a game nobody tuned, worked out from its definition once: each
//! piece's value (from how many squares it reaches on an empty board, as Fairy-Stockfish
//! estimates custom pieces), how much each square is worth to each piece (the squares it
//! reaches from there), and how far pieces that win or promote by advancing have come.

use crate::definition::{Definition, Mode, Movement, Piece};
use boardlab_core::Player;

/// Centipawns a piece is worth for a mobility `m` on an empty board: `86 m^0.75`, which
/// gives a chess knight about 300, a rook about 620 and a queen about 900.
fn value_of_mobility(mobility: f64) -> i32 {
    (86.0 * mobility.powf(0.75)).round() as i32
}

/// The knowledge of one game.
#[derive(Debug)]
pub struct Knowledge {
    /// Each piece's value in centipawns (royal pieces 0: losing one ends the game).
    pub values: Vec<i32>,
    /// Per player, per piece, per square index: the centipawns of standing there, against
    /// the piece's average square.
    pub placement: [Vec<Vec<i16>>; 2],
    /// Per player, per piece, per square index: the bonus for having advanced toward a goal
    /// or a promotion.
    pub advancement: [Vec<Vec<i16>>; 2],
    /// Each player's letters in piece order, for observation planes.
    pub letters: [String; 2],
    /// Per player, per square index: the rank counted from the player's own side (0 the
    /// nearest), for the weights' per-rank tables.
    pub rank_from_side: [Vec<u8>; 2],
    /// Per square index: how many files the square is from the nearer edge (0 on the edge),
    /// at most 7, for the weights' per-file tables.
    pub from_edge: Vec<u8>,
    /// The value of every piece of the start position but the royal ones (both sides, board
    /// and hands): the material of a full board, against which the phase is measured.
    pub start_material: i32,
}

impl Knowledge {
    /// The knowledge of `definition`, whose start position holds the pieces of `start` (their
    /// kinds, on the board or in hand).
    pub fn new(definition: &Definition, start: &[usize]) -> Knowledge {
        let board = Board::of(definition);
        let mobility: Vec<[Vec<f64>; 2]> = definition
            .pieces
            .iter()
            .map(|piece| Player::BOTH.map(|player| board.mobility_of(piece, player)))
            .collect();
        let average = |kind: usize| {
            let squares = &mobility[kind][0];
            let existing: Vec<f64> = (0..squares.len())
                .filter(|&s| board.exists[s])
                .map(|s| squares[s])
                .collect();
            existing.iter().sum::<f64>() / existing.len().max(1) as f64
        };
        let values: Vec<i32> = definition
            .pieces
            .iter()
            .enumerate()
            .map(|(kind, piece)| match (piece.royal, piece.value) {
                (true, _) => 0,
                (false, Some(value)) => value,
                (false, None) => value_of_mobility(average(kind)).max(50),
            })
            .collect();
        let placement = Player::BOTH.map(|player| {
            (0..definition.pieces.len())
                .map(|kind| {
                    let mean = average(kind);
                    mobility[kind][player.index()]
                        .iter()
                        .map(|&m| ((m - mean) * 4.0).round() as i16)
                        .collect()
                })
                .collect()
        });
        let advancement =
            Player::BOTH.map(|player| advancement_of(definition, &values, &board, player));
        let letters = Player::BOTH.map(|player| {
            definition
                .pieces
                .iter()
                .map(|piece| piece.letters[player.index()])
                .collect()
        });
        let width = usize::from(board.width);
        let height = usize::from(board.height);
        let rank_from_side = Player::BOTH.map(|player| {
            (0..board.squares())
                .map(|square| {
                    let rank = square / width;
                    (match player {
                        Player::One => rank,
                        Player::Two => height - 1 - rank,
                    }) as u8
                })
                .collect()
        });
        let from_edge = (0..board.squares())
            .map(|square| {
                let file = square % width;
                file.min(width - 1 - file).min(7) as u8
            })
            .collect();
        let start_material = start.iter().map(|&kind| values[kind]).sum();
        Knowledge {
            values,
            placement,
            advancement,
            letters,
            rank_from_side,
            from_edge,
            start_material,
        }
    }
}

/// Per piece and square, the bonus of `player`'s piece for the ranks it has come toward the
/// goal (a goal piece: up to a third of a pawn-like 100 a rank, growing as it nears) or
/// toward its promotion zone (up to half of what promoting gains).
fn advancement_of(
    definition: &Definition,
    values: &[i32],
    board: &Board,
    player: Player,
) -> Vec<Vec<i16>> {
    let height = i32::from(board.height);
    definition
        .pieces
        .iter()
        .enumerate()
        .map(|(kind, piece)| {
            let goal = definition
                .end
                .goal_pieces
                .contains(&kind)
                .then(|| (i32::from(definition.end.goal_ranks), 100 + values[kind] / 2));
            let promotion = piece.promotion.as_ref().map(|promotion| {
                let best = promotion.to.iter().map(|&to| values[to]).max().unwrap_or(0);
                (i32::from(promotion.ranks), (best - values[kind]).max(0) / 2)
            });
            (0..board.squares())
                .map(|square| {
                    let rank = (square / usize::from(board.width)) as i32;
                    let from_side = match player {
                        Player::One => rank,
                        Player::Two => height - 1 - rank,
                    };
                    let reach = |(ranks, gain): (i32, i32)| {
                        // The ranks still to go to the zone, and the share of the way done.
                        let start = height - ranks;
                        if start <= 0 {
                            return 0;
                        }
                        let done = from_side.min(start) as f64 / start as f64;
                        (f64::from(gain) * done * done).round() as i32
                    };
                    let bonus = goal.map_or(0, reach) + promotion.map_or(0, reach);
                    bonus.clamp(0, i32::from(i16::MAX)) as i16
                })
                .collect()
        })
        .collect()
}

/// The board as the estimate sees it: which squares exist.
struct Board {
    width: u8,
    height: u8,
    exists: Vec<bool>,
}

impl Board {
    fn of(definition: &Definition) -> Board {
        let board = &definition.board;
        let squares = usize::from(board.width) * usize::from(board.height);
        let exists = (0..squares)
            .map(|s| {
                board
                    .squares
                    .get(s)
                    .is_none_or(|&kind| board.kinds[usize::from(kind)].exists)
            })
            .collect();
        Board {
            width: board.width,
            height: board.height,
            exists,
        }
    }

    fn squares(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The square `steps` times `vector` from `square`, if it is on the board and exists.
    fn step(&self, square: usize, vector: (i8, i8), steps: i32) -> Option<usize> {
        let file = (square % usize::from(self.width)) as i32 + i32::from(vector.0) * steps;
        let rank = (square / usize::from(self.width)) as i32 + i32::from(vector.1) * steps;
        let inside = (0..i32::from(self.width)).contains(&file)
            && (0..i32::from(self.height)).contains(&rank);
        let index = (rank * i32::from(self.width) + file) as usize;
        (inside && self.exists[index]).then_some(index)
    }

    /// For each square, how many squares `player`'s `piece` reaches from it on an empty
    /// board: moves that only move or only capture count half, moves from start squares only
    /// an eighth, hoppers (which need a screen) a quarter, each jump half.
    fn mobility_of(&self, piece: &Piece, player: Player) -> Vec<f64> {
        let turn = |(dx, dy): (i8, i8)| match player {
            Player::One => (dx, dy),
            Player::Two => (-dx, -dy),
        };
        (0..self.squares())
            .map(|square| {
                if !self.exists[square] {
                    return 0.0;
                }
                let moves: f64 = piece
                    .moves
                    .iter()
                    .map(|movement| {
                        let reached: usize = movement
                            .vectors
                            .iter()
                            .map(|&v| self.ride_length(square, turn(v), movement))
                            .sum();
                        reached as f64 * weight(movement)
                    })
                    .sum();
                let jumps = piece
                    .jumps
                    .iter()
                    .filter(|&&v| self.step(square, turn(v), 2).is_some())
                    .count() as f64
                    * 0.5;
                moves + jumps
            })
            .collect()
    }

    /// How many squares a movement reaches along one vector on an empty board.
    fn ride_length(&self, square: usize, vector: (i8, i8), movement: &Movement) -> usize {
        let limit = if movement.range == 0 {
            i32::from(self.width.max(self.height))
        } else {
            i32::from(movement.range)
        };
        (1..=limit)
            .take_while(|&steps| self.step(square, vector, steps).is_some())
            .count()
    }
}

/// How much a movement's squares count toward mobility.
fn weight(movement: &Movement) -> f64 {
    let mode = match movement.mode {
        Mode::Both => 1.0,
        Mode::MoveOnly | Mode::CaptureOnly => 0.5,
    };
    let initial = if movement.initial_only { 0.125 } else { 1.0 };
    let hop = if movement.hop { 0.25 } else { 1.0 };
    mode * initial * hop
}
