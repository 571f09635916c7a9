//! Workers make the bots' moves and the analyses. A move a bot owes is a job in the store's
//! queue (table `jobs`, queued in the same transaction as the move it answers); so is an
//! analysis someone asked for. A worker thread takes the next job, bot moves first, each
//! kind round-robin over the clients that asked, and holds it under a lease it keeps
//! renewing. For a move it searches within the level's budget and the game's clock, and
//! stores the move as one change that checks the game's version; a game that changes
//! meanwhile (a resignation, a takeback, its end on time) stops the search and voids the
//! job. For an analysis it stores the analysis for every later asker, unless moves were
//! taken back from before its position meanwhile. A worker that dies leaves its job to
//! another once the lease runs out.
//!
//! `serve` runs workers in its own process (`--workers N`, default the cores; 0 runs none),
//! and `boardlab worker --db URL` runs them anywhere else on a shared PostgreSQL database.

use crate::bot::{self, Cancel};
use crate::clock::now_ms;
use crate::hub::setup_of;
use crate::memory::SolverMemory;
use crate::session;
use crate::store::{Job, Notice, Store, StoreError, Task};
use crate::turn;
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How workers run.
#[derive(Clone, Debug)]
pub struct WorkerConfig {
    /// Searches at once (threads).
    pub threads: usize,
    /// Analyses made at once at most (the other threads make only bot moves); 0 leaves
    /// analyses to other workers.
    pub analyses: usize,
    /// How long a job stays with a worker without news from it before another may take it;
    /// the worker renews it every third of that.
    pub lease: Duration,
    /// The memory one perfect-player (solver) search may use, in MiB.
    pub solver_mib_per_search: usize,
    /// The memory all its perfect-player searches together may use, in MiB.
    pub solver_mib_total: usize,
    /// The memory to share with others of the process (the server's analyses), instead of
    /// its own of the two sizes above.
    pub memory: Option<Arc<SolverMemory>>,
}

impl WorkerConfig {
    /// `threads` searches at once, analyses on any of them, a 10-second lease, the
    /// server's default solver memory.
    pub fn new(threads: usize) -> WorkerConfig {
        let limits = crate::Limits::default();
        WorkerConfig {
            threads,
            analyses: threads,
            lease: Duration::from_secs(10),
            solver_mib_per_search: limits.solver_mib_per_search,
            solver_mib_total: limits.solver_mib_total,
            memory: None,
        }
    }
}

/// How long an idle worker waits for news of a job before it looks again (a job whose
/// worker died is found this way once its lease has run out).
const IDLE_LOOK: Duration = Duration::from_millis(500);

/// How long an analysis searches one position.
pub const ANALYSIS_TIME: Duration = Duration::from_millis(400);

/// A job a thread holds now.
struct Held {
    /// Its game.
    game: String,
    /// For a bot move, the game's version it is for: a notice of a later one stops it.
    move_for: Option<i64>,
    /// What stops its search.
    cancel: Cancel,
}

/// What the worker threads of one process share.
struct Shared {
    store: Arc<Store>,
    config: WorkerConfig,
    /// This process's name in the queue (`worker` column): host, process and a random part.
    name: String,
    memory: Arc<SolverMemory>,
    /// The jobs held now, by job number.
    held: Mutex<HashMap<i64, Held>>,
    /// Analyses being made now (at most `config.analyses`).
    analysing: AtomicUsize,
    /// Raised by each change to any game (a job may be waiting); the threads wait on it.
    news: (Mutex<u64>, Condvar),
    stop: AtomicBool,
}

/// The worker threads of a process; dropping it stops them once their searches end.
pub struct Workers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts `config.threads` workers on `store` (none for 0).
    pub fn start(store: Arc<Store>, config: WorkerConfig) -> Workers {
        let name = format!(
            "{}-{}-{:08x}",
            hostname(),
            std::process::id(),
            rand::random::<u32>()
        );
        let shared = Arc::new(Shared {
            memory: config.memory.clone().unwrap_or_else(|| {
                SolverMemory::new(config.solver_mib_per_search, config.solver_mib_total)
            }),
            store,
            config,
            name,
            held: Mutex::new(HashMap::new()),
            analysing: AtomicUsize::new(0),
            news: (Mutex::new(0), Condvar::new()),
            stop: AtomicBool::new(false),
        });
        let mut threads = Vec::new();
        if shared.config.threads == 0 {
            return Workers { shared, threads };
        }
        let weak = Arc::downgrade(&shared);
        shared
            .store
            .follow_changes(Box::new(move |notice| match weak.upgrade() {
                Some(shared) => {
                    shared.on_notice(&notice);
                    !shared.stop.load(Ordering::Relaxed)
                }
                None => false,
            }));
        for n in 0..shared.config.threads {
            let shared = shared.clone();
            let thread = std::thread::Builder::new()
                .name(format!("boardlab-worker-{n}"))
                .spawn(move || shared.work())
                .expect("start a worker thread");
            threads.push(thread);
        }
        let renewing = shared.clone();
        threads.push(
            std::thread::Builder::new()
                .name("boardlab-worker-lease".into())
                .spawn(move || renewing.renew())
                .expect("start the lease thread"),
        );
        Workers { shared, threads }
    }

    /// This process's name in the queue.
    pub fn name(&self) -> &str {
        &self.shared.name
    }

    /// Runs until the process ends (`boardlab worker`).
    pub fn wait(mut self) {
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.wake();
    }
}

/// The machine's name, for the worker's name in the queue.
fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "worker".to_string())
}

/// Says a problem of a job on stderr (a closed stderr is no reason to stop).
fn say(text: &str) {
    let _ = writeln!(std::io::stderr(), "worker: {text}");
}

impl Shared {
    /// A change to a game stops the bot's search held for an older version of it; a queued
    /// job, or notices that may have been missed, wake the idle threads.
    fn on_notice(&self, notice: &Notice) {
        match notice {
            Notice::Changed {
                game,
                version,
                queued,
            } => {
                for held in self.held().values() {
                    if held.game == *game && held.move_for.is_some_and(|v| v < *version) {
                        held.cancel.cancel();
                    }
                }
                if *queued {
                    self.wake();
                }
            }
            Notice::Analysis { made: false, .. } | Notice::Resync => self.wake(),
            Notice::Analysis { made: true, .. } => {}
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Held>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn wake(&self) {
        let (count, news) = &self.news;
        *count.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        news.notify_all();
    }

    /// Waits for news, at most [`IDLE_LOOK`].
    fn wait_for_news(&self, seen: u64) {
        let (count, news) = &self.news;
        let guard = count.lock().unwrap_or_else(|p| p.into_inner());
        if *guard == seen {
            let _ = news.wait_timeout(guard, IDLE_LOOK);
        }
    }

    fn lease_end(&self) -> i64 {
        now_ms() + self.config.lease.as_millis() as i64
    }

    /// One worker thread: takes jobs and does them until told to stop. It takes an
    /// analysis only while fewer than `config.analyses` are being made here.
    fn work(&self) {
        while !self.stop.load(Ordering::Relaxed) {
            let seen = *self.news.0.lock().unwrap_or_else(|p| p.into_inner());
            let analysing = self.analysing.fetch_add(1, Ordering::SeqCst);
            let may_analyse = analysing < self.config.analyses;
            let taken = self
                .store
                .take_job(&self.name, self.lease_end(), may_analyse);
            if !matches!(
                &taken,
                Ok(Some(Job {
                    task: Task::Analysis { .. },
                    ..
                }))
            ) {
                self.analysing.fetch_sub(1, Ordering::SeqCst);
            }
            match taken {
                Ok(Some(job)) => match job.task {
                    Task::Move => self.make_move(job),
                    Task::Analysis { ply } => {
                        self.analyse(&job, ply);
                        self.analysing.fetch_sub(1, Ordering::SeqCst);
                    }
                },
                Ok(None) => self.wait_for_news(seen),
                Err(error) => {
                    say(&format!("the queue cannot be read: {error}"));
                    std::thread::sleep(IDLE_LOOK);
                }
            }
        }
    }

    /// Renews the lease of the jobs held, every third of the lease, until told to stop.
    fn renew(&self) {
        let every = self.config.lease / 3;
        while !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(every);
            let ids: Vec<i64> = self.held().keys().copied().collect();
            if let Err(error) = self.store.renew_jobs(&self.name, &ids, self.lease_end()) {
                say(&format!("the leases cannot be renewed: {error}"));
            }
        }
    }

    /// Makes the bot's move of `job`, or voids the job where the game needs none.
    fn make_move(&self, job: Job) {
        let void = |why: &str| {
            if !why.is_empty() {
                say(&format!("job for game '{}' dropped: {why}", job.game));
            }
            if let Err(error) = self.store.drop_job(job.id) {
                say(&format!("job {} cannot be dropped: {error}", job.id));
            }
        };
        let loaded = self
            .store
            .load(&job.game)
            .and_then(|found| Ok(found.zip(Some(self.store.move_moments(&job.game)?))));
        let ((row, moves), moments) = match loaded {
            Ok(Some(found)) => found,
            Ok(None) => return void("no such game"),
            Err(error) => return void(&error.to_string()),
        };
        if row.version != job.version {
            return void("");
        }
        let game = match setup_of(&row)
            .map_err(|e| e.to_string())
            .and_then(|setup| session::build(&setup, &moves).map_err(|e| e.to_string()))
        {
            Ok(game) => game,
            Err(why) => return void(&why),
        };
        if !turn::bot_to_move(&row, &game) {
            return void("");
        }
        let clock = turn::clock_of(&row, &game, &moments);
        let view = clock.map(|c| c.view(game.side_to_move(), now_ms()));
        let level = row.bot_level.unwrap_or(1);
        let budget = match view {
            Some(view) => {
                let left = view.remaining.iter().copied().min().unwrap_or_default();
                bot::budget(&game.levels(), level).min(left / 3)
            }
            None => bot::budget(&game.levels(), level),
        };
        let cancel = Cancel::default();
        self.held().insert(
            job.id,
            Held {
                game: job.game.clone(),
                move_for: Some(job.version),
                cancel: cancel.clone(),
            },
        );
        let seed = rand::random::<u64>();
        let searched = self.search(&game, level, seed, budget, view, &cancel);
        self.held().remove(&job.id);
        let Some(chosen) = searched else {
            // The game changed: the job went with it.
            return;
        };
        let Some(mv) = chosen.or_else(|| bot::random_move_in(&game, seed)) else {
            return void("the bot has no move");
        };
        let changes = match turn::play(&row, &game, clock, &mv, now_ms()) {
            Ok(played) => played.changes,
            Err(turn::NotPlayed::Flagged(player)) => turn::flagged(&row, player),
            Err(turn::NotPlayed::Refused(why)) => return void(&why),
        };
        match self.store.change(&job.game, job.version, &changes) {
            // The change deleted the job.
            Ok(_) | Err(StoreError::Stale { .. }) | Err(StoreError::Conflict { .. }) => {}
            Err(error) => say(&format!(
                "the bot's move in game '{}' cannot be stored: {error}",
                job.game
            )),
        }
    }

    /// Makes the analysis of the position after `ply` moves of the game of `job` and stores
    /// it; a job whose game cannot be read is dropped (those waiting are told by its
    /// absence).
    fn analyse(&self, job: &Job, ply: usize) {
        let game = match self.store.load(&job.game) {
            Ok(Some((row, moves))) => setup_of(&row)
                .map_err(|e| e.to_string())
                .and_then(|setup| session::build(&setup, &moves).map_err(|e| e.to_string())),
            Ok(None) => Err("no such game".to_string()),
            Err(error) => Err(error.to_string()),
        };
        let game = match game {
            Ok(game) => game,
            Err(why) => {
                say(&format!("analysis for game '{}' dropped: {why}", job.game));
                if let Err(error) = self.store.drop_job(job.id) {
                    say(&format!("job {} cannot be dropped: {error}", job.id));
                }
                return;
            }
        };
        self.held().insert(
            job.id,
            Held {
                game: job.game.clone(),
                move_for: None,
                cancel: Cancel::default(),
            },
        );
        let made = bot::analyse_at(&game, ply, ANALYSIS_TIME, &self.memory);
        self.held().remove(&job.id);
        let stored = serde_json::to_string(&made)
            .map_err(|e| e.to_string())
            .and_then(|json| {
                self.store
                    .finish_analysis(job, &json)
                    .map_err(|e| e.to_string())
            });
        if let Err(error) = stored {
            say(&format!(
                "the analysis of game '{}' at ply {ply} cannot be stored: {error}",
                job.game
            ));
        }
    }

    /// The bot's search, stopped at twice its budget (then `Some(None)`: it plays a random
    /// move) or when the game changes (then `None`: it plays nothing).
    fn search(
        &self,
        game: &boardlab_games::AnyGame,
        level: u8,
        seed: u64,
        budget: Duration,
        clock: Option<boardlab_ai::ClockView>,
        cancel: &Cancel,
    ) -> Option<Option<String>> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let request = bot::BotRequest {
                    level,
                    seed,
                    budget,
                    clock,
                    cancel,
                    memory: &self.memory,
                };
                let _ = tx.send(bot::bot_move_in(game, &request));
            });
            match rx.recv_timeout(budget * 2) {
                Ok(_) if cancel.is_cancelled() => None,
                Ok(chosen) => Some(chosen),
                Err(_) => {
                    cancel.cancel();
                    Some(None)
                }
            }
        })
    }
}
