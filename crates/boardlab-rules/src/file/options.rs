//! `[options.NAME]`: the rule options a file offers, each a switch whose `when_on` table is
//! laid over the file while it is on.

use super::error::RulesFileError;
use super::fields::{Fields, said};
use super::tree::{Table, Value};
use crate::definition::{MAX_OPTIONS, RuleOption};

const OPTION_KEYS: [&str; 3] = ["help", "default", "when_on"];

/// The option names the draw rules use, which a file's options may not take.
pub const RESERVED_NAMES: [&str; 2] = ["no_progress_plies", "threefold_repetition"];

/// The keys a `when_on` table may not change.
const FIXED_KEYS: [&str; 3] = ["id", "extends", "options"];

/// An option as the file offers it, with the places of its `when_on` keys.
#[derive(Clone)]
pub(crate) struct Offered {
    pub name: String,
    pub help: String,
    pub default: bool,
    pub when_on: Table,
}

impl Offered {
    /// The option as a definition carries it.
    pub fn to_rule_option(&self) -> RuleOption {
        RuleOption {
            name: self.name.clone(),
            help: self.help.clone(),
            default: self.default,
            when_on: self.when_on.to_toml(),
        }
    }
}

/// Whether `name` may name an option: a lowercase letter, then lowercase letters, digits
/// and `_`, at most 32 characters, and not a draw rule's name.
fn is_option_name(name: &str) -> bool {
    name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The options of the file's `[options]` table, in file order.
pub(crate) fn read(top: &Fields<'_>) -> Result<Vec<Offered>, RulesFileError> {
    let Some(entry) = top.entry("options") else {
        return Ok(Vec::new());
    };
    let Value::Table(table) = &entry.node.value else {
        return Err(top.wrong(
            "options",
            &entry.node,
            "a table of options ([options.NAME])",
        ));
    };
    if let Some(extra) = table.entries.get(MAX_OPTIONS) {
        return Err(extra.key_place.error(format!(
            "more than {MAX_OPTIONS} options ({}); a file offers at most {MAX_OPTIONS}",
            table.entries.len()
        )));
    }
    let mut out = Vec::new();
    for option in &table.entries {
        let name = &option.key;
        if !is_option_name(name) {
            return Err(option.key_place.error(format!(
                "option name {} is not allowed; a name is a lowercase letter, then lowercase letters, digits and '_', at most 32 characters",
                said(name)
            )));
        }
        if RESERVED_NAMES.contains(&name.as_str()) {
            return Err(option.key_place.error(format!(
                "option name \"{name}\" is the draw rule's own; every game with draws offers {} already (set their defaults in [end])",
                RESERVED_NAMES.join(" and ")
            )));
        }
        let Value::Table(t) = &option.node.value else {
            return Err(option.node.place.error(format!(
                "options.{name} must be a table (help, default, when_on), found {}",
                option.node.value.kind()
            )));
        };
        let path = format!("options.{name}");
        let fields = Fields::new(t, &path, &option.key_place, &OPTION_KEYS)?;
        fields.required("help", "what the option does, in words")?;
        let help = super::top::line_of_text(&fields, "help", 200)?.unwrap_or_default();
        fields.required(
            "when_on",
            "the keys that change while the option is on, as a table",
        )?;
        let when_on = match &fields.entry("when_on").map(|e| &e.node) {
            Some(node) => match &node.value {
                Value::Table(t) => t.clone(),
                _ => {
                    return Err(fields.wrong(
                        "when_on",
                        node,
                        "a table of the keys that change while the option is on",
                    ));
                }
            },
            None => Table::default(),
        };
        if let Some(fixed) = when_on
            .entries
            .iter()
            .find(|e| FIXED_KEYS.contains(&e.key.as_str()))
        {
            return Err(fixed.key_place.error(format!(
                "{path}.when_on cannot change {}; an option changes the rules, not {}",
                fixed.key,
                FIXED_KEYS.join(", ")
            )));
        }
        out.push(Offered {
            name: name.clone(),
            help: help.to_string(),
            default: fields.boolean("default", false)?,
            when_on,
        });
    }
    Ok(out)
}
