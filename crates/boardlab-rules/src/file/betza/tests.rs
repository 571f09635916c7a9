//! The Betza reader: every atom, shorthand and modifier, and the errors.

use super::*;

fn vectors(text: &str) -> Vec<(i8, i8)> {
    let mut all: Vec<(i8, i8)> = parse_moves(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .into_iter()
        .flat_map(|m| m.vectors)
        .collect();
    all.sort_unstable();
    all
}

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort_unstable();
    v
}

fn error(text: &str) -> (usize, String) {
    let e = parse_moves(text).expect_err(text);
    (e.index, e.problem)
}

#[test]
fn every_leaper_atom_has_its_vectors() {
    assert_eq!(vectors("W"), sorted(vec![(0, 1), (1, 0), (0, -1), (-1, 0)]));
    assert_eq!(
        vectors("F"),
        sorted(vec![(1, 1), (1, -1), (-1, -1), (-1, 1)])
    );
    assert_eq!(vectors("D"), sorted(vec![(0, 2), (2, 0), (0, -2), (-2, 0)]));
    assert_eq!(
        vectors("A"),
        sorted(vec![(2, 2), (2, -2), (-2, -2), (-2, 2)])
    );
    assert_eq!(vectors("H"), sorted(vec![(0, 3), (3, 0), (0, -3), (-3, 0)]));
    assert_eq!(
        vectors("G"),
        sorted(vec![(3, 3), (3, -3), (-3, -3), (-3, 3)])
    );
    for (text, m, n) in [("N", 2, 1), ("C", 3, 1), ("Z", 3, 2)] {
        let mut expected = Vec::new();
        for (a, b) in [(m, n), (n, m)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                expected.push((a * sa, b * sb));
            }
        }
        assert_eq!(vectors(text), sorted(expected), "{text}");
    }
    let first = parse_moves("N").unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].range, 1);
    assert_eq!(first[0].mode, Mode::Both);
    assert!(!first[0].initial_only && !first[0].lame && !first[0].hop);
}

#[test]
fn pairs_of_numbers_are_leapers() {
    assert_eq!(vectors("(3,1)"), vectors("C"));
    assert_eq!(vectors("(1,0)"), vectors("W"));
    assert_eq!(
        vectors("(4,0)"),
        sorted(vec![(0, 4), (4, 0), (0, -4), (-4, 0)])
    );
    assert_eq!(vectors("(15,15)").len(), 4);
    let rider = parse_moves("(2,1)(2,1)").unwrap();
    assert_eq!(rider.len(), 1);
    assert_eq!(rider[0].range, 0);
    let two = parse_moves("(2,1)(1,0)").unwrap();
    assert_eq!(two.len(), 2);
    assert_eq!(two[1].vectors.len(), 4);
}

#[test]
fn shorthands_stand_for_their_atoms() {
    assert_eq!(vectors("K"), vectors("WF"));
    let rook = parse_moves("R").unwrap();
    assert_eq!(rook.len(), 1);
    assert_eq!(rook[0].range, 0);
    assert_eq!(rook[0].vectors, parse_moves("W").unwrap()[0].vectors);
    assert_eq!(parse_moves("B").unwrap(), parse_moves("FF").unwrap());
    assert_eq!(parse_moves("Q").unwrap(), parse_moves("WWFF").unwrap());
    assert_eq!(parse_moves("Q").unwrap(), parse_moves("RB").unwrap());
    let king = parse_moves("K").unwrap();
    assert_eq!(king.len(), 2);
    assert!(king.iter().all(|m| m.range == 1));
    assert!(parse_moves("R4").unwrap().iter().all(|m| m.range == 4));
    assert!(parse_moves("K2").unwrap().iter().all(|m| m.range == 2));
}

#[test]
fn riders_double_or_take_a_range() {
    let nn = parse_moves("NN").unwrap();
    assert_eq!(nn.len(), 1);
    assert_eq!((nn[0].range, nn[0].vectors.len()), (0, 8));
    let w2 = parse_moves("W2").unwrap();
    assert_eq!((w2[0].range, w2[0].vectors.len()), (2, 4));
    assert_eq!(parse_moves("W1").unwrap(), parse_moves("W").unwrap());
    assert_eq!(parse_moves("F15").unwrap()[0].range, 15);
}

#[test]
fn single_direction_letters() {
    assert_eq!(vectors("fW"), vec![(0, 1)]);
    assert_eq!(vectors("bW"), vec![(0, -1)]);
    assert_eq!(vectors("lW"), vec![(-1, 0)]);
    assert_eq!(vectors("rW"), vec![(1, 0)]);
    assert_eq!(vectors("vW"), sorted(vec![(0, 1), (0, -1)]));
    assert_eq!(vectors("sW"), sorted(vec![(1, 0), (-1, 0)]));
    assert_eq!(vectors("fF"), sorted(vec![(1, 1), (-1, 1)]));
    assert_eq!(vectors("lF"), sorted(vec![(-1, 1), (-1, -1)]));
    assert_eq!(
        vectors("vN"),
        sorted(vec![(1, 2), (-1, 2), (1, -2), (-1, -2)])
    );
    assert_eq!(
        vectors("sN"),
        sorted(vec![(2, 1), (2, -1), (-2, 1), (-2, -1)])
    );
    assert_eq!(
        vectors("fN"),
        sorted(vec![(1, 2), (-1, 2), (2, 1), (-2, 1)])
    );
}

#[test]
fn pairs_of_direction_letters_intersect() {
    assert_eq!(vectors("flF"), vec![(-1, 1)]);
    assert_eq!(vectors("rbF"), vec![(1, -1)]);
    assert_eq!(vectors("ffN"), sorted(vec![(1, 2), (-1, 2)]));
    assert_eq!(vectors("bbN"), sorted(vec![(1, -2), (-1, -2)]));
    assert_eq!(vectors("fsN"), sorted(vec![(2, 1), (-2, 1)]));
    assert_eq!(vectors("bsN"), sorted(vec![(2, -1), (-2, -1)]));
    assert_eq!(vectors("frN"), sorted(vec![(1, 2), (2, 1)]));
    assert_eq!(vectors("lfN"), sorted(vec![(-1, 2), (-2, 1)]));
    // On an orthogonal atom a doubled letter is the letter, and fs is f and s.
    assert_eq!(vectors("ffW"), vec![(0, 1)]);
    assert_eq!(vectors("fsW"), sorted(vec![(0, 1), (1, 0), (-1, 0)]));
    // Letters that are not adjacent unite.
    assert_eq!(vectors("fmlW"), sorted(vec![(0, 1), (-1, 0)]));
    assert_eq!(
        vectors("ffrN"),
        sorted(vec![(1, 2), (-1, 2), (2, 1), (2, -1), (1, -2)])
    );
}

#[test]
fn the_seed_pieces() {
    let pawn = parse_moves("fmWfcFifmnD").unwrap();
    assert_eq!(pawn.len(), 3);
    assert_eq!(
        (pawn[0].vectors.clone(), pawn[0].mode),
        (vec![(0, 1)], Mode::MoveOnly)
    );
    assert_eq!(pawn[1].mode, Mode::CaptureOnly);
    assert_eq!(sorted(pawn[1].vectors.clone()), vec![(-1, 1), (1, 1)]);
    assert_eq!(pawn[2].vectors, vec![(0, 2)]);
    assert!(pawn[2].initial_only && pawn[2].lame && pawn[2].mode == Mode::MoveOnly);
    assert!(!pawn[0].initial_only && !pawn[0].lame);
    assert_eq!(vectors("WfF").len(), 6);
    assert_eq!(
        vectors("FfW"),
        sorted(vec![(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1)])
    );
    let lance = parse_moves("fR").unwrap();
    assert_eq!(
        (lance[0].vectors.clone(), lance[0].range),
        (vec![(0, 1)], 0)
    );
    assert_eq!(vectors("K").len(), 8);
    assert_eq!(vectors("Q").len(), 8);
    let cannon = parse_moves("mRcpR").unwrap();
    assert_eq!(cannon.len(), 2);
    assert!(cannon[1].hop && cannon[1].mode == Mode::CaptureOnly && !cannon[0].hop);
    assert!(parse_moves("pR").unwrap()[0].hop);
    assert_eq!(parse_moves("").unwrap(), vec![]);
}

#[test]
fn mode_letters() {
    assert_eq!(parse_moves("mW").unwrap()[0].mode, Mode::MoveOnly);
    assert_eq!(parse_moves("cW").unwrap()[0].mode, Mode::CaptureOnly);
    assert_eq!(parse_moves("mcW").unwrap()[0].mode, Mode::Both);
    assert!(parse_moves("iW").unwrap()[0].initial_only);
    assert!(parse_moves("nN").unwrap()[0].lame);
    assert!(parse_moves("nA").unwrap()[0].lame);
}

#[test]
fn jumps_are_leaper_vectors() {
    assert_eq!(parse_jumps("fF").unwrap(), vec![(1, 1), (-1, 1)]);
    assert_eq!(parse_jumps("fW").unwrap(), vec![(0, 1)]);
    assert_eq!(parse_jumps("F").unwrap().len(), 4);
    assert_eq!(parse_jumps("FfF").unwrap().len(), 4);
    assert_eq!(parse_jumps("K").unwrap().len(), 8);
    assert_eq!(parse_jumps("").unwrap(), vec![]);
    for (text, index) in [
        ("WW", 1),
        ("R", 0),
        ("W2", 1),
        ("mF", 0),
        ("fcF", 1),
        ("iW", 0),
        ("pR", 0),
        ("nD", 0),
    ] {
        let e = parse_jumps(text).expect_err(text);
        assert_eq!(e.index, index, "{text}: {e}");
    }
    assert!(
        parse_jumps("WW")
            .unwrap_err()
            .problem
            .contains("jumps take leapers only")
    );
}

#[test]
fn errors_name_the_character_and_what_is_allowed() {
    let (index, problem) = error("fX");
    assert_eq!(index, 1);
    assert!(
        problem.starts_with("'X' is not a Betza atom or modifier; atoms: W F D N A H C Z G"),
        "{problem}"
    );
    assert_eq!(error("flW").0, 0);
    assert!(
        error("flW").1.contains("\"fl\" keep no direction of W"),
        "{}",
        error("flW").1
    );
    assert_eq!(error("WvF").0, 1);
    assert_eq!(error("ffF").0, 0);
    assert_eq!(error("W(2,1").0, 1);
    assert!(error("W(2,1").1.contains("not closed"));
    assert_eq!(error("(2x1)").0, 2);
    assert_eq!(error("(0,0)").0, 1);
    assert!(error("(0,0)").1.contains("does not move"));
    assert_eq!(error("(16,1)").0, 1);
    assert!(
        error("(1,2)")
            .1
            .contains("write the larger number first: (2,1)")
    );
    let (index, problem) = error("Wfm");
    assert_eq!(index, 1);
    assert!(problem.contains("\"fm\" at the end have no atom"));
    assert_eq!(error("W0").0, 1);
    assert_eq!(error("W16").0, 1);
    assert_eq!(error("WW2").0, 2);
    assert_eq!(error("RR").0, 1);
    assert_eq!(error("KK").0, 1);
    assert_eq!(error("nW").0, 0);
    assert_eq!(error("nR").0, 0);
    assert_eq!(error("pW").0, 0);
    assert_eq!(error("W W").0, 1);
    assert!(error("W W").1.starts_with("a space is not a Betza atom"));
    assert_eq!(error("éW").0, 0);
    assert_eq!(error("w").0, 0);
}
