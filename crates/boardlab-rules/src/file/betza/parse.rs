//! Reading Betza text into terms: each term is the modifier letters before an atom, the
//! atom, and how far it rides (a doubled atom or a number after it).

use super::BetzaError;
use super::atom::{LETTERS, Leaper, MAX_STEP, letter};

/// One atom with its modifiers.
#[derive(Clone, Debug)]
pub struct Term {
    /// Every modifier letter before the atom, with its index (in characters).
    pub modifiers: Vec<(char, usize)>,
    /// The atom's text (`N`, `(3,1)`, `K`) and its index.
    pub atom: String,
    /// Its index in the text.
    pub atom_index: usize,
    /// The leapers it stands for.
    pub leapers: Vec<Leaper>,
    /// 1 for a leaper, 0 for a rider without limit, else the most steps it rides.
    pub range: u8,
    /// Where the text makes it ride: the doubled atom or the number; the atom itself for
    /// the riding shorthands R, B and Q.
    pub ride_index: Option<usize>,
}

/// Whether `c` is a modifier letter.
pub fn is_modifier(c: char) -> bool {
    matches!(
        c,
        'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'm' | 'c' | 'i' | 'n' | 'p'
    )
}

/// The message for a character that is neither an atom nor a modifier.
fn not_betza(c: char) -> String {
    format!(
        "{} is not a Betza atom or modifier; atoms: {LETTERS} or (m,n), shorthands K R B Q, each optionally doubled (WW) or followed by a range (W2); modifiers before an atom: f b l r v s m c i n p",
        shown(c)
    )
}

/// A character as messages show it.
pub fn shown(c: char) -> String {
    if c == ' ' {
        "a space".to_string()
    } else if c.is_control() || c.is_whitespace() {
        format!("the character {}", c.escape_default())
    } else {
        format!("'{c}'")
    }
}

/// The terms of `text`.
pub fn terms(text: &str) -> Result<Vec<Term>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut modifiers = Vec::new();
        while i < chars.len() && is_modifier(chars[i]) {
            modifiers.push((chars[i], i));
            i += 1;
        }
        if i == chars.len() {
            let text: String = modifiers.iter().map(|&(c, _)| c).collect();
            return Err(BetzaError::new(
                modifiers[0].1,
                format!(
                    "the modifiers \"{text}\" at the end have no atom after them; a modifier goes before an atom (fW)"
                ),
            ));
        }
        let atom_index = i;
        let (leapers, mut range, shorthand, end) = if chars[i] == '(' {
            let (leaper, end) = pair(&chars, i)?;
            (vec![leaper], 1, false, end)
        } else {
            let Some(l) = letter(chars[i]) else {
                return Err(BetzaError::new(i, not_betza(chars[i])));
            };
            (l.leapers.to_vec(), l.range, l.shorthand, i + 1)
        };
        let atom: String = chars[i..end].iter().collect();
        i = end;
        let mut ride_index = (range == 0).then_some(atom_index);
        if chars[i..].starts_with(&chars[atom_index..end]) {
            if shorthand {
                return Err(BetzaError::new(
                    i,
                    format!(
                        "the shorthand {atom} does not double; K is the one-step king, Q the riding queen, and R, B, Q already ride (write R2 for at most two steps)"
                    ),
                ));
            }
            range = 0;
            ride_index = Some(i);
            i = end + (end - atom_index);
        }
        if i < chars.len() && chars[i].is_ascii_digit() {
            if range == 0 && !shorthand {
                return Err(BetzaError::new(
                    i,
                    format!(
                        "{atom}{atom} already rides without limit; write {atom}{} for a ride of at most that many steps",
                        chars[i]
                    ),
                ));
            }
            let (n, end) = number(&chars, i);
            if !(1..=u32::from(MAX_STEP)).contains(&n) {
                return Err(BetzaError::new(
                    i,
                    format!("a range after an atom is from 1 to {MAX_STEP} steps, found {n}"),
                ));
            }
            range = n as u8;
            ride_index = Some(i);
            i = end;
        }
        out.push(Term {
            modifiers,
            atom,
            atom_index,
            leapers,
            range,
            ride_index,
        });
    }
    Ok(out)
}

/// The number of digits at `i` (saturating) and the index after them.
fn number(chars: &[char], mut i: usize) -> (u32, usize) {
    let mut n: u32 = 0;
    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d);
        i += 1;
    }
    (n, i)
}

/// The atom `(m,n)` that starts at `start` (an opening bracket) and the index after it.
fn pair(chars: &[char], start: usize) -> Result<(Leaper, usize), BetzaError> {
    let form =
        "an (m,n) atom is written (m,n) with whole numbers 0 <= n <= m <= 15, m >= 1, like (3,1)";
    let mut i = start + 1;
    let expect_number = |i: usize| -> Result<(u32, usize), BetzaError> {
        match chars.get(i) {
            Some(c) if c.is_ascii_digit() => Ok(number(chars, i)),
            Some(&c) => Err(BetzaError::new(
                i,
                format!("{} where a number belongs; {form}", shown(c)),
            )),
            None => Err(BetzaError::new(
                start,
                format!("the ( is not closed; {form}"),
            )),
        }
    };
    let (m, after) = expect_number(i)?;
    let m_index = i;
    i = after;
    match chars.get(i) {
        Some(',') => i += 1,
        Some(&c) => {
            return Err(BetzaError::new(
                i,
                format!("{} where a comma belongs; {form}", shown(c)),
            ));
        }
        None => {
            return Err(BetzaError::new(
                start,
                format!("the ( is not closed; {form}"),
            ));
        }
    }
    let (n, after) = expect_number(i)?;
    i = after;
    match chars.get(i) {
        Some(')') => i += 1,
        Some(&c) => {
            return Err(BetzaError::new(
                i,
                format!("{} where ) belongs; {form}", shown(c)),
            ));
        }
        None => {
            return Err(BetzaError::new(
                start,
                format!("the ( is not closed; {form}"),
            ));
        }
    }
    let max = u32::from(MAX_STEP);
    if m > max || n > max {
        return Err(BetzaError::new(
            m_index,
            format!("({m},{n}) is too long a step: {form}"),
        ));
    }
    if m == 0 && n == 0 {
        return Err(BetzaError::new(
            m_index,
            format!("(0,0) does not move; {form}"),
        ));
    }
    if n > m {
        return Err(BetzaError::new(
            m_index,
            format!("write the larger number first: ({n},{m}), which is the same leaper"),
        ));
    }
    Ok((
        Leaper {
            m: m as u8,
            n: n as u8,
        },
        i,
    ))
}
