//! The network evaluation: one hidden layer seen from each side, and its file format.
//!
//! Each side's view of the position (the game's
//! [`network_features`](boardlab_core::Evaluate::network_features)) is summed through the
//! same input weights into a hidden layer of `hidden` values (an "accumulator"); the side to
//! move's layer and the opponent's are joined, each value clipped to 0..1 and squared, and
//! weighed into one output, which times the network's scale is the evaluation in hundredths
//! of the game's basic piece. The output weights come in buckets, one of which the game
//! picks for each position ([`network_bucket`](boardlab_core::Evaluate::network_bucket),
//! e.g. by the material left), so that the layer is read differently in different stages
//! of a game. The input weights are kept as 16-bit integers (times
//! [`QUANTISATION`]), so that the sums are cheap.
//!
//! A network may also correct the game's hand-made evaluation rather than replace it: its
//! output is then added to the hand-made score (`boardlab train --residual`).
//!
//! A network file is little-endian: the magic `BLNET003`, the name of the inputs it reads
//! (a length byte and the text, e.g. `obsidian/768-mirrored`: the game id, a slash and the
//! game's [`NETWORK_FEATURES`](boardlab_core::Evaluate::NETWORK_FEATURES)), a byte that
//! says whether the network adds to the hand-made evaluation (1) or replaces it (0), the inputs,
//! the hidden size and the output buckets (u32 each), the scale (f32), the input weights
//! (inputs x hidden i16, input by input), the hidden biases (hidden i16), the output weights
//! (buckets x 2 x hidden f32, bucket by bucket, the side to move's half first) and biases
//! (buckets f32), then a 64-bit FNV-1a checksum of everything before it, checked before any
//! part is read. (The file is read whole into memory, so one checksum covers it; the
//! tablebase files, read a block at a time, have one a block.)

use super::accumulator::add_row;
use boardlab_core::{Evaluate, MAX_EVAL, Player};
use thiserror::Error;

/// The input weights and hidden biases are stored times this; the hidden values are clipped
/// to `0..=QUANTISATION`.
pub const QUANTISATION: i16 = 255;

/// The largest hidden layer a network may have.
pub const MAX_HIDDEN: usize = 1024;

/// The first bytes of every network file.
const MAGIC: &[u8; 8] = b"BLNET003";

/// The first bytes of the files of the version before, which lack the byte that says
/// whether the network adds to the hand-made evaluation (they all replace it).
const MAGIC_002: &[u8; 8] = b"BLNET002";

/// The bytes of the checksum at the end of a network file.
const CHECKSUM_BYTES: usize = 8;

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 64;

/// A network file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NetworkError {
    /// The file does not start as a network file does.
    #[error(
        "not a boardlab network file of this version (it does not start with BLNET003 or BLNET002)"
    )]
    NotANetwork,
    /// The file ends before its parts do.
    #[error("the network file is cut short: {0}")]
    Truncated(&'static str),
    /// The file is for another game.
    #[error("the network is for {found}, not {expected}")]
    WrongGame {
        /// The game it was asked for.
        expected: String,
        /// The game it was made for.
        found: String,
    },
    /// The network reads other inputs than this build of the game gives.
    #[error(
        "the network reads the inputs '{found}', but this build of {game} gives '{expected}' (train it anew with boardlab train)"
    )]
    WrongInputs {
        /// The game.
        game: String,
        /// The name of the game's inputs.
        expected: String,
        /// The name of the file's inputs.
        found: String,
    },
    /// The hidden layer is empty, too large or not a multiple of 32.
    #[error("hidden layer of {0}: expected a multiple of 32 from 32 to {MAX_HIDDEN}")]
    BadHidden(usize),
    /// No output bucket, or too many.
    #[error("{0} output buckets: expected 1 to {MAX_BUCKETS}")]
    BadBuckets(usize),
    /// A number that cannot be right (not finite, or a scale of at most 0).
    #[error("the network file holds an impossible {0}")]
    BadNumber(&'static str),
    /// The checksum does not match: the file was damaged or cut short.
    #[error(
        "the network file is damaged or cut short (its checksum does not match); train it anew with boardlab train"
    )]
    Checksum,
    /// Bytes between the parts its sizes call for and the checksum.
    #[error(
        "the network file has {} more than its sizes call for",
        boardlab_core::count(*.0 as u64, "byte", "bytes")
    )]
    TrailingBytes(usize),
}

/// A network evaluation for one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The name of the inputs: the game id, a slash, the game's name for them.
    features: String,
    inputs: usize,
    hidden: usize,
    buckets: usize,
    scale: f32,
    /// `inputs x hidden`, input by input, times [`QUANTISATION`].
    input_weights: Vec<i16>,
    /// `hidden`, times [`QUANTISATION`].
    hidden_bias: Vec<i16>,
    /// `buckets x 2 x hidden`: per bucket, the side to move's half, then the opponent's.
    output_weights: Vec<f32>,
    /// One per bucket.
    output_bias: Vec<f32>,
    /// The output weights divided by `QUANTISATION²`, for integer hidden values.
    output_scaled: Vec<f32>,
    /// Whether the output is added to the hand-made evaluation rather than replacing it.
    adds_to_hand_made: bool,
}

/// The float weights of a network, as a trainer holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatWeights {
    /// `inputs x hidden`, input by input.
    pub input_weights: Vec<f32>,
    /// `hidden`.
    pub hidden_bias: Vec<f32>,
    /// `buckets x 2 x hidden`: per bucket, the side to move's half, then the opponent's.
    pub output_weights: Vec<f32>,
    /// The output bias of each bucket.
    pub output_bias: Vec<f32>,
}

impl Network {
    /// The network with `weights` (rounded to integers where the network keeps them) that
    /// reads `inputs` inputs named `features` (see [`features_name`]), whose output times
    /// `scale` is the evaluation.
    pub fn from_float(
        features: &str,
        inputs: usize,
        scale: f32,
        weights: &FloatWeights,
    ) -> Result<Network, NetworkError> {
        let hidden = weights.hidden_bias.len();
        let buckets = weights.output_bias.len();
        check_hidden(hidden)?;
        check_buckets(buckets)?;
        if weights.input_weights.len() != inputs * hidden
            || weights.output_weights.len() != buckets * 2 * hidden
        {
            return Err(NetworkError::Truncated("weights of the wrong size"));
        }
        let quantise = |w: &f32| {
            (w * QUANTISATION as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        Network::new(
            features.to_string(),
            [inputs, hidden, buckets],
            scale,
            weights.input_weights.iter().map(quantise).collect(),
            weights.hidden_bias.iter().map(quantise).collect(),
            weights.output_weights.clone(),
            weights.output_bias.clone(),
        )
    }

    /// A network from its parts; `[inputs, hidden, buckets]` are its sizes.
    fn new(
        features: String,
        [inputs, hidden, buckets]: [usize; 3],
        scale: f32,
        input_weights: Vec<i16>,
        hidden_bias: Vec<i16>,
        output_weights: Vec<f32>,
        output_bias: Vec<f32>,
    ) -> Result<Network, NetworkError> {
        if !(scale.is_finite() && scale > 0.0) {
            return Err(NetworkError::BadNumber("scale"));
        }
        if !output_weights
            .iter()
            .chain(&output_bias)
            .all(|w| w.is_finite())
        {
            return Err(NetworkError::BadNumber("output weight"));
        }
        let square = (QUANTISATION as f32) * (QUANTISATION as f32);
        let output_scaled = output_weights.iter().map(|w| w / square).collect();
        Ok(Network {
            features,
            inputs,
            hidden,
            buckets,
            scale,
            input_weights,
            hidden_bias,
            output_weights,
            output_bias,
            output_scaled,
            adds_to_hand_made: false,
        })
    }

    /// The network, its output added to the hand-made evaluation (`true`) or replacing it.
    pub fn adding_to_hand_made(mut self, adds: bool) -> Network {
        self.adds_to_hand_made = adds;
        self
    }

    /// Whether the network's output is added to the game's hand-made evaluation (a network
    /// trained with `--residual`) rather than replacing it.
    pub fn adds_to_hand_made(&self) -> bool {
        self.adds_to_hand_made
    }

    /// The name of the inputs the network reads (`obsidian/768-mirrored`).
    pub fn features(&self) -> &str {
        &self.features
    }

    /// The size of the hidden layer of each side.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The evaluation of `position` for the side to move, in hundredths of the game's basic
    /// piece, from the whole board. The network must be for `P` (see
    /// [`check_game`](Network::check_game)).
    pub fn evaluate<P: Evaluate>(&self, position: &P) -> i32 {
        let hidden = self.hidden;
        let mut sums = [[0i16; MAX_HIDDEN]; 2];
        let (one, two) = sums.split_at_mut(1);
        let (one, two) = (&mut one[0][..hidden], &mut two[0][..hidden]);
        one.copy_from_slice(&self.hidden_bias);
        two.copy_from_slice(&self.hidden_bias);
        position.network_features(|a, b| {
            add_row(one, self.row(a));
            add_row(two, self.row(b));
        });
        let bucket = position.network_bucket();
        match position.side_to_move() {
            Player::One => self.output(one, two, bucket),
            Player::Two => self.output(two, one, bucket),
        }
    }

    /// The input weights of input `input`.
    #[inline]
    pub(super) fn row(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The hidden biases.
    #[inline]
    pub(super) fn hidden_bias(&self) -> &[i16] {
        &self.hidden_bias
    }

    /// The evaluation from the side to move's sums `us` and the opponent's `them`, read
    /// through output bucket `bucket` (the last one for larger numbers).
    #[inline]
    pub(super) fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let bucket = bucket.min(self.buckets - 1);
        let weights = &self.output_scaled[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        let (out_us, out_them) = weights.split_at(self.hidden);
        let output =
            squared_dot(us, out_us) + squared_dot(them, out_them) + self.output_bias[bucket];
        ((output * self.scale).round() as i32).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Checks that the network is for `P`: its game and the inputs this build gives.
    pub fn check_game<P: Evaluate>(&self) -> Result<(), NetworkError> {
        let game = self.features.split('/').next().unwrap_or_default();
        if game != P::ENGINE {
            return Err(NetworkError::WrongGame {
                expected: P::ENGINE.to_string(),
                found: game.to_string(),
            });
        }
        let expected = features_name::<P>();
        if self.features != expected || self.inputs != P::NETWORK_INPUTS {
            return Err(NetworkError::WrongInputs {
                game: P::ENGINE.to_string(),
                expected,
                found: self.features.clone(),
            });
        }
        Ok(())
    }

    /// The network in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.input_weights.len());
        out.extend_from_slice(MAGIC);
        out.push(self.features.len() as u8);
        out.extend_from_slice(self.features.as_bytes());
        out.push(u8::from(self.adds_to_hand_made));
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        out.extend_from_slice(&self.scale.to_le_bytes());
        for w in self.input_weights.iter().chain(&self.hidden_bias) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for w in self.output_weights.iter().chain(&self.output_bias) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network file. The checksum is checked first, so that a damaged or cut file
    /// is called so, whichever byte changed.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let version_002 = bytes.starts_with(MAGIC_002);
        if !bytes.starts_with(MAGIC) && !version_002 {
            return Err(NetworkError::NotANetwork);
        }
        let Some(body) = bytes
            .len()
            .checked_sub(CHECKSUM_BYTES)
            .filter(|&b| b > MAGIC.len())
        else {
            return Err(NetworkError::Truncated("the parts after the magic"));
        };
        let (body_bytes, sum) = bytes.split_at(body);
        if u64::from_le_bytes(sum.try_into().expect("eight bytes")) != fnv1a(body_bytes) {
            return Err(NetworkError::Checksum);
        }
        let mut reader = Reader {
            bytes: body_bytes,
            at: MAGIC.len(),
        };
        let length = reader.take(1, "the name of the inputs")?[0] as usize;
        let features = String::from_utf8(reader.take(length, "the name of the inputs")?.to_vec())
            .map_err(|_| NetworkError::BadNumber("name of the inputs"))?;
        let adds_to_hand_made = if version_002 {
            false
        } else {
            match reader.take(1, "whether the network adds to the hand-made evaluation")?[0] {
                0 => false,
                1 => true,
                _ => {
                    return Err(NetworkError::BadNumber(
                        "flag (adds to the hand-made evaluation)",
                    ));
                }
            }
        };
        let inputs = reader.u32("the number of inputs")? as usize;
        let hidden = reader.u32("the hidden size")? as usize;
        check_hidden(hidden)?;
        let buckets = reader.u32("the number of output buckets")? as usize;
        check_buckets(buckets)?;
        if inputs == 0 || inputs > 1 << 20 {
            return Err(NetworkError::BadNumber("number of inputs"));
        }
        let scale = reader.f32("the scale")?;
        let input_weights = reader.i16s(inputs * hidden, "the input weights")?;
        let hidden_bias = reader.i16s(hidden, "the hidden biases")?;
        let output_weights = (0..buckets * 2 * hidden)
            .map(|_| reader.f32("the output weights"))
            .collect::<Result<Vec<f32>, _>>()?;
        let output_bias = (0..buckets)
            .map(|_| reader.f32("the output biases"))
            .collect::<Result<Vec<f32>, _>>()?;
        if reader.at != body {
            return Err(NetworkError::TrailingBytes(body - reader.at));
        }
        Ok(Network::new(
            features,
            [inputs, hidden, buckets],
            scale,
            input_weights,
            hidden_bias,
            output_weights,
            output_bias,
        )?
        .adding_to_hand_made(adds_to_hand_made))
    }
}

/// The name of the inputs of game `P` as a network file gives it: `GAME/FEATURES`.
pub fn features_name<P: Evaluate>() -> String {
    format!("{}/{}", P::ENGINE, P::NETWORK_FEATURES)
}

/// Checks a number of output buckets.
fn check_buckets(buckets: usize) -> Result<(), NetworkError> {
    if buckets == 0 || buckets > MAX_BUCKETS {
        return Err(NetworkError::BadBuckets(buckets));
    }
    Ok(())
}

/// Checks a hidden size.
fn check_hidden(hidden: usize) -> Result<(), NetworkError> {
    if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(32) {
        return Err(NetworkError::BadHidden(hidden));
    }
    Ok(())
}

/// The sum of each hidden value, clipped to `0..=QUANTISATION` and squared, times its weight.
#[inline]
fn squared_dot(sums: &[i16], weights: &[f32]) -> f32 {
    // Thirty-two partial sums, so that the additions can run side by side.
    let mut partial = [0f32; 32];
    for (s, w) in sums.chunks_exact(32).zip(weights.chunks_exact(32)) {
        for i in 0..32 {
            let x = s[i].clamp(0, QUANTISATION) as f32;
            partial[i] += x * x * w[i];
        }
    }
    partial.iter().sum()
}

/// The 64-bit FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads a network file part by part.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetworkError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or(NetworkError::Truncated(what))?;
        let part = &self.bytes[self.at..end];
        self.at = end;
        Ok(part)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, NetworkError> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("four bytes"),
        ))
    }

    fn f32(&mut self, what: &'static str) -> Result<f32, NetworkError> {
        let value = f32::from_le_bytes(self.take(4, what)?.try_into().expect("four bytes"));
        if value.is_finite() {
            Ok(value)
        } else {
            Err(NetworkError::BadNumber(what))
        }
    }

    fn i16s(&mut self, n: usize, what: &'static str) -> Result<Vec<i16>, NetworkError> {
        let bytes = self.take(n.checked_mul(2).ok_or(NetworkError::Truncated(what))?, what)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let hidden = 32;
        let inputs = 3;
        let weights = FloatWeights {
            input_weights: (0..inputs * hidden)
                .map(|i| (i % 7) as f32 / 10.0)
                .collect(),
            hidden_bias: vec![0.05; hidden],
            output_weights: (0..4 * hidden).map(|i| i as f32 / 100.0 - 0.1).collect(),
            output_bias: vec![0.25, -0.5],
        };
        Network::from_float("obsidian/test", inputs, 300.0, &weights).unwrap()
    }

    #[test]
    fn files_read_back() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
    }

    #[test]
    fn damaged_files_are_refused() {
        let bytes = tiny().to_bytes();
        assert_eq!(
            Network::from_bytes(b"hello"),
            Err(NetworkError::NotANetwork)
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 3]),
            Err(NetworkError::Checksum)
        );
        assert!(matches!(
            Network::from_bytes(&bytes[..12]),
            Err(NetworkError::Truncated(_))
        ));
        // Every changed byte after the magic, whatever part it is in, is found by the
        // checksum before any part is read.
        for at in MAGIC.len()..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x21;
            assert_eq!(
                Network::from_bytes(&flipped),
                Err(NetworkError::Checksum),
                "byte {at}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Network::from_bytes(&longer), Err(NetworkError::Checksum));
        // A file whose checksum matches but whose sizes are impossible.
        let mut hidden = bytes[..bytes.len() - CHECKSUM_BYTES].to_vec();
        hidden[8 + 1 + 13 + 1 + 4] = 33;
        let sum = fnv1a(&hidden);
        hidden.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&hidden),
            Err(NetworkError::BadHidden(33))
        );
    }

    #[test]
    fn a_network_that_adds_to_the_hand_made_evaluation_says_so_in_its_file() {
        let net = tiny().adding_to_hand_made(true);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert!(back.adds_to_hand_made());
        assert_eq!(back, net);
        // A flag byte other than 0 or 1 is refused, even with a good checksum.
        let mut flag = bytes[..bytes.len() - CHECKSUM_BYTES].to_vec();
        flag[8 + 1 + 13] = 2;
        let sum = fnv1a(&flag);
        flag.extend_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&flag),
            Err(NetworkError::BadNumber(_))
        ));
    }

    #[test]
    fn files_of_the_version_before_still_read() {
        let net = tiny();
        let bytes = net.to_bytes();
        // The same network as version 002 wrote it: the old magic, no flag byte.
        let mut old = MAGIC_002.to_vec();
        old.extend_from_slice(&bytes[8..8 + 1 + 13]);
        old.extend_from_slice(&bytes[8 + 1 + 13 + 1..bytes.len() - CHECKSUM_BYTES]);
        let sum = fnv1a(&old);
        old.extend_from_slice(&sum.to_le_bytes());
        let back = Network::from_bytes(&old).unwrap();
        assert!(!back.adds_to_hand_made());
        assert_eq!(back, net);
    }

    #[test]
    fn the_squared_dot_product_clips() {
        let mut sums = [0i16; 32];
        sums[..8].copy_from_slice(&[-5, 0, 10, 300, 255, 1, 2, 3]);
        let weights = [1.0f32; 32];
        // -5 and 0 count nothing; 300 is clipped to 255.
        let expected = (100 + 255 * 255 + 255 * 255 + 1 + 4 + 9) as f32;
        assert_eq!(squared_dot(&sums, &weights), expected);
    }
}
