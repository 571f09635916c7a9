//! A watcher of one game's live updates (`GET /api/games/ID/events`, server-sent events),
//! as a page follows a game: when its connection ends (its server was killed) it connects
//! again, through the same address, and goes on from the state it is then sent.
//!
//! Every `state` event carries the game's whole move list, so a watcher misses nothing when
//! each state it sees extends the one before and the last one holds every move played;
//! [`Watch::next`] checks the first, the callers the second.

use serde_json::Value;
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// How long a watcher keeps trying to connect again before it gives up.
const RECONNECT_FOR: Duration = Duration::from_secs(30);

/// What watchers saw, summed over a client's games.
#[derive(Default, Clone, Copy)]
pub struct WatchTally {
    /// Games watched.
    pub games: usize,
    /// `state` events read.
    pub events: usize,
    /// Connections opened again after one ended.
    pub reconnects: usize,
}

impl WatchTally {
    /// Adds another tally to this one.
    pub fn add(&mut self, other: WatchTally) {
        self.games += other.games;
        self.events += other.events;
        self.reconnects += other.reconnects;
    }
}

/// One game's event stream, connected again whenever it ends.
pub struct Watch {
    addr: SocketAddr,
    id: String,
    stream: Option<BufReader<TcpStream>>,
    /// Bytes of a line not yet ended (a read timed out in its middle).
    partial: Vec<u8>,
    /// The data of the event being read.
    data: String,
    /// The last state seen.
    last: Option<Value>,
    /// The moves of the last state.
    moves: Vec<String>,
    /// What this watcher saw.
    pub tally: WatchTally,
}

impl Watch {
    /// Starts watching game `id` through `addr`.
    pub fn open(addr: SocketAddr, id: &str) -> Result<Watch, String> {
        let mut watch = Watch {
            addr,
            id: id.to_string(),
            stream: None,
            partial: Vec::new(),
            data: String::new(),
            last: None,
            moves: Vec::new(),
            tally: WatchTally {
                games: 1,
                ..WatchTally::default()
            },
        };
        watch.connect()?;
        Ok(watch)
    }

    /// The moves of the last state seen.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Connects (again), retrying for [`RECONNECT_FOR`] while the address refuses or answers
    /// anything but 200 (nginx answers 502 while it has no live server).
    fn connect(&mut self) -> Result<(), String> {
        let began = Instant::now();
        let mut why = String::new();
        while began.elapsed() < RECONNECT_FOR {
            match self.try_connect() {
                Ok(stream) => {
                    self.stream = Some(stream);
                    self.partial.clear();
                    self.data.clear();
                    return Ok(());
                }
                Err(e) => why = e,
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!(
            "watcher of {}: no connection for {} s: {why}",
            self.id,
            RECONNECT_FOR.as_secs()
        ))
    }

    /// One connection: an HTTP/1.0 request, so that the answer comes unchunked, its body
    /// the events as they are written.
    fn try_connect(&self) -> Result<BufReader<TcpStream>, String> {
        let mut stream = TcpStream::connect(self.addr).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        let head = format!(
            "GET /api/games/{}/events HTTP/1.0\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.id, self.addr
        );
        stream
            .write_all(head.as_bytes())
            .map_err(|e| e.to_string())?;
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).map_err(|e| e.to_string())?;
        let status = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).map_err(|e| e.to_string())? == 0 {
                return Err("connection closed in the headers".into());
            }
            if header.trim_end().is_empty() {
                break;
            }
        }
        if status != "200" {
            return Err(format!("answered '{}'", line.trim_end()));
        }
        Ok(reader)
    }

    /// The next state, waiting at most `wait`: `Ok(None)` when none came meanwhile. A
    /// connection that ends is opened again (counted in the tally); an event whose moves do
    /// not extend those seen before is an error.
    pub fn next(&mut self, wait: Duration) -> Result<Option<Value>, String> {
        let until = Instant::now() + wait;
        while Instant::now() < until {
            let Some(stream) = self.stream.as_mut() else {
                self.connect()?;
                self.tally.reconnects += 1;
                continue;
            };
            let left = until.saturating_duration_since(Instant::now());
            let _ = stream
                .get_ref()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))));
            match stream.read_until(b'\n', &mut self.partial) {
                Ok(0) => self.stream = None,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&self.partial)
                        .trim_end()
                        .to_string();
                    self.partial.clear();
                    if let Some(state) = self.line(&line)? {
                        return Ok(Some(state));
                    }
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(_) => self.stream = None,
            }
        }
        Ok(None)
    }

    /// Takes one line of the stream; gives the state an event's end completes.
    fn line(&mut self, line: &str) -> Result<Option<Value>, String> {
        if let Some(data) = line.strip_prefix("data:") {
            self.data.push_str(data.trim_start());
            return Ok(None);
        }
        if !line.is_empty() || self.data.is_empty() {
            // `event:`, comments (the keep-alives), or a blank line after no data.
            return Ok(None);
        }
        let state: Value = serde_json::from_str(&std::mem::take(&mut self.data))
            .map_err(|e| format!("watcher of {}: an event is not JSON: {e}", self.id))?;
        let moves: Vec<String> = state["moves"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if !moves.starts_with(&self.moves) {
            return Err(format!(
                "watcher of {}: saw {} moves, then a state of {} moves that does not extend them",
                self.id,
                self.moves.len(),
                moves.len()
            ));
        }
        self.tally.events += 1;
        self.moves = moves;
        self.last = Some(state.clone());
        Ok(Some(state))
    }

    /// Reads states until `done` holds for one, for at most `wait`; gives that state.
    pub fn until(
        &mut self,
        wait: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Result<Value, String> {
        if let Some(last) = self.last.as_ref().filter(|s| done(s)) {
            return Ok(last.clone());
        }
        let until = Instant::now() + wait;
        while Instant::now() < until {
            if let Some(state) = self.next(until.saturating_duration_since(Instant::now()))?
                && done(&state)
            {
                return Ok(state);
            }
        }
        Err(format!(
            "watcher of {}: waited {} s and saw {} moves",
            self.id,
            wait.as_secs(),
            self.moves.len()
        ))
    }
}
