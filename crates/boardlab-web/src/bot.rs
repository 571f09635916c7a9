//! The bot opponent, behind one function: the strength levels of `boardlab-ai`
//! ([`boardlab_ai::levels`]: each game has its own bot for each level) within their budget.

use crate::memory::SolverMemory;
use boardlab_ai::solver::{PerfectBot, Solver};
use boardlab_ai::{Bot, ClockView, Score, TOP_LEVEL, levels};
use boardlab_core::{
    Encoding, Evaluate, GameHistory, GameValue, Levels, Player, Position, RuleOptions,
};
use boardlab_games::{AnyGame, GameId, GameVisitor, GameWork, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The pseudo-level of the perfect player, offered after the levels where it plays exactly:
/// Sprint (solved by search) and Parity when the server has tablebases. The same number in
/// every game: above every game's levels.
pub const PERFECT: u8 = TOP_LEVEL + 1;

/// What the stored levels of games made before the levels were recalibrated (six levels in
/// every game, 7 the perfect player) became in the database's version 1, by game: entry
/// `L - 1` is old level `L`'s number there, the level nearest in strength.
pub const LEVEL_BEFORE_RECALIBRATION: [(&str, [u8; 7]); 4] = [
    ("obsidian", [1, 4, 6, 9, 11, 14, PERFECT_IN_VERSION_1]),
    ("daisy", [1, 2, 4, 6, 7, 9, PERFECT_IN_VERSION_1]),
    ("sprint", [1, 2, 3, 4, 4, 4, PERFECT_IN_VERSION_1]),
    ("parity", [2, 2, 2, 2, 2, 3, PERFECT_IN_VERSION_1]),
];

/// The perfect player's number in the database's version 1, when Obsidian had 14 levels.
pub const PERFECT_IN_VERSION_1: u8 = 15;

/// What a level stored in the database's version 1 becomes in version 2, in the game with
/// id `game`: Obsidian got a level between depth 2 and 1,500 nodes (its levels from 4 move
/// up one); Daisy's nine levels became five when its evaluation was fitted (each goes to
/// the one nearest in strength: 1-3 to 2, 4-5 to 3, 6-8 to 4, 9 to 5); the perfect player
/// stays above every game's levels.
pub fn level_after_version_1(game: &str, level: u8) -> u8 {
    match (game, level) {
        (_, PERFECT_IN_VERSION_1) => PERFECT,
        ("obsidian", 4..) => level + 1,
        ("daisy", 1..=3) => 2,
        ("daisy", 4..=5) => 3,
        ("daisy", 6..=8) => 4,
        ("daisy", 9..) => 5,
        _ => level,
    }
}

/// The positions the perfect player searches a move before it plays like the top level
/// (within the top level's time; Sprint's start takes about 300,000).
const PERFECT_NODES: u64 = 2_000_000;

/// The tablebase folder given to the server, if any.
static TABLEBASES: OnceLock<PathBuf> = OnceLock::new();

/// Gives the perfect player the tablebases in `dir`, checked now: the tables of a game that
/// has them, for its default rules. The error says why no game's tables open there.
pub fn use_tablebases(dir: &Path) -> anyhow::Result<()> {
    /// Opens the game's tables in the folder: `None` for a game without tablebases.
    struct Open<'a>(&'a Path);
    impl GameVisitor for Open<'_> {
        type Output = Option<Result<(), boardlab_core::OracleError>>;
        fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
            P::HAS_TABLEBASES.then(|| P::open_tablebases(self.0, game).map(|_| ()))
        }
    }
    let mut refusals = Vec::new();
    for &game in GameId::ALL {
        match with_game(game, Open(dir)) {
            Some(Ok(())) => {
                let _ = TABLEBASES.set(dir.to_path_buf());
                return Ok(());
            }
            Some(Err(error)) => refusals.push(format!("{game}: {error}")),
            None => {}
        }
    }
    if refusals.is_empty() {
        anyhow::bail!("no game has tablebases");
    }
    anyhow::bail!("{}", refusals.join("; "))
}

/// How long a bot of `level` on the game's `ladder` may think about one move: its level's
/// time, or one second for levels limited by depth or nodes alone.
pub fn budget(ladder: &Levels, level: u8) -> Duration {
    levels::move_time(ladder, level.min(TOP_LEVEL)).unwrap_or(Duration::from_secs(1))
}

/// The level descriptions for the start page of `game`: `(level, description)`, with the
/// perfect player last where it is offered.
pub fn level_descriptions(game: GameId) -> Vec<(u8, String)> {
    let mut levels: Vec<(u8, String)> = levels::listing(&game.levels())
        .into_iter()
        .map(|(level, _, description)| (level, description))
        .collect();
    if let Some(description) = perfect_offer(game) {
        levels.push((PERFECT, description.to_string()));
    }
    levels
}

/// A level's name on the page: its number, or `perfect`.
pub fn level_label(level: u8) -> String {
    if level == PERFECT {
        "perfect".to_string()
    } else {
        level.to_string()
    }
}

/// Whether `level` is one a player may choose in `game`.
pub fn is_level(game: GameId, level: u8) -> bool {
    (1..=game.levels().count()).contains(&level)
        || (level == PERFECT && perfect_offer(game).is_some())
}

/// What the perfect player is in `game`, if it is offered there.
fn perfect_offer(game: GameId) -> Option<&'static str> {
    with_game(game, PerfectOffer)
}

struct PerfectOffer;

impl GameVisitor for PerfectOffer {
    type Output = Option<&'static str>;

    fn visit<P: Position>(self, game: P::Rules) -> Option<&'static str> {
        if game.acyclic() {
            Some("solved play, unbeatable from this position when it wins")
        } else if P::HAS_TABLEBASES && TABLEBASES.get().is_some() {
            Some("perfect inside the tablebases (the strongest level elsewhere)")
        } else {
            None
        }
    }
}

/// Stops a bot's search under way from another thread: when its game ends, moves are taken
/// back, the game leaves memory, or its time is up. A search cancelled before it starts
/// (while it waits in the queue) does not start.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    cancelled: Arc<AtomicBool>,
    flag: Arc<Mutex<Option<boardlab_ai::StopFlag>>>,
    woken: Arc<tokio::sync::Notify>,
}

impl Cancel {
    /// Stops the search (at once if it runs; before it starts otherwise).
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        if let Some(flag) = &*self.flag.lock().unwrap_or_else(|p| p.into_inner()) {
            flag.store(true, Ordering::Relaxed);
        }
        self.woken.notify_waiters();
    }

    /// Returns once the search is cancelled.
    pub async fn cancelled(&self) {
        loop {
            // Made before the check, the waiter cannot miss a cancel that comes between.
            let woken = self.woken.notified();
            if self.is_cancelled() {
                return;
            }
            woken.await;
        }
    }

    /// Whether the search was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Ties a bot's stop flag to this handle; `false` if the search is cancelled already.
    fn attach(&self, flag: Option<boardlab_ai::StopFlag>) -> bool {
        *self.flag.lock().unwrap_or_else(|p| p.into_inner()) = flag;
        !self.is_cancelled()
    }
}

/// What a bot's move is asked with: the level, a seed that makes random choices
/// repeatable, the budget the caller allows before it plays [`random_move`] instead, the
/// clocks of a timed game (the bot's time for the move then comes from them), the handle
/// that stops the search, and the memory the perfect player's solver takes its table from.
pub struct BotRequest<'a> {
    /// The strength level (or [`PERFECT`]).
    pub level: u8,
    /// The seed of random choices.
    pub seed: u64,
    /// The time the caller allows.
    pub budget: Duration,
    /// Both clocks, in a timed game.
    pub clock: Option<ClockView>,
    /// Stops the search.
    pub cancel: &'a Cancel,
    /// The solver's memory.
    pub memory: &'a Arc<SolverMemory>,
}

/// The bot's move in the current position of `history`, or `None` when there is none. The
/// level's own limits bound its time; the perfect player's solver gives up after half the
/// budget, and without memory left it plays like the top level.
pub fn bot_move<P: Evaluate>(history: &GameHistory<P>, request: &BotRequest) -> Option<P::Move> {
    let BotRequest {
        level,
        seed,
        budget,
        clock,
        cancel,
        memory,
    } = request;
    let (level, seed) = (*level, *seed);
    let choose = |mut bot: Box<dyn Bot<P>>| {
        if !cancel.attach(bot.stop_flag()) {
            return None;
        }
        match clock {
            Some(view) => bot.choose_on_clock(history, view, &mut |_| {}),
            None => bot.choose(history, &mut |_| {}),
        }
    };
    if level == PERFECT {
        let fallback = levels::level_spec::<P>(TOP_LEVEL).ok()?.build::<P>(seed);
        // Dropped after the bot (locals drop in reverse order): the table is freed first.
        let Some(grant) = memory.grant() else {
            return choose(fallback);
        };
        let perfect = PerfectBot::new(
            "perfect".to_string(),
            TABLEBASES.get().cloned(),
            PERFECT_NODES,
            fallback,
        )
        .with_table_bits(grant.table_bits())
        .with_solve_time(*budget / 2);
        let chosen = choose(Box::new(perfect));
        drop(grant);
        return chosen;
    }
    match levels::level_spec::<P>(level) {
        Ok(spec) => choose(spec.build::<P>(seed)),
        Err(_) => random_move(history, seed),
    }
}

/// [`bot_move`] in a game of any kind: the move as text.
pub fn bot_move_in(game: &AnyGame, request: &BotRequest) -> Option<String> {
    struct BotMove<'a, 'b>(&'a BotRequest<'b>);
    impl GameWork for BotMove<'_, '_> {
        type Output = Option<String>;
        fn run<P: Evaluate + Encoding>(self, history: &GameHistory<P>) -> Option<String> {
            bot_move(history, self.0).map(|m| m.to_string())
        }
    }
    game.work(BotMove(request))
}

/// [`random_move`] in a game of any kind: the move as text.
pub fn random_move_in(game: &AnyGame, seed: u64) -> Option<String> {
    struct RandomMove(u64);
    impl GameWork for RandomMove {
        type Output = Option<String>;
        fn run<P: Evaluate + Encoding>(self, history: &GameHistory<P>) -> Option<String> {
            random_move(history, self.0).map(|m| m.to_string())
        }
    }
    game.work(RandomMove(seed))
}

/// [`analyse`] of the position after `ply` moves of a game of any kind; `None` past the
/// end or where the game is over.
pub fn analyse_at(
    game: &AnyGame,
    ply: usize,
    budget: Duration,
    memory: &Arc<SolverMemory>,
) -> Option<Analysis> {
    struct Analyse<'a> {
        budget: Duration,
        memory: &'a Arc<SolverMemory>,
    }
    impl GameWork for Analyse<'_> {
        type Output = Option<Analysis>;
        fn run<P: Evaluate + Encoding>(self, history: &GameHistory<P>) -> Option<Analysis> {
            analyse(history, self.budget, self.memory)
        }
    }
    game.truncated(ply)?.work(Analyse { budget, memory })
}

/// A random legal move chosen by a seeded generator: the fallback when a bot runs out of
/// time.
pub fn random_move<P: Position>(history: &GameHistory<P>, seed: u64) -> Option<P::Move> {
    let moves = history.current().legal_move_list();
    if moves.is_empty() {
        return None;
    }
    let mut rng = StdRng::seed_from_u64(seed ^ history.moves().len() as u64);
    Some(moves[rng.random_range(0..moves.len())])
}

/// The search's view of one position of a game, for the analysis board: the evaluation,
/// the best line, and the exact value where the solver or the tablebases reach.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Analysis {
    /// The score for the side to move: `cp 35`, `win 7`, `loss 4`.
    pub score: String,
    /// Player 1's share of an evaluation bar, from 0 (Player 2 winning) to 1.
    pub bar: f64,
    /// The evaluation in words for people (`+0.35 for White (Player 1)`).
    pub text: String,
    /// The depth the search reached.
    pub depth: u32,
    /// The best line, as move texts.
    pub line: Vec<String>,
    /// The exact value for the side to move (`win 23`, `draw`), where it is known.
    pub exact: Option<String>,
    /// The exact value in words for people, naming the winner (`White (Player 1) wins with
    /// perfect play: 12 more moves of its own`), where it is known.
    pub exact_text: Option<String>,
}

/// How many more moves of its own the winner makes to win in `plies` plies from now, when
/// the winner is (`true`) or is not the side to move.
fn own_moves(plies: u32, winner_to_move: bool) -> u64 {
    u64::from(if winner_to_move {
        plies.div_ceil(2)
    } else {
        plies / 2
    })
}

/// A win in `plies` from now by `winner`, in words: `12 more moves of its own`.
fn moves_of_its_own(plies: u32, winner_to_move: bool) -> String {
    format!(
        "{} of its own",
        boardlab_core::count(own_moves(plies, winner_to_move), "more move", "more moves")
    )
}

/// Analyses the current position of `history` for `budget`: a search of the strongest level
/// with that time, and the exact value from the solver (games without cycles) or the
/// tablebases (when the server has them); the solver's table comes from `memory` (no exact
/// value from the solver when none is left). `None` once the game is over.
pub fn analyse<P: Evaluate>(
    history: &GameHistory<P>,
    budget: Duration,
    memory: &Arc<SolverMemory>,
) -> Option<Analysis> {
    if history.outcome().is_some() {
        return None;
    }
    let position = *history.current();
    let mut bot = levels::level_spec::<P>(TOP_LEVEL).ok()?.build::<P>(1);
    bot.set_limits(boardlab_ai::Limits {
        time: Some(budget),
        ..Default::default()
    });
    let mut last = None;
    bot.choose(history, &mut |info| last = Some(info.clone()))?;
    let info = last?;
    let value = exact_value(&position, memory);
    let look = position.presentation();
    let to_move = position.side_to_move();
    let for_one = |share: f64| match to_move {
        Player::One => share,
        Player::Two => 1.0 - share,
    };
    // An exact value says who wins, for the bar too; the search's estimate stays beside it.
    let (exact_bar, exact_text) = match value {
        Some(GameValue::Win(plies)) => (
            Some(for_one(1.0)),
            Some(format!(
                "{} wins with perfect play: {}",
                look.side(to_move),
                moves_of_its_own(plies, true)
            )),
        ),
        Some(GameValue::Loss(plies)) => (
            Some(for_one(0.0)),
            Some(format!(
                "{} wins with perfect play: {}",
                look.side(to_move.opponent()),
                moves_of_its_own(plies, false)
            )),
        ),
        Some(GameValue::Draw) => (Some(0.5), Some("a draw with perfect play".to_string())),
        None => (None, None),
    };
    let (bar, text) = match info.score {
        Score::Eval(cp) => {
            let share = 1.0 / (1.0 + (-(cp as f64) / 400.0).exp());
            let one = if to_move == Player::One { cp } else { -cp };
            let leader = if one >= 0 { Player::One } else { Player::Two };
            (
                for_one(share),
                format!("{:+.2} for {}", one.abs() as f64 / 100.0, look.side(leader)),
            )
        }
        Score::Win(plies) => (
            for_one(1.0),
            format!(
                "{} wins, with at most {}",
                look.side(to_move),
                moves_of_its_own(plies, true)
            ),
        ),
        Score::Loss(plies) => (
            for_one(0.0),
            format!(
                "{} wins, with at most {}",
                look.side(to_move.opponent()),
                moves_of_its_own(plies, false)
            ),
        ),
        Score::Probability(p) => (
            for_one(p),
            format!("{:.0}% for {}", p * 100.0, look.side(to_move)),
        ),
    };
    Some(Analysis {
        score: info.score.to_string(),
        bar: exact_bar.unwrap_or(bar),
        text,
        depth: info.depth,
        line: info.pv,
        exact: value.map(|v| v.to_string()),
        exact_text,
    })
}

/// The exact value of `position` for the side to move, where the solver reaches it within a
/// small budget: games without cycles, and games with tablebases when the server has them.
fn exact_value<P: Position>(position: &P, memory: &Arc<SolverMemory>) -> Option<GameValue> {
    let acyclic = position.rules().acyclic();
    let oracle = if acyclic {
        None
    } else if P::HAS_TABLEBASES {
        Some(P::open_tablebases(TABLEBASES.get()?, position.rules()).ok()?)
    } else {
        return None;
    };
    // Only a search needs a table (tablebases alone do not).
    let grant = if acyclic { Some(memory.grant()?) } else { None };
    let bits = grant.as_ref().map_or(1, |g| g.table_bits());
    let value = Solver::with_table_bits(oracle, EXACT_NODES, bits)
        .value(position)
        .ok();
    drop(grant);
    value
}

/// The positions the analysis's solver may visit before it gives up on an exact value.
const EXACT_NODES: u64 = 1_000_000;
