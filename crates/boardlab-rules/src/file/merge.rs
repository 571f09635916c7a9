//! Laying one table over another: what `extends` does with the inherited file and what an
//! option's `when_on` does with the file. Tables merge key by key; any other value replaces
//! the one below; a table `{ removed = true }` takes the table of its name away.

use super::error::RulesFileError;
use super::tree::{Entry, Table, Value};

/// The key that takes an inherited table away (`[pieces.knight] removed = true`).
pub const REMOVED: &str = "removed";

/// Lays `top` over `base`, both whole files. Inside an option's `when_on` table, `removed`
/// is kept as it is: it applies when the option is laid over the file.
pub(crate) fn lay_over(base: &mut Table, top: &Table) -> Result<(), RulesFileError> {
    lay_over_at(base, top, &mut Vec::new())
}

/// Lays `top` over `base`, which is the table at `path` (keys from the file's top).
fn lay_over_at(
    base: &mut Table,
    top: &Table,
    path: &mut Vec<String>,
) -> Result<(), RulesFileError> {
    for entry in &top.entries {
        path.push(entry.key.clone());
        let result = lay_entry(base, entry, path);
        path.pop();
        result?;
    }
    Ok(())
}

/// Whether `path` is an option's `when_on` table (`options.NAME.when_on`).
fn is_when_on(path: &[String]) -> bool {
    matches!(path, [options, _, when_on] if options == "options" && when_on == "when_on")
}

/// Lays one entry of `top` over `base`, which is the table at `path` less its last key.
fn lay_entry(
    base: &mut Table,
    entry: &Entry,
    path: &mut Vec<String>,
) -> Result<(), RulesFileError> {
    let here = path.join(".");
    if is_when_on(path) {
        merge_plainly(base, entry);
        return Ok(());
    }
    if let Value::Table(table) = &entry.node.value
        && let Some(removed) = table.get(REMOVED)
    {
        if !matches!(removed.node.value, Value::Boolean(true)) {
            return Err(removed.node.place.error(format!(
                "{REMOVED} in [{here}] takes only true (to take away the inherited [{here}]); leave it out to keep it"
            )));
        }
        if let Some(other) = table.entries.iter().find(|e| e.key != REMOVED) {
            return Err(other.key_place.error(format!(
                "[{here}] has {REMOVED} = true, so it takes no other keys; found \"{}\"",
                other.key
            )));
        }
        if base.remove(&entry.key).is_none() {
            return Err(removed.key_place.error(format!(
                "nothing to remove: no [{here}] is inherited; {REMOVED} = true takes away a table that an extended file (or the file, for an option) defines"
            )));
        }
        return Ok(());
    }
    if let Value::Table(above) = &entry.node.value {
        if let Some(below) = base.get_mut(&entry.key)
            && let Value::Table(below_table) = &mut below.node.value
        {
            return lay_over_at(below_table, above, path);
        }
        let mut fresh = Table::default();
        lay_over_at(&mut fresh, above, path)?;
        let mut entry = entry.clone();
        entry.node.value = Value::Table(fresh);
        base.set(entry);
        return Ok(());
    }
    base.set(entry.clone());
    Ok(())
}

/// Lays `entry` over `base` merging tables key by key, with no key of special meaning.
fn merge_plainly(base: &mut Table, entry: &Entry) {
    if let Value::Table(above) = &entry.node.value
        && let Some(below) = base.get_mut(&entry.key)
        && let Value::Table(below_table) = &mut below.node.value
    {
        for inner in &above.entries {
            merge_plainly(below_table, inner);
        }
        return;
    }
    base.set(entry.clone());
}
