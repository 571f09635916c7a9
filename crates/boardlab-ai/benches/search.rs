//! Search speed: alpha-beta nodes per second from each game's start position.

use boardlab_ai::AlphaBeta;
use boardlab_ai::bot::Limits;
use boardlab_core::{Evaluate, GameHistory};
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Benchmarks a fixed-depth search of `P`'s start position; the throughput is in nodes.
fn bench_game<P: Evaluate<Rules: Default>>(c: &mut Criterion, depth: u32) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let game = GameHistory::new(P::start(P::Rules::default()));
    let mut probe = AlphaBeta::<P>::new("probe", limits);
    let nodes = probe
        .search(&game, &mut |_| {})
        .map_or(1, |(_, info)| info.nodes);
    let mut group = c.benchmark_group(format!(
        "alphabeta/{}",
        P::start(P::Rules::default()).game_id()
    ));
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("depth {depth} ({nodes} nodes)"), |b| {
        b.iter(|| {
            let mut bot = AlphaBeta::<P>::new("bench", limits);
            black_box(bot.search(black_box(&game), &mut |_| {}))
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    bench_game::<Obsidian>(c, 5);
    bench_game::<Daisy>(c, 2);
    bench_game::<Sprint>(c, 9);
    bench_game::<Parity>(c, 8);
}

criterion_group!(benches, search);
criterion_main!(benches);
