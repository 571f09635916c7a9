//! [`UciBot`]: an external UCI engine as a [`Bot`], its every move checked by our rules. In
//! a timed game it is sent the clocks (`go wtime … btime … winc … binc …`), otherwise its
//! time per move (`go movetime …`).

use super::info::parse_info;
use super::options::{CLOCK_GRACE, Notation, UciOptions};
use super::process::{EngineError, EngineProcess};
use crate::bot::{Bot, BotFailure, FailureKind, Limits, SearchInfo};
use crate::time::game_clock::ClockView;
use boardlab_core::{Evaluate, GameHistory, MoveError, Player};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// The longest wait for the engine to start and answer `uci` and `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A UCI engine playing game `P`. The engine starts at the first move and is reused for the
/// following games (`ucinewgame`); an engine that crashed or hung is killed and started
/// afresh at the next move. Dropping the bot kills the engine.
pub struct UciBot<P> {
    name: String,
    options: UciOptions,
    limits: Limits,
    notation: Notation,
    engine: Option<EngineProcess>,
    /// The `UCI_Variant` the running engine was told, if any.
    variant_sent: Option<String>,
    new_game: bool,
    pending: Option<EngineError>,
    failure: Option<BotFailure>,
    _game: PhantomData<fn() -> P>,
}

impl<P: Evaluate> UciBot<P> {
    /// The bot called `name` (its spec text) that runs the engine `options` describe with
    /// `limits` per move.
    pub fn new(name: String, options: UciOptions, limits: Limits) -> UciBot<P> {
        let notation = options.notation.unwrap_or(if P::FSF_DIALECT {
            Notation::Fsf
        } else {
            Notation::Boardlab
        });
        UciBot {
            name,
            options,
            limits,
            notation,
            engine: None,
            variant_sent: None,
            new_game: true,
            pending: None,
            failure: None,
            _game: PhantomData,
        }
    }

    /// The position in the engine's text.
    fn position_text(&self, position: &P) -> String {
        match self.notation {
            Notation::Fsf => position.to_fsf_fen(),
            Notation::Boardlab => position.to_string(),
        }
    }

    /// A move in the engine's text.
    fn move_text(&self, position: &P, mv: P::Move) -> String {
        match self.notation {
            Notation::Fsf => position.to_fsf_move(mv),
            Notation::Boardlab => mv.to_string(),
        }
    }

    /// Reads the engine's move and checks it against our rules.
    fn read_move(&self, position: &P, text: &str) -> Result<P::Move, MoveError> {
        match self.notation {
            Notation::Fsf => position.parse_fsf_move(text),
            Notation::Boardlab => position.parse_move(text),
        }
    }

    /// The `position fen … moves …` command: the game's start and every move since, so the
    /// engine sees repetitions.
    fn position_command(&self, game: &GameHistory<P>) -> String {
        let mut command = format!("position fen {}", self.position_text(game.start()));
        if !game.moves().is_empty() {
            command.push_str(" moves");
            for (position, &mv) in game.positions().iter().zip(game.moves()) {
                command.push(' ');
                command.push_str(&self.move_text(position, mv));
            }
        }
        command
    }

    /// The `go` command: the clocks in a timed game (`wtime`/`btime` are Player 1's and
    /// Player 2's, in milliseconds), else the time per move; then the depth and node limits.
    fn go_command(&self, clock: Option<&ClockView>) -> String {
        let mut command = String::from("go");
        if let Some(clock) = clock {
            let ms = |time: Duration| time.as_millis();
            command.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(clock.remaining_for(Player::One)),
                ms(clock.remaining_for(Player::Two)),
                ms(clock.increment_for(Player::One)),
                ms(clock.increment_for(Player::Two))
            ));
            if let Some(moves) = clock.moves_to_go {
                command.push_str(&format!(" movestogo {moves}"));
            }
        } else if let Some(time) = self.limits.time {
            command.push_str(&format!(" movetime {}", time.as_millis().max(1)));
        }
        if let Some(depth) = self.limits.depth {
            command.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = self.limits.nodes {
            command.push_str(&format!(" nodes {nodes}"));
        }
        command
    }

    /// Sets a started engine up: `uci`, the variant file, the options (the variant is
    /// sent with the first position: a game from a rules file is known by its id, which the
    /// position has).
    fn set_up(&self, engine: &mut EngineProcess) -> Result<(), EngineError> {
        engine.send("uci")?;
        engine.read_until(HANDSHAKE_TIMEOUT, "uciok", |_| {}, |l| l.trim() == "uciok")?;
        if let Some(path) = &self.options.variant_path {
            engine.send(&format!("setoption name VariantPath value {path}"))?;
        }
        for (name, value) in &self.options.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(())
    }

    /// Makes sure an engine is ready for a position: starts and sets one up when there is
    /// none, and at a new game sends `ucinewgame` and waits for `readyok`.
    fn prepare(&mut self) -> Result<(), EngineError> {
        if self.engine.is_none() {
            let mut engine = EngineProcess::start(&self.options.path)?;
            let set_up = self.set_up(&mut engine);
            self.engine = Some(engine);
            self.variant_sent = None;
            self.new_game = true;
            set_up?;
        }
        let Some(engine) = self.engine.as_mut() else {
            return Ok(());
        };
        if self.new_game {
            engine.send("ucinewgame")?;
            engine.send("isready")?;
            engine.read_until(
                HANDSHAKE_TIMEOUT,
                "readyok",
                |_| {},
                |l| l.trim() == "readyok",
            )?;
            self.new_game = false;
        }
        Ok(())
    }

    /// Asks the ready engine for its move in the game's current position (on `clock`, in a
    /// timed game), reporting its `info` lines; returns the text after `bestmove`.
    fn ask(
        &mut self,
        game: &GameHistory<P>,
        clock: Option<&ClockView>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Result<String, EngineError> {
        let position = self.position_command(game);
        let go = self.go_command(clock);
        let timeout = match clock {
            Some(clock) => clock.remaining_for(game.current().side_to_move()) + CLOCK_GRACE,
            None => self.options.move_timeout(&self.limits),
        };
        let Some(engine) = self.engine.as_mut() else {
            return Err(EngineError::Exited {
                status: "not running".to_string(),
                waiting_for: "a move".to_string(),
            });
        };
        // The variant: as the spec names it, or the game's id (a built-in game's, or a
        // rules file's `id`, as Fairy-Stockfish's variant file names its counterpart).
        let variant = match &self.options.variant {
            Some(variant) => variant.clone(),
            None => game.current().game_id().to_string(),
        };
        if self.variant_sent.as_ref() != Some(&variant) {
            engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
            self.variant_sent = Some(variant);
        }
        engine.send(&position)?;
        let started = Instant::now();
        engine.send(&go)?;
        let line = engine.read_until(
            timeout,
            "bestmove",
            |line| {
                if let Some(info) = parse_info(line, started.elapsed()) {
                    report(&info);
                }
            },
            |line| line.starts_with("bestmove"),
        )?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }

    /// The failure report: what happened, the position, and the engine's last words.
    fn failure_of(&self, kind: FailureKind, message: String, position: &P) -> BotFailure {
        let mut details = format!("  position: {position}\n");
        if self.notation == Notation::Fsf && P::FSF_DIALECT {
            details.push_str(&format!(
                "  as the engine's FEN: {}\n",
                position.to_fsf_fen()
            ));
        }
        if let Some(engine) = &self.engine {
            details.push_str(&engine.last_words());
        }
        BotFailure {
            kind,
            message,
            details,
        }
    }
}

impl<P: Evaluate> Bot<P> for UciBot<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Starts the engine (or tells a running one `ucinewgame`) now, so that the first move's
    /// time is thinking time; a failure here is reported at that move.
    fn new_game(&mut self) {
        self.new_game = true;
        if let Err(err) = self.prepare() {
            self.pending = Some(err);
        }
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        self.play(game, None, report)
    }

    /// Sends the engine the clocks; it is waited for until its clock runs out, plus
    /// [`CLOCK_GRACE`].
    fn choose_on_clock(
        &mut self,
        game: &GameHistory<P>,
        clock: &ClockView,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        self.play(game, Some(clock), report)
    }

    fn failure(&mut self) -> Option<BotFailure> {
        self.failure.take()
    }
}

impl<P: Evaluate> UciBot<P> {
    /// The engine's move (on `clock`, in a timed game), checked; `None` with the failure kept
    /// for [`Bot::failure`] when it gives no legal one.
    fn play(
        &mut self,
        game: &GameHistory<P>,
        clock: Option<&ClockView>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        self.failure = None;
        let position = *game.current();
        if game.outcome().is_some() || position.legal_move_list().is_empty() {
            return None;
        }
        let answer = match self.pending.take() {
            Some(err) => Err(err),
            None => self.prepare().and_then(|()| self.ask(game, clock, report)),
        };
        let (kind, message) = match answer {
            Ok(text) => match self.read_move(&position, &text) {
                Ok(mv) => return Some(mv),
                Err(err) => (FailureKind::Illegal, format!("bestmove {text}: {err}")),
            },
            Err(err @ EngineError::TimedOut { .. }) => (FailureKind::Timeout, err.to_string()),
            Err(err) => (FailureKind::Crash, err.to_string()),
        };
        self.failure = Some(self.failure_of(kind, message, &position));
        if kind != FailureKind::Illegal {
            // A hung or broken engine is not asked again: the next move starts a new one.
            self.engine = None;
        }
        None
    }
}
