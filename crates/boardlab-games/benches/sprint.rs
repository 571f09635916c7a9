//! Sprint speed: perft from the start and whole random playouts (issue 4's target is at
//! least 1,000,000 playouts/s on one core). Run with `cargo bench -p boardlab-games --bench sprint`.

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_core::playout::random_playout;
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;

/// Plays one whole game from `start` with uniformly random legal moves; returns its plies.
fn playout(start: &Sprint, rng: &mut SmallRng) -> u32 {
    random_playout(start, u32::MAX, |n| rng.random_range(0..n)).plies
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("sprint_perft");
    for backward_captures in [false, true] {
        let start = Sprint::start(SprintRules { backward_captures });
        let depth = 12;
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("depth{depth}_backward_{backward_captures}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("sprint_playouts");
    const GAMES: u64 = 1000;
    group.throughput(Throughput::Elements(GAMES));
    for backward_captures in [false, true] {
        let start = Sprint::start(SprintRules { backward_captures });
        let mut rng = SmallRng::seed_from_u64(1);
        group.bench_function(format!("1000_games_backward_{backward_captures}"), |b| {
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..GAMES {
                    plies += playout(black_box(&start), &mut rng);
                }
                plies
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
