//! Every game's presentation describes every piece and square it can show: each letter on
//! the board or in a reserve is a known kind with the right owner, each square mark has a
//! colour, and the squares open now are of a kind that opens.

use boardlab_core::{Player, Position, RuleOptions};

/// A small seeded generator, so that every run sees the same games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn board<P: Position>(position: &P) -> Vec<Option<char>> {
    (0..position.height())
        .flat_map(|rank| (0..position.width()).map(move |file| position.piece_at(file, rank)))
        .collect()
}

fn check_position<P: Position>(position: &P) {
    let look = position.presentation();
    for rank in 0..position.height() {
        for file in 0..position.width() {
            if let Some(letter) = position.piece_at(file, rank) {
                assert!(
                    look.piece(letter).is_some(),
                    "{}: {letter}",
                    position.game_id()
                );
            }
            if let Some(mark) = position.square_mark(file, rank) {
                assert!(
                    look.board.marks.iter().any(|m| m.mark == mark),
                    "{}: square mark {mark}",
                    position.game_id()
                );
            }
        }
    }
    if let Some(open) = position.open_mark() {
        assert!(
            look.board.marks.iter().any(|m| m.mark == open && m.opens),
            "{}: open mark {open}",
            position.game_id()
        );
    }
    if let Some(reserves) = position.reserves() {
        for player in Player::BOTH {
            for &(letter, count) in &reserves[player.index()] {
                assert!(count > 0);
                let (_, owner) = look.piece(letter).expect("a reserve letter is a piece");
                assert_eq!(
                    owner,
                    player,
                    "{}: reserve letter {letter}",
                    position.game_id()
                );
            }
        }
    }
}

fn check<P: Position>(rules: P::Rules) {
    let look = rules.presentation();
    assert!(!look.title.is_empty() && !look.summary.is_empty());
    assert!(look.side(Player::One).contains("Player 1"));
    assert!(look.side(Player::Two).contains("Player 2"));
    let mut letters: Vec<char> = look.pieces.iter().flat_map(|k| k.letters).collect();
    let all = letters.len();
    letters.sort_unstable();
    letters.dedup();
    assert_eq!(
        letters.len(),
        all,
        "{}: a letter names two pieces",
        rules.game()
    );
    for kind in look.pieces {
        assert!(!kind.name.is_empty() && !kind.moves.is_empty());
        assert!(
            !kind.steps.is_empty() || !kind.slides.is_empty(),
            "{}",
            kind.name
        );
    }
    for &letter in look.sample {
        assert!(look.piece(letter).is_some());
    }

    for lesson in look.lessons {
        let position = P::from_text(lesson.position, rules)
            .unwrap_or_else(|e| panic!("{}: lesson '{}': {e}", look.title, lesson.title));
        assert!(!lesson.moves.is_empty());
        for text in lesson.moves {
            let mv = position
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{}: lesson '{}': {e}", look.title, lesson.title));
            assert_eq!(
                &mv.to_string(),
                text,
                "lesson moves are written as the game writes them"
            );
        }
    }

    let mut rng = Lcg(7);
    for _ in 0..30 {
        let mut position = P::start_with_first(rules, Player::One);
        for _ in 0..200 {
            check_position(&position);
            let moves = position.legal_move_list();
            if moves.is_empty() || position.outcome().is_some() {
                break;
            }
            let mover = position.side_to_move();
            let before = board(&position);
            position.play(moves[rng.below(moves.len())]);
            // Every square that holds a new piece after the move holds one of the mover's.
            for (was, now) in before.iter().zip(board(&position)) {
                if let Some(letter) = now.filter(|&now| Some(now) != *was) {
                    let (_, owner) = look.piece(letter).unwrap();
                    assert_eq!(
                        owner,
                        mover,
                        "{}: {letter} after a move",
                        position.game_id()
                    );
                }
            }
        }
    }
}

#[test]
fn every_game_presents_every_piece_and_square_it_shows() {
    every_game!(check);
}
