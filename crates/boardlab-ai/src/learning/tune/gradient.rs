//! Fitting by gradient descent, for evaluations that are linear in their weights (all of
//! ours are: sums of weights times counts, blended by phase). Each position's evaluation
//! is first written as `constant + Σ coefficient_i × weight_i`, read off the evaluation
//! itself by raising one weight at a time; the fit then runs Adam on the error, with a
//! pull toward the starting weights, and keeps the weights that predict held-out games
//! best (early stopping). Hundreds of weights (piece-square tables) fit in a minute.

use super::{FitReport, Sample, fit_scale, sigmoid, white_eval};
use boardlab_core::{Evaluate, Tunable};
use thiserror::Error;

/// The value a weight is raised to when its coefficient is read off: a multiple of the
/// divisors the evaluations blend by, so that the coefficients come out exact.
const PROBE: i32 = 1_200;

/// Evaluations that differ from their linear form by more than this (rounding) count as
/// mismatches.
const TOLERANCE: f64 = 2.0;

/// The share of positions whose evaluation may mismatch its linear form.
const MISMATCH_SHARE: f64 = 0.01;

/// How often (in steps) the held-out error is measured.
const CHECK_EVERY: usize = 25;

/// An evaluation that is not linear in its weights, so the gradient fit does not apply.
#[derive(Clone, Debug, PartialEq, Error)]
#[error(
    "the evaluation is not linear in its weights: {mismatches} of {} differ from their linear form",
    boardlab_core::count(*positions as u64, "position", "positions")
)]
pub struct NotLinear {
    /// Positions whose evaluation differs from the linear form.
    pub mismatches: usize,
    /// Positions looked at.
    pub positions: usize,
}

/// How the gradient fit runs.
#[derive(Clone, Debug, PartialEq)]
pub struct GradientSettings {
    /// The most steps of gradient descent.
    pub steps: usize,
    /// The pull toward the starting weights: this times the sum of squared changes (in
    /// hundredths of a piece) is added to the error.
    pub regularisation: f64,
    /// The share of positions (the last ones, so whole games) held out to judge the fit.
    pub held_out: f64,
    /// Adam's step size, in hundredths of a piece.
    pub learning_rate: f64,
    /// The weights (by their index in [`Tunable::to_vec`]) that keep their starting values,
    /// as `Tunable::in_groups` marks them; empty: every weight is fitted.
    pub fixed: Vec<bool>,
}

impl Default for GradientSettings {
    fn default() -> Self {
        GradientSettings {
            steps: 2_000,
            regularisation: 1e-7,
            held_out: 0.1,
            learning_rate: 1.0,
            fixed: Vec::new(),
        }
    }
}

/// Every position's evaluation from Player 1's side as a linear function of the weights,
/// stored sparsely, with its game's result.
struct LinearSamples {
    /// Where each position's coefficients start in `index` and `value` (one extra at the
    /// end).
    start: Vec<usize>,
    index: Vec<u32>,
    value: Vec<f32>,
    constant: Vec<f32>,
    result: Vec<f32>,
}

impl LinearSamples {
    fn len(&self) -> usize {
        self.constant.len()
    }

    /// The evaluation of position `row` under `weights`.
    #[inline]
    fn eval(&self, row: usize, weights: &[f64]) -> f64 {
        let range = self.start[row]..self.start[row + 1];
        let mut sum = self.constant[row] as f64;
        for (&i, &v) in self.index[range.clone()].iter().zip(&self.value[range]) {
            sum += v as f64 * weights[i as usize];
        }
        sum
    }
}

/// One thread's share of [`linear_samples`]: the coefficients (weight, value) of its
/// positions one after another, how many each has, their constants, and how many of them
/// differ from their linear form.
struct Part {
    entries: Vec<(u32, f32)>,
    lengths: Vec<usize>,
    constants: Vec<f32>,
    mismatches: usize,
}

/// Reads off the linear form of every sample's evaluation, on `threads` threads, and
/// checks it against the evaluation under `weights`.
fn linear_samples<P: Evaluate>(
    samples: &[Sample<P>],
    weights: &P::Weights,
    threads: usize,
) -> Result<LinearSamples, NotLinear> {
    let start_values = weights.to_vec();
    let count = start_values.len();
    let mut zero = *weights;
    zero.set_from(&vec![0; count]);
    // One set of weights per weight, with only that one raised.
    let probes: Vec<P::Weights> = (0..count)
        .map(|i| {
            let mut values = vec![0; count];
            values[i] = PROBE;
            let mut probe = *weights;
            probe.set_from(&values);
            probe
        })
        .collect();
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Part> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                let (zero, probes, start_values) = (&zero, &probes, &start_values);
                scope.spawn(move || {
                    let mut entries = Vec::new();
                    let mut lengths = Vec::with_capacity(part.len());
                    let mut constants = Vec::with_capacity(part.len());
                    let mut mismatches = 0;
                    for sample in part {
                        let base = white_eval(&sample.position, zero);
                        let before = entries.len();
                        let mut predicted = base;
                        for (i, probe) in probes.iter().enumerate() {
                            let raised = white_eval(&sample.position, probe);
                            if raised != base {
                                let coefficient = (raised - base) / PROBE as f64;
                                entries.push((i as u32, coefficient as f32));
                                predicted += coefficient * start_values[i] as f64;
                            }
                        }
                        lengths.push(entries.len() - before);
                        constants.push(base as f32);
                        let actual = white_eval(&sample.position, weights);
                        if (actual - predicted).abs() > TOLERANCE {
                            mismatches += 1;
                        }
                    }
                    Part {
                        entries,
                        lengths,
                        constants,
                        mismatches,
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a feature thread does not panic"))
            .collect()
    });
    let mut linear = LinearSamples {
        start: vec![0],
        index: Vec::new(),
        value: Vec::new(),
        constant: Vec::new(),
        result: samples.iter().map(|s| s.result as f32).collect(),
    };
    let mut mismatches = 0;
    for Part {
        entries,
        lengths,
        constants,
        mismatches: part_mismatches,
    } in parts
    {
        let mut at = 0;
        for length in lengths {
            for &(i, v) in &entries[at..at + length] {
                linear.index.push(i);
                linear.value.push(v);
            }
            at += length;
            linear.start.push(linear.index.len());
        }
        linear.constant.extend(constants);
        mismatches += part_mismatches;
    }
    if mismatches as f64 > MISMATCH_SHARE * samples.len() as f64 {
        return Err(NotLinear {
            mismatches,
            positions: samples.len(),
        });
    }
    Ok(linear)
}

/// The mean squared error of `weights` over the positions `rows` and, with `gradient`,
/// adds the mean's gradient to it.
fn error_and_gradient(
    data: &LinearSamples,
    rows: std::ops::Range<usize>,
    weights: &[f64],
    k: f64,
    mut gradient: Option<&mut [f64]>,
) -> f64 {
    let n = rows.len().max(1) as f64;
    // d sigmoid(k x) / dx = ln(10) k / 400 * s (1 - s).
    let slope = std::f64::consts::LN_10 * k / 400.0;
    let mut total = 0.0;
    for row in rows {
        let s = sigmoid(data.eval(row, weights), k);
        let diff = s - data.result[row] as f64;
        total += diff * diff;
        if let Some(gradient) = gradient.as_deref_mut() {
            let factor = 2.0 * diff * s * (1.0 - s) * slope / n;
            let range = data.start[row]..data.start[row + 1];
            for (&i, &v) in data.index[range.clone()].iter().zip(&data.value[range]) {
                gradient[i as usize] += factor * v as f64;
            }
        }
    }
    total / n
}

/// The error and its gradient over `rows`, shared out over `threads` threads.
fn parallel_gradient(
    data: &LinearSamples,
    rows: std::ops::Range<usize>,
    weights: &[f64],
    k: f64,
    threads: usize,
    gradient: &mut [f64],
) -> f64 {
    let n = rows.len();
    let chunk = n.div_ceil(threads.max(1)).max(1);
    let parts: Vec<(f64, Vec<f64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (rows.start..rows.end)
            .step_by(chunk)
            .map(|from| {
                let to = (from + chunk).min(rows.end);
                scope.spawn(move || {
                    let mut part = vec![0.0; weights.len()];
                    let e = error_and_gradient(data, from..to, weights, k, Some(&mut part));
                    // Each part averaged over its own rows: weigh it back.
                    let share = (to - from) as f64 / n as f64;
                    part.iter_mut().for_each(|g| *g *= share);
                    (e * share, part)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a gradient thread does not panic"))
            .collect()
    });
    gradient.iter_mut().for_each(|g| *g = 0.0);
    let mut total = 0.0;
    for (e, part) in parts {
        total += e;
        gradient.iter_mut().zip(part).for_each(|(g, p)| *g += p);
    }
    total
}

/// Fits `weights` to `samples` by gradient descent (see the module's documentation).
/// `on_check` hears, every few steps, the step, the training error and the held-out
/// error. The report's errors are over all positions; it fails, leaving `weights` alone,
/// when the evaluation is not linear in its weights.
pub fn fit_gradient<P: Evaluate>(
    samples: &[Sample<P>],
    weights: &mut P::Weights,
    settings: GradientSettings,
    threads: usize,
    on_check: &mut dyn FnMut(usize, f64, f64),
) -> Result<FitReport, NotLinear> {
    let k = fit_scale(samples, weights, threads);
    let data = linear_samples(samples, weights, threads)?;
    let start: Vec<f64> = weights.to_vec().into_iter().map(f64::from).collect();
    let n = data.len();
    let held_out = ((n as f64 * settings.held_out.clamp(0.0, 0.5)) as usize).min(n);
    let train = 0..n - held_out;
    let test = n - held_out..n;
    let judge = |w: &[f64]| {
        if held_out == 0 {
            error_and_gradient(&data, 0..n, w, k, None)
        } else {
            error_and_gradient(&data, test.clone(), w, k, None)
        }
    };
    let before = error_and_gradient(&data, 0..n, &start, k, None);
    let mut theta = start.clone();
    let (mut m, mut v) = (vec![0.0; theta.len()], vec![0.0; theta.len()]);
    let mut gradient = vec![0.0; theta.len()];
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let mut best = (judge(&theta), theta.clone());
    on_check(
        0,
        error_and_gradient(&data, train.clone(), &theta, k, None),
        best.0,
    );
    for step in 1..=settings.steps {
        let train_error =
            parallel_gradient(&data, train.clone(), &theta, k, threads, &mut gradient);
        for i in 0..theta.len() {
            if settings.fixed.get(i) == Some(&true) {
                continue;
            }
            let g = gradient[i] + 2.0 * settings.regularisation * (theta[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            theta[i] -= settings.learning_rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        if step % CHECK_EVERY == 0 || step == settings.steps {
            let rounded: Vec<f64> = theta.iter().map(|x| x.round()).collect();
            let test_error = judge(&rounded);
            on_check(step, train_error, test_error);
            if test_error < best.0 {
                best = (test_error, rounded);
            }
        }
    }
    let fitted: Vec<i32> = best.1.iter().map(|&x| x as i32).collect();
    weights.set_from(&fitted);
    let after = error_and_gradient(&data, 0..n, &best.1, k, None);
    Ok(FitReport {
        k,
        before,
        after,
        passes: settings.steps,
    })
}
