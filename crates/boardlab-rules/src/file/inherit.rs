//! `extends`: a file read with the file it extends beneath it (a built-in one by name, or
//! another file by a path relative to this one), and that one with its own, up to
//! [`MAX_DEPTH`] files; a file that comes round again is a cycle. What a file inherits is
//! everything but `id` (each file has its own) and `extends` (already followed).

use super::builtin::{self, built_in};
use super::error::RulesFileError;
use super::fields::said;
use super::merge::lay_over;
use super::source::{Loc, Place, Source, read_path};
use super::tree::{self, Table, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most files in a chain of `extends`, the file read included.
pub const MAX_DEPTH: usize = 8;

/// One file of a chain: how it is known for cycles, and its name for messages.
struct Link {
    identity: String,
    name: String,
}

/// A file to read: its text and the folder its relative `extends` paths start from.
pub(crate) struct Input {
    pub source: Arc<Source>,
    pub base_dir: Option<PathBuf>,
    pub identity: String,
}

/// The file's keys with every file it extends laid beneath them.
pub(crate) fn resolve(input: Input) -> Result<Table, RulesFileError> {
    resolve_in(input, &mut Vec::new())
}

fn resolve_in(input: Input, chain: &mut Vec<Link>) -> Result<Table, RulesFileError> {
    let mut table = tree::parse(&input.source)?;
    chain.push(Link {
        identity: input.identity,
        name: input.source.name.clone(),
    });
    let mut resolved = Table::default();
    if let Some(extends) = table.remove("extends") {
        let Value::String(target) = &extends.node.value else {
            return Err(extends.node.place.error(format!(
                "extends must be a string (a built-in file's name: {}; or a path ending in .toml, relative to this file), found {}",
                builtin::names(),
                extends.node.value.kind()
            )));
        };
        let parent = locate(target, &extends.node.place, input.base_dir.as_deref())?;
        if let Some(start) = chain.iter().position(|l| l.identity == parent.identity) {
            let names: Vec<&str> = chain[start..].iter().map(|l| l.name.as_str()).collect();
            return Err(extends.node.place.error(format!(
                "extends makes a cycle: {} -> {}; a file cannot extend itself, directly or through others",
                names.join(" -> "),
                parent.source.name
            )));
        }
        if chain.len() >= MAX_DEPTH {
            return Err(extends.node.place.error(format!(
                "extends goes deeper than {MAX_DEPTH} files ({} -> {}); extend a file nearer the base",
                chain.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(" -> "),
                parent.source.name
            )));
        }
        resolved = resolve_in(parent, chain)?;
        resolved.remove("id");
    }
    chain.pop();
    lay_over(&mut resolved, &table)?;
    Ok(resolved)
}

/// The file `extends = target` names, written at `place` in a file in `base_dir`.
fn locate(target: &str, place: &Place, base_dir: Option<&Path>) -> Result<Input, RulesFileError> {
    let is_path = target.ends_with(".toml") || target.contains(['/', '\\']);
    if !is_path {
        let Some(file) = built_in(target) else {
            return Err(place.error(format!(
                "extends names no built-in rules file: {}; built-in files: {}; a path to another file ends in .toml",
                said(target),
                builtin::names()
            )));
        };
        return Ok(Input {
            source: Arc::new(Source {
                name: file.path.to_string(),
                text: file.text.to_string(),
            }),
            base_dir: None,
            identity: format!("built-in {}", file.name),
        });
    }
    let Some(base_dir) = base_dir else {
        return Err(place.error(format!(
            "extends names the path {}, but this file has no folder for a relative path (it is built in or was given as text); extend a built-in file: {}",
            said(target),
            builtin::names()
        )));
    };
    let path = base_dir.join(target);
    let text = read_path(&path).map_err(|e| match e {
        RulesFileError::File { problem, .. } => place.error(format!(
            "extends names {}, which cannot be read: {problem}",
            said(target)
        )),
        placed => placed,
    })?;
    let identity = std::fs::canonicalize(&path)
        .unwrap_or_else(|_| path.clone())
        .display()
        .to_string();
    Ok(Input {
        source: Arc::new(Source {
            name: path.display().to_string(),
            text,
        }),
        base_dir: Some(path.parent().map(Path::to_path_buf).unwrap_or_default()),
        identity,
    })
}

/// The place of a file's beginning, where errors about the file as a whole point (a
/// required key that is missing at the top level).
pub(crate) fn start_of(source: &Arc<Source>) -> Place {
    Place::In(Loc {
        source: source.clone(),
        span: 0..0,
    })
}
