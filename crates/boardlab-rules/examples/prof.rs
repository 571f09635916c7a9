#[path = "../tests/common/seed.rs"]
mod seed;
use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_rules::engine::{RulesOptions, RulesPosition};
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let t = std::time::Instant::now();
    let n = match which.as_str() {
        "o64" => perft(
            &RulesPosition::<u64>::from_text(
                "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1",
                RulesOptions::new(seed::game(seed::obsidian())),
            )
            .unwrap(),
            6,
        ),
        "o128" => perft(
            &RulesPosition::<u128>::from_text(
                "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1",
                RulesOptions::new(seed::game(seed::obsidian())),
            )
            .unwrap(),
            6,
        ),
        "no" => perft(
            &"ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1"
                .parse::<boardlab_games::Obsidian>()
                .unwrap(),
            6,
        ),
        "ns" => perft(
            &"1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1"
                .parse::<boardlab_games::Sprint>()
                .unwrap(),
            14,
        ),
        "nd" => perft(
            &"2f1BD3/H4g3/1eD1h4/3f1b2d/2g1H4/5EE2/H1C1FG2c/d1e4A1/2a1h1H2[G5Hf7h] 1 0 17"
                .parse::<boardlab_games::Daisy>()
                .unwrap(),
            4,
        ),
        "s64" => perft(
            &RulesPosition::<u64>::from_text(
                "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1",
                RulesOptions::new(seed::game(seed::sprint())),
            )
            .unwrap(),
            14,
        ),
        _ => perft(
            &RulesPosition::<u128>::from_text(
                "2f1BD3/H4g3/1eD1h4/3f1b2d/2g1H4/5EE2/H1C1FG2c/d1e4A1/2a1h1H2[G5Hf7h] 1 0 17",
                RulesOptions::new(seed::game(seed::daisy())),
            )
            .unwrap(),
            4,
        ),
    };
    println!("{n} nodes in {:?}", t.elapsed());
}
