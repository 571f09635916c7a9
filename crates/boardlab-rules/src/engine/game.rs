//! A compiled game: a definition with everything the engine derives from it once (the board's
//! geometry, the letters, the start, the Zobrist keys) and, built on first use for each
//! bit-set type, its move [`Tables`].

use super::bitset::{BitSet, Bits256};
use super::geometry::Geometry;
use super::letters::Letters;
use super::placement::{Placed, Reserves};
use super::tables::Tables;
use super::zobrist::Keys;
use crate::definition::{Definition, Draws};
use boardlab_core::Player;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Makes the definition for a choice of the file's rule options (one flag per option of
/// [`Definition::options`], in order) from the definition with every option at its default:
/// the file reader's `with_options`.
pub type OptionApplier = fn(&Definition, &[bool]) -> Result<Definition, String>;

/// Where a game stands among the variants its rule options make.
#[derive(Clone)]
pub struct Variants {
    /// The definition with every option at its default.
    pub base: Arc<Definition>,
    /// The base definition's canonical text, which names the family in the intern map.
    pub base_key: Arc<str>,
    /// Which options are on in this game: bit `i` for option `i`.
    pub choice: u8,
    /// How another choice's definition is made; `None` when nothing can make one.
    pub applier: Option<OptionApplier>,
}

/// A game compiled from a [`Definition`]. Made once per definition and choice of options
/// and shared as `&'static Game` (see [`intern`](super::intern::intern)).
pub struct Game {
    /// The definition it was compiled from (options applied).
    pub(crate) definition: Definition,
    /// The board.
    pub(crate) geometry: Geometry,
    /// The letters of the pieces.
    pub(crate) letters: Letters,
    /// The pieces of the start position.
    pub(crate) start: Placed,
    /// The reserves of the start position.
    pub(crate) start_reserves: Reserves,
    /// The Zobrist keys.
    pub(crate) keys: Keys,
    /// The royal pieces, a bit per piece.
    pub(crate) royal: u16,
    /// The pieces that win by reaching the goal, a bit per piece.
    pub(crate) goal_pieces: u16,
    /// The pieces any move of which is progress, a bit per piece.
    pub(crate) progress_pieces: u16,
    /// The game's place among its option variants.
    pub(crate) variants: Variants,
    pub(crate) tables_64: OnceLock<Tables<u64>>,
    pub(crate) tables_128: OnceLock<Tables<u128>>,
    pub(crate) tables_256: OnceLock<Tables<Bits256>>,
    pub(crate) rule_infos: OnceLock<Vec<boardlab_core::RuleInfo>>,
    pub(crate) presentation: OnceLock<boardlab_core::Presentation>,
    /// What the bots know of the game, worked out on first use.
    pub(crate) knowledge: OnceLock<crate::evaluation::Knowledge>,
}

/// The bit-set types a position can use, smallest first: a game is played fastest on the
/// smallest that holds its board ([`Game::bit_set`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitSetSize {
    /// `u64`: boards of up to 64 squares (8x8).
    U64,
    /// `u128`: up to 128 squares (9x9, 11x11).
    U128,
    /// [`Bits256`]: up to 256 squares (any board up to 16x16).
    Bits256,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Game({}, options {:#b})",
            self.definition.id, self.variants.choice
        )
    }
}

impl Game {
    /// The game's id.
    pub fn id(&'static self) -> &'static str {
        &self.definition.id
    }

    /// The definition the game was compiled from.
    pub fn definition(&self) -> &Definition {
        &self.definition
    }

    /// Which rule options are on: bit `i` for option `i` of the definition.
    pub fn choice(&self) -> u8 {
        self.variants.choice
    }

    /// The files of the board.
    pub fn width(&self) -> u8 {
        self.geometry.width
    }

    /// The ranks of the board.
    pub fn height(&self) -> u8 {
        self.geometry.height
    }

    /// The number of kinds of piece.
    #[inline]
    pub fn piece_count(&self) -> usize {
        self.definition.pieces.len()
    }

    /// Whether the game has reserves and drops.
    #[inline]
    pub fn has_drops(&self) -> bool {
        self.definition.drops.is_some()
    }

    /// Whether the first player is drawn at random (the file's `first = "random"`): the
    /// value of the rules' `first_player_drawn` for this game.
    pub fn first_player_drawn(&self) -> bool {
        self.definition.first == crate::definition::FirstPlayer::Random
    }

    /// Whether no position can ever recur, so that an exhaustive search ends: nothing ever
    /// returns to a reserve (no drops, or drops only from the start reserves), and every move
    /// that does not capture goes forward (every vector of every movement that may end on an
    /// empty square has `dy > 0`). Then each move lowers the material, lowers the reserves
    /// or advances a piece, and none of them is ever undone.
    pub fn acyclic(&self) -> bool {
        self.definition.why_positions_may_repeat().is_none()
    }

    /// What the bots know of the game (piece values, squares), worked out on first use.
    pub fn knowledge(&self) -> &crate::evaluation::Knowledge {
        self.knowledge.get_or_init(|| {
            let on_board = self.start.iter().map(|&(_, _, kind)| usize::from(kind));
            let in_hand = self.start_reserves.iter().flat_map(|hand| {
                hand.iter()
                    .enumerate()
                    .flat_map(|(kind, &count)| std::iter::repeat_n(kind, usize::from(count)))
            });
            let start: Vec<usize> = on_board.chain(in_hand).collect();
            crate::evaluation::Knowledge::new(&self.definition, &start)
        })
    }

    /// The draw rules' defaults, `None` for a game without draws.
    pub fn draws(&self) -> Option<Draws> {
        self.definition.end.draws
    }

    /// The letter of `player`'s piece `kind`.
    pub fn letter(&self, player: Player, kind: u8) -> char {
        self.letters.letter(player, kind)
    }

    /// The letter a win by capturing the royal pieces names (the first royal piece's
    /// letter, uppercase).
    pub fn royal_letter(&self) -> char {
        let first = self.royal.trailing_zeros() as u8;
        self.letters.letter(Player::One, first).to_ascii_uppercase()
    }

    /// The smallest bit-set type that holds the board: the one to play the game on.
    pub fn bit_set(&self) -> BitSetSize {
        match self.geometry.squares() {
            0..=64 => BitSetSize::U64,
            65..=128 => BitSetSize::U128,
            _ => BitSetSize::Bits256,
        }
    }

    /// Whether a board of this game fits in the bit-set type `B`.
    pub fn fits<B: BitSet>(&self) -> bool {
        self.geometry.squares() <= B::BITS
    }

    /// The move tables for the bit-set type `B`, built on first use; `None` when the board
    /// does not fit in `B`.
    pub fn tables<B: BitSet>(&'static self) -> Option<&'static Tables<B>> {
        self.fits::<B>()
            .then(|| B::tables_cell(self).get_or_init(|| Tables::build(self)))
    }
}
