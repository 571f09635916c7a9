//! A depth-limited search finds forced wins in every game (take the D, take the A, reach
//! the baseline, take the last piece) and sees forced losses coming in time to stop them.

use boardlab_ai::bot::Limits;
use boardlab_ai::search::alphabeta::{AlphaBetaOptions, ParamChanges};
use boardlab_ai::{AlphaBeta, Score};
use boardlab_core::{Evaluate, GameHistory, Position};
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};

/// Searches `text` to `depth` and checks the move and the win distance.
fn finds_win<P: Evaluate<Rules: Default>>(text: &str, depth: u32, best: &str, plies: u32) {
    let position = P::from_text(text, P::Rules::default()).expect("a valid test position");
    let mut bot = AlphaBeta::<P>::new(
        "test",
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
    );
    let (mv, info) = bot
        .search(&GameHistory::new(position), &mut |_| {})
        .expect("the position has moves");
    assert_eq!(
        mv.to_string(),
        best,
        "{} {text}: {info:?}",
        P::start(P::Rules::default()).game_id()
    );
    assert_eq!(
        info.score,
        Score::Win(plies),
        "{} {text}: {info:?}",
        P::start(P::Rules::default()).game_id()
    );
    // The win is really there: play the principal variation and see the game end.
    let mut game = GameHistory::new(position);
    for text in &info.pv {
        game.play_text(text)
            .expect("the principal variation is legal");
    }
    let outcome = game
        .outcome()
        .expect("the principal variation ends the game");
    assert_eq!(outcome.winner(), Some(position.side_to_move()));
}

/// The best move of `P` in `position` at `depth`, with its report.
fn best<P: Evaluate<Rules: Default>>(
    position: P,
    depth: u32,
) -> (P::Move, boardlab_ai::SearchInfo) {
    let mut bot = AlphaBeta::<P>::new(
        "test",
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
    );
    bot.search(&GameHistory::new(position), &mut |_| {})
        .expect("the position has moves")
}

/// In `text` the opponent threatens a forced win; a search to `depth` finds a move that
/// stops it, and one of `depth - 1` from the opponent's side then finds no win either.
fn stops_the_win<P: Evaluate<Rules: Default>>(text: &str, depth: u32) -> String {
    let position = P::from_text(text, P::Rules::default()).expect("a valid test position");
    // The threat is real: were it the opponent's turn, it would win.
    let (mv, info) = best(position, depth);
    assert!(
        !matches!(info.score, Score::Loss(_)),
        "{} {text}: no defence found: {info:?}",
        P::start(P::Rules::default()).game_id()
    );
    let mut after = position;
    after.play(mv);
    let (_, reply) = best(after, depth - 1);
    assert!(
        !matches!(reply.score, Score::Win(_)),
        "{} {text}: {mv} does not stop the win: {reply:?}",
        P::start(P::Rules::default()).game_id()
    );
    mv.to_string()
}

/// The position with the other side to move loses within `plies` for the side that is
/// not to move in `text` (the threat the test defends against is real).
fn threat_is_real<P: Evaluate<Rules: Default>>(
    text_other_side_to_move: &str,
    depth: u32,
    plies: u32,
) {
    let position =
        P::from_text(text_other_side_to_move, P::Rules::default()).expect("a valid test position");
    let (_, info) = best(position, depth);
    assert_eq!(
        info.score,
        Score::Win(plies),
        "{text_other_side_to_move}: {info:?}"
    );
}

#[test]
fn obsidian_stops_a_back_rank_win() {
    // The A on a8 threatens a8a1, walling the D on g1 in behind its own Fs, then taking it.
    let text = "A6D/8/8/8/8/8/5fff/6d1";
    threat_is_real::<Obsidian>(&format!("{text} 2"), 4, 3);
    let defence = stops_the_win::<Obsidian>(&format!("{text} 1"), 5);
    assert!(defence.starts_with('f') || defence.starts_with('g') || defence.starts_with('h'));
}

#[test]
fn obsidian_wins_through_the_pruning_at_depth_seven() {
    // b1xb8 removes the A that guards rank 8; the D on h8, walled in by its own Fs, is
    // taken next. Null moves, reductions and futility must not hide it at a deeper depth.
    finds_win::<Obsidian>("1A5D/6FF/8/8/8/8/8/aa1d4 1", 7, "b1b8", 3);
}

#[test]
fn daisy_wins_with_a_drop() {
    // A B dropped on the ninth rank attacks the a on a9, walled in by its own hs; it
    // cannot take the B unless it stands next to it.
    let position = "a8/hh7/9/9/9/9/9/9/4A4[B] 1";
    let p = Daisy::from_text(position, Default::default()).unwrap();
    let (mv, info) = best(p, 4);
    assert_eq!(info.score, Score::Win(3), "{info:?}");
    let text = mv.to_string();
    assert!(
        text.starts_with("B@") && text.ends_with('9') && text != "B@b9",
        "{text}"
    );
}

#[test]
fn daisy_stops_a_drop_win() {
    // Player 2 threatens to drop its B on the first rank, where the A on a1 is walled in.
    let text = "4a4/9/9/9/9/9/9/HH7/A8[b]";
    threat_is_real::<Daisy>(&format!("{text} 2"), 4, 3);
    stops_the_win::<Daisy>(&format!("{text} 1"), 5);
}

#[test]
fn obsidian_takes_the_d() {
    // The A on d1 takes the D on d8 at once.
    finds_win::<Obsidian>("3D4/8/8/8/8/8/8/3a3d 1", 2, "d1d8", 1);
    // The A goes to a8; the D on h8, walled in by its own Fs, cannot escape the rank.
    finds_win::<Obsidian>("7D/6FF/8/8/8/8/8/a2d4 1", 3, "a1a8", 3);
}

#[test]
fn daisy_takes_the_a() {
    finds_win::<Daisy>("4a4/9/9/9/9/9/9/9/A3B4[] 1", 2, "e1e9", 1);
    // The B goes to a9; the a on i9, walled in by its own hs, cannot leave rank 9.
    finds_win::<Daisy>("8a/7hh/9/9/9/9/9/9/B3A4[] 1", 3, "a1a9", 3);
}

#[test]
fn sprint_reaches_the_baseline() {
    finds_win::<Sprint>("6/4w1/6/6/1b4/6 1", 2, "e5d6", 1);
    // d4-e5 cannot be stopped: Black's piece is too far to block or capture.
    finds_win::<Sprint>(
        "1b4/6/6/3w2/6/6 1"
            .replace("6/6/3w2/6/6", "6/3w2/6/6/6")
            .as_str(),
        3,
        "d4e5",
        3,
    );
}

#[test]
fn parity_takes_the_last_piece() {
    finds_win::<Parity>("4/4/4/4/1b2/1w2 1", 2, "b1b3", 1);
    // d2-d3 puts the black piece in front of a capture it cannot avoid.
    finds_win::<Parity>("4/2w1/2b1/4/3w/4 1", 3, "d2d3", 3);
}

#[test]
fn helper_threads_find_the_same_wins() {
    // Three threads share the table; the main thread's answer must not suffer from it.
    for text in ["1A5D/6FF/8/8/8/8/8/aa1d4 1", "7D/6FF/8/8/8/8/8/a2d4 1"] {
        wins_again_and_again(
            text,
            3,
            AlphaBetaOptions {
                threads: 3,
                ..AlphaBetaOptions::default()
            },
        );
    }
}

/// Searches the Obsidian position `text` to depth 7 three times with one bot (its table
/// kept) under `options`, and checks that each search sees the win in `plies`.
fn wins_again_and_again(text: &str, plies: u32, options: AlphaBetaOptions) {
    let position = Obsidian::from_text(text, Default::default()).unwrap();
    let mut bot = crate::common::depth_limited::<Obsidian>(7, options);
    for _ in 0..3 {
        let (_, info) = bot
            .search(&GameHistory::new(position), &mut |_| {})
            .unwrap();
        assert_eq!(info.score, Score::Win(plies), "{text}: {info:?}");
    }
}

#[test]
fn switched_on_parameters_keep_the_wins() {
    // Parameters that are off by default and change what the search keeps or prunes:
    // `quiescence_table` (quiescence writes depth-0 entries and orders by their moves) and
    // ProbCut from depth 3 (nodes cut by shallow searches of captures, their results in the
    // table), the negative extension (a table move that is not singular searched
    // shallower), the table's move kept where a node fails low (0, and 2), the late
    // captures that lose material reduced, reductions that grow up to the last move,
    // late quiet root moves reduced, quiet checks kept from pruning (and reduced less),
    // quiet checks ordered first, continuations named by piece and target square, late
    // moves searched again a ply deeper or shallower by how far they beat the best so far,
    // late quiet moves reduced more after a table capture, razoring, checks extended
    // only where the checking move does not lose in the exchange, late moves reduced less
    // at nodes the table marks as principal-variation ones, quiet moves ordered only
    // when the move loop reaches them, singular moves extended two plies, and an ordering
    // that learns from every node whose best move raised alpha, and quiescence that tries
    // only the first quiet evasions and none that loses its exchange once one has held,
    // checks extended only where few moves save the key piece, quiet table moves that
    // cut off rewarded in the ordering, and the quiet move that refuted a node whose moves
    // all failed low rewarded in its side's history.
    // None may hide or invent a win, search after search.
    for (name, value) in [
        ("quiescence_table", "1"),
        ("probcut_depth", "3"),
        ("singular_reduction", "1"),
        ("fail_low_move", "0"),
        ("fail_low_move", "2"),
        ("lmr_bad_captures", "1"),
        ("lmr_index_limit", "255"),
        ("root_reductions", "1"),
        ("quiet_checks", "1"),
        ("quiet_checks", "2"),
        ("check_order_bonus", "16384"),
        ("continuation_by_piece", "1"),
        ("lmr_research_margin", "40"),
        ("tt_capture_reduction", "1"),
        ("razoring_margin", "150"),
        ("check_extension_safe", "1"),
        ("tt_pv_reduction", "2"),
        ("deferred_quiet_order", "1"),
        ("singular_double_margin", "20"),
        ("learn_from_best", "1"),
        ("quiescence_evasions", "1"),
        ("correction_pieces", "50"),
        ("correction_continuation", "50"),
        ("check_extension_evasions", "2"),
        ("tt_cut_history", "1"),
        ("fail_low_history", "1"),
        ("continuation_four", "1"),
        ("reverse_futility_halfway", "1"),
        ("lmr_child_cutoffs", "3"),
        ("hindsight_margin", "80"),
        ("lmr_killers", "1"),
        ("lmr_evasions", "1"),
    ] {
        let mut params = ParamChanges::default();
        params.set(name, value).unwrap();
        for text in ["1A5D/6FF/8/8/8/8/8/aa1d4 1", "7D/6FF/8/8/8/8/8/a2d4 1"] {
            wins_again_and_again(
                text,
                3,
                AlphaBetaOptions {
                    params,
                    ..AlphaBetaOptions::default()
                },
            );
        }
    }
}

#[test]
fn a_search_stops_at_once_when_told() {
    use boardlab_ai::Bot;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};
    for threads in [1, 2] {
        let mut bot = AlphaBeta::<Obsidian>::with_options(
            "test",
            Limits {
                time: Some(Duration::from_secs(30)),
                ..Limits::default()
            },
            Default::default(),
            AlphaBetaOptions {
                threads,
                ..AlphaBetaOptions::default()
            },
        );
        let flag = bot.stop_flag().expect("alpha-beta can be stopped");
        let game = GameHistory::new(Obsidian::default());
        let started = Instant::now();
        let (mv, _) = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            });
            bot.search(&game, &mut |_| {}).unwrap()
        });
        // Stopped, not run to its 30 s: the bound is generous for a loaded machine.
        let took = started.elapsed();
        assert!(
            took < Duration::from_secs(15),
            "{threads} threads: {took:?}"
        );
        assert!(game.current().is_legal(mv));
    }
}

/// A stop that comes before the search begins (a game that ended while the bot was being
/// set up) ends that search at its start; the next search is not affected. Counted in
/// positions, not time, so a loaded machine cannot fail it.
#[test]
fn a_stop_before_the_search_begins_counts_once() {
    use boardlab_ai::Bot;
    use std::sync::atomic::Ordering;
    let mut bot = AlphaBeta::<Obsidian>::new(
        "test",
        Limits {
            depth: Some(5),
            ..Limits::default()
        },
    );
    let game = GameHistory::new(Obsidian::default());
    bot.stop_flag()
        .expect("alpha-beta can be stopped")
        .store(true, Ordering::Relaxed);
    let (mv, stopped) = bot.search(&game, &mut |_| {}).unwrap();
    assert!(game.current().is_legal(mv));
    let (_, full) = bot.search(&game, &mut |_| {}).unwrap();
    assert_eq!(full.depth, 5, "{full:?}");
    assert!(
        stopped.depth < 5 && stopped.nodes * 10 < full.nodes,
        "the stopped search went on: {stopped:?} against {full:?}"
    );
}
