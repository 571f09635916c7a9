//! Which evaluation an alpha-beta bot plays with: the game's shipped network, the hand-made
//! evaluation, or a network read from a file.

use super::model::{Network, NetworkError};
use boardlab_core::Evaluate;
use std::sync::Mutex;

/// The networks the games ship with, read once each: (game id, network).
static SHIPPED: Mutex<Vec<(&'static str, &'static Network)>> = Mutex::new(Vec::new());

/// Which evaluation an alpha-beta bot plays with.
#[derive(Clone, Copy, Debug, Default)]
pub enum NetworkChoice {
    /// The game's shipped network where it has one ([`Evaluate::shipped_network`]), else
    /// the hand-made evaluation.
    #[default]
    Shipped,
    /// The hand-made evaluation (`net=none`).
    Off,
    /// A network read from a file (`net=FILE`), kept for the life of the program.
    Loaded(&'static Network),
}

impl PartialEq for NetworkChoice {
    /// Choices are equal when they name the same network (a loaded one by identity).
    fn eq(&self, other: &NetworkChoice) -> bool {
        match (self, other) {
            (NetworkChoice::Shipped, NetworkChoice::Shipped)
            | (NetworkChoice::Off, NetworkChoice::Off) => true,
            (NetworkChoice::Loaded(a), NetworkChoice::Loaded(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

impl Eq for NetworkChoice {}

impl NetworkChoice {
    /// Reads the network file at `path` and keeps it for the life of the program.
    pub fn load(path: &str) -> Result<NetworkChoice, String> {
        let bytes = std::fs::read(path).map_err(|err| format!("cannot read '{path}': {err}"))?;
        let network = Network::from_bytes(&bytes).map_err(|err| format!("'{path}': {err}"))?;
        Ok(NetworkChoice::Loaded(Box::leak(Box::new(network))))
    }

    /// The network to evaluate game `P` with, or `None` for the hand-made evaluation; an
    /// error when a loaded network is for another game.
    pub fn resolve<P: Evaluate>(self) -> Result<Option<&'static Network>, NetworkError> {
        match self {
            NetworkChoice::Off => Ok(None),
            NetworkChoice::Loaded(network) => network.check_game::<P>().map(|()| Some(network)),
            NetworkChoice::Shipped => shipped::<P>(),
        }
    }
}

/// The network game `P` ships with, read the first time it is asked for.
fn shipped<P: Evaluate>() -> Result<Option<&'static Network>, NetworkError> {
    let Some(bytes) = P::shipped_network() else {
        return Ok(None);
    };
    let mut read = SHIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, network)) = read.iter().find(|(game, _)| *game == P::ENGINE) {
        return Ok(Some(network));
    }
    let network = Network::from_bytes(bytes)?;
    network.check_game::<P>()?;
    let network: &'static Network = Box::leak(Box::new(network));
    read.push((P::ENGINE, network));
    Ok(Some(network))
}
