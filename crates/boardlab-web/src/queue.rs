//! A fair queue for work of one server that must not all run at once (its analyses; the
//! bots' moves are jobs in the store's queue, [`crate::worker`]): at most
//! `capacity` run together; the rest wait, served round-robin over the clients that asked
//! for them, so one client with many waiting never makes another wait behind all of them.
//! Each client may have at most `per_client` running or waiting.

use crate::limits::ClientId;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// A server-wide queue of one kind of work.
#[derive(Debug)]
pub struct FairQueue {
    capacity: usize,
    per_client: usize,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    running: usize,
    waiting: usize,
    next_id: u64,
    clients: HashMap<ClientId, Client>,
    /// Clients with work waiting, in the order of their turns.
    turns: VecDeque<ClientId>,
}

#[derive(Debug, Default)]
struct Client {
    running: usize,
    waiting: VecDeque<(u64, oneshot::Sender<()>)>,
}

/// The client is at its limit: it has `per_client` running or waiting already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientFull {
    /// The per-client limit.
    pub limit: usize,
}

impl FairQueue {
    /// A queue running at most `capacity` at once and holding at most `per_client` for
    /// one client.
    pub fn new(capacity: usize, per_client: usize) -> Arc<FairQueue> {
        Arc::new(FairQueue {
            capacity,
            per_client,
            state: Mutex::new(State::default()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place in the queue for `client`, refused when the client is at its limit.
    pub fn enter(self: &Arc<FairQueue>, client: ClientId) -> Result<Ticket, ClientFull> {
        let mut state = self.lock();
        let state = &mut *state;
        let id = state.next_id;
        state.next_id += 1;
        let nobody_waits = state.turns.is_empty();
        let free = state.running < self.capacity;
        let entry = state.clients.entry(client).or_default();
        if entry.running + entry.waiting.len() >= self.per_client {
            if entry.running == 0 && entry.waiting.is_empty() {
                state.clients.remove(&client);
            }
            return Err(ClientFull {
                limit: self.per_client,
            });
        }
        let mut ticket = Ticket {
            queue: self.clone(),
            client,
            id,
            wait: None,
            done: false,
        };
        if nobody_waits && free {
            entry.running += 1;
            state.running += 1;
        } else {
            let (tx, rx) = oneshot::channel();
            entry.waiting.push_back((id, tx));
            if entry.waiting.len() == 1 {
                state.turns.push_back(client);
            }
            state.waiting += 1;
            ticket.wait = Some(rx);
        }
        Ok(ticket)
    }

    /// How many run now.
    pub fn running(&self) -> usize {
        self.lock().running
    }

    /// How many wait for their turn.
    pub fn waiting(&self) -> usize {
        self.lock().waiting
    }

    /// How many `client` has running or waiting.
    pub fn held_by(&self, client: ClientId) -> usize {
        self.lock()
            .clients
            .get(&client)
            .map_or(0, |c| c.running + c.waiting.len())
    }

    /// Gives free places to waiting work, one client after the other.
    fn dispatch(&self, state: &mut State) {
        while state.running < self.capacity {
            let Some(client) = state.turns.pop_front() else {
                return;
            };
            let entry = state.clients.entry(client).or_default();
            let Some((_, tx)) = entry.waiting.pop_front() else {
                continue;
            };
            if !entry.waiting.is_empty() {
                state.turns.push_back(client);
            }
            entry.running += 1;
            state.running += 1;
            state.waiting -= 1;
            // A ticket dropped meanwhile finds itself granted and gives the place back.
            let _ = tx.send(());
        }
    }

    /// Frees the place of a running piece of work of `client`.
    fn release(&self, client: ClientId) {
        let mut state = self.lock();
        if let Some(entry) = state.clients.get_mut(&client) {
            entry.running = entry.running.saturating_sub(1);
            if entry.running == 0 && entry.waiting.is_empty() {
                state.clients.remove(&client);
            }
        }
        state.running = state.running.saturating_sub(1);
        self.dispatch(&mut state);
    }

    /// Takes a waiting ticket out of the queue; `false` if it was granted meanwhile.
    fn leave(&self, client: ClientId, id: u64) -> bool {
        let mut state = self.lock();
        let state = &mut *state;
        let Some(entry) = state.clients.get_mut(&client) else {
            return false;
        };
        let Some(index) = entry.waiting.iter().position(|(waiting, _)| *waiting == id) else {
            return false;
        };
        entry.waiting.remove(index);
        state.waiting -= 1;
        if entry.waiting.is_empty() {
            state.turns.retain(|c| *c != client);
            if entry.running == 0 {
                state.clients.remove(&client);
            }
        }
        true
    }
}

/// A place in a [`FairQueue`]: running already, or waiting for its turn
/// ([`Ticket::ready`]). Dropped while it waits, it leaves the queue.
#[derive(Debug)]
pub struct Ticket {
    queue: Arc<FairQueue>,
    client: ClientId,
    id: u64,
    wait: Option<oneshot::Receiver<()>>,
    done: bool,
}

impl Ticket {
    /// Waits for the ticket's turn; the [`Permit`] holds the place while the work runs.
    pub async fn ready(mut self) -> Permit {
        if let Some(wait) = self.wait.take() {
            // The sender lives in the queue until the ticket's turn (the queue outlives
            // the ticket, which holds it).
            let _ = wait.await;
        }
        self.done = true;
        Permit {
            queue: self.queue.clone(),
            client: self.client,
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if !self.done && !self.queue.leave(self.client, self.id) {
            // Its turn had come: the place goes to the next.
            self.queue.release(self.client);
        }
    }
}

/// A running piece of work's place in a [`FairQueue`], freed when dropped.
#[derive(Debug)]
pub struct Permit {
    queue: Arc<FairQueue>,
    client: ClientId,
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.queue.release(self.client);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(n: u8) -> ClientId {
        ClientId(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
    }

    #[tokio::test]
    async fn turns_go_round_the_clients() {
        let queue = FairQueue::new(1, 100);
        let first = queue.enter(client(1)).unwrap().ready().await;
        // Client 1 queues five, then client 2 one: client 2's comes second, not sixth.
        let mut order = Vec::new();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        for (who, n) in [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 0)] {
            let ticket = queue.enter(client(who)).unwrap();
            let tx = tx.clone();
            tokio::spawn(async move {
                let permit = ticket.ready().await;
                tx.send((who, n, permit)).unwrap();
            });
        }
        assert_eq!((queue.running(), queue.waiting()), (1, 6));
        drop(first);
        for _ in 0..6 {
            let (who, n, permit) = rx.recv().await.unwrap();
            order.push((who, n));
            drop(permit);
        }
        assert_eq!(order[..2], [(1, 0), (2, 0)]);
        assert_eq!((queue.running(), queue.waiting()), (0, 0));
    }

    #[tokio::test]
    async fn a_client_at_its_limit_is_refused_and_a_dropped_ticket_leaves() {
        let queue = FairQueue::new(1, 2);
        let running = queue.enter(client(1)).unwrap().ready().await;
        let waiting = queue.enter(client(1)).unwrap();
        assert_eq!(queue.enter(client(1)).unwrap_err(), ClientFull { limit: 2 });
        assert_eq!(queue.held_by(client(1)), 2);
        // Another client is not held back by client 1's limit.
        let other = queue.enter(client(2)).unwrap();
        assert_eq!(queue.waiting(), 2);
        drop(waiting);
        assert_eq!((queue.waiting(), queue.held_by(client(1))), (1, 1));
        drop(running);
        let _other = other.ready().await;
        assert_eq!((queue.running(), queue.waiting()), (1, 0));
    }

    #[tokio::test]
    async fn a_ticket_dropped_as_its_turn_comes_gives_the_place_on() {
        let queue = FairQueue::new(1, 5);
        let running = queue.enter(client(1)).unwrap().ready().await;
        let granted_unread = queue.enter(client(2)).unwrap();
        let next = queue.enter(client(3)).unwrap();
        drop(running);
        // Client 2's turn came but nobody took it: dropping the ticket passes it on.
        drop(granted_unread);
        let _next = next.ready().await;
        assert_eq!((queue.running(), queue.waiting()), (1, 0));
    }
}
