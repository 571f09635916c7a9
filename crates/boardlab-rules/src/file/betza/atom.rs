//! Betza atoms: the leapers, each a step `(m, n)` taken in all its symmetric directions, and
//! the shorthands that stand for several of them.

/// The largest number in an `(m,n)` atom and the longest ride (`W15`).
pub const MAX_STEP: u8 = 15;

/// A leaper: the step `(m, n)`, `m >= n`, `m >= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaper {
    /// The longer leg.
    pub m: u8,
    /// The shorter leg.
    pub n: u8,
}

/// What an atom letter stands for: its leapers and how far they go by default (1 for a
/// leaper, 0 for riders without limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    pub leapers: &'static [Leaper],
    pub range: u8,
    /// Whether it is a shorthand (K R B Q), which neither doubles nor stands for one leaper.
    pub shorthand: bool,
}

const fn leaper(m: u8, n: u8) -> Leaper {
    Leaper { m, n }
}

const fn one(leapers: &'static [Leaper]) -> Letter {
    Letter {
        leapers,
        range: 1,
        shorthand: false,
    }
}

const fn short(leapers: &'static [Leaper], range: u8) -> Letter {
    Letter {
        leapers,
        range,
        shorthand: true,
    }
}

const W: Leaper = leaper(1, 0);
const F: Leaper = leaper(1, 1);

/// Every atom letter and shorthand.
const TABLE: [(char, Letter); 13] = [
    ('W', one(&[W])),
    ('F', one(&[F])),
    ('D', one(&[leaper(2, 0)])),
    ('N', one(&[leaper(2, 1)])),
    ('A', one(&[leaper(2, 2)])),
    ('H', one(&[leaper(3, 0)])),
    ('C', one(&[leaper(3, 1)])),
    ('Z', one(&[leaper(3, 2)])),
    ('G', one(&[leaper(3, 3)])),
    ('K', short(&[W, F], 1)),
    ('R', short(&[W], 0)),
    ('B', short(&[F], 0)),
    ('Q', short(&[W, F], 0)),
];

/// What the letter `c` stands for, if it is an atom or shorthand.
pub fn letter(c: char) -> Option<Letter> {
    TABLE
        .iter()
        .find(|(l, _)| *l == c)
        .map(|&(_, letter)| letter)
}

/// The atom letters in order, for messages.
pub const LETTERS: &str = "W F D N A H C Z G";

impl Leaper {
    /// Its vectors `(dx, dy)`, each once, going round from the forward ones:
    /// `(n,m) (m,n) (m,-n) (n,-m) (-n,-m) (-m,-n) (-m,n) (-n,m)`.
    pub fn vectors(self) -> Vec<(i8, i8)> {
        let (m, n) = (self.m as i8, self.n as i8);
        let mut out = Vec::with_capacity(8);
        for v in [
            (n, m),
            (m, n),
            (m, -n),
            (n, -m),
            (-n, -m),
            (-m, -n),
            (-m, n),
            (-n, m),
        ] {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out
    }

    /// Whether its steps go straight along a rank or file (W, D, H).
    pub fn orthogonal(self) -> bool {
        self.n == 0
    }

    /// Whether its steps are neither orthogonal nor diagonal (N, C, Z), so that each half
    /// of the board has a narrow and a wide pair of them.
    pub fn oblique(self) -> bool {
        self.n != 0 && self.n != self.m
    }
}
