//! No text makes the reader panic: random strings, and the seed files mutated character by
//! character. What reads keeps the definition's invariants, and every choice of its options
//! reads too.

use boardlab_rules::definition::{Definition, MAX_OPTIONS, MAX_PIECES, MAX_SIDE};
use boardlab_rules::file::{BUILT_INS, read_str, with_options};
use proptest::prelude::*;

/// The invariants the engine relies on.
fn check(d: &Definition) {
    let (w, h) = (d.board.width, d.board.height);
    assert!((1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h));
    assert!(d.board.squares.is_empty() || d.board.squares.len() == usize::from(w) * usize::from(h));
    assert!(
        d.board
            .squares
            .iter()
            .all(|&k| usize::from(k) < d.board.kinds.len())
    );
    assert!(!d.pieces.is_empty() && d.pieces.len() <= MAX_PIECES);
    let mut letters: Vec<char> = d.pieces.iter().flat_map(|p| p.letters).collect();
    letters.sort_unstable();
    letters.dedup();
    assert_eq!(letters.len(), 2 * d.pieces.len());
    let n = d.pieces.len();
    for p in &d.pieces {
        assert!(!p.moves.is_empty() || !p.jumps.is_empty());
        assert!(p.moves.iter().all(|m| !m.vectors.is_empty()));
        if let Some(promotion) = &p.promotion {
            assert!(promotion.ranks >= 1 && promotion.ranks <= h);
            assert!(!promotion.to.is_empty() && promotion.to.iter().all(|&i| i < n));
        }
    }
    assert!(d.captures.requires_on_board.is_none_or(|i| i < n));
    if let Some(drops) = &d.drops {
        assert_eq!(drops.zones.len(), n);
    }
    assert!(d.end.goal_pieces.iter().all(|&i| i < n));
    assert!(d.end.progress.moves_of.iter().all(|&i| i < n));
    assert!(d.options.len() <= MAX_OPTIONS);
    for mask in 0..1u32 << d.options.len() {
        let choices: Vec<(&str, bool)> = d
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| (o.name.as_str(), mask & (1 << i) != 0))
            .collect();
        let with = with_options(d, &choices).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(with.source, d.source);
    }
}

/// `text` with each edit applied: `(position, kind, character)`.
fn mutated(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(position, kind, c) in edits {
        let at = position % (chars.len() + 1);
        match kind % 3 {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Characters that matter to TOML and Betza, more often than any others.
fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => proptest::sample::select(
            "[]{}=\"'.,#\n 0123456789-_fblrvsmcinpWFDNAHCZGKRBQtrue".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics(text in ".{0,200}") {
        if let Ok(d) = read_str(&text, "random.toml", None) {
            check(&d);
        }
    }

    #[test]
    fn mutated_seed_files_never_panic(
        file in 0..BUILT_INS.len(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), interesting()), 1..6),
    ) {
        let text = mutated(BUILT_INS[file].text, &edits);
        if let Ok(d) = read_str(&text, BUILT_INS[file].path, None) {
            check(&d);
        }
    }
}

#[test]
fn the_seed_files_keep_the_invariants() {
    for b in BUILT_INS {
        check(&read_str(b.text, b.path, None).unwrap());
    }
}

#[test]
fn extreme_inputs_are_errors() {
    for text in [
        String::new(),
        "\u{0}".to_string(),
        "[".repeat(100_000),
        format!("x = {}1{}", "[".repeat(5000), "]".repeat(5000)),
        format!("x = {}", "{a = ".repeat(5000)),
        "a.".repeat(20_000) + "b = 1",
        "title = \"T\"\n".repeat(3),
        "x = 1e400".to_string(),
        "x = -9223372036854775809".to_string(),
        format!("title = \"{}\"", "é".repeat(300_000)),
    ] {
        assert!(read_str(&text, "x.toml", None).is_err());
    }
}
