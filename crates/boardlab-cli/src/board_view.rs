//! Draws a position as a text board with coordinates, for the terminal.

use boardlab_core::Position;

/// The board of `position` with files below and above and ranks on both sides; empty
/// squares are dots.
pub fn draw<P: Position>(position: &P) -> String {
    let (width, height) = (position.width(), position.height());
    let files: String = (0..width)
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    let mut out = format!("   {files}\n");
    for rank in (0..height).rev() {
        out.push_str(&format!(" {} ", rank + 1));
        for file in 0..width {
            out.push(' ');
            out.push(position.piece_at(file, rank).unwrap_or('.'));
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(&format!("   {files}\n"));
    out
}
