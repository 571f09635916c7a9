//! The load's clients. A *player* plays both seats of games at one screen, random legal
//! moves back to back; a *bot player* plays seat 1 against a bot and waits, on the game's
//! live updates, for each of the bot's answers. Some players also keep a [`Watch`] on each
//! of their games and check, when the game ends, that it saw every move.
//!
//! A move whose answer is lost (the connection closed, or the proxy answered 502 because
//! the server behind it died) is looked up: if the game holds it, play goes on; if not, it is
//! sent again. Every move that was played is logged, with the acknowledged ones counted, so
//! that the check after the load can find each of them in the database.

use crate::watch::{Watch, WatchTally};
use boardlab_web::client::Client;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Barrier;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a bot player waits for the bot's answer before it counts a failure: longer
/// than a dead worker's lease (10 s) and a search.
pub const BOT_ANSWER_WAIT: Duration = Duration::from_secs(60);

/// How a client plays.
#[derive(Clone, Debug)]
pub struct Pace {
    /// Plies a game at most.
    pub plies: usize,
    /// How long the client thinks before each move.
    pub think: Duration,
    /// When it stops starting moves.
    pub deadline: Instant,
}

/// What kind of client, and its part.
#[derive(Clone, Debug)]
pub enum Role {
    /// Plays both seats; `watched`: keeps a watcher on each game.
    Player { watched: bool },
    /// Plays seat 1 of `game` against the bot of `level`.
    BotPlayer { game: String, level: u32 },
}

/// One game as a client played it: its id and the moves it knows were played in it.
pub struct GameLog {
    /// The game's id.
    pub id: String,
    /// Every move played in it, in order (the bot's included), as far as the client knows.
    pub moves: Vec<String>,
    /// Against a bot.
    pub bot: bool,
}

/// What one client did and saw.
#[derive(Default)]
pub struct Tally {
    /// The time to each acknowledged move of its own, from sending to the answer.
    pub move_latencies: Vec<Duration>,
    /// The time from each acknowledged move to the bot's answer seen live.
    pub bot_latencies: Vec<Duration>,
    /// Moves whose answer was lost and that were found played or sent again.
    pub unanswered: usize,
    /// Its games.
    pub games: Vec<GameLog>,
    /// What its watchers saw.
    pub watch: WatchTally,
    /// What went wrong (a client stops at its first error).
    pub errors: Vec<String>,
}

/// Runs one client against `addr` until the pace's deadline.
pub fn run(addr: SocketAddr, index: usize, role: Role, pace: Pace, start: &Barrier) -> Tally {
    let mut tally = Tally::default();
    let connected = Client::connect(addr);
    start.wait();
    let mut client = match connected {
        Ok(client) => client,
        Err(e) => {
            tally.errors.push(format!("client {index}: connect: {e}"));
            return tally;
        }
    };
    let mut rng = StdRng::seed_from_u64(index as u64);
    let mut round = index;
    while Instant::now() < pace.deadline {
        let played = match &role {
            Role::Player { watched } => {
                let game = boardlab_games::GameId::ALL[round % boardlab_games::GameId::ALL.len()];
                let mut table = Table::new(addr, &mut client, &mut tally, &mut rng);
                table.local_game(game.id(), *watched, &pace)
            }
            Role::BotPlayer { game, level } => {
                let mut table = Table::new(addr, &mut client, &mut tally, &mut rng);
                table.bot_game(game, *level, &pace)
            }
        };
        if let Err(e) = played {
            tally.errors.push(format!("client {index}: {e}"));
            break;
        }
        round += 1;
    }
    tally
}

/// A client at one game: its connection, tally and dice.
struct Table<'a> {
    addr: SocketAddr,
    client: &'a mut Client,
    tally: &'a mut Tally,
    rng: &'a mut StdRng,
}

/// A state's moves.
fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a state's game is over.
fn over(state: &Value) -> bool {
    !state["result"].is_null() || state["legal"].as_array().is_none_or(|l| l.is_empty())
}

/// Whether an answer means the server behind the proxy was lost, not that the request was
/// wrong: the proxy's own errors.
fn lost(status: u16) -> bool {
    matches!(status, 502..=504)
}

impl<'a> Table<'a> {
    fn new(
        addr: SocketAddr,
        client: &'a mut Client,
        tally: &'a mut Tally,
        rng: &'a mut StdRng,
    ) -> Table<'a> {
        Table {
            addr,
            client,
            tally,
            rng,
        }
    }

    /// Creates a game; a lost answer is retried (a game made meanwhile is left unplayed).
    /// Gives the id, the tokens of both seats (`Null` where absent) and the state.
    fn create(&mut self, request: &Value) -> Result<(String, [Value; 2], Value), String> {
        for _ in 0..100 {
            match self.client.post("/api/games", &request.to_string()) {
                Ok(reply) if reply.status == 201 => {
                    let created = reply.json();
                    let id = created["id"].as_str().unwrap_or_default().to_string();
                    let tokens = [
                        created["tokens"]["1"].clone(),
                        created["tokens"]["2"].clone(),
                    ];
                    let state = self.state(&id)?;
                    return Ok((id, tokens, state));
                }
                Ok(reply) if !lost(reply.status) => {
                    return Err(format!("create: {} {}", reply.status, reply.body));
                }
                _ => std::thread::sleep(Duration::from_millis(100)),
            }
        }
        Err("create: no answer after 100 tries".into())
    }

    /// The game's state now; lost answers are retried for 30 s.
    fn state(&mut self, id: &str) -> Result<Value, String> {
        let began = Instant::now();
        loop {
            match self.client.get(&format!("/api/games/{id}")) {
                Ok(reply) if reply.status == 200 => return Ok(reply.json()),
                Ok(reply) if !lost(reply.status) => {
                    return Err(format!("state of {id}: {} {}", reply.status, reply.body));
                }
                _ if began.elapsed() > Duration::from_secs(30) => {
                    return Err(format!("state of {id}: no answer for 30 s"));
                }
                _ => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    /// Plays `mv` as `seat` at ply `ply`; gives the state after it. A lost answer is
    /// looked up: the move found in the game counts as played, else it is sent again.
    fn play(
        &mut self,
        id: &str,
        seat: u64,
        token: &Value,
        mv: &str,
        ply: usize,
    ) -> Result<Value, String> {
        let body = json!({ "seat": seat, "token": token, "move": mv }).to_string();
        let mut lost_once = false;
        for _ in 0..20 {
            let sent = Instant::now();
            match self.client.post(&format!("/api/games/{id}/moves"), &body) {
                Ok(reply) if reply.status == 200 => {
                    self.tally.move_latencies.push(sent.elapsed());
                    return Ok(reply.json());
                }
                Ok(reply) if !lost(reply.status) => {
                    return Err(format!(
                        "{id}: move {mv} at ply {ply}: {} {}",
                        reply.status, reply.body
                    ));
                }
                _ => {}
            }
            if !lost_once {
                self.tally.unanswered += 1;
                lost_once = true;
            }
            std::thread::sleep(Duration::from_millis(100));
            let state = self.state(id)?;
            let moves = moves_of(&state);
            if moves.len() > ply {
                return if moves[ply] == mv {
                    Ok(state)
                } else {
                    Err(format!(
                        "{id}: move {mv} at ply {ply} was lost, and {} stands there",
                        moves[ply]
                    ))
                };
            }
        }
        Err(format!(
            "{id}: move {mv} at ply {ply}: no answer after 20 tries"
        ))
    }

    /// A random legal move of a state.
    fn pick(&mut self, state: &Value) -> Option<String> {
        let legal = state["legal"].as_array()?;
        if legal.is_empty() {
            return None;
        }
        legal[self.rng.random_range(0..legal.len())]
            .as_str()
            .map(str::to_string)
    }

    /// A game at one screen, both seats played at random until it ends, `pace.plies` are
    /// played or time is up. With `watched`, a watcher follows it and must have seen every
    /// move within 20 s of the last.
    fn local_game(&mut self, game: &str, watched: bool, pace: &Pace) -> Result<(), String> {
        let request = json!({ "game": game, "opponent": "local", "first": "1" });
        let (id, tokens, mut state) = self.create(&request)?;
        let (to_watcher, watcher) = if watched {
            let (sender, receiver) = mpsc::channel::<usize>();
            let watch = Watch::open(self.addr, &id)?;
            (
                Some(sender),
                Some(std::thread::spawn(move || follow(watch, receiver))),
            )
        } else {
            (None, None)
        };
        let mut log = GameLog {
            id: id.clone(),
            moves: Vec::new(),
            bot: false,
        };
        let mut outcome = Ok(());
        while log.moves.len() < pace.plies && Instant::now() < pace.deadline {
            let Some(mv) = self.pick(&state) else { break };
            std::thread::sleep(pace.think);
            let seat = state["view"]["to_move"].as_u64().unwrap_or(1);
            let token = &tokens[(seat as usize).clamp(1, 2) - 1];
            match self.play(&id, seat, &token.clone(), &mv, log.moves.len()) {
                Ok(next) => {
                    log.moves.push(mv);
                    state = next;
                }
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            }
        }
        let played = log.moves.len();
        self.tally.games.push(log);
        if let (Some(sender), Some(watcher)) = (to_watcher, watcher) {
            let _ = sender.send(played);
            let (seen, tally) = watcher
                .join()
                .unwrap_or_else(|_| (Err("a watcher panicked".into()), WatchTally::default()));
            self.tally.watch.add(tally);
            outcome = outcome.and(seen);
        }
        outcome
    }

    /// A game against the bot of `level`, seat 1 moving first: a random move, then the
    /// bot's answer awaited on the game's live updates (its latency counted), until the game
    /// ends or `pace.plies` are played. After the deadline no move is started, but an answer
    /// owed is still awaited.
    fn bot_game(&mut self, game: &str, level: u32, pace: &Pace) -> Result<(), String> {
        let request = json!({ "game": game, "opponent": "bot", "level": level,
            "side": "1", "first": "1" });
        let (id, tokens, mut state) = self.create(&request)?;
        let mut watch = Watch::open(self.addr, &id)?;
        let mut log = GameLog {
            id: id.clone(),
            moves: moves_of(&state),
            bot: true,
        };
        let mut outcome = Ok(());
        while log.moves.len() < pace.plies && Instant::now() < pace.deadline && !over(&state) {
            let Some(mv) = self.pick(&state) else { break };
            std::thread::sleep(pace.think);
            let ply = log.moves.len();
            let after = match self.play(&id, 1, &tokens[0], &mv, ply) {
                Ok(after) => after,
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            };
            log.moves.push(mv);
            let acknowledged = Instant::now();
            if over(&after) {
                break;
            }
            let answered = |s: &Value| moves_of(s).len() > ply + 1 || over(s);
            match watch.until(BOT_ANSWER_WAIT, answered) {
                Ok(next) => {
                    let moves = moves_of(&next);
                    if moves.len() > ply + 1 {
                        self.tally.bot_latencies.push(acknowledged.elapsed());
                        log.moves = moves;
                    }
                    state = next;
                }
                Err(e) => {
                    outcome = Err(format!("{id}: no answer from the bot: {e}"));
                    break;
                }
            }
        }
        self.tally.games.push(log);
        self.tally.watch.add(watch.tally);
        outcome
    }
}

/// A watcher's thread: reads the game's states until it has seen as many moves as the
/// player says were played (sent when the game ends), at most 20 s after that.
fn follow(mut watch: Watch, played: mpsc::Receiver<usize>) -> (Result<(), String>, WatchTally) {
    let mut target: Option<(usize, Instant)> = None;
    let outcome = loop {
        if target.is_none()
            && let Ok(n) = played.try_recv()
        {
            target = Some((n, Instant::now() + Duration::from_secs(20)));
        }
        if let Some((n, until)) = target {
            if watch.moves().len() >= n {
                break Ok(());
            }
            if Instant::now() > until {
                break Err(format!(
                    "a watcher saw {} of the {n} moves of its game 20 s after the last",
                    watch.moves().len()
                ));
            }
        }
        if let Err(e) = watch.next(Duration::from_millis(200)) {
            break Err(e);
        }
    };
    (outcome, watch.tally)
}
