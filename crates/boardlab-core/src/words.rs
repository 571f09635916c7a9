//! How messages word what they report: a count with its noun in the right number
//! ([`count`]: "1 ply", "2 plies"), a large number with thousands separators
//! ([`thousands`]), and text a user gave, quoted and cut to a readable length ([`quoted`]),
//! so that an error about a 1.5 MB line does not print the line.

use std::fmt;

/// The most characters of a user's text an error message repeats.
pub const QUOTED_CHARS: usize = 100;

/// `n` and its noun: `one` for 1, `many` otherwise ("1 ply", "0 plies", "2 plies").
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` with a comma between each group of three digits: `1,500,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `text` as an error message repeats it: in single quotes, control characters escaped
/// (so that the message stays one line), and cut after [`QUOTED_CHARS`] characters with
/// an ellipsis and the full length: `'abc…' (1,500,000 characters)`.
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// Moves (or any items) as text for a message, sorted, at most ten of them, separated by
/// commas, then how many more there are: `a1b2, a1c3 and 4 more`.
pub fn short_list<T: fmt::Display>(items: &[T]) -> String {
    let mut texts: Vec<String> = items.iter().map(|item| item.to_string()).collect();
    texts.sort();
    let more = texts.len().saturating_sub(10);
    texts.truncate(10);
    let mut list = texts.join(", ");
    if more > 0 {
        list.push_str(&format!(" and {more} more"));
    }
    list
}

/// Another program's message (a parser's, an argument reader's) with every part it puts
/// between `quote` characters shown as [`quoted`] shows it: the user's input it repeats is
/// cut short and kept on one line.
pub fn requoted(message: &str, quote: char) -> String {
    message
        .split(quote)
        .enumerate()
        .map(|(at, part)| {
            if at % 2 == 1 {
                quoted(part).to_string()
            } else {
                part.to_string()
            }
        })
        .collect()
}

/// A user's text as [`quoted`] shows it.
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("'")?;
        let mut shown = 0;
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(QUOTED_CHARS) {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
            shown += 1;
        }
        if chars.next().is_none() {
            return f.write_str("'");
        }
        let total = shown + 1 + chars.count();
        write!(f, "…' ({} characters)", thousands(total as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "ply", "plies"), "1 ply");
        assert_eq!(count(0, "ply", "plies"), "0 plies");
        assert_eq!(count(2, "ply", "plies"), "2 plies");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_500_000), "1,500,000");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        assert_eq!(quoted("e2e4").to_string(), "'e2e4'");
        let exact = "x".repeat(QUOTED_CHARS);
        assert_eq!(quoted(&exact).to_string(), format!("'{exact}'"));
        let long = "é".repeat(1_500_000);
        let shown = quoted(&long).to_string();
        assert_eq!(
            shown,
            format!("'{}…' (1,500,000 characters)", "é".repeat(QUOTED_CHARS))
        );
        assert_eq!(quoted("a\nb").to_string(), "'a\\nb'");
    }

    #[test]
    fn requoted_messages_cut_what_they_repeat() {
        let long = "y".repeat(2 * QUOTED_CHARS);
        let message = format!("invalid type: string \"{long}\", expected u8 at \"x\"");
        let shown = requoted(&message, '"');
        assert!(shown.starts_with("invalid type: string 'yyy"), "{shown}");
        assert!(
            shown.contains(&format!("({} characters)", 2 * QUOTED_CHARS)),
            "{shown}"
        );
        assert!(shown.ends_with(", expected u8 at 'x'"), "{shown}");
        assert_eq!(requoted("no quotes here", '\''), "no quotes here");
    }

    #[test]
    fn short_lists_say_how_many_more() {
        assert_eq!(short_list(&["b", "a"]), "a, b");
        let many: Vec<u32> = (10..22).collect();
        assert_eq!(
            short_list(&many),
            "10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 2 more"
        );
        assert_eq!(short_list::<&str>(&[]), "");
    }
}
