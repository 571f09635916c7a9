//! How a piece of a rules file moves, in words and as squares for diagrams: what a player
//! reads on the rules page and in the piece legend, made from the file's movements.

use crate::definition::{Mode, Movement, Piece};

/// How `piece` moves and captures, in words (`one square orthogonally or diagonally; captures
/// by jumping …`), then its Betza text.
pub fn moves_in_words(piece: &Piece) -> String {
    let mut parts: Vec<String> = piece.moves.iter().map(movement_in_words).collect();
    if !piece.jumps.is_empty() {
        let mut jump = format!(
            "captures by jumping over an adjacent enemy {} to the empty square beyond",
            directions(&piece.jumps)
        )
        .replace("  ", " ");
        if piece.chain {
            jump.push_str(", and must go on jumping while it can");
        }
        parts.push(jump);
    }
    if parts.is_empty() {
        return "does not move".to_string();
    }
    let words = parts.join("; ");
    if piece.betza.is_empty() {
        words
    } else {
        format!("{words} (Betza {})", piece.betza)
    }
}

/// One movement in words: how far, which way, and what it may do there.
fn movement_in_words(movement: &Movement) -> String {
    let (long, short) = legs(movement);
    let line = match (long, short) {
        (1, 0) => "orthogonally",
        (1, 1) => "diagonally",
        _ => "",
    };
    let how = match (movement.range, line) {
        (1, "") => format!("leaps {long} squares one way and {short} across"),
        (1, _) => format!("one square {line}"),
        (0, "") => format!("repeated ({long},{short}) leaps in a line"),
        (0, _) => format!("any distance {line}"),
        (n, "") => format!("up to {n} ({long},{short}) leaps in a line"),
        (n, _) => format!("up to {n} squares {line}"),
    };
    let how = match (long, short, movement.range) {
        (2, 1, 1) => "leaps like a chess knight".to_string(),
        (2, 0, 1) | (2, 2, 1) if line.is_empty() => {
            let way = if short == 0 {
                "orthogonally"
            } else {
                "diagonally"
            };
            format!("leaps two squares {way}")
        }
        _ => how,
    };
    let mut words = how;
    let way = directions(&movement.vectors);
    if !way.is_empty() {
        // "One square forward", not "orthogonally forward": the way says it.
        if short == 0 {
            words = words.replace(" orthogonally", "");
        }
        words = format!("{words} {way}");
    }
    if movement.hop {
        words.push_str(", hopping over exactly one piece on the way");
    }
    if movement.lame {
        words.push_str(", blocked by a piece on its path");
    }
    match movement.mode {
        Mode::Both => {}
        Mode::MoveOnly => words.push_str(", without capturing"),
        Mode::CaptureOnly => words.push_str(", only to capture"),
    }
    if movement.initial_only {
        words.push_str(", from its start square only");
    }
    words
}

/// The longer and shorter leg of a movement's steps, in squares.
fn legs(movement: &Movement) -> (u8, u8) {
    movement
        .vectors
        .first()
        .map(|&(dx, dy)| {
            let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
            (a.max(b), a.min(b))
        })
        .unwrap_or((0, 0))
}

/// Which ways a set of steps goes, in words: empty where it goes every way its shape can.
fn directions(vectors: &[(i8, i8)]) -> String {
    let has = |test: fn(i8) -> bool| vectors.iter().any(|&(_, dy)| test(dy));
    let (forward, backward, sideways) = (has(|dy| dy > 0), has(|dy| dy < 0), has(|dy| dy == 0));
    let all_of_shape = vectors.iter().all(|&(dx, dy)| {
        [
            (dx, dy),
            (-dx, dy),
            (dx, -dy),
            (-dx, -dy),
            (dy, dx),
            (-dy, dx),
            (dy, -dx),
            (-dy, -dx),
        ]
        .iter()
        .all(|v| vectors.contains(v))
    });
    if all_of_shape {
        return String::new();
    }
    let mut ways = Vec::new();
    if forward {
        ways.push("forward");
    }
    if sideways {
        ways.push("sideways");
    }
    if backward {
        ways.push("backward");
    }
    match ways.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [first, second] => format!("{first} or {second}"),
        _ => "forward, sideways or backward, not every way".to_string(),
    }
}

/// Steps or directions as (files, ranks).
pub type Vectors = Vec<(i8, i8)>;

/// The squares a piece reaches in one step and the directions it slides along, as the core's
/// diagrams take them: `(steps, slides)`, seen from Player 1, on an empty board (hops need a
/// piece to hop over and are left out; a jump's landing square is shown).
pub fn reach(piece: &Piece) -> (Vectors, Vectors) {
    let (mut steps, mut slides) = (Vec::new(), Vec::new());
    for movement in piece.moves.iter().filter(|m| !m.hop) {
        for &vector in &movement.vectors {
            match movement.range {
                0 => slides.push(vector),
                range => {
                    for k in 1..=range as i8 {
                        steps.push((vector.0 * k, vector.1 * k));
                    }
                }
            }
        }
    }
    steps.extend(piece.jumps.iter().map(|&(dx, dy)| (2 * dx, 2 * dy)));
    steps.sort_unstable();
    steps.dedup();
    slides.sort_unstable();
    slides.dedup();
    (steps, slides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::read_str;

    fn words_of(file: &str, letter: char) -> String {
        let definition = read_str(file, "test.toml", None).expect("the file reads");
        let piece = definition
            .pieces
            .iter()
            .find(|p| p.letters[0] == letter)
            .expect("the piece");
        moves_in_words(piece)
    }

    #[test]
    fn obsidian_pieces_read_as_a_player_says_them() {
        let file = "id = \"t\"\nextends = \"obsidian\"\n";
        let rook = words_of(file, 'a');
        assert!(
            rook.starts_with("any distance orthogonally (Betza R)"),
            "{rook}"
        );
        let king = words_of(file, 'd');
        assert!(
            king.contains("one square orthogonally; one square diagonally"),
            "{king}"
        );
        let pawn = words_of(file, 'f');
        assert!(
            pawn.contains("one square forward, without capturing"),
            "{pawn}"
        );
        assert!(
            pawn.contains("one square diagonally forward, only to capture"),
            "{pawn}"
        );
        assert!(pawn.contains("from its start square only"), "{pawn}");
    }

    #[test]
    fn checkers_jumps_and_chains_are_said() {
        let man = words_of("id = \"t\"\nextends = \"sprint\"\n", 'w');
        assert!(
            man.contains("captures by jumping over an adjacent enemy"),
            "{man}"
        );
        assert!(man.contains("must go on jumping"), "{man}");
    }

    #[test]
    fn reach_gives_steps_and_slides() {
        let definition = read_str("id = \"t\"\nextends = \"obsidian\"\n", "t.toml", None).unwrap();
        let queen = definition
            .pieces
            .iter()
            .find(|p| p.letters[0] == 'e')
            .unwrap();
        let (steps, slides) = reach(queen);
        assert!(steps.is_empty());
        assert_eq!(slides.len(), 8);
    }
}
