//! The generic engine reproduces every independent perft count of ../shared/oracle on the
//! seed games' definitions. Counts up to `QUICK_NODES` leaves run in every test run; the
//! rest run with `cargo test --release -p boardlab-rules --test rules oracle_perft:: -- --ignored`.

use crate::common;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_core::rules::RuleOptions;
use boardlab_rules::definition::Definition;
use boardlab_rules::engine::{BitSet, Bits256, RulesOptions, RulesPosition};
use common::seed;

/// The largest count that runs in a normal (debug) test run.
const QUICK_NODES: u64 = 250_000;

/// Checks every row of `file` whose count is `<= max` (and `> min`), on bit-set type `B`.
fn check<B: BitSet>(file: &str, definition: Definition, min: u64, max: u64) -> usize {
    let game = seed::game(definition);
    let mut checked = 0;
    for row in common::oracle(file) {
        if row.nodes <= min || row.nodes > max {
            continue;
        }
        let rules = RulesOptions::new(game);
        let rules = RulesOptions::from_assignments_of(rules, &row.rules);
        let position = RulesPosition::<B>::from_text(&row.position, rules)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            perft(&position, row.depth),
            row.nodes,
            "{file}: perft {} of '{}' {:?}",
            row.depth,
            row.position,
            row.rules
        );
        checked += 1;
    }
    checked
}

/// Sets rule options on a game's options (the core's `from_assignments` starts from the
/// placeholder default).
trait Assign {
    fn from_assignments_of(rules: RulesOptions, assignments: &[String]) -> RulesOptions;
}

impl Assign for RulesOptions {
    fn from_assignments_of(mut rules: RulesOptions, assignments: &[String]) -> RulesOptions {
        for assignment in assignments {
            rules.apply(assignment).expect("a valid option");
        }
        rules
    }
}

#[test]
fn quick_oracle_counts() {
    let checked = check::<u128>("obsidian.perft", seed::obsidian(), 0, QUICK_NODES)
        + check::<u128>("daisy.perft", seed::daisy(), 0, QUICK_NODES)
        + check::<u128>("sprint.perft", seed::sprint(), 0, QUICK_NODES)
        + check::<u128>(
            "parity.perft",
            seed::parity(&seed::PARITY_DEFAULT),
            0,
            QUICK_NODES,
        );
    assert!(checked > 60, "only {checked} rows checked");
}

#[test]
fn quick_oracle_counts_on_other_bit_sets() {
    check::<u64>("obsidian.perft", seed::obsidian(), 0, 30_000);
    check::<u64>("sprint.perft", seed::sprint(), 0, 30_000);
    check::<Bits256>("obsidian.perft", seed::obsidian(), 0, 30_000);
    check::<Bits256>("daisy.perft", seed::daisy(), 0, 30_000);
    check::<Bits256>("sprint.perft", seed::sprint(), 0, 30_000);
    check::<Bits256>(
        "parity.perft",
        seed::parity(&seed::PARITY_DEFAULT),
        0,
        30_000,
    );
}

#[test]
#[ignore = "deep counts: run in release with --ignored"]
fn deep_oracle_counts() {
    let max = u64::MAX;
    check::<u128>("obsidian.perft", seed::obsidian(), QUICK_NODES, max);
    check::<u128>("sprint.perft", seed::sprint(), QUICK_NODES, max);
    check::<u128>(
        "parity.perft",
        seed::parity(&seed::PARITY_DEFAULT),
        QUICK_NODES,
        max,
    );
    check::<u128>("daisy.perft", seed::daisy(), QUICK_NODES, max);
}
