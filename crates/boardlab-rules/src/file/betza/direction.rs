//! Direction modifiers: which of a leaper's vectors the letters `f b l r v s` before it keep.
//!
//! Each letter alone keeps the vectors on one side: `f` forward (`dy > 0`), `b` backward,
//! `l` left (`dx < 0`), `r` right, `v` the vertical-ish ones (`|dy| > |dx|`), `s` the
//! sideways-ish ones (`|dx| > |dy|`). Two adjacent letters may form a pair, which keeps the
//! vectors both keep: `fl fr bl br lf rf lb rb` on every atom, `ff bb` (forward or backward,
//! and narrow: `|dy| > |dx|`) on every atom, `fs bs` (forward or backward, and wide) on
//! oblique atoms only, since on the others `fs` is read as `f` and `s` (`fsW`: forward, left,
//! right). Groups unite. A group that keeps no vector of its atom is an error.

use super::atom::Leaper;

/// A direction letter and its index (in characters) in the Betza text.
pub type Letter = (char, usize);

/// One group of direction letters: one letter or an adjacent pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its text (`f`, `fl`).
    pub text: String,
    /// The index of its first letter in the Betza text.
    pub index: usize,
}

/// Whether `c` is a direction modifier.
pub fn is_direction(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's')
}

/// The letters read into groups for `leaper`, pairs taken greedily from the left.
pub fn groups(letters: &[Letter], leaper: Leaper) -> Vec<Group> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (a, at) = letters[i];
        if let Some(&(b, next)) = letters.get(i + 1)
            && next == at + 1
            && pairs(a, b, leaper)
        {
            out.push(Group {
                text: format!("{a}{b}"),
                index: at,
            });
            i += 2;
        } else {
            out.push(Group {
                text: a.to_string(),
                index: at,
            });
            i += 1;
        }
    }
    out
}

/// Whether `a` then `b` form a pair on `leaper`.
fn pairs(a: char, b: char, leaper: Leaper) -> bool {
    matches!(
        (a, b),
        ('f' | 'b', 'l' | 'r') | ('l' | 'r', 'f' | 'b') | ('f', 'f') | ('b', 'b')
    ) || (leaper.oblique() && matches!((a, b), ('f' | 'b', 's')))
}

/// Whether the vector `(dx, dy)` is kept by the single letter `c`.
fn keeps_one(c: char, (dx, dy): (i8, i8)) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dy.abs() > dx.abs(),
        's' => dx.abs() > dy.abs(),
        _ => false,
    }
}

impl Group {
    /// Whether the group keeps the vector.
    pub fn keeps(&self, vector: (i8, i8)) -> bool {
        let mut letters = self.text.chars();
        let first = letters.next().unwrap_or(' ');
        match letters.next() {
            None => keeps_one(first, vector),
            // A doubled letter (ff, bb) is that direction and narrow.
            Some(second) if second == first => keeps_one(first, vector) && keeps_one('v', vector),
            Some(second) => keeps_one(first, vector) && keeps_one(second, vector),
        }
    }
}

/// What direction modifiers do on `leaper`, for the message about a group that keeps none.
pub fn usable_on(leaper: Leaper) -> &'static str {
    if leaper.orthogonal() {
        "on an orthogonal atom use f, b, l, r, v (forward and backward) or s (left and right); ff is f, and a pair like fl keeps nothing"
    } else if leaper.oblique() {
        "on an oblique atom use f, b, l, r, v, s and the pairs ff bb (narrow), fs bs (wide), fl fr bl br"
    } else {
        "on a diagonal atom use f, b, l, r and the pairs fl fr bl br; v, s, ff and bb keep nothing"
    }
}
