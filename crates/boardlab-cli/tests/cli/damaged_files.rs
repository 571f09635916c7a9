//! Damaged binary files as a user meets them: a tablebase with a changed byte, an old or
//! missing one, a damaged network file. Each is a one-line error that names the file, with
//! a non-zero exit, never a value or a move read from the damage.

use crate::common;

use boardlab_ai::learning::network::{FloatWeights, Network};
use boardlab_core::Evaluate;
use boardlab_games::Obsidian;
use common::{boardlab, text};
use std::path::{Path, PathBuf};

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-damaged-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Parity tables up to 2 against 2 in `dir`.
fn build_tables(dir: &Path) {
    let out = boardlab(&[
        "tablebase",
        "parity",
        "--max-pieces",
        "2,2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Changes one byte of the data of `path` (just after its header).
fn damage_data(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let data = bytes.windows(5).position(|w| w == b"\nend\n").unwrap() + 5;
    bytes[data + 3] ^= 0x40;
    std::fs::write(path, bytes).unwrap();
}

/// The one line of standard error of a failed run.
fn one_line_error(out: &std::process::Output) -> String {
    assert!(!out.status.success(), "{}", text(&out.stdout));
    let message = text(&out.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    message
}

/// A position of one piece each, read from the table w1-b1-1.
const ONE_EACH: &str = "4/4/4/1b2/1w2/4 1";

#[test]
fn a_damaged_tablebase_block_is_an_error_in_solve_and_bestmove() {
    let dir = temp_dir("block");
    build_tables(&dir);
    let tables = dir.to_str().unwrap();
    let solve = || {
        boardlab(&[
            "solve",
            "parity",
            "--tablebases",
            tables,
            "--position",
            ONE_EACH,
        ])
    };
    assert!(solve().status.success());
    damage_data(&dir.join("w1-b1-1.values"));
    let message = one_line_error(&solve());
    assert!(message.contains("w1-b1-1.values"), "{message}");
    assert!(message.contains("block 1 of 1"), "{message}");
    let spec = format!("perfect:tablebases={tables}");
    let out = boardlab(&["bestmove", "parity", "--bot", &spec, "--position", ONE_EACH]);
    let message = one_line_error(&out);
    assert!(message.contains("w1-b1-1.values"), "{message}");
    assert!(
        !text(&out.stdout).contains("bestmove"),
        "{}",
        text(&out.stdout)
    );
    // `tablebase` finds the damage and builds the table again.
    build_tables(&dir);
    assert!(solve().status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn old_cut_and_missing_tablebase_files_are_named() {
    let dir = temp_dir("old");
    build_tables(&dir);
    let tables = dir.to_str().unwrap();
    let solve = || {
        boardlab(&[
            "solve",
            "parity",
            "--tablebases",
            tables,
            "--position",
            ONE_EACH,
        ])
    };
    let values = dir.join("w2-b2-1.values");
    let saved = std::fs::read(&values).unwrap();
    std::fs::write(&values, b"boardlab parity tablebase 1\nlayout x\n").unwrap();
    let message = one_line_error(&solve());
    assert!(message.contains("w2-b2-1.values"), "{message}");
    assert!(message.contains("boardlab tablebase parity"), "{message}");
    std::fs::write(&values, &saved[..saved.len() - 10]).unwrap();
    let message = one_line_error(&solve());
    assert!(
        message.contains("w2-b2-1.values") && message.contains("cut short"),
        "{message}"
    );
    std::fs::write(&values, &saved).unwrap();
    std::fs::remove_file(dir.join("w2-b2-1.plies")).unwrap();
    let message = one_line_error(&solve());
    assert!(message.contains("w2-b2-1.plies"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_system_error_is_said_once() {
    let file = temp_dir("file");
    std::fs::write(&file, "not a folder").unwrap();
    let inside = file.join("tables");
    let out = boardlab(&["solve", "parity", "--tablebases", inside.to_str().unwrap()]);
    let message = one_line_error(&out);
    assert_eq!(message.matches("Not a directory").count(), 1, "{message}");
    assert_eq!(message.matches("os error 20").count(), 1, "{message}");
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_damaged_network_file_is_named() {
    let hidden = 32;
    let inputs = Obsidian::NETWORK_INPUTS;
    let weights = FloatWeights {
        input_weights: vec![0.01; inputs * hidden],
        hidden_bias: vec![0.0; hidden],
        output_weights: vec![0.1; 2 * hidden],
        output_bias: vec![0.0],
    };
    let features = boardlab_ai::learning::network::model::features_name::<Obsidian>();
    let network = Network::from_float(&features, inputs, 300.0, &weights).unwrap();
    let path = temp_dir("network");
    let mut bytes = network.to_bytes();
    std::fs::write(&path, &bytes).unwrap();
    let spec = format!("alphabeta:depth=1,net={}", path.display());
    let sound = boardlab(&["bestmove", "obsidian", "--bot", &spec]);
    assert!(sound.status.success(), "{}", text(&sound.stderr));
    bytes[100] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let message = one_line_error(&boardlab(&["bestmove", "obsidian", "--bot", &spec]));
    assert!(message.contains(path.to_str().unwrap()), "{message}");
    assert!(message.contains("damaged"), "{message}");
    std::fs::remove_file(&path).unwrap();
}
