//! Training a network evaluation on self-play data (see [`selfplay`](super::selfplay)).
//!
//! Each position's target is a blend of its search score and its game's result, both as a
//! win expectation for the side to move: `w sigmoid(score / scale) + (1 - w) result`, with
//! `sigmoid(x) = 1 / (1 + e^-x)` and `scale` the one that makes the scores predict the
//! results best. The network's output `o` predicts `sigmoid(o)`, so `o x scale` is an
//! evaluation on the search's own scale. The loss is the mean squared difference; the
//! weights move by Adam on mini-batches, with a learning rate that falls along a cosine
//! from its first value to a hundredth of it; the input weights are kept within
//! [`WEIGHT_LIMIT`], so that they fit the network's 16-bit integers.
//!
//! A residual network ([`TrainSettings::residual`]) predicts `sigmoid(o + hand / scale)`,
//! `hand` being the game's hand-made evaluation with its default weights: it learns only what
//! that evaluation misses, and plays added to it.

use super::model::{FloatWeights, MAX_HIDDEN, Network, NetworkError, features_name};
use super::selfplay::DataLine;
use crate::bad_entry::{BadEntry, data_lines};
use boardlab_core::{Evaluate, Player};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The input weights and hidden biases stay within this (so that 32 of them, times
/// [`QUANTISATION`], fit a 16-bit integer).
pub const WEIGHT_LIMIT: f32 = 1.98;

/// Scores beyond this many hundredths of a piece are clipped before they become targets.
const SCORE_LIMIT: f32 = 3000.0;

/// How a network is trained.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSettings {
    /// The size of each side's hidden layer (a multiple of 32).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step of Adam.
    pub batch: usize,
    /// The first learning rate.
    pub learning_rate: f32,
    /// The weight of the search score in the target (the rest is the game's result).
    pub score_weight: f32,
    /// The evaluation scale; `None` fits it to the data.
    pub scale: Option<f32>,
    /// The share of positions (the last ones of the data) held out to judge the network.
    pub held_out: f64,
    /// Threads for the gradients.
    pub threads: usize,
    /// The seed of the first weights and of the order of positions.
    pub seed: u64,
    /// Whether the network learns what to add to the game's hand-made evaluation (its
    /// output and the hand-made score summed predict the target) rather than the whole
    /// score.
    pub residual: bool,
}

impl Default for TrainSettings {
    fn default() -> Self {
        TrainSettings {
            hidden: 256,
            epochs: 20,
            batch: 16384,
            learning_rate: 0.001,
            score_weight: 0.7,
            scale: None,
            held_out: 0.02,
            threads: 2,
            seed: 1,
            residual: false,
        }
    }
}

/// One training position: where its features are, and its labels for the side to move.
#[derive(Clone, Copy, Debug)]
struct Labelled {
    /// Index of its first feature in [`TrainingSet::features`]: the side to move's view,
    /// then the opponent's, `count` each.
    start: usize,
    count: u16,
    /// The output bucket.
    bucket: u8,
    /// The search score for the side to move.
    score: f32,
    /// The side to move's points from the game.
    result: f32,
    /// The hand-made evaluation for the side to move (default weights), in hundredths.
    hand: f32,
}

/// Positions ready for training: each side's features and the labels.
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    features: Vec<u16>,
    positions: Vec<Labelled>,
    inputs: usize,
}

impl TrainingSet {
    /// Reads the data lines of `text` (see [`DataLine`]) for game `game` (its rules with
    /// default options), on `threads` threads. Empty lines and lines starting with `#` are skipped;
    /// the lines that cannot be read are returned beside the set, in order, each with its
    /// number and reason.
    pub fn from_text<P: Evaluate>(
        text: &str,
        game: P::Rules,
        threads: usize,
    ) -> (TrainingSet, Vec<BadEntry>) {
        let lines: Vec<(usize, &str)> = data_lines(text).collect();
        let chunk = lines.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<(TrainingSet, Vec<BadEntry>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = lines
                .chunks(chunk)
                .map(|part| scope.spawn(move || TrainingSet::read_lines::<P>(part, game)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a reading thread finishes"))
                .collect()
        });
        let mut set = TrainingSet {
            inputs: P::NETWORK_INPUTS,
            ..TrainingSet::default()
        };
        let mut bad = Vec::new();
        for (part, part_bad) in parts {
            set.append(part);
            bad.extend(part_bad);
        }
        (set, bad)
    }

    fn read_lines<P: Evaluate>(
        lines: &[(usize, &str)],
        game: P::Rules,
    ) -> (TrainingSet, Vec<BadEntry>) {
        let mut set = TrainingSet {
            inputs: P::NETWORK_INPUTS,
            ..TrainingSet::default()
        };
        let mut bad = Vec::new();
        let rules = game;
        let (mut one, mut two) = (Vec::new(), Vec::new());
        for &(number, text) in lines {
            let read = text.parse::<DataLine>().and_then(|line| {
                Ok((
                    P::from_text(&line.position, rules).map_err(|e| e.to_string())?,
                    line,
                ))
            });
            let (position, line) = match read {
                Ok(read) => read,
                Err(reason) => {
                    bad.push(BadEntry {
                        record: None,
                        line: number,
                        reason,
                    });
                    continue;
                }
            };
            one.clear();
            two.clear();
            position.network_features(|a, b| {
                one.push(a as u16);
                two.push(b as u16);
            });
            let (us, them, sign) = match position.side_to_move() {
                Player::One => (&one, &two, 1.0),
                Player::Two => (&two, &one, -1.0),
            };
            let result = match position.side_to_move() {
                Player::One => line.result as f32,
                Player::Two => 1.0 - line.result as f32,
            };
            set.positions.push(Labelled {
                start: set.features.len(),
                count: us.len() as u16,
                bucket: position.network_bucket().min(P::NETWORK_BUCKETS - 1) as u8,
                score: sign * line.score as f32,
                result,
                hand: position.evaluate_default() as f32,
            });
            set.features.extend_from_slice(us);
            set.features.extend_from_slice(them);
        }
        (set, bad)
    }

    /// Adds the positions of `other`.
    pub fn append(&mut self, mut other: TrainingSet) {
        if self.positions.is_empty() {
            self.inputs = other.inputs;
        }
        let offset = self.features.len();
        for p in &mut other.positions {
            p.start += offset;
        }
        self.features.append(&mut other.features);
        self.positions.append(&mut other.positions);
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The scale (hundredths of a piece per unit of the sigmoid's argument) with which the
    /// search scores best predict the game results.
    pub fn fit_scale(&self) -> f32 {
        let error = |scale: f32| -> f64 {
            self.positions
                .iter()
                .map(|p| {
                    let predicted = sigmoid(p.score.clamp(-SCORE_LIMIT, SCORE_LIMIT) / scale);
                    ((p.result - predicted) as f64).powi(2)
                })
                .sum()
        };
        let (mut low, mut high) = (20.0f32, 2000.0f32);
        while high - low > 0.5 {
            let a = low + (high - low) / 3.0;
            let b = high - (high - low) / 3.0;
            if error(a) < error(b) {
                high = b;
            } else {
                low = a;
            }
        }
        (low + high) / 2.0
    }

    /// How the network reads position `p`, its output added to `base`.
    fn seen(&self, p: &Labelled, base: f32) -> Seen<'_> {
        let (start, count) = (p.start, p.count as usize);
        Seen {
            us: &self.features[start..start + count],
            them: &self.features[start + count..start + 2 * count],
            bucket: p.bucket as usize,
            base,
        }
    }

    /// The mean loss of the hand-made evaluation (default weights) alone on the last
    /// `share` of the positions (those a training run holds out; all of them when that is
    /// none), against the targets of `scale` and `score_weight`: what a network must beat.
    pub fn hand_made_loss(&self, scale: f32, score_weight: f32, share: f64) -> f64 {
        let held = ((self.len() as f64) * share.clamp(0.0, 0.5)) as usize;
        // With none held out, a run judges its networks on all positions: so does this.
        let part = &self.positions[if held == 0 { 0 } else { self.len() - held }..];
        part.iter()
            .map(|p| ((sigmoid(p.hand / scale) - target(p, scale, score_weight)) as f64).powi(2))
            .sum::<f64>()
            / part.len().max(1) as f64
    }
}

/// What one epoch of training did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss on the training positions during the epoch.
    pub train_loss: f64,
    /// The mean loss on the held-out positions after it.
    pub held_out_loss: f64,
    /// The learning rate at its end.
    pub learning_rate: f32,
}

/// The parameters of a network under training, in one flat array: input weights, hidden
/// biases, output weights (bucket by bucket), output biases.
struct Parameters {
    inputs: usize,
    hidden: usize,
    buckets: usize,
    values: Vec<f32>,
}

impl Parameters {
    fn random(inputs: usize, hidden: usize, buckets: usize, seed: u64) -> Parameters {
        let mut rng = SmallRng::seed_from_u64(seed);
        let input_range = 1.0 / (inputs as f32).sqrt();
        let output_range = 1.0 / ((2 * hidden) as f32).sqrt();
        let mut values = Vec::with_capacity(inputs * hidden + hidden + buckets * (2 * hidden + 1));
        values.extend((0..inputs * hidden).map(|_| rng.random_range(-input_range..input_range)));
        values.extend(std::iter::repeat_n(0.0, hidden));
        // Every bucket starts alike, so that they part only as the data asks them to.
        let output: Vec<f32> = (0..2 * hidden)
            .map(|_| rng.random_range(-output_range..output_range))
            .collect();
        for _ in 0..buckets {
            values.extend_from_slice(&output);
        }
        values.extend(std::iter::repeat_n(0.0, buckets));
        Parameters {
            inputs,
            hidden,
            buckets,
            values,
        }
    }

    /// Where the hidden biases, bucket `bucket`'s output weights and its output bias start.
    fn offsets(&self, bucket: usize) -> (usize, usize, usize) {
        let bias = self.inputs * self.hidden;
        let outputs = bias + self.hidden;
        let biases = outputs + self.buckets * 2 * self.hidden;
        (bias, outputs + bucket * 2 * self.hidden, biases + bucket)
    }

    /// Sets every output weight and bias to 0: the network's output is then 0 everywhere.
    fn zero_outputs(&mut self) {
        let (_, outputs, _) = self.offsets(0);
        self.values[outputs..].fill(0.0);
    }

    fn to_float_weights(&self) -> FloatWeights {
        let (bias, outputs, biases) = self.offsets(0);
        FloatWeights {
            input_weights: self.values[..bias].to_vec(),
            hidden_bias: self.values[bias..outputs].to_vec(),
            output_weights: self.values[outputs..biases].to_vec(),
            output_bias: self.values[biases..].to_vec(),
        }
    }
}

/// One position as the network reads it: each side's inputs, the output bucket, and what
/// the output is added to before the logistic (the hand-made evaluation over the scale for
/// a network that corrects it, else 0).
#[derive(Clone, Copy)]
struct Seen<'a> {
    us: &'a [u16],
    them: &'a [u16],
    bucket: usize,
    base: f32,
}

/// The scratch space of one thread's forward and backward passes.
struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
    grad_us: Vec<f32>,
    grad_them: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch {
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
            grad_us: vec![0.0; hidden],
            grad_them: vec![0.0; hidden],
        }
    }
}

/// The network's output for the position `seen`, leaving the hidden sums in `scratch`.
fn forward(params: &Parameters, seen: Seen<'_>, scratch: &mut Scratch) -> f32 {
    let hidden = params.hidden;
    let (bias, output, last) = params.offsets(seen.bucket);
    let weights = &params.values;
    for (sums, features) in [(&mut scratch.us, seen.us), (&mut scratch.them, seen.them)] {
        sums.copy_from_slice(&weights[bias..bias + hidden]);
        for &f in features {
            let row = &weights[f as usize * hidden..(f as usize + 1) * hidden];
            for (s, w) in sums.iter_mut().zip(row) {
                *s += w;
            }
        }
    }
    let (out_us, out_them) = weights[output..output + 2 * hidden].split_at(hidden);
    let mut sum = weights[last];
    for (sums, out) in [(&scratch.us, out_us), (&scratch.them, out_them)] {
        let mut partial = [0f32; 8];
        for (s, w) in sums.chunks_exact(8).zip(out.chunks_exact(8)) {
            for i in 0..8 {
                let c = s[i].clamp(0.0, 1.0);
                partial[i] += c * c * w[i];
            }
        }
        sum += partial.iter().sum::<f32>();
    }
    sum
}

/// Adds the gradient of one position's loss to `grad` and returns the loss.
fn backward(
    params: &Parameters,
    seen: Seen<'_>,
    target: f32,
    scratch: &mut Scratch,
    grad: &mut [f32],
) -> f32 {
    let output = forward(params, seen, scratch) + seen.base;
    let predicted = sigmoid(output);
    let error = predicted - target;
    let g = 2.0 * error * predicted * (1.0 - predicted);
    let hidden = params.hidden;
    let (bias, out, last) = params.offsets(seen.bucket);
    let weights = &params.values;
    grad[last] += g;
    let Scratch {
        us: sums_us,
        them: sums_them,
        grad_us,
        grad_them,
    } = scratch;
    for (half, (sums, grads)) in [(&*sums_us, &mut *grad_us), (&*sums_them, &mut *grad_them)]
        .into_iter()
        .enumerate()
    {
        let start = out + half * hidden;
        let (out_weights, out_grads) = (
            &weights[start..start + hidden],
            &mut grad[start..start + hidden],
        );
        for i in 0..hidden {
            let s = sums[i];
            let c = s.clamp(0.0, 1.0);
            out_grads[i] += g * c * c;
            grads[i] = if s > 0.0 && s < 1.0 {
                g * out_weights[i] * 2.0 * s
            } else {
                0.0
            };
        }
    }
    for i in 0..hidden {
        grad[bias + i] += grad_us[i] + grad_them[i];
    }
    for (features, grads) in [(seen.us, &*grad_us), (seen.them, &*grad_them)] {
        for &f in features {
            let row = &mut grad[f as usize * hidden..(f as usize + 1) * hidden];
            for (r, d) in row.iter_mut().zip(grads.iter()) {
                *r += d;
            }
        }
    }
    error * error
}

/// Adam's moments.
struct Adam {
    mean: Vec<f32>,
    variance: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new(size: usize) -> Adam {
        Adam {
            mean: vec![0.0; size],
            variance: vec![0.0; size],
            steps: 0,
        }
    }

    /// One step with the mean gradient `grad`.
    fn step(&mut self, params: &mut Parameters, grad: &[f32], rate: f32) {
        self.steps += 1;
        let correct1 = 1.0 - Self::BETA1.powi(self.steps);
        let correct2 = 1.0 - Self::BETA2.powi(self.steps);
        let limited = params.inputs * params.hidden + params.hidden;
        for (i, ((p, m), v)) in params
            .values
            .iter_mut()
            .zip(self.mean.iter_mut())
            .zip(self.variance.iter_mut())
            .enumerate()
        {
            let g = grad[i];
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *p -= rate * (*m / correct1) / ((*v / correct2).sqrt() + Self::EPSILON);
            if i < limited {
                *p = p.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
            }
        }
    }
}

/// The logistic function.
#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A position's target: the blend of its score and result.
#[inline]
fn target(p: &Labelled, scale: f32, score_weight: f32) -> f32 {
    let score = sigmoid(p.score.clamp(-SCORE_LIMIT, SCORE_LIMIT) / scale);
    score_weight * score + (1.0 - score_weight) * p.result
}

/// Trains a network for game `P` on `set`, calling `on_epoch` after every epoch with its
/// report and the network as it stands (to be saved). Returns the final network and the
/// scale used.
pub fn train<P: Evaluate>(
    set: &TrainingSet,
    settings: &TrainSettings,
    on_epoch: &mut dyn FnMut(&EpochReport, &Network),
) -> Result<Network, NetworkError> {
    let hidden = settings.hidden;
    if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(32) {
        return Err(NetworkError::BadHidden(hidden));
    }
    let scale = settings.scale.unwrap_or_else(|| set.fit_scale());
    let held = ((set.len() as f64) * settings.held_out.clamp(0.0, 0.5)) as usize;
    let (train_part, held_part) = set.positions.split_at(set.len() - held);
    let mut order: Vec<usize> = (0..train_part.len()).collect();
    let mut params = Parameters::random(set.inputs, hidden, P::NETWORK_BUCKETS, settings.seed);
    // A network that corrects the hand-made evaluation starts by adding nothing to it.
    let base = |p: &Labelled| {
        if settings.residual {
            p.hand / scale
        } else {
            0.0
        }
    };
    if settings.residual {
        params.zero_outputs();
    }
    let mut adam = Adam::new(params.values.len());
    let mut rng = SmallRng::seed_from_u64(settings.seed ^ 0x5eed);
    let threads = settings.threads.max(1);
    let batch = settings.batch.max(threads);
    let batches_per_epoch = train_part.len().div_ceil(batch).max(1);
    let total_batches = (batches_per_epoch * settings.epochs).max(1);
    let mut grads: Vec<Vec<f32>> = vec![vec![0.0; params.values.len()]; threads];
    let mut scratches: Vec<Scratch> = (0..threads).map(|_| Scratch::new(hidden)).collect();
    let mut done = 0usize;
    let mut network = None;
    for epoch in 1..=settings.epochs {
        order.shuffle(&mut rng);
        let mut loss_sum = 0f64;
        let mut rate = settings.learning_rate;
        for chunk in order.chunks(batch) {
            let part = chunk.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let params = &params;
                let handles: Vec<_> = chunk
                    .chunks(part)
                    .zip(grads.iter_mut())
                    .zip(scratches.iter_mut())
                    .map(|((indices, grad), scratch)| {
                        scope.spawn(move || {
                            grad.fill(0.0);
                            let mut loss = 0f64;
                            for &i in indices {
                                let p = &train_part[i];
                                let t = target(p, scale, settings.score_weight);
                                let seen = set.seen(p, base(p));
                                loss += backward(params, seen, t, scratch, grad) as f64;
                            }
                            loss
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training thread finishes"))
                    .collect()
            });
            loss_sum += losses.iter().sum::<f64>();
            let used = chunk.chunks(part).count();
            let (first, rest) = grads.split_at_mut(1);
            let inverse = 1.0 / chunk.len() as f32;
            for (i, g) in first[0].iter_mut().enumerate() {
                let mut total = *g;
                for other in rest.iter().take(used - 1) {
                    total += other[i];
                }
                *g = total * inverse;
            }
            let progress = done as f32 / total_batches as f32;
            let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
            rate = settings.learning_rate * (0.01 + 0.99 * cosine);
            adam.step(&mut params, &first[0], rate);
            done += 1;
        }
        let held_out_loss = if held_part.is_empty() {
            f64::NAN
        } else {
            let scratch = &mut scratches[0];
            held_part
                .iter()
                .map(|p| {
                    let seen = set.seen(p, base(p));
                    let out = forward(&params, seen, scratch) + seen.base;
                    ((sigmoid(out) - target(p, scale, settings.score_weight)) as f64).powi(2)
                })
                .sum::<f64>()
                / held_part.len() as f64
        };
        let net = Network::from_float(
            &features_name::<P>(),
            set.inputs,
            scale,
            &params.to_float_weights(),
        )?
        .adding_to_hand_made(settings.residual);
        on_epoch(
            &EpochReport {
                epoch,
                train_loss: loss_sum / train_part.len().max(1) as f64,
                held_out_loss,
                learning_rate: rate,
            },
            &net,
        );
        network = Some(net);
    }
    match network {
        Some(net) => Ok(net),
        None => Ok(Network::from_float(
            &features_name::<P>(),
            set.inputs,
            scale,
            &params.to_float_weights(),
        )?
        .adding_to_hand_made(settings.residual)),
    }
}

/// The float network's evaluation of `position` with the trained parameters, for checking
/// the integer network against (tests).
#[cfg(test)]
fn float_evaluate<P: Evaluate>(params: &Parameters, scale: f32, position: &P) -> f32 {
    let (mut one, mut two) = (Vec::new(), Vec::new());
    position.network_features(|a, b| {
        one.push(a as u16);
        two.push(b as u16);
    });
    let (us, them) = match position.side_to_move() {
        Player::One => (&one, &two),
        Player::Two => (&two, &one),
    };
    let mut scratch = Scratch::new(params.hidden);
    let seen = Seen {
        us,
        them,
        bucket: position.network_bucket(),
        base: 0.0,
    };
    forward(params, seen, &mut scratch) * scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_games::obsidian::Obsidian;

    #[test]
    fn the_integer_network_agrees_with_the_float_one() {
        let params = Parameters::random(Obsidian::NETWORK_INPUTS, 32, Obsidian::NETWORK_BUCKETS, 7);
        let net = Network::from_float(
            &features_name::<Obsidian>(),
            params.inputs,
            400.0,
            &params.to_float_weights(),
        )
        .unwrap();
        let positions = [
            "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1",
            "A1CDECBA/FFF1FF1F/2B3F1/3F4/8/2fff3/ff2bfff/abcdec1a 2",
        ];
        for text in positions {
            let position: Obsidian = text.parse().unwrap();
            let float = float_evaluate(&params, 400.0, &position);
            let int = net.evaluate(&position) as f32;
            assert!(
                (float - int).abs() < 3.0,
                "{text}: float {float}, integer {int}"
            );
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut params = Parameters::random(Obsidian::NETWORK_INPUTS, 16, 2, 3);
        // Move the biases so that some hidden values lie inside 0..1.
        let (bias, _, _) = params.offsets(0);
        for v in &mut params.values[bias..bias + 16] {
            *v = 0.3;
        }
        let position: Obsidian = "A1CDECBA/FFF1FF1F/2B3F1/3F4/8/2fff3/ff2bfff/abcdec1a 1"
            .parse()
            .unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        position.network_features(|a, b| {
            us.push(a as u16);
            them.push(b as u16);
        });
        // The second bucket: its weights and bias get gradients, the first one's none;
        // with and without a hand-made evaluation the output is added to.
        for base in [0.0, 0.7] {
            gradient_matches_at(&mut params, &us, &them, base);
        }
    }

    fn gradient_matches_at(params: &mut Parameters, us: &[u16], them: &[u16], base: f32) {
        let (bias, _, _) = params.offsets(0);
        let seen = Seen {
            us,
            them,
            bucket: 1,
            base,
        };
        let mut scratch = Scratch::new(16);
        let mut grad = vec![0.0; params.values.len()];
        backward(params, seen, 0.8, &mut scratch, &mut grad);
        let loss = |p: &Parameters, scratch: &mut Scratch| {
            let out = forward(p, seen, scratch) + base;
            (sigmoid(out) - 0.8).powi(2)
        };
        let (_, first_output, first_bias) = params.offsets(0);
        let (_, output, last) = params.offsets(1);
        assert_eq!(grad[first_output + 2], 0.0);
        assert_eq!(grad[first_bias], 0.0);
        let probes = [
            us[0] as usize * 16 + 3,
            them[2] as usize * 16 + 5,
            bias + 1,
            output + 2,
            output + 16 + 7,
            last,
        ];
        for i in probes {
            let h = 1e-3;
            let keep = params.values[i];
            params.values[i] = keep + h;
            let up = loss(params, &mut scratch);
            params.values[i] = keep - h;
            let down = loss(params, &mut scratch);
            params.values[i] = keep;
            let numeric = (up - down) / (2.0 * h);
            assert!(
                (numeric - grad[i]).abs() < 1e-3 + 0.05 * numeric.abs(),
                "base {base}, parameter {i}: numeric {numeric}, analytic {}",
                grad[i]
            );
        }
    }

    #[test]
    fn a_network_learns_material() {
        // Positions with an extra E for one side, labelled as wins for that side.
        let mut text = String::new();
        let up = "ABCD1CBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba";
        let down = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcd1cba";
        for _ in 0..200 {
            text += &format!(
                "{up} 1 | 900 | 1\n{up} 2 | 900 | 1\n{down} 1 | -900 | 0\n{down} 2 | -900 | 0\n"
            );
        }
        let (set, bad) = TrainingSet::from_text::<Obsidian>(&text, Default::default(), 2);
        assert_eq!((set.len(), bad), (800, vec![]));
        let settings = TrainSettings {
            hidden: 32,
            epochs: 30,
            batch: 64,
            learning_rate: 0.01,
            scale: Some(400.0),
            held_out: 0.0,
            ..TrainSettings::default()
        };
        let net = train::<Obsidian>(&set, &settings, &mut |_, _| {}).unwrap();
        let ahead: Obsidian = format!("{up} 1").parse().unwrap();
        let behind: Obsidian = format!("{down} 1").parse().unwrap();
        assert!(net.evaluate(&ahead) > 300, "{}", net.evaluate(&ahead));
        assert!(net.evaluate(&behind) < -300, "{}", net.evaluate(&behind));
    }

    #[test]
    fn a_residual_network_starts_from_the_hand_made_evaluation_and_improves_on_it() {
        // (Scores and results are Player 1's.) The E is worth far more in these labels than
        // in the hand-made evaluation, and the start position is labelled a sure win for
        // whoever moves: what the hand-made evaluation misses is what the network must learn.
        let mut text = String::new();
        let start = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba";
        let down = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcd1cba";
        for _ in 0..100 {
            text += &format!(
                "{start} 1 | 800 | 1\n{start} 2 | -800 | 0\n{down} 1 | -3000 | 0\n{down} 2 | -3000 | 0\n"
            );
        }
        let (set, _) = TrainingSet::from_text::<Obsidian>(&text, Default::default(), 2);
        let settings = TrainSettings {
            hidden: 32,
            epochs: 10,
            batch: 64,
            learning_rate: 0.01,
            scale: Some(400.0),
            held_out: 0.0,
            residual: true,
            ..TrainSettings::default()
        };
        let hand_made = set.hand_made_loss(400.0, settings.score_weight, 0.5);
        let mut losses = Vec::new();
        let net = train::<Obsidian>(&set, &settings, &mut |report, _| {
            losses.push(report.train_loss)
        })
        .unwrap();
        assert!(net.adds_to_hand_made());
        // The first epoch starts at the hand-made evaluation's loss (the network adds 0)
        // and the last ends well below it.
        assert!(
            losses[0] <= hand_made * 1.01,
            "{losses:?} against {hand_made}"
        );
        assert!(
            losses[9] < hand_made / 2.0,
            "{losses:?} against {hand_made}"
        );
        let position: Obsidian = format!("{start} 1").parse().unwrap();
        assert!(net.evaluate(&position) > 300, "{}", net.evaluate(&position));
    }

    #[test]
    fn every_bad_line_is_named() {
        let good = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 | 0 | 0.5";
        let text = format!(
            "{good}\nnonsense | 0 | 1\n# a comment\n\n{good}\nABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 | x | 1\n"
        );
        for threads in [1, 3] {
            let (set, bad) = TrainingSet::from_text::<Obsidian>(&text, Default::default(), threads);
            assert_eq!(set.len(), 2);
            let lines: Vec<usize> = bad.iter().map(|entry| entry.line).collect();
            assert_eq!(lines, [2, 6]);
            assert!(bad[1].reason.contains("score 'x'"), "{}", bad[1].reason);
        }
    }
}
