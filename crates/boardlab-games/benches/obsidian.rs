//! Obsidian move-generation speed: perft (bulk-counted last ply) from the start position and
//! from middle-game positions of the oracle file. Run with `cargo bench --bench obsidian`.

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::Obsidian;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const POSITIONS: [(&str, &str, u32); 4] = [
    (
        "start",
        "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
        5,
    ),
    (
        "opening",
        "ABCD1CBA/1FFF2FF/F4F2/4E3/ff6/8/2fff1ff/abcdecba 1 0 5",
        4,
    ),
    (
        "middle",
        "AB3C1A/F1D1FFFF/5B2/1F1F4/3e4/6fb/ff2f2f/abEd3a 1 0 11",
        4,
    ),
    ("endgame", "8/8/3e2D1/8/8/3f4/4b3/1ad2a2 1 4 46", 5),
];

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("obsidian_perft");
    group.sample_size(10);
    for (name, text, depth) in POSITIONS {
        let position: Obsidian = text.parse().unwrap();
        let nodes = perft(&position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}_depth{depth}"), |b| {
            b.iter(|| perft(black_box(&position), depth))
        });
    }
    group.finish();
}

fn move_generation(c: &mut Criterion) {
    let position: Obsidian = POSITIONS[2].1.parse().unwrap();
    c.bench_function("obsidian_legal_moves_middle", |b| {
        b.iter(|| black_box(&position).legal_move_list().len())
    });
    c.bench_function("obsidian_count_moves_middle", |b| {
        b.iter(|| black_box(&position).count_legal_moves())
    });
}

criterion_group!(benches, perft_benches, move_generation);
criterion_main!(benches);
