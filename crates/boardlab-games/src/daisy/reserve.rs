//! A player's reserve ("hand"): how many pieces of each letter they may drop.

use super::piece::Kind;
use std::fmt::Write;

/// The pieces one player holds in reserve: a count per letter, indexed by [`Kind::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve(pub(super) [u8; 8]);

impl Reserve {
    /// The reserve each player starts with: A, B, C, D×2, E×2, F×2, G×2, H×9.
    pub const START: Reserve = Reserve(Kind::START_COUNTS);

    /// An empty reserve.
    pub const EMPTY: Reserve = Reserve([0; 8]);

    /// How many pieces of `kind` the reserve holds.
    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Whether the reserve holds no piece at all.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 8]
    }

    /// The number of pieces in the reserve.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// How many different letters the reserve holds: the number of different drops per
    /// empty square. Counts stay below 128, so adding 0x7F to a byte sets its top bit exactly
    /// when the count is not zero, without carrying into the next byte.
    #[inline]
    pub fn distinct_kinds(&self) -> u32 {
        let bytes = u64::from_le_bytes(self.0);
        ((bytes + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080).count_ones()
    }

    /// The kinds the reserve holds at least one of, in letter order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL.into_iter().filter(|&k| self.count(k) > 0)
    }

    /// The reserve in position text: letters in order, each preceded by its count when above
    /// one (`ABC2D2E2F2G9H`), in upper or lower case.
    pub fn text(&self, uppercase: bool) -> String {
        let mut out = String::new();
        for kind in self.kinds() {
            let letter = if uppercase {
                kind.letter()
            } else {
                kind.letter().to_ascii_lowercase()
            };
            match self.count(kind) {
                1 => out.push(letter),
                n => {
                    let _ = write!(out, "{n}{letter}");
                }
            }
        }
        out
    }

    /// The reserve for people: `A B C D×2 …`, or `(empty)`.
    pub fn describe(&self, uppercase: bool) -> String {
        if self.is_empty() {
            return "(empty)".to_string();
        }
        let words: Vec<String> = self
            .kinds()
            .map(|kind| {
                let letter = if uppercase {
                    kind.letter()
                } else {
                    kind.letter().to_ascii_lowercase()
                };
                match self.count(kind) {
                    1 => letter.to_string(),
                    n => format!("{letter}×{n}"),
                }
            })
            .collect();
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_text() {
        assert_eq!(Reserve::START.distinct_kinds(), 8);
        assert_eq!(Reserve::EMPTY.distinct_kinds(), 0);
        assert_eq!(Reserve([0, 0, 18, 0, 1, 0, 0, 0]).distinct_kinds(), 2);
        assert_eq!(Reserve::START.text(true), "ABC2D2E2F2G9H");
        assert_eq!(Reserve::START.text(false), "abc2d2e2f2g9h");
        assert_eq!(Reserve::START.total(), 20);
        assert_eq!(Reserve::START.describe(true), "A B C D×2 E×2 F×2 G×2 H×9");
        assert_eq!(Reserve::EMPTY.describe(false), "(empty)");
    }
}
