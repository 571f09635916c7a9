//! How the commands that read record and data files (`tune --records`, `tune --data`,
//! `train --data`) deal with entries they cannot use: each is reported on standard error
//! with its file, place and reason; then the command fails, or, given `--skip-bad`, goes on
//! without them and says how many it skipped.

use anyhow::{Result, bail};
use boardlab_ai::BadEntry;
use boardlab_core::count;
use std::path::Path;

/// Reports the `bad` entries among the `total` entries (`one`/`many`: "record"/"records")
/// of the file `path`: with `skip_bad`, a warning line each and a count at the end; else an
/// error line each and an error that stops the command.
pub fn report(
    path: &Path,
    bad: &[BadEntry],
    total: usize,
    (one, many): (&str, &str),
    skip_bad: bool,
) -> Result<()> {
    if bad.is_empty() {
        return Ok(());
    }
    let file = path.display();
    let share = format!("{} of {}", bad.len(), count(total as u64, one, many));
    if skip_bad {
        for entry in bad {
            note!("warning: {file}: {entry} (skipped)");
        }
        note!("warning: {file}: skipped {share} (--skip-bad)");
        return Ok(());
    }
    for entry in bad {
        note!("error: {file}: {entry}");
    }
    bail!(
        "{file}: {share} cannot be used (listed above); correct them, or pass --skip-bad to go on without them"
    )
}
