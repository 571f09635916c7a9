//! Merging the shares of a run played apart (`--shard K/N`) into the whole run.

use super::data::RunData;
use super::run::Shard;
use std::collections::BTreeSet;

/// Why shares cannot be merged.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no shares to merge")]
    Nothing,
    /// A share of another run.
    #[error("share {shard} is of another run: its {field} is {found}, not {expected}")]
    OtherRun {
        /// The share.
        shard: String,
        /// The setting that differs.
        field: &'static str,
        /// Its value there.
        found: String,
        /// The first share's value.
        expected: String,
    },
    /// A share's name does not read.
    #[error("a share is named {}, not K/N", boardlab_core::quoted(.0))]
    BadShard(String),
    /// Shares missing, or given twice.
    #[error(
        "the shares given are {given}; a whole run of {count} shares needs each of 1/{count} to {count}/{count} once"
    )]
    Incomplete {
        /// The shares given.
        given: String,
        /// The shares in the run.
        count: usize,
    },
}

/// The whole run from all its shares (in any order).
pub fn merge(shares: Vec<RunData>) -> Result<RunData, MergeError> {
    let first = shares.first().ok_or(MergeError::Nothing)?.clone();
    let shards: Vec<Shard> = shares
        .iter()
        .map(|share| {
            share
                .shard
                .parse()
                .map_err(|_| MergeError::BadShard(share.shard.clone()))
        })
        .collect::<Result<_, _>>()?;
    for share in &shares {
        let differs = |field: &'static str, found: String, expected: String| {
            (found != expected).then(|| MergeError::OtherRun {
                shard: share.shard.clone(),
                field,
                found,
                expected,
            })
        };
        let checks = [
            differs("game", share.game.clone(), first.game.clone()),
            differs("variant", share.variant.clone(), first.variant.clone()),
            differs("bots", share.bots.join(" vs "), first.bots.join(" vs ")),
            differs("games", share.games.to_string(), first.games.to_string()),
            differs("ladder", share.ladder.join(", "), first.ladder.join(", ")),
            differs(
                "ladder games",
                share.ladder_games.to_string(),
                first.ladder_games.to_string(),
            ),
            differs("openings", share.openings.clone(), first.openings.clone()),
            differs("seed", share.seed.to_string(), first.seed.to_string()),
        ];
        if let Some(error) = checks.into_iter().flatten().next() {
            return Err(error);
        }
    }
    let count = shards[0].count;
    let indices: BTreeSet<usize> = shards.iter().map(|shard| shard.index).collect();
    if shards.iter().any(|shard| shard.count != count)
        || indices.len() != shards.len()
        || indices.len() != count
    {
        return Err(MergeError::Incomplete {
            given: shares
                .iter()
                .map(|share| share.shard.clone())
                .collect::<Vec<_>>()
                .join(", "),
            count,
        });
    }
    let mut whole = first;
    whole.shard = Shard::WHOLE.to_string();
    whole.self_play.clear();
    whole.ladder_results.clear();
    for (share, shard) in shares.into_iter().zip(shards) {
        whole.self_play.extend(share.self_play);
        whole.ladder_results.extend(share.ladder_results);
        if shard.index == 1 {
            whole.first_moves = share.first_moves;
            whole.solved = share.solved;
        }
    }
    whole.self_play.sort_by_key(|game| game.index);
    whole
        .ladder_results
        .sort_by_key(|game| (game.rung, game.index));
    Ok(whole)
}
