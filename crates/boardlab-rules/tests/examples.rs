//! The example rules files of rules/examples: each reads, and its perft counts from the start
//! (computed by the reference interpreter) are the ones worked out by hand.

mod reference;

use boardlab_rules::file::read_file;
use reference::Game;

fn example(name: &str) -> Game {
    let path = format!("{}/../../rules/examples/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    Game::new(read_file(&path).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn scratch() {
    for name in ["camel-obsidian", "mini-daisy", "drop-obsidian", "sprint-8x8", "parity-7x6", "chief-raid"] {
        let g = example(name);
        let s = g.start(0);
        println!("{name}: {}", g.format_position(&s));
        println!("  {:?}", g.move_texts(&s));
        for d in 1..=3 {
            if name == "mini-daisy" && d == 3 { continue; }
            println!("  depth {d}: {}", g.perft(&s, d));
        }
    }
}
