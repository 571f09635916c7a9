//! `boardlab play`: a game in the terminal, each side a person at the keyboard or a bot.

use super::play_clock::TurnClock;
use crate::board_view;
use crate::setup::{FirstChoice, GameArgs, Side, level_choice, levels_help};
use anyhow::Result;
use boardlab_ai::{Bot, TimeControl};
use boardlab_core::{Evaluate, GameHistory, Player, Position};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::{self, BufRead, IsTerminal, Write};

/// The most plies a game between two bots is shown before it is stopped.
pub const BOT_GAME_PLY_CAP: usize = 1000;

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
    /// Play against a bot of this strength (1 weakest … the game's top level, see `boardlab
    /// bestmove GAME` without --bot for the game's levels) on the side not given as a bot (Player 2 unless --p2 is a bot).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(boardlab_ai::TOP_LEVEL)))]
    level: Option<u8>,
    /// Play on a clock: each side gets BASE seconds and INC more after each of its moves
    /// (`60+1`, `5m+2s`). Bots play to their clocks; a side whose time runs out loses on
    /// time. A person's turn runs from the last move until theirs is entered.
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
    /// Play on the line interface (moves typed as text) even on a terminal; it is used
    /// anyway when the input or output is not a terminal (pipes, scripts).
    #[arg(long)]
    plain: bool,
}

/// The players of a terminal game: `None` for a person, else the bot, per [`Player::index`].
pub type Seats<P> = [Option<Box<dyn Bot<P>>>; 2];

/// Runs `boardlab play` on the terminal's input and output.
pub fn run(args: PlayArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for PlayArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        let (position, draw_note): (P, _) = self.game.position(game, FirstChoice::Random)?;
        let mut sides = [self.p1, self.p2];
        if let Some(level) = self.level {
            let seat = if sides[1] == Side::Human { 1 } else { 0 };
            if sides[seat] != Side::Human {
                anyhow::bail!(
                    "--level: both sides are already bots; levels are {}",
                    levels_help(&P::LEVELS)
                );
            }
            sides[seat] = Side::Bot(Box::new(level_choice(level)?.for_game::<P>()));
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
        if !self.plain && stdin.is_terminal() && io::stdout().is_terminal() {
            return crate::tui::play(GameHistory::new(position), seats, self.tc, draw_note);
        }
        let mut stdout = io::stdout().lock();
        if let Some(note) = draw_note {
            writeln!(stdout, "{note}")?;
        }
        play_session(
            GameHistory::new(position),
            seats,
            self.tc,
            stdin.lock(),
            stdout,
        )
    }
}

const COMMANDS: &str = "  moves   list the legal moves
  undo    take back the last move
  board   draw the board again
  help    show this help
  quit    leave the game";

/// The help text, with a legal move of `position` as the example of the notation when the
/// side to move there is a person (a bot's move would be no example of what to type).
fn help<P: Position>(position: &P, person_to_move: bool) -> String {
    let example = person_to_move
        .then(|| position.legal_move_texts().into_iter().next())
        .flatten();
    match example {
        Some(example) => format!(
            "Type a move in the game's notation (for example {example}), or one of:\n{COMMANDS}"
        ),
        None => format!(
            "On your turn, type a move in the game's notation (the squares run together, like c3c4), or one of:\n{COMMANDS}"
        ),
    }
}

/// "1 legal move", "3 legal moves".
fn count<T>(items: &[T], one: &str, many: &str) -> String {
    format!(
        "{} {}",
        items.len(),
        if items.len() == 1 { one } else { many }
    )
}

/// Plays a game reading commands from `input` and writing to `output`, until the players
/// quit or the input ends. The bots in `seats` move on their turns, each move shown; a game
/// between two bots runs to its end without input. With a time control both sides play on
/// a clock, shown after each move; a side whose time runs out loses, which ends the session
/// (an undo gives no time back, and the turn then starts afresh).
pub fn play_session<P: Position>(
    mut game: GameHistory<P>,
    mut seats: Seats<P>,
    time_control: Option<TimeControl>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<()> {
    let all_bots = seats.iter().all(Option::is_some);
    if all_bots {
        writeln!(
            output,
            "boardlab {}: {} against {}\n",
            game.current().game_id(),
            bot_name(&seats, Player::One),
            bot_name(&seats, Player::Two)
        )?;
    } else {
        writeln!(
            output,
            "boardlab {}: {}\n",
            game.current().game_id(),
            help(
                game.current(),
                seats[game.current().side_to_move().index()].is_none()
            )
        )?;
        for player in Player::BOTH {
            if seats[player.index()].is_some() {
                writeln!(
                    output,
                    "{} is played by the bot {}.",
                    game.current().player_name(player),
                    bot_name(&seats, player)
                )?;
            }
        }
    }
    if let Some(control) = time_control {
        writeln!(
            output,
            "Each side has {control} on its clock (seconds + seconds added per move); a side whose time runs out loses."
        )?;
    }
    show(&game, !all_bots, &mut output)?;
    let mut clock = time_control.map(TurnClock::new);
    show_clock(game.current(), clock.as_ref(), &mut output)?;
    let mut line = String::new();
    loop {
        let lost_on_time = bot_moves(&mut game, &mut seats, clock.as_mut(), &mut output)?;
        if all_bots || lost_on_time {
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
                    "game left unfinished after {}",
                    count(game.moves(), "move", "moves")
                )?;
                return Ok(());
            }
            "help" | "?" => writeln!(output, "{}", help(game.current(), game.outcome().is_none()))?,
            "board" => show(&game, !all_bots, &mut output)?,
            "moves" => {
                let moves = game.current().legal_move_texts();
                if moves.is_empty() || game.outcome().is_some() {
                    writeln!(output, "no legal moves: the game is over")?;
                } else {
                    writeln!(
                        output,
                        "{}: {}",
                        count(&moves, "legal move", "legal moves"),
                        moves.join(" ")
                    )?;
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
                    if let Some(clock) = clock.as_mut() {
                        clock.restart_turn();
                    }
                    if seats[game.current().side_to_move().index()].is_some() {
                        // Back at the start with a bot to move: it moves again at once.
                        continue;
                    }
                }
                None => writeln!(output, "nothing to undo: no move has been played")?,
            },
            text => {
                let side = game.current().side_to_move();
                match game.play_text(text) {
                    Ok(_) => {
                        if charge(game.current(), clock.as_mut(), side, &mut output)? {
                            return Ok(());
                        }
                        show(&game, !all_bots, &mut output)?;
                        show_clock(game.current(), clock.as_ref(), &mut output)?;
                    }
                    Err(_) if game.outcome().is_some() => writeln!(
                        output,
                        "the game is over; type 'undo' to take back a move or 'quit' to leave"
                    )?,
                    Err(err) => writeln!(output, "{err}; type 'moves' to list the legal moves")?,
                }
            }
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

/// Charges `side` for the turn it just ended, if the game is timed; on a loss on time says
/// so and returns true.
fn charge<P: Position>(
    position: &P,
    clock: Option<&mut TurnClock>,
    side: Player,
    output: &mut impl Write,
) -> Result<bool> {
    match clock.map(|c| c.end_turn(side)) {
        Some(Err(out)) => {
            writeln!(
                output,
                "Game over: {} loses on time: it {}.",
                position.player_name(side),
                out.describe()
            )?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// Writes both clocks' times, if the game is timed.
fn show_clock<P: Position>(
    position: &P,
    clock: Option<&TurnClock>,
    output: &mut impl Write,
) -> Result<()> {
    if let Some(clock) = clock {
        writeln!(output, "{}", clock.line(position))?;
    }
    Ok(())
}

/// Lets the bots move while it is a bot's turn and the game goes on, showing each move; on
/// a `clock`, bots play to it. A game between two bots stops after [`BOT_GAME_PLY_CAP`]
/// plies. Returns whether a bot lost on time.
fn bot_moves<P: Position>(
    game: &mut GameHistory<P>,
    seats: &mut Seats<P>,
    mut clock: Option<&mut TurnClock>,
    output: &mut impl Write,
) -> Result<bool> {
    let all_bots = seats.iter().all(Option::is_some);
    while game.outcome().is_none() {
        let side = game.current().side_to_move();
        let Some(bot) = seats[side.index()].as_mut() else {
            return Ok(false);
        };
        if all_bots && game.moves().len() >= BOT_GAME_PLY_CAP {
            writeln!(
                output,
                "Stopped after {BOT_GAME_PLY_CAP} plies without an end."
            )?;
            return Ok(false);
        }
        let choice = match clock.as_deref() {
            Some(clock) => bot.choose_on_clock(game, &clock.view(side), &mut |_| {}),
            None => bot.choose(game, &mut |_| {}),
        };
        if charge(game.current(), clock.as_deref_mut(), side, output)? {
            return Ok(true);
        }
        let Some(mv) = choice else {
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
        writeln!(
            output,
            "{} ({name}) plays {mv}",
            game.current().player_name(side)
        )?;
        show(game, !all_bots, output)?;
        show_clock(game.current(), clock.as_deref(), output)?;
    }
    Ok(false)
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
                "Game over after {}: {}.",
                count(game.moves(), "move", "moves"),
                outcome.describe(|p| position.player_name(p))
            )?;
            if person_playing {
                writeln!(output, "Type 'undo' to take the last move back, or 'quit'.")?;
            }
        }
        None => {
            let side = position.side_to_move();
            let name = position.player_name(side);
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
        session_of::<Obsidian>(start, input)
    }

    fn session_of<P: Position<Rules: Default>>(start: &str, input: &str) -> String {
        let position = P::from_text(start, Default::default()).unwrap();
        let mut out = Vec::new();
        play_session(
            GameHistory::new(position),
            [None, None],
            None,
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
        assert!(out.contains("game left unfinished after 1 move\n"), "{out}");
    }

    #[test]
    fn moves_in_capitals_and_counts_in_the_singular() {
        // One legal move: White's compulsory capture.
        let out = session_of::<boardlab_games::Sprint>("5b/6/6/6/1b4/w5 1", "moves\nA1C3\nquit\n");
        assert!(out.contains("1 legal move: a1c3"), "{out}");
        assert!(!out.contains("malformed"), "{out}");
        assert!(out.contains("game left unfinished after 1 move\n"), "{out}");
    }

    #[test]
    fn the_example_move_is_never_the_bots() {
        use boardlab_games::Parity;
        // Black (a bot) moves first; the person plays White.
        let start = Parity::start_with_first(Default::default(), Player::Two);
        let mut out = Vec::new();
        play_session(
            GameHistory::new(start),
            [
                None,
                Some(Box::new(boardlab_ai::RandomBot::new("random", 1))),
            ],
            None,
            "quit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let intro = out.lines().next().unwrap();
        assert!(intro.contains("On your turn, type a move"), "{out}");
        assert!(!intro.contains("for example b5"), "{out}");
    }

    #[test]
    fn after_the_end_a_move_is_answered_with_what_can_be_done() {
        let out = session("8/8/8/8/8/3D4/8/3d4 2", "d3c2\nd1c2\ne1e2\nquit\n");
        assert!(out.contains("the game is over; type 'undo'"), "{out}");
        assert!(!out.contains("type 'moves'"), "{out}");
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

    /// Input that arrives a line at a time, `delay` after it is asked for.
    struct SlowInput {
        lines: std::collections::VecDeque<&'static str>,
        delay: std::time::Duration,
    }

    impl io::Read for SlowInput {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(line) = self.lines.pop_front() else {
                return Ok(0);
            };
            std::thread::sleep(self.delay);
            buf[..line.len()].copy_from_slice(line.as_bytes());
            Ok(line.len())
        }
    }

    #[test]
    fn a_slow_person_loses_on_time() {
        let position: Obsidian = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1"
            .parse()
            .unwrap();
        let input = SlowInput {
            lines: ["e2e4\n", "e7e5\n", "d2d4\n", "quit\n"].into(),
            delay: std::time::Duration::from_millis(150),
        };
        let mut out = Vec::new();
        play_session(
            GameHistory::new(position),
            [None, None],
            Some("0.25+0".parse().unwrap()),
            io::BufReader::new(input),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("Each side has 0.25+0 on its clock"), "{out}");
        // How much Player 2 has left and how long the last move took depend on how busy the
        // machine is; who ran out does not (Player 1 thinks three times as long).
        assert!(
            out.contains("Clock: Player 1 (lowercase) 0:00.0, Player 2 (uppercase) 0:00."),
            "{out}"
        );
        assert!(
            out.contains("Game over: Player 1 (lowercase) loses on time: it took "),
            "{out}"
        );
        assert!(!out.contains("game left unfinished"), "{out}");
    }

    #[test]
    fn ends_on_end_of_input() {
        let out = session("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1", "e2e4\n");
        assert!(out.contains("end of input"), "{out}");
    }
}
