//! Daisy move-generation speed: perft (bulk-counted last ply) from the start position and
//! from middle-game positions of the oracle file. Run with `cargo bench --bench daisy`.

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::Daisy;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const POSITIONS: [(&str, &str, u32); 5] = [
    (
        "start",
        "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1",
        3,
    ),
    (
        "opening",
        "9/9/9/9/4A4/2fa5/9/3E2bH1/9[BC2DE2F2G8Hc2d2ef2g9h] 1 0 4",
        3,
    ),
    (
        "middle",
        "2f1BD3/H4g3/1eD1h4/3f1b2d/2g1H4/5EE2/H1C1FG2c/d1e4A1/2a1h1H2[G5Hf7h] 1 0 17",
        4,
    ),
    (
        "crowded",
        "4G2hD/f1H3geF/2E2A3/c1h3d2/H1e1bH3/h1GE3H1/Hh1B1D1fH/3ahFC2/1d4g2[2H5h] 1 0 22",
        4,
    ),
    (
        "late",
        "GF2h1H2/ED1F1cHf1/a5H1h/5hGDH/2GHc1h2/e2d1h2A/2H1GhE2/1Bhh3he/1H1bd1H2[Fh] 1 0 32",
        4,
    ),
];

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("daisy_perft");
    group.sample_size(10);
    for (name, text, depth) in POSITIONS {
        let position: Daisy = text.parse().unwrap();
        let nodes = perft(&position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}_depth{depth}"), |b| {
            b.iter(|| perft(black_box(&position), depth))
        });
    }
    group.finish();
}

fn move_generation(c: &mut Criterion) {
    let position: Daisy = POSITIONS[2].1.parse().unwrap();
    c.bench_function("daisy_legal_moves_middle", |b| {
        b.iter(|| black_box(&position).legal_move_list().len())
    });
    c.bench_function("daisy_count_moves_middle", |b| {
        b.iter(|| black_box(&position).count_legal_moves())
    });
    let mv = position.legal_move_list()[0];
    c.bench_function("daisy_play_middle", |b| {
        b.iter(|| {
            let mut p = *black_box(&position);
            p.play(mv);
            p.hash()
        })
    });
}

criterion_group!(benches, perft_benches, move_generation);
criterion_main!(benches);
