//! Parity speed: perft from the start and whole random playouts (a game ends by the rules or
//! by the no-progress limit of 100 plies). Run with `cargo bench -p boardlab-games --bench parity`.

use boardlab_core::perft::perft;
use boardlab_core::playout::random_playout;
use boardlab_games::Parity;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("parity_perft");
    let start = Parity::default();
    for depth in [8, 10] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("start_depth{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("parity_playouts");
    const GAMES: u64 = 1000;
    group.throughput(Throughput::Elements(GAMES));
    let start = Parity::default();
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("1000_games", |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|_| {
                    random_playout(black_box(&start), 10_000, |n| rng.random_range(0..n)).plies
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
