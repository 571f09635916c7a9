//! SPSA: tuning the search's parameters ([`SearchParams`](crate::search::alphabeta::SearchParams)) by
//! games, as Fishtest and OpenBench tune Stockfish's.
//!
//! Each iteration `k` draws a random sign `Δᵢ = ±1` for every parameter, makes two bots,
//! `θ + cₖΔ` and `θ − cₖΔ`, and lets them play pairs of games (each opening with both
//! colours). With `r` the first bot's points less the second's over those games, every
//! parameter moves by `aₖ / cₖ · r · Δᵢ` (within its range): toward the side that won. The
//! step sizes fall as the iterations go: `cₖ = c / k^γ` and `aₖ = a / (A + k)^α` with
//! `γ = 0.101`, `α = 0.602`, `A` a tenth of the iterations, and `c` and `a` chosen so that at
//! the last iteration each parameter is perturbed by its `c_end` and learns at its `r_end`
//! (`a = r_end · c_end² · (A + N)^α`), as Fishtest's SPSA does.

use crate::matches::arena::{MatchConfig, mix, run_match};
use crate::matches::elo::Tally;
use crate::matches::openings::Openings;
use crate::search::alphabeta::{PARAMS, ParamInfo};
use crate::spec::{BotSpec, SpecError};
use crate::time::time_control::TimeControl;
use boardlab_core::Evaluate;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// SPSA's exponent of the learning rate's decay.
const ALPHA: f64 = 0.602;

/// SPSA's exponent of the perturbation's decay.
const GAMMA: f64 = 0.101;

/// The learning rate at the last iteration when none is given (Fishtest's usual value).
pub const DEFAULT_R_END: f64 = 0.002;

/// One parameter being tuned: where it starts and how boldly it moves.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    /// The parameter.
    pub info: &'static ParamInfo,
    /// Its value before tuning.
    pub start: f64,
    /// The perturbation at the last iteration, in the parameter's units.
    pub c_end: f64,
    /// The learning rate at the last iteration.
    pub r_end: f64,
}

impl SpsaParam {
    /// Tunes `info` from `start`, perturbed at the end by a twentieth of its range (at least
    /// 1), learning at [`DEFAULT_R_END`].
    pub fn new(info: &'static ParamInfo, start: i32) -> SpsaParam {
        SpsaParam {
            info,
            start: f64::from(start),
            c_end: (f64::from(info.max - info.min) / 20.0).max(1.0),
            r_end: DEFAULT_R_END,
        }
    }
}

/// The state of a tuning: the parameters' current values and the iteration reached.
#[derive(Clone, Debug)]
pub struct Spsa {
    params: Vec<SpsaParam>,
    /// The current values, not yet rounded.
    theta: Vec<f64>,
    /// The iterations in all (`N`).
    iterations: usize,
    /// Iterations done.
    done: usize,
}

/// One iteration's two bots' parameters and the signs that made them.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The values of the first bot (`θ + cₖΔ`), rounded and within range.
    pub plus: Vec<i32>,
    /// The values of the second bot (`θ − cₖΔ`).
    pub minus: Vec<i32>,
    /// The signs `Δᵢ`.
    pub signs: Vec<f64>,
    /// The perturbation's size `cₖ / c_end` (the same share for every parameter).
    pub scale: f64,
}

impl Spsa {
    /// A tuning of `params` over `iterations` iterations.
    pub fn new(params: Vec<SpsaParam>, iterations: usize) -> Spsa {
        Spsa {
            theta: params.iter().map(|p| p.start).collect(),
            params,
            iterations: iterations.max(1),
            done: 0,
        }
    }

    /// The stability constant `A`: a tenth of the iterations.
    fn stability(&self) -> f64 {
        self.iterations as f64 / 10.0
    }

    /// `cₖ / c_end` at iteration `k` (from 1): 1 at the last iteration.
    fn c_share(&self, k: usize) -> f64 {
        (self.iterations as f64 / k as f64).powf(GAMMA)
    }

    /// `aₖ / a_end` at iteration `k`, where `a_end = r_end · c_end²`.
    fn a_share(&self, k: usize) -> f64 {
        let a = self.stability();
        ((a + self.iterations as f64) / (a + k as f64)).powf(ALPHA)
    }

    /// The next iteration's two bots, drawn with `rng`; `None` when every iteration is
    /// done.
    pub fn perturb(&self, rng: &mut impl Rng) -> Option<Perturbation> {
        if self.done >= self.iterations {
            return None;
        }
        let scale = self.c_share(self.done + 1);
        let signs: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.random_bool(0.5) { 1.0 } else { -1.0 })
            .collect();
        let value = |i: usize, sign: f64| {
            let p = &self.params[i];
            let v = self.theta[i] + sign * scale * p.c_end;
            (v.round() as i64).clamp(i64::from(p.info.min), i64::from(p.info.max)) as i32
        };
        Some(Perturbation {
            plus: (0..self.params.len()).map(|i| value(i, signs[i])).collect(),
            minus: (0..self.params.len())
                .map(|i| value(i, -signs[i]))
                .collect(),
            signs,
            scale,
        })
    }

    /// Learns from an iteration: `result` is the first bot's points less the second's over
    /// the iteration's games.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = self.done + 1;
        for (i, p) in self.params.iter().enumerate() {
            let c_k = perturbation.scale * p.c_end;
            let a_k = self.a_share(k) * p.r_end * p.c_end * p.c_end;
            let moved = self.theta[i] + a_k / c_k * result * perturbation.signs[i];
            self.theta[i] = moved.clamp(f64::from(p.info.min), f64::from(p.info.max));
        }
        self.done = k;
    }

    /// The parameters being tuned.
    pub fn params(&self) -> &[SpsaParam] {
        &self.params
    }

    /// The current values, unrounded.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// The current values, rounded: the tuned set.
    pub fn values(&self) -> Vec<i32> {
        self.theta.iter().map(|v| v.round() as i32).collect()
    }

    /// Iterations done.
    pub fn done(&self) -> usize {
        self.done
    }
}

/// What the games of a tuning are: the bot, how many games an iteration, the openings.
#[derive(Clone, Debug)]
pub struct SpsaGames<P> {
    /// The position the games start from.
    pub start: P,
    /// Whether each opening draws the first player.
    pub draw_first: bool,
    /// The bot both sides are (an alpha-beta spec); each side adds its parameters to it.
    pub bot: BotSpec,
    /// Pairs of games an iteration (each opening with both colours).
    pub pairs: usize,
    /// Games played at once.
    pub threads: usize,
    /// The openings.
    pub openings: Openings,
    /// Plies after which a game is a draw.
    pub max_plies: usize,
    /// The clocks, if the games are timed.
    pub time_control: Option<TimeControl>,
    /// The seed of the openings and the signs.
    pub seed: u64,
}

/// `bot` with the parameters `names` set to `values` (`param.NAME=V`).
pub fn with_params(
    bot: &BotSpec,
    names: &[&'static ParamInfo],
    values: &[i32],
) -> Result<BotSpec, SpecError> {
    let extra: String = names
        .iter()
        .zip(values)
        .map(|(info, value)| format!(",param.{}={value}", info.name))
        .collect();
    let text = bot.text();
    let joined = if text.contains(':') {
        format!("{text}{extra}")
    } else {
        format!("{text}:{}", &extra[1..])
    };
    joined.parse()
}

/// Runs the tuning's iterations, calling `on_iteration` after each with the tuning and the
/// iteration's tally (the first bot's). Returns every game's tally (from the `+` side).
pub fn run_spsa<P: Evaluate>(
    spsa: &mut Spsa,
    games: &SpsaGames<P>,
    on_iteration: &mut dyn FnMut(&Spsa, &Tally),
) -> Result<Tally, SpecError> {
    let mut rng = SmallRng::seed_from_u64(games.seed);
    let infos: Vec<&'static ParamInfo> = spsa.params().iter().map(|p| p.info).collect();
    let mut total = Tally::default();
    while let Some(perturbation) = spsa.perturb(&mut rng) {
        let config = MatchConfig {
            start: games.start,
            draw_first: games.draw_first,
            bot_a: with_params(&games.bot, &infos, &perturbation.plus)?,
            bot_b: with_params(&games.bot, &infos, &perturbation.minus)?,
            games: 2 * games.pairs.max(1),
            threads: games.threads.max(1),
            openings: games.openings,
            seed: mix(games.seed ^ mix(spsa.done() as u64 + 1)),
            max_plies: games.max_plies,
            time_control: games.time_control,
        };
        let summary = run_match(&config, &|_, _| {});
        let tally = summary.tally;
        let result = f64::from(tally.wins) - f64::from(tally.losses);
        spsa.update(&perturbation, result);
        total.wins += tally.wins;
        total.draws += tally.draws;
        total.losses += tally.losses;
        on_iteration(spsa, &tally);
    }
    Ok(total)
}

/// The parameters called `names` (all of them for `None`), each starting at its value in
/// `start`.
pub fn spsa_params(
    names: Option<&[String]>,
    start: &crate::search::alphabeta::SearchParams,
) -> Result<Vec<SpsaParam>, crate::search::alphabeta::ParamError> {
    let infos: Vec<&'static ParamInfo> = match names {
        None => PARAMS.iter().collect(),
        Some(names) => names
            .iter()
            .map(|n| ParamInfo::named(n.trim()))
            .collect::<Result<_, _>>()?,
    };
    Ok(infos
        .into_iter()
        .map(|info| SpsaParam::new(info, start.get(info.name).expect("a listed parameter")))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::alphabeta::SearchParams;

    fn one(name: &str) -> Spsa {
        let params = spsa_params(Some(&[name.to_string()]), &SearchParams::default()).unwrap();
        Spsa::new(params, 100)
    }

    #[test]
    fn the_steps_shrink_to_their_end_values() {
        let spsa = one("futility_base");
        assert!((spsa.c_share(100) - 1.0).abs() < 1e-12);
        assert!(spsa.c_share(1) > 1.5 && spsa.c_share(1) < 1.6, "100^0.101");
        assert!((spsa.a_share(100) - 1.0).abs() < 1e-12);
        assert!(spsa.a_share(1) > spsa.a_share(50));
    }

    #[test]
    fn a_win_moves_the_values_toward_the_winner_and_stays_in_range() {
        let mut spsa = one("futility_base");
        let mut rng = SmallRng::seed_from_u64(1);
        let p = spsa.perturb(&mut rng).unwrap();
        assert_eq!(
            p.plus[0] - 100,
            100 - p.minus[0],
            "symmetric around the start"
        );
        assert!(p.plus[0] != p.minus[0]);
        let winner_side = p.signs[0];
        spsa.update(&p, 2.0);
        assert!(
            (spsa.theta()[0] - 100.0) * winner_side > 0.0,
            "{:?}",
            spsa.theta()
        );
        // A parameter at the end of its range stays there.
        let mut spsa = one("null_move_eval_max");
        for _ in 0..100 {
            let p = spsa.perturb(&mut rng).unwrap();
            spsa.update(&p, 2.0 * p.signs[0]);
            assert!(spsa.values()[0] <= 6 && spsa.values()[0] >= 0);
        }
        assert_eq!(spsa.perturb(&mut rng), None, "every iteration is done");
    }

    #[test]
    fn noise_alone_leaves_a_parameter_near_its_start() {
        // Results that do not depend on the signs: the value wanders but stays near.
        let mut spsa = one("futility_base");
        let mut rng = SmallRng::seed_from_u64(7);
        let mut coin = SmallRng::seed_from_u64(8);
        while let Some(p) = spsa.perturb(&mut rng) {
            let r = if coin.random_bool(0.5) { 1.0 } else { -1.0 };
            spsa.update(&p, r);
        }
        assert!((spsa.theta()[0] - 100.0).abs() < 20.0, "{:?}", spsa.theta());
    }

    #[test]
    fn a_consistent_signal_is_followed() {
        // The side with the larger value always wins: the value climbs.
        let mut spsa = one("futility_base");
        let mut rng = SmallRng::seed_from_u64(3);
        while let Some(p) = spsa.perturb(&mut rng) {
            let r = (f64::from(p.plus[0] - p.minus[0])).signum() * 2.0;
            spsa.update(&p, r);
        }
        assert!(spsa.theta()[0] > 108.0, "{:?}", spsa.theta());
    }

    #[test]
    fn bots_get_their_parameters_in_the_spec() {
        let bot: BotSpec = "alphabeta:nodes=500".parse().unwrap();
        let infos = [ParamInfo::named("lmr_base").unwrap()];
        let spec = with_params(&bot, &infos, &[30]).unwrap();
        assert_eq!(spec.text(), "alphabeta:nodes=500,param.lmr_base=30");
        let bare: BotSpec = "alphabeta".parse().unwrap();
        assert_eq!(
            with_params(&bare, &infos, &[30]).unwrap().text(),
            "alphabeta:param.lmr_base=30"
        );
    }
}
