//! Perft speed of the generic engine against the hand-written engines, on the same positions
//! (bulk counting at the leaves in both). Run with `cargo bench -p boardlab-rules --bench
//! perft`; `Throughput` makes criterion print nodes per second.

#[path = "../tests/rules/common/seed.rs"]
mod seed;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::{Daisy, Obsidian, Sprint};
use boardlab_rules::engine::{Bits256, RulesOptions, RulesPosition};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Benchmarks perft of one position at `depth` in the hand-written engine `P` and in the
/// generic engine on 64, 128 and 256 bits.
fn compare<P: Position<Rules: Default>>(
    c: &mut Criterion,
    name: &str,
    rules: RulesOptions,
    text: &str,
    depth: u32,
) {
    let native = P::from_text(text, Default::default()).expect("a valid position");
    let nodes = perft(&native, depth);
    let mut group = c.benchmark_group(format!("{name}_depth{depth}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("hand_written", |b| {
        b.iter(|| perft(black_box(&native), depth))
    });
    if rules.game().fits::<u64>() {
        let generic = RulesPosition::<u64>::from_text(text, rules).expect("valid");
        assert_eq!(perft(&generic, depth), nodes);
        group.bench_function("generic_u64", |b| {
            b.iter(|| perft(black_box(&generic), depth))
        });
    }
    let generic = RulesPosition::<u128>::from_text(text, rules).expect("valid");
    assert_eq!(perft(&generic, depth), nodes);
    group.bench_function("generic_u128", |b| {
        b.iter(|| perft(black_box(&generic), depth))
    });
    let generic = RulesPosition::<Bits256>::from_text(text, rules).expect("valid");
    group.bench_function("generic_256", |b| {
        b.iter(|| perft(black_box(&generic), depth))
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    let obsidian = RulesOptions::new(seed::game(seed::obsidian()));
    compare::<Obsidian>(
        c,
        "obsidian_start",
        obsidian,
        "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
        5,
    );
    compare::<Obsidian>(
        c,
        "obsidian_middle",
        obsidian,
        "AB3C1A/F1D1FFFF/5B2/1F1F4/3e4/6fb/ff2f2f/abEd3a 1 0 11",
        4,
    );
    let daisy = RulesOptions::new(seed::game(seed::daisy()));
    compare::<Daisy>(
        c,
        "daisy_middle",
        daisy,
        "2f1BD3/H4g3/1eD1h4/3f1b2d/2g1H4/5EE2/H1C1FG2c/d1e4A1/2a1h1H2[G5Hf7h] 1 0 17",
        3,
    );
    compare::<Daisy>(
        c,
        "daisy_start",
        daisy,
        "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1",
        2,
    );
    let sprint = RulesOptions::new(seed::game(seed::sprint()));
    compare::<Sprint>(
        c,
        "sprint_start",
        sprint,
        "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1 0 1",
        9,
    );
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
