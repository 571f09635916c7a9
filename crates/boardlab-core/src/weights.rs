//! Evaluation weights as named lists of numbers: what a tuner changes, and the text files
//! the fitted weights are kept in.
//!
//! A weights file has one line per named group, the name then its numbers, e.g.
//! `values 500 300 320 0 900 100`; `#` starts a comment. Every group of the weights type
//! must appear once, with its exact count of numbers.

use crate::words::quoted;
use std::collections::HashSet;
use thiserror::Error;

/// Evaluation weights that can be listed as named groups of numbers.
pub trait Tunable: Sized {
    /// Calls `f` with the name and the numbers of every group, in a fixed order.
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32]));

    /// All numbers, group after group.
    fn to_vec(&self) -> Vec<i32>
    where
        Self: Clone,
    {
        let mut copy = self.clone();
        let mut values = Vec::new();
        copy.for_each_group(&mut |_, group| values.extend_from_slice(group));
        values
    }

    /// Sets all numbers from `values`, group after group (as [`to_vec`](Tunable::to_vec)
    /// lists them); extra values are ignored and missing ones leave a number unchanged.
    fn set_from(&mut self, values: &[i32]) {
        let mut next = values.iter();
        self.for_each_group(&mut |_, group| {
            for slot in group.iter_mut() {
                if let Some(&value) = next.next() {
                    *slot = value;
                }
            }
        });
    }

    /// The name of each number, `group[i]` for groups of more than one.
    fn names(&self) -> Vec<String>
    where
        Self: Clone,
    {
        let mut copy = self.clone();
        let mut names = Vec::new();
        copy.for_each_group(&mut |name, group| {
            if group.len() == 1 {
                names.push(name.to_string());
            } else {
                names.extend((0..group.len()).map(|i| format!("{name}[{i}]")));
            }
        });
        names
    }

    /// For every number (as [`to_vec`](Tunable::to_vec) lists them), whether its group is
    /// one of `groups`; an unknown name is an error that lists the groups there are.
    fn in_groups(&self, groups: &[String]) -> Result<Vec<bool>, WeightsError>
    where
        Self: Clone,
    {
        let mut copy = self.clone();
        let (mut marks, mut known) = (Vec::new(), Vec::new());
        copy.for_each_group(&mut |name, group| {
            known.push(name);
            let wanted = groups.iter().any(|g| g == name);
            marks.extend(std::iter::repeat_n(wanted, group.len()));
        });
        match groups.iter().find(|g| !known.contains(&g.as_str())) {
            Some(unknown) => Err(WeightsError::NoSuchGroup {
                name: unknown.clone(),
                groups: known.join(", "),
            }),
            None => Ok(marks),
        }
    }

    /// The weights as a weights file.
    fn to_text(&self) -> String
    where
        Self: Clone,
    {
        let mut copy = self.clone();
        let mut text = String::new();
        copy.for_each_group(&mut |name, group| {
            text.push_str(name);
            for value in group.iter() {
                text.push_str(&format!(" {value}"));
            }
            text.push('\n');
        });
        text
    }

    /// `self` with the numbers of a weights file that ships inside the program. Each game's
    /// tests read its shipped file, so a bad one fails the tests; here it would panic.
    fn with_shipped(mut self, text: &str) -> Self {
        self.read_text(text)
            .expect("the shipped weights file is valid (the game's tests read it)");
        self
    }

    /// Reads a weights file over `self`, which must name every group exactly once.
    fn read_text(&mut self, text: &str) -> Result<(), WeightsError> {
        let mut lines: Vec<(usize, &str, Vec<&str>)> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            if let Some(name) = words.next() {
                lines.push((number + 1, name, words.collect()));
            }
        }
        let mut result = Ok(());
        let mut seen = HashSet::new();
        self.for_each_group(&mut |name, group| {
            if result.is_err() {
                return;
            }
            seen.insert(name);
            let Some((line, _, words)) = lines.iter().find(|(_, n, _)| *n == name) else {
                result = Err(WeightsError::Missing { name });
                return;
            };
            if words.len() != group.len() {
                result = Err(WeightsError::Count {
                    line: *line,
                    name,
                    expected: group.len(),
                    found: words.len(),
                });
                return;
            }
            for (slot, word) in group.iter_mut().zip(words) {
                match word.parse::<i32>() {
                    Ok(value) => *slot = value,
                    Err(_) => {
                        result = Err(WeightsError::Number {
                            line: *line,
                            word: word.to_string(),
                        });
                        return;
                    }
                }
            }
        });
        result?;
        if let Some((line, name, _)) = lines.iter().find(|(_, n, _)| !seen.contains(n)) {
            return Err(WeightsError::Unknown {
                line: *line,
                name: name.to_string(),
            });
        }
        Ok(())
    }
}

/// A weights file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightsError {
    /// A group of the weights has no line.
    #[error("weights file: no line for '{name}'")]
    Missing {
        /// The group.
        name: &'static str,
    },
    /// A line names no group of the weights.
    #[error("weights file line {line}: unknown name {}", quoted(name))]
    Unknown {
        /// The line number, from 1.
        line: usize,
        /// The name given.
        name: String,
    },
    /// A line has the wrong count of numbers.
    #[error("weights file line {line}: '{name}' takes {expected} numbers, found {found}")]
    Count {
        /// The line number, from 1.
        line: usize,
        /// The group.
        name: &'static str,
        /// The numbers the group has.
        expected: usize,
        /// The numbers given.
        found: usize,
    },
    /// A group asked for by name that the weights do not have.
    #[error("the weights have no group {}; they have: {groups}", quoted(name))]
    NoSuchGroup {
        /// The name given.
        name: String,
        /// The groups there are, joined by commas.
        groups: String,
    },
    /// A word that is not a whole number.
    #[error("weights file line {line}: {} is not a whole number", quoted(word))]
    Number {
        /// The line number, from 1.
        line: usize,
        /// The word given.
        word: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Example {
        values: [i32; 3],
        bonus: i32,
    }

    impl Tunable for Example {
        fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
            f("values", &mut self.values);
            f("bonus", std::slice::from_mut(&mut self.bonus));
        }
    }

    #[test]
    fn numbers_are_marked_by_their_group_and_unknown_groups_named() {
        let example = Example::default();
        assert_eq!(
            example.in_groups(&["bonus".to_string()]),
            Ok(vec![false, false, false, true])
        );
        assert_eq!(example.in_groups(&[]), Ok(vec![false; 4]));
        let error = example.in_groups(&["bonuses".to_string()]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the weights have no group 'bonuses'; they have: values, bonus"
        );
    }

    #[test]
    fn weights_round_trip_through_text_and_vectors() {
        let example = Example {
            values: [1, -2, 3],
            bonus: 40,
        };
        assert_eq!(example.to_text(), "values 1 -2 3\nbonus 40\n");
        let mut read = Example::default();
        read.read_text("# fitted\nbonus 40\nvalues 1 -2 3 # comment\n")
            .unwrap();
        assert_eq!(read, example);
        assert_eq!(example.to_vec(), vec![1, -2, 3, 40]);
        assert_eq!(
            example.names(),
            ["values[0]", "values[1]", "values[2]", "bonus"]
        );
        let mut set = Example::default();
        set.set_from(&[1, -2, 3, 40]);
        assert_eq!(set, example);
    }

    #[test]
    fn bad_weights_files_are_refused_with_the_line() {
        let mut w = Example::default();
        let err = w.read_text("values 1 2\nbonus 3\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "weights file line 1: 'values' takes 3 numbers, found 2"
        );
        let err = w.read_text("values 1 2 3\n").unwrap_err();
        assert_eq!(err.to_string(), "weights file: no line for 'bonus'");
        let err = w.read_text("values 1 2 3\nbonus x\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "weights file line 2: 'x' is not a whole number"
        );
        let err = w.read_text("values 1 2 3\nbonus 3\nmalus 2\n").unwrap_err();
        assert_eq!(err.to_string(), "weights file line 3: unknown name 'malus'");
    }
}
