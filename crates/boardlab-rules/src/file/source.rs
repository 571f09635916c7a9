//! The text of one rules file and places in it: a [`Loc`] turns a byte offset into the line
//! and column that errors name.

use super::error::RulesFileError;
use std::ops::Range;
use std::sync::Arc;

/// The largest rules file read, in bytes: a real one is a few kilobytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// One file's name (as errors show it) and its text.
#[derive(Debug)]
pub(crate) struct Source {
    pub name: String,
    pub text: String,
}

/// A place in a file: the span of a key or value, in bytes.
#[derive(Clone, Debug)]
pub(crate) struct Loc {
    pub source: Arc<Source>,
    pub span: Range<usize>,
}

/// Where an error is reported: a place in a file, or only a file (or game) name when the
/// value came from a [`Definition`](crate::definition::Definition)'s source, which keeps no
/// places.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    In(Loc),
    Named(Arc<str>),
}

impl Place {
    /// The error `problem` at this place.
    pub fn error(&self, problem: impl Into<String>) -> RulesFileError {
        match self {
            Place::In(loc) => loc.error(problem),
            Place::Named(name) => RulesFileError::File {
                file: name.to_string(),
                problem: problem.into(),
            },
        }
    }

    /// The place of the character `char_index` (from 0) inside the string value that
    /// starts here; the value's own place when the string is written with escapes, so that
    /// the characters of the text and of the value differ.
    pub fn inside_string(&self, value: &str, char_index: usize) -> Place {
        let Place::In(loc) = self else {
            return self.clone();
        };
        let raw = loc.source.text.get(loc.span.clone()).unwrap_or("");
        let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            3
        } else if raw.starts_with('"') || raw.starts_with('\'') {
            1
        } else {
            return self.clone();
        };
        let Some(mut inner) = raw.get(quote..raw.len().saturating_sub(quote)) else {
            return self.clone();
        };
        let mut skipped = quote;
        if quote == 3 {
            for newline in ["\r\n", "\n"] {
                if let Some(rest) = inner.strip_prefix(newline) {
                    inner = rest;
                    skipped += newline.len();
                    break;
                }
            }
        }
        if inner != value {
            return self.clone();
        }
        let offset: usize = value.chars().take(char_index).map(char::len_utf8).sum();
        let start = loc.span.start + skipped + offset;
        Place::In(Loc {
            source: loc.source.clone(),
            span: start..start,
        })
    }
}

impl Loc {
    /// The error `problem` at this place.
    pub fn error(&self, problem: impl Into<String>) -> RulesFileError {
        let (line, column) = line_and_column(&self.source.text, self.span.start);
        RulesFileError::At {
            file: self.source.name.clone(),
            line,
            column,
            problem: problem.into(),
        }
    }
}

/// The line and column (from 1; columns in characters) of byte `offset` of `text`.
pub(crate) fn line_and_column(text: &str, offset: usize) -> (u32, u32) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let column = before[line_start..].chars().count() + 1;
    (saturate(line), saturate(column))
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The text of a file's bytes: refused when larger than [`MAX_FILE_BYTES`] or not UTF-8
/// (the error names the line and column of the first byte that is not).
pub(crate) fn text_of_bytes(name: &str, bytes: Vec<u8>) -> Result<String, RulesFileError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(name));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let valid = std::str::from_utf8(&bytes[..good]).unwrap_or("");
        let (line, column) = line_and_column(valid, good);
        RulesFileError::At {
            file: name.to_string(),
            line,
            column,
            problem: format!(
                "the file is not UTF-8 text (byte 0x{:02X}); rules files are UTF-8",
                bytes[good]
            ),
        }
    })
}

/// The error for a file larger than [`MAX_FILE_BYTES`].
pub(crate) fn too_large(name: &str) -> RulesFileError {
    RulesFileError::File {
        file: name.to_string(),
        problem: format!(
            "the file is larger than {} bytes (1 MiB); a rules file is a few kilobytes",
            boardlab_core::words::thousands(MAX_FILE_BYTES as u64)
        ),
    }
}

/// Reads the file at `path` (at most [`MAX_FILE_BYTES`] and one more byte of it).
pub(crate) fn read_path(path: &std::path::Path) -> Result<String, RulesFileError> {
    use std::io::Read;
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| RulesFileError::File {
        file: name.clone(),
        problem: format!("cannot read the file: {e}"),
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    text_of_bytes(&name, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters_from_one() {
        assert_eq!(line_and_column("", 0), (1, 1));
        assert_eq!(line_and_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_and_column("é = 1", 2), (1, 2));
        assert_eq!(line_and_column("é", 1), (1, 1));
        assert_eq!(line_and_column("ab", 99), (1, 3));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_placed() {
        let e = text_of_bytes("x.toml", b"a = 1\nb = \xff".to_vec()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.toml:2:5: the file is not UTF-8 text (byte 0xFF); rules files are UTF-8"
        );
        let e = text_of_bytes("x.toml", vec![b' '; MAX_FILE_BYTES + 1]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("x.toml: the file is larger than 1,048,576 bytes")
        );
    }
}
