//! Runs a generic check on every game of the registry, so that a suite covers a new game
//! without naming it: `every_game!(check)` calls `check::<P>(rules)` with each built-in
//! game's position type and default rules.

/// Calls `$check::<P>(rules)` for every game of `GameId::ALL`.
macro_rules! every_game {
    ($check:ident) => {{
        struct Run;
        impl boardlab_games::GameVisitor for Run {
            type Output = ();
            fn visit<P: boardlab_core::Evaluate + boardlab_core::Encoding>(self, rules: P::Rules) {
                $check::<P>(rules);
            }
        }
        for &game in boardlab_games::GameId::ALL {
            boardlab_games::with_game(game, Run);
        }
    }};
}
