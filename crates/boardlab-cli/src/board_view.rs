//! Draws a position as a text board with coordinates, for the terminal.

use boardlab_core::{Player, Position};

/// The board of `position` with files below and above and ranks on both sides; empty
/// squares are dots, and squares that are not part of the board (marked with a kind the
/// presentation does not list, as Sprint's light squares in its rules file) are blank.
/// Where the game's squares are of several kinds (Parity's colours), each cell shows the
/// piece and then the mark. The reserves (games with drops) and the game's status lines
/// follow the board.
pub fn draw<P: Position>(position: &P) -> String {
    let (width, height) = (position.width(), position.height());
    let kinds = position.presentation().board.marks;
    let on_board = |mark: Option<char>| mark.is_none_or(|m| kinds.iter().any(|k| k.mark == m));
    let marked = kinds.len() > 1
        && (0..height).any(|r| (0..width).any(|f| position.square_mark(f, r).is_some()));
    let cell_width = if marked { 3 } else { 2 };
    let files: String = (0..width)
        .map(|f| format!("{:>cell_width$}", (b'a' + f) as char))
        .collect();
    let mut out = format!("   {files}\n");
    for rank in (0..height).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..width {
            let mark = position.square_mark(file, rank);
            let piece = match position.piece_at(file, rank) {
                Some(piece) => piece,
                None if on_board(mark) => '.',
                None => ' ',
            };
            let cell = match mark {
                Some(mark) if marked && on_board(Some(mark)) => format!("{piece}{mark}"),
                _ if marked => format!("{piece} "),
                _ => piece.to_string(),
            };
            out.push_str(&format!("{cell:>cell_width$}"));
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(&format!("   {files}\n"));
    if let Some(reserves) = position.reserves() {
        for player in Player::BOTH {
            let list: Vec<String> = reserves[player.index()]
                .iter()
                .map(|&(letter, count)| match count {
                    1 => letter.to_string(),
                    n => format!("{letter}×{n}"),
                })
                .collect();
            let list = if list.is_empty() {
                "(empty)".to_string()
            } else {
                list.join(" ")
            };
            out.push_str(&format!(
                "{} reserve: {list}\n",
                position.player_name(player)
            ));
        }
    }
    for line in position.status_lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::draw;
    use boardlab_core::Position;
    use boardlab_rules::engine::{RulesOptions, RulesPosition};
    use std::path::Path;

    /// The start of the rules file `name` of the repository's `rules/` folder.
    fn start_of(name: &str) -> RulesPosition<u64> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../rules")
            .join(name);
        let game = boardlab_rules::load_file(&path).expect("the repository's rules files load");
        RulesPosition::start(RulesOptions::new(game))
    }

    #[test]
    fn squares_off_the_board_are_blank_and_a_single_kind_is_not_marked() {
        let board = draw(&start_of("sprint.toml"));
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "    a b c d e f");
        assert_eq!(lines[1], " 6    b   b   b  6");
        assert_eq!(lines[3], " 4    .   .   .  4");
        assert_eq!(lines[6], " 1  w   w   w    1");
    }

    #[test]
    fn squares_of_several_kinds_show_their_marks() {
        let board = draw(&start_of("parity.toml"));
        let first_rank = board.lines().nth(6).expect("six ranks");
        assert_eq!(first_rank, " 1  wB wW wB wW  1");
    }
}
