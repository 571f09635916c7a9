//! Betza notation: a piece's `moves` read into [`Movement`]s, its `jumps` into vectors.
//! `docs/rules-files.md` describes the notation; the `direction` module the direction modifiers.

mod atom;
mod direction;
mod parse;
#[cfg(test)]
mod tests;

pub use atom::MAX_STEP;

use crate::definition::{Mode, Movement};
use direction::{Group, groups, is_direction, usable_on};
pub(crate) use parse::shown;
use parse::{Term, terms};

/// What is wrong with a Betza text, and the index (in characters, from 0) of the character
/// where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("character {}: {problem}", index + 1)]
pub struct BetzaError {
    /// The index of the offending character, in characters from 0.
    pub index: usize,
    /// What is wrong and what is allowed.
    pub problem: String,
}

impl BetzaError {
    fn new(index: usize, problem: impl Into<String>) -> BetzaError {
        BetzaError {
            index,
            problem: problem.into(),
        }
    }
}

/// The movements of a `moves` text (`fmWfcFifmnD`): one per leaper of each atom (a
/// shorthand such as `K` gives one for W and one for F) that keeps a vector.
pub fn parse_moves(text: &str) -> Result<Vec<Movement>, BetzaError> {
    let mut out = Vec::new();
    for term in terms(text)? {
        out.extend(movements(&term)?);
    }
    Ok(out)
}

/// The vectors of a `jumps` text (`fF`): leaper atoms with direction modifiers only, each
/// vector once, in the order the text gives them.
pub fn parse_jumps(text: &str) -> Result<Vec<(i8, i8)>, BetzaError> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for term in terms(text)? {
        if let Some(&(c, index)) = term.modifiers.iter().find(|(c, _)| !is_direction(*c)) {
            return Err(BetzaError::new(
                index,
                format!(
                    "{c} has no meaning in jumps: a jump always takes the enemy it leaps over and lands on an empty square; jumps take leaper atoms with the direction modifiers f b l r v s"
                ),
            ));
        }
        if term.range != 1 {
            return Err(BetzaError::new(
                term.ride_index.unwrap_or(term.atom_index),
                format!(
                    "jumps take leapers only (the enemy stands one step away, the piece lands one step beyond it), but {} rides here",
                    term.atom
                ),
            ));
        }
        for vectors in directed(&term)? {
            for v in vectors {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    Ok(out)
}

/// The movements of one term.
fn movements(term: &Term) -> Result<Vec<Movement>, BetzaError> {
    let has = |c: char| term.modifiers.iter().find(|m| m.0 == c).map(|m| m.1);
    let mode = match (has('m'), has('c')) {
        (Some(_), None) => Mode::MoveOnly,
        (None, Some(_)) => Mode::CaptureOnly,
        _ => Mode::Both,
    };
    if let Some(index) = has('n') {
        if term.range != 1 {
            return Err(BetzaError::new(
                index,
                format!(
                    "n (lame) applies to leapers; {} rides, and a rider is blocked by any piece on its way already",
                    term.atom
                ),
            ));
        }
        if term.leapers.iter().any(|l| l.m < 2) {
            return Err(BetzaError::new(
                index,
                format!(
                    "n (lame) applies to leapers of two or more steps (D N A H C Z G, (m,n) with m >= 2); {} has no square on its way",
                    term.atom
                ),
            ));
        }
    }
    if let Some(index) = has('p')
        && term.range == 1
    {
        return Err(BetzaError::new(
            index,
            format!(
                "p (hop) applies to riders (R, B, Q, a doubled atom like WW, or one with a range like W3); {} is a leaper",
                term.atom
            ),
        ));
    }
    Ok(directed(term)?
        .into_iter()
        .map(|vectors| Movement {
            vectors,
            range: term.range,
            mode,
            initial_only: has('i').is_some(),
            lame: has('n').is_some(),
            hop: has('p').is_some(),
        })
        .collect())
}

/// For each leaper of the term, the vectors its direction modifiers keep (leapers that
/// keep none left out); an error where a group of modifiers keeps no vector at all.
fn directed(term: &Term) -> Result<Vec<Vec<(i8, i8)>>, BetzaError> {
    let letters: Vec<(char, usize)> = term
        .modifiers
        .iter()
        .copied()
        .filter(|(c, _)| is_direction(*c))
        .collect();
    let mut used: Vec<(Group, bool)> = Vec::new();
    let mut out = Vec::new();
    for &leaper in &term.leapers {
        let all = leaper.vectors();
        if letters.is_empty() {
            out.push(all);
            continue;
        }
        let groups = groups(&letters, leaper);
        let kept: Vec<(i8, i8)> = all
            .iter()
            .copied()
            .filter(|&v| groups.iter().any(|g| g.keeps(v)))
            .collect();
        for group in groups {
            let keeps = all.iter().any(|&v| group.keeps(v));
            match used.iter_mut().find(|(g, _)| *g == group) {
                Some((_, any)) => *any |= keeps,
                None => used.push((group, keeps)),
            }
        }
        if !kept.is_empty() {
            out.push(kept);
        }
    }
    if let Some((group, _)) = used.iter().find(|(_, keeps)| !keeps) {
        let hint = term.leapers.first().map_or("", |&l| usable_on(l));
        return Err(BetzaError::new(
            group.index,
            format!(
                "the direction modifier{} \"{}\" keep{} no direction of {}; {hint}",
                if group.text.len() > 1 { "s" } else { "" },
                group.text,
                if group.text.len() > 1 { "" } else { "s" },
                term.atom
            ),
        ));
    }
    Ok(out)
}
