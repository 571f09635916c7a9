//! [`Position`] for [`RulesPosition`]: the core's game trait, for every game from a rules
//! file.
//!
//! Written against the core traits as they are now: the static items that a dynamic game
//! cannot fill hold placeholders here, and the game's real values are on [`Game`] for when
//! they become instance methods: `GAME_ID` ([`Game::id`]), `presentation()`
//! ([`Game::presentation`]), `player_name()` ([`Game::player_name`]), `FIRST_PLAYER_DRAWN`
//! ([`Game::first_player_drawn`]), `ACYCLIC` ([`Game::acyclic`]); the rule options' list is
//! [`RulesOptions::infos`].

use super::bitset::BitSet;
use super::game::Game;
use super::moves::RulesMove;
use super::position::RulesPosition;
use super::position_text::{format_position, parse_position};
use super::rule_options::RulesOptions;
use super::tables::Tables;
use crate::definition::{FirstPlayer, Opening};
use boardlab_core::presentation::Presentation;
use boardlab_core::{
    MoveCount, MoveError, MoveList, Outcome, Player, Position, PositionError, PositionField,
    WinReason,
};
use std::fmt;
use std::str::FromStr;

/// The placeholder presentation (until `presentation` takes the position).
static PRESENTATION: Presentation = Presentation {
    title: "Game from a rules file",
    summary: "A game defined in a TOML rules file and played by the generic engine.",
    ..Presentation::EMPTY
};

/// The tables of `game` for `B`, or why its board does not fit.
fn tables_of<B: BitSet>(game: &'static Game) -> Result<&'static Tables<B>, String> {
    game.tables::<B>().ok_or_else(|| {
        format!(
            "the {}x{} board has more squares than this position type holds ({})",
            game.width(),
            game.height(),
            B::BITS
        )
    })
}

impl<B: BitSet> Position for RulesPosition<B> {
    type Move = RulesMove;
    type Rules = RulesOptions;
    const GAME_ID: &'static str = "rules";

    /// The start position, Player 1 to move unless the file says Player 2 moves first.
    fn start(rules: RulesOptions) -> Self {
        Self::start_with_first(rules, Player::One)
    }

    /// The start position, with `first` to move where the file draws the first player.
    /// The caller picks a `B` that holds the board ([`Game::fits`]).
    fn start_with_first(rules: RulesOptions, first: Player) -> Self {
        let game = rules.game;
        let tables =
            tables_of::<B>(game).unwrap_or_else(|problem| panic!("{}: {problem}", game.id()));
        let mut position = RulesPosition::empty(tables, rules.draw);
        for &(square, player, kind) in &game.start {
            position.put(player, kind, square);
        }
        for player in Player::BOTH {
            for kind in 0..game.piece_count() as u8 {
                position.set_in_hand(
                    player,
                    kind,
                    game.start_reserves[player.index()][kind as usize],
                );
            }
        }
        position.set_side(match game.definition.first {
            FirstPlayer::One => Player::One,
            FirstPlayer::Two => Player::Two,
            FirstPlayer::Random => first,
        });
        position
    }

    fn from_text(text: &str, rules: RulesOptions) -> Result<Self, PositionError> {
        let game = rules.game;
        let tables = tables_of::<B>(game).map_err(|problem| PositionError {
            game: game.id(),
            text: text.to_string(),
            field: PositionField::Whole,
            problem,
        })?;
        parse_position(text, tables, rules.draw)
    }

    fn rules(&self) -> RulesOptions {
        RulesOptions {
            game: self.game(),
            draw: self.draw,
        }
    }

    fn width(&self) -> u8 {
        self.game().width()
    }

    fn height(&self) -> u8 {
        self.game().height()
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        let game = self.game();
        if file >= game.width() || rank >= game.height() {
            return None;
        }
        let (player, kind) = self.piece_on(game.geometry.index(file, rank))?;
        Some(game.letter(player, kind))
    }

    fn square_mark(&self, file: u8, rank: u8) -> Option<char> {
        let game = self.game();
        let board = &game.definition.board;
        if board.squares.is_empty() || file >= game.width() || rank >= game.height() {
            return None;
        }
        let kind = game.geometry.kind[game.geometry.index(file, rank) as usize];
        board.kinds.get(kind as usize).map(|kind| kind.letter)
    }

    fn open_mark(&self) -> Option<char> {
        if !self.tables.opens {
            return None;
        }
        let open = if self.occupied().count().is_multiple_of(2) {
            Opening::Even
        } else {
            Opening::Odd
        };
        let kinds = &self.game().definition.board.kinds;
        kinds
            .iter()
            .find(|kind| kind.open == open)
            .map(|kind| kind.letter)
    }

    fn reserves(&self) -> Option<[Vec<(char, u32)>; 2]> {
        let game = self.game();
        game.has_drops().then(|| {
            Player::BOTH.map(|player| {
                (0..game.piece_count() as u8)
                    .filter(|&kind| self.in_hand(player, kind) > 0)
                    .map(|kind| {
                        (
                            game.letter(player, kind),
                            u32::from(self.in_hand(player, kind)),
                        )
                    })
                    .collect()
            })
        })
    }

    fn presentation() -> &'static Presentation {
        &PRESENTATION
    }

    fn status_lines(&self) -> Vec<String> {
        let game = self.game();
        let Some(required) = game.definition.captures.requires_on_board else {
            return Vec::new();
        };
        Player::BOTH
            .into_iter()
            .filter(|&player| self.pieces(player, required as u8).is_empty())
            .map(|player| {
                format!(
                    "{} may not capture until their {} is on the board",
                    game.definition.players[player.index()],
                    game.letter(player, required as u8)
                )
            })
            .collect()
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::One => "Player 1",
            Player::Two => "Player 2",
        }
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    fn move_restriction(&self) -> Option<&'static str> {
        if !self.game().definition.captures.compulsory {
            return None;
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        let captures = moves.first().is_some_and(|mv| {
            !matches!(mv.shape(), super::moves::MoveShape::Drop { .. }) && self.is_capture(*mv)
        });
        captures.then_some("a capture is compulsory: only a piece that can capture may move")
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<RulesMove>) {
        self.generate(moves);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = MoveCount(0);
        self.generate(&mut count);
        count.0
    }

    #[inline]
    fn play(&mut self, mv: RulesMove) {
        self.apply(mv);
    }

    fn loss_reason(&self) -> Option<WinReason> {
        self.loss()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.decided(|| self.count_legal_moves())
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn material(&self) -> [u32; 2] {
        Player::BOTH.map(|player| self.occupied_by(player).count() + self.hand_total(player))
    }

    fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    fn parse_move(&self, text: &str) -> Result<RulesMove, MoveError> {
        self.read_move(text)
    }
}

impl<B: BitSet> fmt::Display for RulesPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_position(self))
    }
}

impl<B: BitSet> FromStr for RulesPosition<B> {
    type Err = PositionError;

    /// Reads a position of the placeholder game (see [`RulesOptions::default`]).
    fn from_str(text: &str) -> Result<Self, PositionError> {
        Self::from_text(text, RulesOptions::default())
    }
}

impl<B: BitSet> Default for RulesPosition<B> {
    /// The start of the placeholder game (see [`RulesOptions::default`]).
    fn default() -> Self {
        Self::start(RulesOptions::default())
    }
}
