//! `boardlab spsa` and the search parameters as a user meets them.

use crate::common;

use common::{boardlab, text};

#[test]
fn spsa_lists_the_parameters_with_their_ranges() {
    let out = boardlab(&["spsa", "daisy", "--list"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("futility_base = 100  [0 to 500]"),
        "{stdout}"
    );
    assert!(stdout.contains("lmr_base = 50  [-100 to 200]"), "{stdout}");
}

#[test]
fn a_short_tuning_writes_its_set_and_the_check_decides_where() {
    let folder = std::env::temp_dir().join(format!("spsa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let out_file = folder.join("sprint.params");
    let out = boardlab(&[
        "spsa",
        "sprint",
        "--params",
        "futility_base,lmr_base",
        "--iterations",
        "3",
        "--bot",
        "alphabeta:depth=2",
        "--sprt-games",
        "2",
        "--seed",
        "5",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Two games cannot accept a tuned set: it is kept aside, for the record.
    assert!(stdout.contains("not kept"), "{stdout}");
    assert!(!out_file.exists());
    let rejected = std::fs::read_to_string(folder.join("sprint.params.rejected")).unwrap();
    assert!(rejected.contains("# Made by: "), "{rejected}");
    assert!(
        rejected.contains("3 iterations of alphabeta:depth=2: 6 games"),
        "{rejected}"
    );
    assert!(
        rejected.contains("inconclusive at the maximum of 2 games"),
        "{rejected}"
    );
    // The file reads back as a bot's parameters.
    let spec = format!(
        "alphabeta:depth=2,params={}",
        folder.join("sprint.params.rejected").display()
    );
    let out = boardlab(&["bestmove", "sprint", "--bot", &spec]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn bad_tunings_are_refused_with_what_is_allowed() {
    for (args, expected) in [
        (vec!["--bot", "mcts"], "SPSA tunes the alpha-beta search"),
        (
            vec!["--params", "nope"],
            "no search parameter is called 'nope'",
        ),
        (
            vec!["--iterations", "0"],
            "--iterations and --pairs must be at least 1",
        ),
        (vec!["--r-end", "0"], "expected a learning rate above 0"),
        (
            vec!["--bot", "alphabeta:param.lmr_base=3"],
            "leave the parameters out of the bot",
        ),
        (vec!["--sprt", "elo0=5,elo1=0"], "--sprt"),
    ] {
        let mut all = vec!["spsa", "sprint"];
        all.extend(args.iter().copied());
        let out = boardlab(&all);
        assert!(!out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn a_bot_spec_refuses_a_parameter_out_of_range() {
    let out = boardlab(&[
        "bestmove",
        "obsidian",
        "--bot",
        "alphabeta:depth=2,param.futility_depth=99",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("search parameter futility_depth is 0 to 8, not 99"),
        "{stderr}"
    );
}
