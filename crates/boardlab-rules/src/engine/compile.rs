//! Compiling a [`Definition`] into a [`Game`]: every check that the engine needs beyond the
//! reader's (so that no definition can make it panic or print a move ambiguously), then the
//! parts of the game that do not depend on the bit-set type.

use super::error::CompileError;
use super::game::{Game, Variants};
use super::geometry::{Geometry, lame_offsets, turned};
use super::letters::Letters;
use super::moves::Family;
use super::placement::{self, Placed, Reserves};
use super::zobrist::Keys;
use crate::definition::{Definition, MAX_PIECES, MAX_SIDE, Piece};
use boardlab_core::Player;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Compiles `definition`, which stands at `variants` among its options' variants.
pub fn compile(definition: Definition, variants: Variants) -> Result<Game, CompileError> {
    let refuse = |problem: String| CompileError {
        game: definition.id.clone(),
        problem,
    };
    check_board(&definition).map_err(refuse)?;
    check_pieces(&definition).map_err(refuse)?;
    check_ranks(&definition).map_err(refuse)?;
    let geometry = Geometry::new(&definition.board);
    check_chains(&definition, &geometry).map_err(refuse)?;
    check_ambiguous_jumps(&definition).map_err(refuse)?;
    check_move_letters(&definition).map_err(refuse)?;
    let letters = Letters::new(&definition.pieces);
    let (start, start_reserves) = read_start(&definition, &geometry, &letters)
        .and_then(|(start, reserves)| {
            check_start(&definition, &geometry, &start, &reserves)?;
            Ok((start, reserves))
        })
        .map_err(|p| refuse(format!("start position: {p}")))?;
    let bits = |kinds: &mut dyn Iterator<Item = usize>| kinds.fold(0u16, |acc, k| acc | 1 << k);
    let royal = bits(
        &mut definition
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .map(|(k, _)| k),
    );
    let goal_pieces = bits(&mut definition.end.goal_pieces.iter().copied());
    let progress_pieces = bits(&mut definition.end.progress.moves_of.iter().copied());
    let keys = Keys::new(
        definition.pieces.len(),
        geometry.squares() as usize,
        definition.drops.is_some(),
    );
    Ok(Game {
        geometry,
        letters,
        start,
        start_reserves,
        keys,
        royal,
        goal_pieces,
        progress_pieces,
        variants,
        definition,
        tables_64: OnceLock::new(),
        tables_128: OnceLock::new(),
        tables_256: OnceLock::new(),
        rule_infos: OnceLock::new(),
        presentation: OnceLock::new(),
        knowledge: OnceLock::new(),
    })
}

/// The board's size and square kinds.
fn check_board(definition: &Definition) -> Result<(), String> {
    let board = &definition.board;
    if !(1..=MAX_SIDE).contains(&board.width) || !(1..=MAX_SIDE).contains(&board.height) {
        return Err(format!(
            "the board is {}x{}; width and height must be 1 to {MAX_SIDE}",
            board.width, board.height
        ));
    }
    let squares = board.width as usize * board.height as usize;
    if !board.squares.is_empty() && board.squares.len() != squares {
        return Err(format!(
            "the board names the kind of {} squares but has {squares}",
            board.squares.len()
        ));
    }
    if let Some(&bad) = board
        .squares
        .iter()
        .find(|&&k| k as usize >= board.kinds.len())
    {
        return Err(format!("square kind {bad} does not exist"));
    }
    Ok(())
}

/// The pieces: their number, letters, and every piece index and vector the file names.
fn check_pieces(definition: &Definition) -> Result<(), String> {
    let pieces = &definition.pieces;
    let n = pieces.len();
    if n == 0 || n > MAX_PIECES {
        return Err(format!("{n} kinds of piece; a game has 1 to {MAX_PIECES}"));
    }
    let mut seen = HashSet::new();
    for piece in pieces {
        for letter in piece.letters {
            if !letter.is_ascii_alphabetic() {
                return Err(format!(
                    "the {}'s letter '{letter}' is not an ASCII letter (a-z, A-Z)",
                    piece.name
                ));
            }
            if !seen.insert(letter) {
                return Err(format!("the letter '{letter}' is used twice"));
            }
        }
        let vectors = piece
            .moves
            .iter()
            .flat_map(|m| m.vectors.iter())
            .chain(&piece.jumps);
        for &(dx, dy) in vectors {
            if (dx, dy) == (0, 0) || dx.unsigned_abs() > 15 || dy.unsigned_abs() > 15 {
                return Err(format!(
                    "the {} has the vector ({dx},{dy}); vectors are at most 15 squares each way and not (0,0)",
                    piece.name
                ));
            }
        }
    }
    let named = pieces
        .iter()
        .filter_map(|p| p.promotion.as_ref())
        .flat_map(|p| p.to.iter())
        .chain(definition.captures.requires_on_board.iter())
        .chain(&definition.end.goal_pieces)
        .chain(&definition.end.progress.moves_of);
    for &kind in named {
        if kind >= n {
            return Err(format!("piece index {kind} does not exist ({n} pieces)"));
        }
    }
    for piece in pieces.iter().filter(|p| p.royal) {
        let to = piece.promotion.iter().flat_map(|p| p.to.iter());
        if let Some(&other) = to.clone().find(|&&k| !pieces[k].royal) {
            return Err(format!(
                "the royal {} may promote to the {}, which is not royal: a player would lose by their own move",
                piece.name, pieces[other].name
            ));
        }
    }
    if let Some(drops) = &definition.drops
        && drops.zones.len() > n
    {
        return Err(format!(
            "drop zones for {} pieces but the game has {n}",
            drops.zones.len()
        ));
    }
    Ok(())
}

/// Zones counted in ranks (promotion, goal, drops) must lie on the board.
fn check_ranks(definition: &Definition) -> Result<(), String> {
    let height = definition.board.height;
    for piece in &definition.pieces {
        if let Some(promotion) = &piece.promotion
            && !(1..=height).contains(&promotion.ranks)
        {
            return Err(format!(
                "the {}'s promotion zone is {} ranks deep; it must be 1 to {height}",
                piece.name, promotion.ranks
            ));
        }
    }
    if definition.end.goal_ranks > height {
        return Err(format!(
            "the goal is {} ranks deep on a board of {height}",
            definition.end.goal_ranks
        ));
    }
    let zones = definition
        .drops
        .iter()
        .flat_map(|d| d.zones.iter().enumerate());
    for (kind, zone) in zones {
        if let Some(range) = zone
            && !(1 <= range.from && range.from <= range.to && range.to <= height)
        {
            return Err(format!(
                "the {}'s drop zone is ranks {} to {}; it must be within 1 to {height}, nearest first",
                definition.pieces[kind].name, range.from, range.to
            ));
        }
    }
    Ok(())
}

/// Capture chains: their jumps must be adjacent squares in one family of directions, their
/// promotion needs no choice, and no chain may be longer than a move can hold.
fn check_chains(definition: &Definition, geometry: &Geometry) -> Result<(), String> {
    for piece in definition
        .pieces
        .iter()
        .filter(|p| p.chain && !p.jumps.is_empty())
    {
        let Some(family) = Family::holding(&piece.jumps) else {
            return Err(format!(
                "the {} captures in chains, so its jumps must go over adjacent squares (W or F directions), not {:?}",
                piece.name, piece.jumps
            ));
        };
        if let Some(promotion) = &piece.promotion
            && (promotion.to.len() != 1 || !promotion.compulsory)
        {
            return Err(format!(
                "the {} captures in chains, so it may promote only compulsorily and to one piece (a chain's text has no room for a choice)",
                piece.name
            ));
        }
        for player in Player::BOTH {
            let longest = longest_chain(geometry, piece, player);
            if longest > family.capacity() {
                return Err(format!(
                    "the {}'s capture chains can be up to {longest} jumps long on this board, but a move holds at most {} jumps in {:?} directions",
                    piece.name,
                    family.capacity(),
                    family
                ));
            }
        }
    }
    Ok(())
}

/// The most jumps a chain of `piece` can have for `player`: from any square, the number of
/// squares its jumps can go over (each jumped piece is removed, so each such square is
/// jumped at most once).
fn longest_chain(geometry: &Geometry, piece: &Piece, player: Player) -> u32 {
    let squares = geometry.squares();
    let mut longest = 0;
    let mut landed = vec![u32::MAX; squares as usize];
    let mut over = vec![u32::MAX; squares as usize];
    for start in (0..squares).filter(|&s| geometry.exists[s as usize]) {
        let mut queue = vec![start];
        landed[start as usize] = start;
        let mut count = 0;
        while let Some(at) = queue.pop() {
            for &vector in &piece.jumps {
                let vector = turned(vector, player);
                let (Some(mid), Some(land)) = (
                    geometry.offset(at, vector, 1),
                    geometry.offset(at, vector, 2),
                ) else {
                    continue;
                };
                if over[mid as usize] != start {
                    over[mid as usize] = start;
                    count += 1;
                }
                if landed[land as usize] != start {
                    landed[land as usize] = start;
                    queue.push(land);
                }
            }
        }
        longest = longest.max(count);
    }
    longest
}

/// A jump and another move of the same piece that go between the same two squares would
/// print the same text: refused. A jump over `v` lands on `2v`; a leap to `2v`, a lame leap
/// whose way does not pass `v`, or a hop along `v` can go there too.
fn check_ambiguous_jumps(definition: &Definition) -> Result<(), String> {
    for piece in &definition.pieces {
        for &(dx, dy) in &piece.jumps {
            let landing = (2 * dx, 2 * dy);
            let clash = piece.moves.iter().find(|m| {
                if m.hop {
                    m.vectors.iter().any(|&u| hop_lands(u, m.range, (dx, dy)))
                } else if m.lame {
                    m.vectors.contains(&landing)
                        && !lame_offsets(landing).contains(&(dx as i32, dy as i32))
                } else {
                    m.vectors.contains(&landing)
                }
            });
            if let Some(clash) = clash {
                return Err(format!(
                    "the {}'s jump over ({dx},{dy}) lands where its move {:?} goes, and both would be written as the same squares",
                    piece.name, clash.vectors
                ));
            }
        }
    }
    Ok(())
}

/// Whether a hop along `u` (at most `range` steps, 0: any) can go over `v` and land on `2v`.
fn hop_lands(u: (i8, i8), range: u8, v: (i8, i8)) -> bool {
    (1..=15).any(|k: i32| {
        (u.0 as i32 * k, u.1 as i32 * k) == (v.0 as i32, v.1 as i32)
            && (range == 0 || range as i32 >= 2 * k)
    })
}

/// Promotion suffixes (lowercase) and drop letters (either case) must name one piece each.
fn check_move_letters(definition: &Definition) -> Result<(), String> {
    let pieces = &definition.pieces;
    for player in Player::BOTH {
        let letter = |kind: usize| pieces[kind].letters[player.index()].to_ascii_lowercase();
        for piece in pieces {
            if let Some(promotion) = &piece.promotion {
                let letters: HashSet<char> = promotion.to.iter().map(|&k| letter(k)).collect();
                if letters.len() != promotion.to.len() {
                    return Err(format!(
                        "the {}'s promotion choices have letters that differ only in case, so a move's suffix could not tell them apart",
                        piece.name
                    ));
                }
            }
        }
        if definition.drops.is_some() {
            let letters: HashSet<char> = (0..pieces.len()).map(letter).collect();
            if letters.len() != pieces.len() {
                return Err(
                    "two pieces of one player have letters that differ only in case, so a drop (read in either case) could not tell them apart"
                        .to_string(),
                );
            }
        }
    }
    Ok(())
}

/// Reads the start position: its placement, and its reserves in games with drops.
fn read_start(
    definition: &Definition,
    geometry: &Geometry,
    letters: &Letters,
) -> Result<(Placed, Reserves), String> {
    let field = definition.start.split_whitespace().next().unwrap_or("");
    let (placement, reserves) = match field.split_once('[') {
        Some((placement, rest)) => (
            placement,
            Some(rest.strip_suffix(']').ok_or("'[' without ']'")?),
        ),
        None => (field, None),
    };
    let placed = placement::parse_placement(geometry, letters, placement)?;
    let reserves = match (reserves, definition.drops.is_some()) {
        (Some(text), true) => placement::parse_reserves(letters, text)?,
        (None, true) => [[0; MAX_PIECES]; 2],
        (Some(_), false) => {
            return Err("reserves in brackets, but the game has no drops".to_string());
        }
        (None, false) => [[0; MAX_PIECES]; 2],
    };
    Ok((placed, reserves))
}

/// The start must be a position the game can begin from, whoever moves first: every player
/// with a royal piece (where there are royal pieces) and with pieces at all (where losing
/// them all loses), no goal piece in its goal already.
fn check_start(
    definition: &Definition,
    geometry: &Geometry,
    start: &Placed,
    reserves: &Reserves,
) -> Result<(), String> {
    let height = geometry.height;
    let far = |player: Player, rank: u8, depth: u8| match player {
        Player::One => rank >= height - depth.min(height),
        Player::Two => rank < depth,
    };
    for &(square, player, kind) in start {
        let piece = &definition.pieces[kind as usize];
        let rank = geometry.file_rank(square).1;
        if let Some(promotion) = &piece.promotion
            && promotion.compulsory
            && far(player, rank, promotion.ranks)
        {
            return Err(format!(
                "{player}'s {} stands where it must promote",
                piece.name
            ));
        }
        if definition.end.goal_pieces.contains(&(kind as usize))
            && far(player, rank, definition.end.goal_ranks)
        {
            return Err(format!(
                "{player}'s {} already stands in its goal",
                piece.name
            ));
        }
    }
    for player in Player::BOTH {
        let owns = |kind: usize| {
            reserves[player.index()][kind] > 0
                || start
                    .iter()
                    .any(|&(_, p, k)| p == player && k as usize == kind)
        };
        let pieces = 0..definition.pieces.len();
        let royal = definition.pieces.iter().any(|p| p.royal);
        if royal
            && !pieces
                .clone()
                .any(|k| definition.pieces[k].royal && owns(k))
        {
            return Err(format!(
                "{player} has no royal piece, so would have lost already"
            ));
        }
        if definition.end.capture_all && !pieces.clone().any(owns) {
            return Err(format!(
                "{player} has no pieces, so would have lost already"
            ));
        }
    }
    Ok(())
}
