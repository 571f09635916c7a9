//! The seed rules files read into the games of RULES.md.

use boardlab_rules::file::{read_built_in, read_file};

#[test]
fn smoke() {
    for b in boardlab_rules::file::BUILT_INS {
        let d = read_built_in(b.name).unwrap_or_else(|e| panic!("{e}"));
        println!("{}: {} pieces", d.id, d.pieces.len());
    }
    let d = read_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/examples/parity-5x5.toml"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    println!("{d:?}");
}
