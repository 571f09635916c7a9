//! `boardlab play`: a game in the terminal, each side a person at the keyboard or a bot.

use crate::board_view;
use crate::setup::{FirstChoice, GameArgs, Side, levels_help};
use anyhow::Result;
use boardlab_ai::{Bot, level_spec};
use boardlab_core::{Evaluate, GameHistory, Player, Position};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::{self, BufRead, Write};

/// The most plies a game between two bots is shown before it is stopped.
const BOT_GAME_PLY_CAP: usize = 1000;

/// Arguments of `boardlab play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player 1: human, or a bot spec (random, alphabeta:time=1s, mcts:playouts=20000, level:3).
    #[arg(long, default_value = "human")]
    p1: Side,
    /// Player 2: human, or a bot spec.
    #[arg(long, default_value = "human")]
    p2: Side,
    /// Play against a bot of this strength (1..5) on the side not given as a bot (Player 2
    /// unless --p2 is a bot): 1 = random … 5 = alphabeta:time=2s.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: Option<u8>,
}

/// The players of a terminal game: `None` for a person, else the bot, per [`Player::index`].
pub type Seats<P> = [Option<Box<dyn Bot<P>>>; 2];

/// Runs `boardlab play` on the terminal's input and output.
pub fn run(args: PlayArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for PlayArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self) -> Result<()> {
        let (position, draw_note): (P, _) = self.game.position(FirstChoice::Random)?;
        let mut sides = [self.p1, self.p2];
        if let Some(level) = self.level {
            let seat = if sides[1] == Side::Human { 1 } else { 0 };
            if sides[seat] != Side::Human {
                anyhow::bail!(
                    "--level: both sides are already bots; levels are {}",
                    levels_help()
                );
            }
            sides[seat] = Side::Bot(Box::new(level_spec(level)?));
        }
        for side in &sides {
            if let Side::Bot(spec) = side {
                spec.check_for::<P>()?;
            }
        }
        let seed = self.game.seed.unwrap_or(0);
        let seats: Seats<P> = [0, 1].map(|i| match &sides[i] {
            Side::Human => None,
            Side::Bot(spec) => Some(spec.build::<P>(seed.wrapping_add(i as u64))),
        });
        let stdin = io::stdin();
        let mut stdout = io::stdout().lock();
        if let Some(note) = draw_note {
            writeln!(stdout, "{note}")?;
        }
        play_session(GameHistory::new(position), seats, stdin.lock(), stdout)
    }
}

const COMMANDS: &str = "  moves   list the legal moves
  undo    take back the last move
  board   draw the board again
  help    show this help
  quit    leave the game";

/// The help text, with a legal move of `position` as the example of the notation.
fn help<P: Position>(position: &P) -> String {
    let example = position
        .legal_move_texts()
        .into_iter()
        .next()
        .unwrap_or_else(|| "e2e4".to_string());
    format!("Type a move in the game's notation (for example {example}), or one of:\n{COMMANDS}")
}

/// Plays a game reading commands from `input` and writing to `output`, until the players
/// quit or the input ends. The bots in `seats` move on their turns, each move shown; a game
/// between two bots runs to its end without input.
pub fn play_session<P: Position>(
    mut game: GameHistory<P>,
    mut seats: Seats<P>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<()> {
    let all_bots = seats.iter().all(Option::is_some);
    if all_bots {
        writeln!(
            output,
            "boardlab {}: {} against {}\n",
            P::GAME_ID,
            bot_name(&seats, Player::One),
            bot_name(&seats, Player::Two)
        )?;
    } else {
        writeln!(
            output,
            "boardlab {}: {}\n",
            P::GAME_ID,
            help(game.current())
        )?;
        for player in Player::BOTH {
            if seats[player.index()].is_some() {
                writeln!(
                    output,
                    "{} is played by the bot {}.",
                    P::player_name(player),
                    bot_name(&seats, player)
                )?;
            }
        }
    }
    show(&game, !all_bots, &mut output)?;
    let mut line = String::new();
    loop {
        bot_moves(&mut game, &mut seats, &mut output)?;
        if all_bots {
            return Ok(());
        }
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
            "board" => show(&game, !all_bots, &mut output)?,
            "moves" => {
                let moves = game.current().legal_move_texts();
                if moves.is_empty() || game.outcome().is_some() {
                    writeln!(output, "no legal moves: the game is over")?;
                } else {
                    writeln!(output, "{} legal moves: {}", moves.len(), moves.join(" "))?;
                }
            }
            "undo" => match game.undo() {
                Some(mv) => {
                    let mut taken = vec![mv.to_string()];
                    // Against a bot, take back its reply too: back to a person's turn.
                    while seats[game.current().side_to_move().index()].is_some() {
                        match game.undo() {
                            Some(mv) => taken.insert(0, mv.to_string()),
                            None => break,
                        }
                    }
                    writeln!(output, "took back {}", taken.join(" "))?;
                    show(&game, !all_bots, &mut output)?;
                    if seats[game.current().side_to_move().index()].is_some() {
                        // Back at the start with a bot to move: it moves again at once.
                        continue;
                    }
                }
                None => writeln!(output, "nothing to undo: no move has been played")?,
            },
            text => match game.play_text(text) {
                Ok(_) => show(&game, !all_bots, &mut output)?,
                Err(err) => writeln!(output, "{err}; type 'moves' to list the legal moves")?,
            },
        }
    }
}

/// The name of the bot in `player`'s seat (empty for a person).
fn bot_name<P: Position>(seats: &Seats<P>, player: Player) -> String {
    seats[player.index()]
        .as_ref()
        .map(|b| b.name())
        .unwrap_or_default()
}

/// Lets the bots move while it is a bot's turn and the game goes on, showing each move.
/// A game between two bots stops after [`BOT_GAME_PLY_CAP`] plies.
fn bot_moves<P: Position>(
    game: &mut GameHistory<P>,
    seats: &mut Seats<P>,
    output: &mut impl Write,
) -> Result<()> {
    let all_bots = seats.iter().all(Option::is_some);
    while game.outcome().is_none() {
        let side = game.current().side_to_move();
        let Some(bot) = seats[side.index()].as_mut() else {
            return Ok(());
        };
        if all_bots && game.moves().len() >= BOT_GAME_PLY_CAP {
            writeln!(
                output,
                "Stopped after {BOT_GAME_PLY_CAP} plies without an end."
            )?;
            return Ok(());
        }
        let Some(mv) = bot.choose(game, &mut |_| {}) else {
            match bot.failure() {
                Some(failure) => anyhow::bail!(
                    "the bot {} {}\n{}",
                    bot.name(),
                    failure.summary(),
                    failure.details.trim_end()
                ),
                None => anyhow::bail!("the bot {} found no move", bot.name()),
            }
        };
        game.play(mv)?;
        let name = bot.name();
        writeln!(output, "{} ({name}) plays {mv}", P::player_name(side))?;
        show(game, !all_bots, output)?;
    }
    Ok(())
}

/// Draws the board and says whose turn it is, or how the game ended (with what a person at
/// the board, `person_playing`, may do next).
fn show<P: Position>(
    game: &GameHistory<P>,
    person_playing: bool,
    output: &mut impl Write,
) -> Result<()> {
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
            if person_playing {
                writeln!(output, "Type 'undo' to take the last move back, or 'quit'.")?;
            }
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
        play_session(
            GameHistory::new(position),
            [None, None],
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
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
