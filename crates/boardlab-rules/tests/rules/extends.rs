//! `extends` and options: what a file inherits, replaces and takes away.

use boardlab_rules::file::{read_built_in, read_file, read_str, with_options};

fn repo_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_camel_example_replaces_the_knight() {
    let camel = read_file(repo_file("rules/examples/camel-obsidian.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let obsidian = read_built_in("obsidian").unwrap();
    assert_eq!(camel.id, "camel-obsidian");
    assert_eq!(camel.title, "Camel Obsidian");
    let names: Vec<&str> = camel.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["rook", "bishop", "king", "queen", "pawn", "camel"]);
    let camel_piece = &camel.pieces[5];
    assert_eq!(camel_piece.letters, ['b', 'B']);
    assert_eq!(camel_piece.moves[0].vectors.len(), 8);
    assert!(camel_piece.moves[0].vectors.contains(&(1, 3)));
    assert_eq!(camel_piece.value, Some(250));
    assert_eq!(camel.start, obsidian.start);
    assert_eq!(camel.end, {
        let mut end = obsidian.end.clone();
        end.progress.moves_of = vec![4];
        end
    });
    assert_eq!(camel.pieces[4].promotion.as_ref().unwrap().to, vec![3]);
    assert!(camel.source.get("extends").is_none());
    assert_eq!(
        camel.source.get("id").and_then(|v| v.as_str()),
        Some("camel-obsidian")
    );
}

#[test]
fn the_id_is_the_files_own_never_inherited() {
    let d = read_str("extends = \"obsidian\"", "rules/my-chess.toml", None).unwrap();
    assert_eq!(d.id, "my-chess");
    assert_eq!(d.title, "Obsidian");
    let e = read_str("extends = \"obsidian\"", "My Chess.toml", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "My Chess.toml:1:1: the file has no id and its name \"My Chess\" is not one; add id = \"...\" (an id is a lowercase letter, then lowercase letters, digits and '-', at most 40 characters)"
    );
}

#[test]
fn arrays_replace_and_tables_merge() {
    let text = r#"
extends = "parity"
start = "bbbbb/2b2/5/2w2/wwwww"
[board]
width = 5
height = 5
rows = ["BWBWB", "WRBUW", "UBWBU", "WUBRW", "BWBWB"]
[board.kinds.R]
open = "odd"
"#;
    let d = read_str(text, "five.toml", None).unwrap_or_else(|e| panic!("{e}"));
    let red = d.board.kinds.iter().find(|k| k.letter == 'R').unwrap();
    assert_eq!(red.name, "red", "the name is inherited");
    assert_eq!(red.open, boardlab_rules::definition::Opening::Odd);
    assert_eq!(d.board.squares.len(), 25);
}

#[test]
fn an_option_may_take_a_piece_away() {
    let text = r#"
extends = "obsidian"
[options.no_queens]
help = "the queens stay at home"
[options.no_queens.when_on]
start = "ABCD1CBA/FFFFFFFF/8/8/8/8/ffffffff/abcd1cba"
pieces.queen.removed = true
pieces.pawn.promotion.to = ["rook"]
"#;
    let d = read_str(text, "nq.toml", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.pieces.len(), 6);
    let on = with_options(&d, &[("no_queens", true)]).unwrap();
    assert_eq!(on.pieces.len(), 5);
    assert_eq!(on.pieces[4].promotion.as_ref().unwrap().to, vec![0]);
    assert_eq!(on.options, d.options);
}

#[test]
fn every_choice_of_options_is_checked_when_the_file_is_read() {
    // On its own each option is fine; together they remove the queen and promote to it.
    let text = r#"
extends = "obsidian"
[options.no_queens]
help = "no queens"
[options.no_queens.when_on]
start = "ABCD1CBA/FFFFFFFF/8/8/8/8/ffffffff/abcd1cba"
pieces.queen.removed = true
pieces.pawn.promotion.to = ["rook"]
[options.queen_promotion]
help = "pawns promote to queens only"
when_on.pieces.pawn.promotion.to = ["queen"]
"#;
    let e = read_str(text, "nq.toml", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "nq.toml:11:37: with rule options no_queens=true, queen_promotion=true: pieces.pawn.promotion.to names no piece: \"queen\"; pieces: rook, knight, bishop, king, pawn"
    );
}

/// The tutorial of docs/rules-files.md, as written there.
const TUTORIAL: &str = r#"id = "camel-obsidian"
extends = "obsidian"          # everything Obsidian has, unless changed below
title = "Camel Obsidian"
summary = "Obsidian where the knights are camels."

[pieces.knight]
removed = true                # the knight is gone ...

[pieces.camel]                # ... and the camel takes its letters
letters = ["b", "B"]
moves = "C"                   # Betza: C is the (3,1) leaper
"#;

#[test]
fn the_tutorial_reads_and_its_mistakes_read_as_the_docs_say() {
    let d = read_str(TUTORIAL, "camel-obsidian.toml", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.pieces[5].name, "camel");
    let error = |text: String| {
        read_str(&text, "camel-obsidian.toml", None)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error(TUTORIAL.replace("moves = \"C\"", "mvoes = \"C\"")),
        "camel-obsidian.toml:11:1: unknown key \"mvoes\" in [pieces.camel]; allowed keys: letters, moves, jumps, chain, royal, value, promotion"
    );
    assert_eq!(
        error(TUTORIAL.replace("moves = \"C\"", "moves = \"CX\"")),
        "camel-obsidian.toml:11:11: pieces.camel.moves: 'X' is not a Betza atom or modifier; atoms: W F D N A H C Z G or (m,n), shorthands K R B Q, each optionally doubled (WW) or followed by a range (W2); modifiers before an atom: f b l r v s m c i n p"
    );
}
