//! Damaged, cut, old and misnamed tablebase files: every block of every file is covered by
//! a checksum, so a changed byte gives an error that names the file (and the block), never
//! a value; and `build` rebuilds a damaged table.

use boardlab_core::GameValue;
use boardlab_games::parity::ParityRules;
use boardlab_games::parity::tablebase::{
    self, BuildOptions, Geometry, Placement, TableKey, Tablebase, TablebaseError,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The table whose files the tests damage: 425,040 positions, so that its values file has
/// two blocks (the last one short) and its plies file seven.
const DAMAGED: TableKey = TableKey {
    white: 3,
    black: 2,
    side: 1,
};

/// A fresh folder of the default board's tables up to `max_white`, `max_black` pieces.
fn built(name: &str, max_white: u32, max_black: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-tb-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let geometry = Geometry::new(ParityRules::default().layout).unwrap();
    let options = BuildOptions {
        max_white,
        max_black,
        threads: 2,
    };
    tablebase::build(&geometry, &dir, options, &tablebase::Quiet).unwrap();
    dir
}

/// A random placement of `key`'s material on `squares` spaces.
fn random_placement(rng: &mut SmallRng, squares: u32, key: TableKey) -> Placement {
    let mut placement = Placement { white: 0, black: 0 };
    while placement.white.count_ones() < key.white {
        placement.white |= 1 << rng.random_range(0..squares);
    }
    while placement.black.count_ones() < key.black {
        let square = 1 << rng.random_range(0..squares);
        if square & placement.white == 0 {
            placement.black |= square;
        }
    }
    placement
}

/// `count` random positions of `key` with their true values (read from sound files).
fn samples(dir: &Path, key: TableKey, count: usize) -> Vec<(Placement, GameValue)> {
    let rules = ParityRules::default();
    let squares = Geometry::new(rules.layout).unwrap().squares();
    let tables = Tablebase::open(dir, rules).unwrap();
    let mut rng = SmallRng::seed_from_u64(11);
    (0..count)
        .map(|_| {
            let placement = random_placement(&mut rng, squares, key);
            let value = tables.probe_placement(key, placement).unwrap().unwrap();
            (placement, value)
        })
        .collect()
}

/// The first error that opening `dir` and probing `samples` of `key` gives, after checking
/// that every value read before it is the true one.
fn first_error(dir: &Path, key: TableKey, samples: &[(Placement, GameValue)]) -> Option<String> {
    let tables = match Tablebase::open(dir, ParityRules::default()) {
        Ok(tables) => tables,
        Err(error) => return Some(error.to_string()),
    };
    for &(placement, truth) in samples {
        match tables.probe_placement(key, placement) {
            Ok(value) => assert_eq!(value, Some(truth), "a damaged file gave a wrong value"),
            Err(error) => return Some(error.to_string()),
        }
    }
    None
}

/// The header length of a file: where its data begins.
fn header_len(bytes: &[u8]) -> usize {
    bytes.windows(5).position(|w| w == b"\nend\n").unwrap() + 5
}

/// Runs `check` with one byte of `path` changed (xor `mask`), then puts it back.
fn with_flipped<T>(path: &Path, at: usize, mask: u8, check: impl FnOnce() -> T) -> T {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[at] ^= mask;
    std::fs::write(path, &bytes).unwrap();
    let result = check();
    bytes[at] ^= mask;
    std::fs::write(path, &bytes).unwrap();
    result
}

#[test]
fn a_changed_byte_in_any_block_kind_names_the_file() {
    let dir = built("kinds", 3, 2);
    let samples = samples(&dir, DAMAGED, 3000);
    for extension in ["values", "plies"] {
        let name = format!("w3-b2-1.{extension}");
        let path = dir.join(&name);
        let bytes = std::fs::read(&path).unwrap();
        let header = header_len(&bytes);
        let blocks = (bytes.len() - header - 4).div_ceil(65536 + 4);
        let data_end = bytes.len() - 4 * (blocks + 1);
        // (where, what the error must say): the header, the first, a middle and the last
        // (short) data block, a block checksum, and the seal.
        let layout = bytes.windows(7).position(|w| w == b"layout ").unwrap() + 8;
        let mut places = vec![
            (
                layout,
                "header or its block checksums are damaged".to_string(),
            ),
            (header, format!("block 1 of {blocks}")),
            (data_end - 1, format!("block {blocks} of {blocks}")),
            (
                data_end + 2,
                "header or its block checksums are damaged".to_string(),
            ),
            (
                bytes.len() - 1,
                "header or its block checksums are damaged".to_string(),
            ),
        ];
        if blocks > 2 {
            places.push((header + 65536 + 7, format!("block 2 of {blocks}")));
        }
        for (at, expected) in places {
            let error = with_flipped(&path, at, 0x10, || first_error(&dir, DAMAGED, &samples))
                .unwrap_or_else(|| panic!("{name}: byte {at} changed, and no error"));
            assert!(error.contains(&name), "{error}");
            assert!(error.contains(&expected), "byte {at}: {error}");
            assert!(error.contains("boardlab tablebase"), "{error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn random_damage_never_gives_a_wrong_value() {
    let dir = built("fuzz", 3, 2);
    let samples = samples(&dir, DAMAGED, 3000);
    let mut rng = SmallRng::seed_from_u64(3);
    for round in 0..150 {
        let extension = ["values", "plies"][round % 2];
        let path = dir.join(format!("w3-b2-1.{extension}"));
        let len = std::fs::metadata(&path).unwrap().len() as usize;
        let at = rng.random_range(0..len);
        let mask = rng.random_range(1..=255u8);
        // `first_error` checks every value read before an error; every block is read by
        // some sample, so every change is found.
        let error = with_flipped(&path, at, mask, || first_error(&dir, DAMAGED, &samples));
        assert!(error.is_some(), "{extension} byte {at} ^ {mask}: no error");
    }
    // Put back, the files read as before.
    assert_eq!(first_error(&dir, DAMAGED, &samples), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn build_rebuilds_a_damaged_table() {
    let dir = built("rebuild", 2, 2);
    let key = TableKey {
        white: 2,
        black: 1,
        side: 1,
    };
    let samples = samples(&dir, key, 500);
    let path = dir.join("w2-b1-1.plies");
    let mut bytes = std::fs::read(&path).unwrap();
    let at = header_len(&bytes) + 100;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(first_error(&dir, key, &samples).is_some());
    let geometry = Geometry::new(ParityRules::default().layout).unwrap();
    let options = BuildOptions {
        max_white: 2,
        max_black: 2,
        threads: 2,
    };
    tablebase::build(&geometry, &dir, options, &tablebase::Quiet).unwrap();
    assert_eq!(first_error(&dir, key, &samples), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The error of opening `dir` with `name` replaced by `text` (a header of one's own).
fn refused_with(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    let saved = std::fs::read(&path).unwrap();
    std::fs::write(&path, text).unwrap();
    let error = Tablebase::open(dir, ParityRules::default())
        .err()
        .expect("the file is refused")
        .to_string();
    std::fs::write(&path, saved).unwrap();
    assert!(error.contains(name), "{error}");
    assert!(!error.contains('\n'), "{error}");
    error
}

#[test]
fn bad_headers_old_formats_cut_files_and_misnamed_files_are_clear_errors() {
    let dir = built("headers", 2, 1);
    let name = "w2-b1-1.values";
    let sound_bytes = std::fs::read(dir.join(name)).unwrap();
    let header = std::str::from_utf8(&sound_bytes[..header_len(&sound_bytes)]).unwrap();
    // An old file without checksums.
    let old = header
        .replace("tablebase 3", "tablebase 1")
        .replace("block-bytes 65536\nchecksums crc32\n", "");
    let error = refused_with(&dir, name, &old);
    assert!(
        error.contains("format 1") && error.contains("rebuild"),
        "{error}"
    );
    // A file of format 2: checksums, but its positions in the order before format 3.
    let error = refused_with(&dir, name, header.replace("tablebase 3", "tablebase 2"));
    assert!(
        error.contains("format 2") && error.contains("order") && error.contains("rebuild"),
        "{error}"
    );
    // Numbers too large for their fields are shown as written, and refused.
    for (field, found) in [
        ("white 2", "white 99999999999"),
        ("side 1", "side 99999999999"),
    ] {
        let error = refused_with(&dir, name, header.replace(field, found));
        assert!(error.contains("99999999999"), "{error}");
        assert!(!error.contains("1215752191"), "{error}");
    }
    let positions = header
        .lines()
        .find(|line| line.starts_with("positions "))
        .unwrap();
    let error = refused_with(
        &dir,
        name,
        header.replace(positions, "positions 99999999999"),
    );
    assert!(error.contains("99999999999 positions"), "{error}");
    // A file cut short, or with its header alone.
    let error = refused_with(&dir, name, &sound_bytes[..sound_bytes.len() / 2]);
    assert!(error.contains("cut short"), "{error}");
    let error = refused_with(&dir, name, "boardlab parity tablebase 3\nlayout");
    assert!(error.contains("inside its header"), "{error}");
    // A file of another table under this name.
    let other = std::fs::read(dir.join("w1-b1-1.values")).unwrap();
    let error = refused_with(&dir, name, other);
    assert!(error.contains("w1-b1-1.values"), "{error}");
    // A missing file.
    std::fs::remove_file(dir.join("w2-b1-1.plies")).unwrap();
    let error = Tablebase::open(&dir, ParityRules::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.contains("w2-b1-1.plies") && error.contains("No such file"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_system_error_is_said_once() {
    // A path through a file is "not a directory": the message holds the system's words
    // once, and the error does not also offer them as its source.
    let file = std::env::temp_dir().join(format!("boardlab-tb-file-{}", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    let error = Tablebase::open(&file.join("tables"), ParityRules::default())
        .err()
        .unwrap();
    let message = error.to_string();
    assert_eq!(message.matches("os error").count(), 1, "{message}");
    assert!(std::error::Error::source(&error).is_none(), "{error:?}");
    assert!(matches!(error, TablebaseError::Io { .. }));
    std::fs::remove_file(&file).unwrap();
}

#[test]
#[ignore = "a measurement: prints probes a second"]
fn probe_speed() {
    let dir = built("speed", 3, 3);
    let rules = ParityRules::default();
    let squares = Geometry::new(rules.layout).unwrap().squares();
    let mut rng = SmallRng::seed_from_u64(7);
    let keys: Vec<TableKey> = Tablebase::open(&dir, rules).unwrap().materials();
    let probes: Vec<(TableKey, Placement)> = (0..1_000_000)
        .map(|i| {
            let key = keys[i % keys.len()];
            (key, random_placement(&mut rng, squares, key))
        })
        .collect();
    let tables = Tablebase::open(&dir, rules).unwrap();
    for round in ["first", "again"] {
        let started = Instant::now();
        let mut wins = 0u32;
        for &(key, placement) in &probes {
            let value = tables.probe_placement(key, placement).unwrap().unwrap();
            wins += u32::from(matches!(value, GameValue::Win(_)));
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{round}: {} probes in {seconds:.3} s ({:.0} ns a probe; {wins} wins)",
            probes.len(),
            seconds * 1e9 / probes.len() as f64
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
