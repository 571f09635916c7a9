//! Draws a position as a text board with coordinates, for the terminal.

use boardlab_core::{Player, Position};

/// The board of `position` with files below and above and ranks on both sides; empty
/// squares are dots. Where the game marks its squares (colours), each cell shows the piece
/// and then the mark. The reserves (games with drops) and the game's status lines follow
/// the board.
pub fn draw<P: Position>(position: &P) -> String {
    let (width, height) = (position.width(), position.height());
    let marked = (0..height).any(|r| (0..width).any(|f| position.square_mark(f, r).is_some()));
    let cell_width = if marked { 3 } else { 2 };
    let files: String = (0..width)
        .map(|f| format!("{:>cell_width$}", (b'a' + f) as char))
        .collect();
    let mut out = format!("   {files}\n");
    for rank in (0..height).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..width {
            let piece = position.piece_at(file, rank).unwrap_or('.');
            let cell = match position.square_mark(file, rank) {
                Some(mark) => format!("{piece}{mark}"),
                None if marked => format!("{piece} "),
                None => piece.to_string(),
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
