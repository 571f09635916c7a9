//! The `Position` trait: the one small API every game implements and every tool uses.

use crate::error::{MoveError, PositionError};
use crate::move_bits::MoveBits;
use crate::move_list::MoveList;
use crate::outcome::{Outcome, WinReason};
use crate::player::Player;
use crate::rules::RuleOptions;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A game position: the board, whose turn it is, and the rule options in force.
///
/// Positions are small `Copy` values: [`play`](Position::play) changes one in place, and a
/// search keeps earlier positions by copying them (copy-make). Draw rules that need the
/// game's past (repetition, the no-progress limit) are applied by
/// [`GameHistory`](crate::GameHistory), not here.
pub trait Position: Copy + Eq + Debug + Display + Send + Sync + 'static {
    /// A move of this game. `Display` prints it in the notation of SPEC.md; it fits in 32
    /// bits ([`MoveBits`]).
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + MoveBits + 'static;
    /// The game's rule options.
    type Rules: RuleOptions;

    /// The game id (`obsidian`, or a rules file's id): its rules' [`game`](RuleOptions::game).
    fn game_id(&self) -> &'static str {
        self.rules().game()
    }

    /// Whether the game has tablebases: [`build_tablebases`](Position::build_tablebases)
    /// builds them (`boardlab tablebase`) and [`open_tablebases`](Position::open_tablebases)
    /// opens them for play.
    const HAS_TABLEBASES: bool = false;

    /// The most pieces a side may have in this game's tablebases (0 where it has none).
    const TABLEBASE_MAX_PIECES: u32 = 0;

    /// Builds this game's tablebases under `rules` into the folder `dir` (made if missing;
    /// tables already there are kept), reporting to `progress`; returns each table's name
    /// and report. Games without tablebases refuse.
    fn build_tablebases(
        _dir: &std::path::Path,
        rules: Self::Rules,
        _request: crate::tablebase::TablebaseRequest,
        _progress: &dyn crate::tablebase::BuildProgress,
    ) -> Result<Vec<(String, crate::tablebase::TableReport)>, crate::OracleError>
    where
        Self: Sized,
    {
        Err(crate::OracleError(format!(
            "{} has no tablebases",
            rules.game()
        )))
    }

    /// Opens this game's tablebases (exact values of endgame positions) in the folder
    /// `dir`, for positions played under `rules`. Games without tablebases refuse.
    fn open_tablebases(
        _dir: &std::path::Path,
        rules: Self::Rules,
    ) -> Result<Box<dyn crate::ValueOracle<Self>>, crate::OracleError>
    where
        Self: Sized,
    {
        Err(crate::OracleError(format!(
            "{} has no tablebases",
            rules.game()
        )))
    }

    /// Why some of the side to move's pieces may not move now although they could step
    /// (Sprint: a capture is compulsory), in words for players; `None` (the default) when no
    /// such rule holds.
    fn move_restriction(&self) -> Option<&'static str> {
        None
    }

    /// The start position under the given rules, Player 1 to move.
    fn start(rules: Self::Rules) -> Self;

    /// The start position with `first` to move, for games that draw the first player
    /// ([`first_player_drawn`](RuleOptions::first_player_drawn)); other games ignore `first`.
    fn start_with_first(rules: Self::Rules, first: Player) -> Self {
        let _ = first;
        Self::start(rules)
    }

    /// Reads a position from its one-line text form (SPEC.md).
    fn from_text(text: &str, rules: Self::Rules) -> Result<Self, PositionError>;

    /// The rule options this position is played under.
    fn rules(&self) -> Self::Rules;

    /// The number of files (columns) of the board.
    fn width(&self) -> u8;

    /// The number of ranks (rows) of the board.
    fn height(&self) -> u8;

    /// The letter of the piece on a square (as in the position text), if any.
    /// Files and ranks count from 0 at a1.
    fn piece_at(&self, file: u8, rank: u8) -> Option<char>;

    /// A mark for the square itself where squares differ (Parity's colours: `R`, `U`, `B`,
    /// `W`), for boards drawn as text; `None` (the default) where all squares are alike.
    fn square_mark(&self, _file: u8, _rank: u8) -> Option<char> {
        None
    }

    /// The mark of the squares open now in games whose squares open and close (Parity: `R`
    /// while the piece count is even, `U` while it is odd); `None` (the default) elsewhere.
    fn open_mark(&self) -> Option<char> {
        None
    }

    /// The pieces each player holds in reserve, Player 1's first, as letters of position
    /// text with counts, in games with drops (Daisy); `None` (the default) elsewhere.
    fn reserves(&self) -> Option<[Vec<(char, u32)>; 2]> {
        None
    }

    /// How the game is shown to people: its rules' [`presentation`](RuleOptions::presentation).
    fn presentation(&self) -> &'static crate::Presentation {
        self.rules().presentation()
    }

    /// Lines that user interfaces show under the board: reserves, the colour open now, and
    /// the like. None by default.
    fn status_lines(&self) -> Vec<String> {
        Vec::new()
    }

    /// How the game calls a player in its user interfaces: its rules'
    /// [`player_name`](RuleOptions::player_name).
    fn player_name(&self, player: Player) -> &'static str {
        self.rules().player_name(player)
    }

    /// The player whose turn it is.
    fn side_to_move(&self) -> Player;

    /// The moves that complete the game's setup for the side to move, which match openings
    /// of the `setup` kind play (one at random) before their random plies; none (the default)
    /// once the game is set up, or in games that start set up. Daisy: while the side to
    /// move's A is in reserve, the drops of the A on its own half of the board.
    fn setup_moves(&self, moves: &mut MoveList<Self::Move>) {
        let _ = moves;
    }

    /// Appends every legal move to `moves`. A finished game has none.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves, which games may count without generating them.
    fn count_legal_moves(&self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Whether the side to move has a legal move at all: the same answer as
    /// `count_legal_moves() > 0`, which games may give sooner (a search asks it at every
    /// node only to see whether the game is over).
    fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Plays a legal move. Playing a move that [`legal_moves`](Position::legal_moves) did not
    /// give leaves an unspecified (but memory-safe) position.
    fn play(&mut self, mv: Self::Move);

    /// Why the side to move has already lost by the game's own win rule (its key piece
    /// captured, no pieces left, the opponent's goal reached), before its moves are looked
    /// at; `None` (the default) while no such rule applies.
    fn loss_reason(&self) -> Option<WinReason> {
        None
    }

    /// The win the rules have decided, or `None` while the game goes on: the game's own win
    /// rule ([`loss_reason`](Position::loss_reason)), then the common rule that a player who
    /// must move and cannot loses.
    fn outcome(&self) -> Option<Outcome> {
        let reason = match self.loss_reason() {
            Some(reason) => reason,
            None if !self.has_legal_move() => WinReason::NoLegalMove,
            None => return None,
        };
        Some(Outcome::Win {
            winner: self.side_to_move().opponent(),
            reason,
        })
    }

    /// The Zobrist hash of everything that makes positions equal for repetition: the
    /// pieces, any reserves and the side to move (not the counters).
    fn hash(&self) -> u64;

    /// The same hash computed from the position alone, not kept up to date move by move: a
    /// check of [`hash`](Position::hash) for tests.
    fn hash_from_scratch(&self) -> u64;

    /// How many pieces each player has, on the board and in hand (reserves), indexed by
    /// [`Player::index`]: the material that designers' reports follow through a game.
    fn material(&self) -> [u32; 2];

    /// Plies played since the last capture or other progress move.
    fn no_progress_plies(&self) -> u32;

    /// Reads a move in this position's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// All legal moves in a new list.
    fn legal_move_list(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// The legal moves as text, sorted: the list `boardlab moves` prints.
    fn legal_move_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_move_list()
            .iter()
            .map(|m| m.to_string())
            .collect();
        texts.sort();
        texts
    }

    /// Whether `mv` is one of the legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_move_list().contains(&mv)
    }

    /// Plays `mv` if it is legal here; otherwise leaves the position as it was and says
    /// why, in the words the move reader uses. The checked twin of
    /// [`play`](Position::play), which trusts its caller.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.is_legal(mv) {
            self.play(mv);
            return Ok(());
        }
        let text = mv.to_string();
        Err(match self.parse_move(&text) {
            Err(error) => error,
            // A move the reader takes for another (a shortened Sprint chain): no reason of
            // its own to give.
            Ok(_) => MoveError::Illegal {
                game: self.game_id(),
                reason: "not a legal move in this position".to_string(),
                text,
            },
        })
    }

    /// Reads a move in this position's notation and plays it if it is legal (see
    /// [`parse_move`](Position::parse_move)); returns the move played.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }
}

/// Implements `Default` (the start position under the default rules), `FromStr` (reading a
/// position under the default rules) and `Display` (the one-line text made by `$format`)
/// for a game's position type.
#[macro_export]
macro_rules! impl_position_text {
    ($position:ty, $format:path) => {
        impl ::std::default::Default for $position {
            fn default() -> Self {
                <$position as $crate::Position>::start(::std::default::Default::default())
            }
        }

        impl ::std::str::FromStr for $position {
            type Err = $crate::PositionError;

            /// Reads a position under the default rule options.
            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                <$position as $crate::Position>::from_text(text, ::std::default::Default::default())
            }
        }

        impl ::std::fmt::Display for $position {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$format(self))
            }
        }
    };
}
