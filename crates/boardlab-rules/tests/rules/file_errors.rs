//! One test for each kind of mistake in a rules file: the error names the file, the line
//! and column (from 1) of the offending key or value, what is wrong and what is allowed.

use boardlab_rules::file::{MAX_FILE_BYTES, RulesFileError, read_file, read_str, with_options};
use std::path::PathBuf;

/// A small valid game: one royal king a side on 3x3.
const BASE: &str = r#"title = "T"
start = "k2/3/2K"
[board]
width = 3
height = 3
[pieces.king]
letters = ["k", "K"]
moves = "K"
royal = true
"#;

/// The error reading `text` as `rules/x.toml`, as one line.
fn error(text: &str) -> String {
    match read_str(text, "rules/x.toml", None) {
        Ok(_) => panic!("read without error:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_base_reads() {
    read_str(BASE, "rules/x.toml", None).unwrap();
}

#[test]
fn a_toml_syntax_error_has_the_toml_crates_place() {
    assert_eq!(
        error("title = \n"),
        "rules/x.toml:1:9: TOML syntax error: string values must be quoted, expected literal string"
    );
}

#[test]
fn an_empty_file_lacks_a_title() {
    assert_eq!(
        error(""),
        "rules/x.toml:1:1: the top level has no key \"title\"; it is required (the game's name, shown to people)"
    );
}

#[test]
fn an_unknown_key_in_a_piece_lists_the_allowed_ones() {
    assert_eq!(
        error(&BASE.replace("moves = \"K\"", "mvoes = \"K\"")),
        "rules/x.toml:8:1: unknown key \"mvoes\" in [pieces.king]; allowed keys: letters, moves, jumps, chain, royal, value, promotion"
    );
}

#[test]
fn an_unknown_key_at_the_top_level_lists_the_allowed_ones() {
    assert_eq!(
        error(&format!("titel = 1\n{BASE}")),
        "rules/x.toml:1:1: unknown key \"titel\" at the top level; allowed keys: id, title, summary, extends, players, first, start, board, pieces, captures, drops, end, options"
    );
}

#[test]
fn a_value_of_the_wrong_type() {
    assert_eq!(
        error(&BASE.replace("royal = true", "royal = \"yes\"")),
        "rules/x.toml:9:9: pieces.king.royal must be true or false, found a string"
    );
}

#[test]
fn a_missing_title() {
    assert_eq!(
        error(&BASE.replace("title = \"T\"\n", "")),
        "rules/x.toml:1:1: the top level has no key \"title\"; it is required (the game's name, shown to people)"
    );
}

#[test]
fn a_missing_board_width() {
    assert_eq!(
        error(&BASE.replace("width = 3\n", "")),
        "rules/x.toml:3:2: [board] has no key \"width\"; it is required (an integer from 1 to 16)"
    );
}

#[test]
fn a_board_too_wide() {
    assert_eq!(
        error(&BASE.replace("width = 3", "width = 17")),
        "rules/x.toml:4:9: board.width must be from 1 to 16, found 17"
    );
}

#[test]
fn rows_that_do_not_match_the_height() {
    assert_eq!(
        error(&BASE.replace(
            "height = 3",
            "height = 3\nrows = [\"AAA\", \"AAA\"]\n[board.kinds.A]\nname = \"a\""
        )),
        "rules/x.toml:6:8: board.rows has 2 rows but board.height is 3; write one row a rank, top rank first"
    );
}

#[test]
fn a_row_that_does_not_match_the_width() {
    assert_eq!(
        error(&BASE.replace(
            "height = 3",
            "height = 3\nrows = [\"AAA\", \"AA\", \"AAA\"]\n[board.kinds.A]\nname = \"a\""
        )),
        "rules/x.toml:6:16: row 2 of board.rows has 2 squares but board.width is 3; one letter a square"
    );
}

#[test]
fn a_letter_in_rows_without_a_kind_table() {
    assert_eq!(
        error(&BASE.replace(
            "height = 3",
            "height = 3\nrows = [\"AAA\", \"ABA\", \"AAA\"]\n[board.kinds.A]\nname = \"a\""
        )),
        "rules/x.toml:6:18: 'B' in board.rows has no [board.kinds.B] table; each letter of the rows needs one (kinds: A)"
    );
}

#[test]
fn a_kind_table_not_used_in_rows() {
    assert_eq!(
        error(&BASE.replace("height = 3", "height = 3\nrows = [\"AAA\", \"AAA\", \"AAA\"]\n[board.kinds.A]\nname = \"a\"\n[board.kinds.B]\nname = \"b\"")),
        "rules/x.toml:9:14: [board.kinds.B] is not used in board.rows; remove it or draw its squares"
    );
}

#[test]
fn a_piece_with_the_same_letter_for_both_sides() {
    assert_eq!(
        error(&BASE.replace("letters = [\"k\", \"K\"]", "letters = [\"k\", \"k\"]")),
        "rules/x.toml:7:17: letter 'k' is used twice: this piece has it for Player 1; every letter of a game is different (one letter a piece and side)"
    );
}

#[test]
fn a_letter_used_by_two_pieces() {
    assert_eq!(
        error(&format!(
            "{BASE}[pieces.rook]\nletters = [\"r\", \"k\"]\nmoves = \"R\"\n"
        )),
        "rules/x.toml:11:17: letter 'k' is used twice: piece \"king\" has it already; every letter of a game is different (one letter a piece and side)"
    );
}

#[test]
fn a_letter_that_is_not_an_ascii_letter() {
    assert_eq!(
        error(&BASE.replace("letters = [\"k\", \"K\"]", "letters = [\"k\", \"é\"]")),
        "rules/x.toml:7:17: pieces.king.letters: \"é\" is not one ASCII letter (a-z, A-Z); position text names pieces by letter"
    );
}

#[test]
fn a_betza_error_points_inside_the_string() {
    assert_eq!(
        error(&BASE.replace("moves = \"K\"", "moves = \"fX\"")),
        "rules/x.toml:8:11: pieces.king.moves: 'X' is not a Betza atom or modifier; atoms: W F D N A H C Z G or (m,n), shorthands K R B Q, each optionally doubled (WW) or followed by a range (W2); modifiers before an atom: f b l r v s m c i n p"
    );
}

#[test]
fn a_direction_pair_that_keeps_nothing() {
    assert_eq!(
        error(&BASE.replace("moves = \"K\"", "moves = \"WflW\"")),
        "rules/x.toml:8:11: pieces.king.moves: the direction modifiers \"fl\" keep no direction of W; on an orthogonal atom use f, b, l, r, v (forward and backward) or s (left and right); ff is f, and a pair like fl keeps nothing"
    );
}

#[test]
fn a_start_with_too_many_ranks() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/3/3/2K")),
        "rules/x.toml:2:16: start: the placement has more than 3 ranks (board.height); write one rank between each /, top rank first"
    );
}

#[test]
fn a_start_rank_too_wide() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/4/2K")),
        "rules/x.toml:2:13: start: rank 2 has more than 3 squares (board.width)"
    );
}

#[test]
fn a_start_with_an_unknown_letter() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/1x1/2K")),
        "rules/x.toml:2:14: start: 'x' is no piece's letter; letters: k K; digits count empty squares, / ends a rank"
    );
}

#[test]
fn reserves_in_a_game_without_drops() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/3/2K[K]")),
        "rules/x.toml:2:17: start: reserves in brackets need a [drops] table; a game without drops has no reserves"
    );
}

#[test]
fn promotion_to_an_unknown_piece() {
    assert_eq!(
        error(&format!(
            "{BASE}[pieces.king.promotion]\nto = [\"queen\"]\n"
        )),
        "rules/x.toml:11:7: pieces.king.promotion.to names no piece: \"queen\"; pieces: king"
    );
}

#[test]
fn promotion_to_itself() {
    assert_eq!(
        error(&format!("{BASE}[pieces.king.promotion]\nto = [\"king\"]\n")),
        "rules/x.toml:11:7: pieces.king.promotion.to names the piece itself; a piece promotes to other pieces"
    );
}

#[test]
fn promotion_ranks_of_zero() {
    assert_eq!(
        error(&format!(
            "{BASE}[pieces.king.promotion]\nranks = 0\nto = [\"king\"]\n"
        )),
        "rules/x.toml:11:9: pieces.king.promotion.ranks must be from 1 to 3, found 0"
    );
}

#[test]
fn a_goal_naming_an_unknown_piece() {
    assert_eq!(
        error(&format!("{BASE}[end]\ngoal = {{ pieces = [\"man\"] }}\n")),
        "rules/x.toml:11:20: end.goal.pieces names no piece: \"man\"; pieces: king"
    );
}

#[test]
fn requires_on_board_naming_an_unknown_piece() {
    assert_eq!(
        error(&format!(
            "{BASE}[captures]\nrequires_on_board = \"queen\"\n"
        )),
        "rules/x.toml:11:21: captures.requires_on_board names no piece: \"queen\"; pieces: king"
    );
}

#[test]
fn a_drop_zone_out_of_range() {
    assert_eq!(
        error(&format!(
            "{BASE}[drops]\ncaptures_to_hand = true\nzones = {{ king = [0, 2] }}\n"
        )),
        "rules/x.toml:12:19: drops.zones.king must be from 1 to 3, found 0"
    );
}

#[test]
fn a_game_nobody_can_win() {
    assert_eq!(
        error(&(BASE.replace("royal = true", "") + "[end]\nno_moves = \"draw\"\n")),
        "rules/x.toml:11:12: nobody can ever win: no piece is royal, [end] has no goal, end.capture_all is false and end.no_moves is \"draw\"; give a piece royal = true, add end.goal, set end.capture_all = true, or make end.no_moves \"loss\" or \"win\""
    );
}

#[test]
fn a_piece_that_can_never_move() {
    assert_eq!(
        error(&BASE.replace("moves = \"K\"", "")),
        "rules/x.toml:6:9: piece \"king\" has no moves and no jumps, so it could never move; give it moves (Betza, like \"K\") or jumps (like \"fF\")"
    );
}

#[test]
fn chain_without_jumps() {
    assert_eq!(
        error(&BASE.replace("royal = true", "royal = true\nchain = true")),
        "rules/x.toml:10:9: pieces.king.chain = true needs jumps: a chain is a series of jumps; give the piece jumps or leave out chain"
    );
}

#[test]
fn first_out_of_range() {
    assert_eq!(
        error(&format!("first = 3\n{BASE}")),
        "rules/x.toml:1:9: first must be 1, 2 or \"random\", found 3"
    );
}

#[test]
fn first_as_a_wrong_word() {
    assert_eq!(
        error(&format!("first = \"rand\"\n{BASE}")),
        "rules/x.toml:1:9: first must be 1, 2 or \"random\", found \"rand\""
    );
}

#[test]
fn too_many_options() {
    assert_eq!(
        error(&format!(
            "{BASE}[options.a]\nhelp=\"a\"\nwhen_on={{}}\n[options.b]\nhelp=\"a\"\nwhen_on={{}}\n[options.c]\nhelp=\"a\"\nwhen_on={{}}\n[options.d]\nhelp=\"a\"\nwhen_on={{}}\n[options.e]\nhelp=\"a\"\nwhen_on={{}}\n"
        )),
        "rules/x.toml:22:10: more than 4 options (5); a file offers at most 4"
    );
}

#[test]
fn an_unknown_key_in_an_options_when_on() {
    assert_eq!(
        error(&format!(
            "{BASE}[options.big]\nhelp = \"bigger\"\n[options.big.when_on.pieces.king]\nmvoes = \"Q\"\n"
        )),
        "rules/x.toml:13:1: with rule options big=true: unknown key \"mvoes\" in [pieces.king]; allowed keys: letters, moves, jumps, chain, royal, value, promotion"
    );
}

#[test]
fn an_id_with_bad_characters() {
    assert_eq!(
        error(&format!("id = \"My Game\"\n{BASE}")),
        "rules/x.toml:1:6: id \"My Game\" is not a game id; an id is a lowercase letter, then lowercase letters, digits and '-', at most 40 characters"
    );
}

#[test]
fn extends_naming_no_built_in_file() {
    assert_eq!(
        error(&format!("extends = \"chess\"\n{BASE}")),
        "rules/x.toml:1:11: extends names no built-in rules file: \"chess\"; built-in files: obsidian, daisy, sprint, sprint-backward, parity; a path to another file ends in .toml"
    );
}

#[test]
fn extends_a_path_from_text_without_a_folder() {
    assert_eq!(
        error(&format!("extends = \"../x.toml\"\n{BASE}")),
        "rules/x.toml:1:11: extends names the path \"../x.toml\", but this file has no folder for a relative path (it is built in or was given as text); extend a built-in file: obsidian, daisy, sprint, sprint-backward, parity"
    );
}

#[test]
fn removing_a_piece_that_is_not_inherited() {
    assert_eq!(
        error(&format!("{BASE}[pieces.queen]\nremoved = true\n")),
        "rules/x.toml:11:1: nothing to remove: no [pieces.queen] is inherited; removed = true takes away a table that an extended file (or the file, for an option) defines"
    );
}

#[test]
fn a_huge_integer() {
    assert_eq!(
        error(&format!("x = 99999999999999999999\n{BASE}")),
        "rules/x.toml:1:5: the integer 99999999999999999999 is too large; integers are at most 9223372036854775807"
    );
}

#[test]
fn deep_nesting() {
    assert_eq!(
        error(&format!(
            "x = {}{}\n{BASE}",
            "[".repeat(200),
            "]".repeat(200)
        )),
        "rules/x.toml:1:85: TOML syntax error: cannot recurse further; max recursion depth met"
    );
}

#[test]
fn a_piece_on_a_missing_square() {
    assert_eq!(
        error(&BASE.replace("height = 3", "height = 3\nrows = [\"AAA\", \"ALA\", \"AAL\"]\n[board.kinds.A]\nname = \"a\"\n[board.kinds.L]\nexists = false")),
        "rules/x.toml:2:16: start: 'K' stands on c1, a missing square (board.kinds.L has exists = false)"
    );
}

#[test]
fn a_start_with_a_side_to_move() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/3/2K 1")),
        "rules/x.toml:2:17: start: the start is the placement (and reserves in brackets) alone, with no side to move or counters; `first` says who moves first"
    );
}

#[test]
fn more_than_sixteen_pieces() {
    assert_eq!(
        error(&{
            let mut s = BASE.to_string();
            for (i, c) in "abcdefghijlmnopqrs".chars().enumerate() {
                s += &format!(
                    "[pieces.p{i}]\nletters = [\"{c}\", \"{}\"]\nmoves = \"W\"\n",
                    c.to_ascii_uppercase()
                );
            }
            s
        }),
        "rules/x.toml:55:9: more than 16 pieces (19); a game has at most 16 kinds of piece"
    );
}

#[test]
fn a_side_without_pieces() {
    assert_eq!(
        error(&BASE.replace("k2/3/2K", "k2/3/3")),
        "rules/x.toml:2:9: start: Player 2 has no piece, on the board or in reserve; each side needs one"
    );
}

#[test]
fn drops_with_nothing_to_drop() {
    assert_eq!(
        error(&format!("{BASE}[drops]\n")),
        "rules/x.toml:10:2: [drops] without reserves in start and without captures_to_hand = true: nothing could ever be dropped; give reserves in brackets after the placement or set captures_to_hand = true"
    );
}

#[test]
fn a_title_with_a_tab() {
    assert_eq!(
        error(&BASE.replace("title = \"T\"", "title = \"a\\tb\"")),
        "rules/x.toml:1:9: title has a control character (a line break or tab); it is one line of text"
    );
}

#[test]
fn draw_rules_in_a_game_without_draws() {
    assert_eq!(
        error(&format!("{BASE}[end]\ndraws = false\nrepetition = 3\n")),
        "rules/x.toml:12:1: end.draws = false: a game without draw rules takes no end.repetition; leave it out"
    );
}

/// A fresh folder for files of one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-rules-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_cycle_of_extends_names_the_chain() {
    let dir = folder("cycle");
    std::fs::write(dir.join("a.toml"), "extends = \"b.toml\"\n").unwrap();
    std::fs::write(dir.join("b.toml"), "title = \"B\"\nextends = \"a.toml\"\n").unwrap();
    let e = read_file(dir.join("a.toml")).unwrap_err().to_string();
    let b = dir.join("b.toml").display().to_string();
    let a = dir.join("a.toml").display().to_string();
    assert_eq!(
        e,
        format!(
            "{b}:2:11: extends makes a cycle: {a} -> {b} -> {a}; a file cannot extend itself, directly or through others"
        )
    );
}

#[test]
fn extends_deeper_than_eight_files() {
    let dir = folder("deep");
    for i in 0..9 {
        std::fs::write(
            dir.join(format!("f{i}.toml")),
            format!("extends = \"f{}.toml\"\n", i + 1),
        )
        .unwrap();
    }
    std::fs::write(dir.join("f9.toml"), BASE).unwrap();
    let e = read_file(dir.join("f0.toml")).unwrap_err().to_string();
    let f7 = dir.join("f7.toml").display().to_string();
    assert!(
        e.starts_with(&format!("{f7}:1:11: extends goes deeper than 8 files (")),
        "{e}"
    );
    assert!(
        e.ends_with("f8.toml); extend a file nearer the base"),
        "{e}"
    );
    // Eight files are fine.
    let e = read_file(dir.join("f2.toml"));
    assert!(e.is_ok(), "{e:?}");
}

#[test]
fn extends_a_file_that_cannot_be_read() {
    let dir = folder("unreadable");
    std::fs::write(dir.join("a.toml"), "extends = \"missing.toml\"\n").unwrap();
    let e = read_file(dir.join("a.toml")).unwrap_err().to_string();
    let a = dir.join("a.toml").display().to_string();
    assert!(
        e.starts_with(&format!(
            "{a}:1:11: extends names \"missing.toml\", which cannot be read: cannot read the file: "
        )),
        "{e}"
    );
}

#[test]
fn an_error_in_an_extended_file_names_that_file() {
    let dir = folder("parent-error");
    std::fs::write(
        dir.join("base.toml"),
        BASE.replace("moves = \"K\"", "moves = \"Kx\""),
    )
    .unwrap();
    std::fs::write(
        dir.join("child.toml"),
        "extends = \"base.toml\"\ntitle = \"C\"\n",
    )
    .unwrap();
    let e = read_file(dir.join("child.toml")).unwrap_err().to_string();
    let base = dir.join("base.toml").display().to_string();
    assert!(
        e.starts_with(&format!(
            "{base}:8:11: pieces.king.moves: 'x' is not a Betza atom"
        )),
        "{e}"
    );
}

#[test]
fn a_file_that_is_not_utf8() {
    let dir = folder("utf8");
    std::fs::write(
        dir.join("x.toml"),
        b"title = \"T\"\nsummary = \"\xe9t\xe9\"\n",
    )
    .unwrap();
    let path = dir.join("x.toml").display().to_string();
    assert_eq!(
        read_file(dir.join("x.toml")).unwrap_err().to_string(),
        format!("{path}:2:12: the file is not UTF-8 text (byte 0xE9); rules files are UTF-8")
    );
}

#[test]
fn a_file_over_a_megabyte() {
    let dir = folder("large");
    let text = format!("{BASE}#{}\n", "x".repeat(MAX_FILE_BYTES));
    std::fs::write(dir.join("x.toml"), &text).unwrap();
    let path = dir.join("x.toml").display().to_string();
    let expected = format!(
        "{path}: the file is larger than 1,048,576 bytes (1 MiB); a rules file is a few kilobytes"
    );
    assert_eq!(
        read_file(dir.join("x.toml")).unwrap_err().to_string(),
        expected
    );
    assert_eq!(
        read_str(&text, "rules/x.toml", None)
            .unwrap_err()
            .to_string(),
        "rules/x.toml: the file is larger than 1,048,576 bytes (1 MiB); a rules file is a few kilobytes"
    );
}

#[test]
fn a_file_that_does_not_exist() {
    let dir = folder("absent");
    let path = dir.join("none.toml");
    let e = read_file(&path).unwrap_err();
    assert!(matches!(e, RulesFileError::File { .. }));
    assert!(
        e.to_string()
            .starts_with(&format!("{}: cannot read the file: ", path.display())),
        "{e}"
    );
}

#[test]
fn unknown_and_repeated_rule_options() {
    let sprint = boardlab_rules::file::read_built_in("sprint").unwrap();
    assert_eq!(
        with_options(&sprint, &[("backwards", true)])
            .unwrap_err()
            .to_string(),
        "sprint: unknown rule option \"backwards\"; valid options: backward_captures (default false)"
    );
    assert_eq!(
        with_options(
            &sprint,
            &[("backward_captures", true), ("backward_captures", false)]
        )
        .unwrap_err()
        .to_string(),
        "sprint: rule option \"backward_captures\" is given twice; give each once"
    );
}

#[test]
fn an_option_with_a_draw_rules_name() {
    assert_eq!(
        error(&format!(
            "{BASE}[options.no_progress_plies]\nhelp = \"x\"\nwhen_on = {{}}\n"
        )),
        "rules/x.toml:10:10: option name \"no_progress_plies\" is the draw rule's own; every game with draws offers no_progress_plies and threefold_repetition already (set their defaults in [end])"
    );
}

#[test]
fn an_option_that_changes_the_id() {
    assert_eq!(
        error(&format!(
            "{BASE}[options.o]\nhelp = \"x\"\nwhen_on = {{ id = \"y\" }}\n"
        )),
        "rules/x.toml:12:13: options.o.when_on cannot change id; an option changes the rules, not id, extends, options"
    );
}

#[test]
fn a_bad_reserve_count() {
    let drops = format!("{BASE}[drops]\n");
    assert_eq!(
        error(&drops.replace("k2/3/2K", "k2/3/2K[0K]")),
        "rules/x.toml:2:18: start: a count in the reserves is from 1 to 255, without a leading 0"
    );
    assert_eq!(
        error(&drops.replace("k2/3/2K", "k2/3/2K[K300k]")),
        "rules/x.toml:2:19: start: a count in the reserves is from 1 to 255, without a leading 0"
    );
    assert_eq!(
        error(&drops.replace("k2/3/2K", "k2/3/2K[K2]")),
        "rules/x.toml:2:19: start: a count in the reserves needs a letter after it (2H)"
    );
}

#[test]
fn letters_that_differ_only_in_case_are_refused_where_drops_name_pieces() {
    let text = BASE.replace("start = \"k2/3/2K\"", "start = \"k2/3/2K[]\"")
        + "[pieces.man]\nletters = [\"M\", \"n\"]\nmoves = \"fW\"\n[pieces.lord]\nletters = [\"m\", \"N\"]\nmoves = \"W\"\n[drops]\ncaptures_to_hand = true\n";
    assert_eq!(
        error(&text),
        "rules/x.toml:14:11: pieces.lord.letters: 'm' and piece \"man\"'s 'M' are both Player 1's and differ only in case; the game has drops, where move text reads a letter in either case, each player's letters must differ in more than case"
    );
    // Without drops or promotion choices the same letters are fine.
    let plain = BASE.to_string()
        + "[pieces.man]\nletters = [\"M\", \"n\"]\nmoves = \"fW\"\n[pieces.lord]\nletters = [\"m\", \"N\"]\nmoves = \"W\"\n";
    read_str(&plain, "rules/x.toml", None).unwrap();
}

#[test]
fn draws_off_where_positions_may_repeat_is_refused() {
    // The king steps back and forth: without draw rules a game could go on for ever.
    let text = BASE.to_string() + "[end]\ndraws = false\n";
    assert_eq!(
        error(&text),
        "rules/x.toml:11:9: end.draws = false says the game cannot go on for ever, but positions may repeat: piece king may move without capturing by (1,0), which does not go forward; keep the draw rules (leave draws out) or make every move that does not capture go forward"
    );
}
