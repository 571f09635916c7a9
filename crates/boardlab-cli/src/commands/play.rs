//! `boardlab play`: a game in the terminal for two people at one keyboard.

use crate::board_view;
use crate::commands::moves::sorted_move_texts;
use crate::setup::{FirstChoice, GameArgs};
use anyhow::Result;
use boardlab_core::{GameHistory, Position};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::{self, BufRead, Write};

/// Arguments of `boardlab play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Runs `boardlab play` on the terminal's input and output.
pub fn run(args: PlayArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for PlayArgs {
    type Output = Result<()>;

    fn visit<P: Position>(self) -> Result<()> {
        let (position, draw_note): (P, _) = self.game.position(FirstChoice::Random)?;
        let stdin = io::stdin();
        let mut stdout = io::stdout().lock();
        if let Some(note) = draw_note {
            writeln!(stdout, "{note}")?;
        }
        play_session(GameHistory::new(position), stdin.lock(), stdout)
    }
}

const COMMANDS: &str = "  moves   list the legal moves
  undo    take back the last move
  board   draw the board again
  help    show this help
  quit    leave the game";

/// The help text, with a legal move of `position` as the example of the notation.
fn help<P: Position>(position: &P) -> String {
    let example = sorted_move_texts(position)
        .into_iter()
        .next()
        .unwrap_or_else(|| "e2e4".to_string());
    format!("Type a move in the game's notation (for example {example}), or one of:\n{COMMANDS}")
}

/// Plays a game reading commands from `input` and writing to `output`, until the players
/// quit or the input ends.
pub fn play_session<P: Position>(
    mut game: GameHistory<P>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<()> {
    writeln!(
        output,
        "boardlab {}: {}\n",
        P::GAME_ID,
        help(game.current())
    )?;
    show(&game, &mut output)?;
    let mut line = String::new();
    loop {
        write!(output, "> ")?;
        output.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(output, "\nend of input: the game is left unfinished")?;
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" => {
                writeln!(
                    output,
                    "game left unfinished after {} moves",
                    game.moves().len()
                )?;
                return Ok(());
            }
            "help" | "?" => writeln!(output, "{}", help(game.current()))?,
            "board" => show(&game, &mut output)?,
            "moves" => {
                let moves = sorted_move_texts(game.current());
                if moves.is_empty() || game.outcome().is_some() {
                    writeln!(output, "no legal moves: the game is over")?;
                } else {
                    writeln!(output, "{} legal moves: {}", moves.len(), moves.join(" "))?;
                }
            }
            "undo" => match game.undo() {
                Some(mv) => {
                    writeln!(output, "took back {mv}")?;
                    show(&game, &mut output)?;
                }
                None => writeln!(output, "nothing to undo: no move has been played")?,
            },
            text => match game.play_text(text) {
                Ok(_) => show(&game, &mut output)?,
                Err(err) => writeln!(output, "{err}; type 'moves' to list the legal moves")?,
            },
        }
    }
}

/// Draws the board and says whose turn it is, or how the game ended.
fn show<P: Position>(game: &GameHistory<P>, output: &mut impl Write) -> Result<()> {
    let position = game.current();
    writeln!(output, "{}", board_view::draw(position))?;
    match game.outcome() {
        Some(outcome) => {
            writeln!(
                output,
                "Game over after {} moves: {}.",
                game.moves().len(),
                outcome.describe(P::player_name)
            )?;
            writeln!(output, "Type 'undo' to take the last move back, or 'quit'.")?;
        }
        None => {
            let side = position.side_to_move();
            let name = P::player_name(side);
            if name.contains(&side.to_string()) {
                writeln!(output, "{name} to move.")?;
            } else {
                writeln!(output, "{name} ({side}) to move.")?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_games::Obsidian;

    fn session(start: &str, input: &str) -> String {
        let position: Obsidian = start.parse().unwrap();
        let mut out = Vec::new();
        play_session(GameHistory::new(position), input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn plays_rejects_and_undoes() {
        let start = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1";
        let out = session(start, "e2e4\ne7e5\ne4e5\nundo\nmoves\nquit\n");
        assert!(out.contains("Player 2 (uppercase) to move"), "{out}");
        assert!(out.contains("illegal move 'e4e5'"), "{out}");
        assert!(out.contains("took back e7e5"), "{out}");
        assert!(out.contains("legal moves:"), "{out}");
        assert!(out.contains("game left unfinished after 1 moves"), "{out}");
    }

    #[test]
    fn announces_a_captured_d() {
        let out = session("8/8/8/8/8/3D4/8/3d4 2", "d3c2\nd1c2\nquit\n");
        assert!(
            out.contains("Game over after 2 moves: Player 1 (lowercase) wins: Player 2 (uppercase)'s D was captured"),
            "{out}"
        );
    }

    #[test]
    fn announces_repetition_and_no_progress() {
        let out = session(
            "3D4/8/8/8/8/8/8/3d4 1",
            "d1e1\nd8e8\ne1d1\ne8d8\nd1e1\nd8e8\ne1d1\ne8d8\nquit\n",
        );
        assert!(
            out.contains("the same position occurred three times"),
            "{out}"
        );
        let out = session("3D4/8/8/8/8/8/8/3d4 1 99 60", "d1e1\nquit\n");
        assert!(out.contains("draw: 100 plies without progress"), "{out}");
    }

    #[test]
    fn ends_on_end_of_input() {
        let out = session("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1", "e2e4\n");
        assert!(out.contains("end of input"), "{out}");
    }
}
