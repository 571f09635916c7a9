//! Position text (SPEC.md): `<placement>[<reserves>] <side> [<no-progress plies> <move
//! number>]`, the placement top rank first with numbers (of one or two digits) for empty
//! squares, the reserves in games with drops: Player 1's pieces first, each in piece order,
//! a count before a letter held more than once (`[ABC2D2...]`, `[]` when both are empty).

use super::{Game, Occupant, Position};

impl Game {
    /// The position's text.
    pub fn format_position(&self, position: &Position) -> String {
        let mut ranks = Vec::new();
        for rank in (0..self.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.width {
                match position.board[rank * self.width + file] {
                    None => empty += 1,
                    Some((piece, owner)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(self.def.pieces[piece].letters[owner]);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            ranks.push(row);
        }
        let mut text = ranks.join("/");
        if self.def.drops.is_some() {
            text.push('[');
            for (owner, hand) in position.hands.iter().enumerate() {
                for (piece, &n) in hand.iter().enumerate() {
                    if n > 1 {
                        text += &n.to_string();
                    }
                    if n > 0 {
                        text.push(self.def.pieces[piece].letters[owner]);
                    }
                }
            }
            text.push(']');
        }
        format!(
            "{text} {} {} {}",
            position.side + 1,
            position.no_progress,
            position.move_number
        )
    }

    /// Reads a position's text.
    pub fn parse_position(&self, text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=4).contains(&fields.len()) || fields.len() == 3 {
            return Err(format!("a position has 2 or 4 fields: {text:?}"));
        }
        let (placement, reserves) = match fields[0].split_once('[') {
            Some((placement, rest)) => {
                let inner = rest.strip_suffix(']').ok_or("reserves without ]")?;
                (placement, Some(inner))
            }
            None => (fields[0], None),
        };
        let board = self.parse_placement(placement)?;
        let count = self.def.pieces.len();
        let mut hands = [vec![0; count], vec![0; count]];
        match (reserves, &self.def.drops) {
            (Some(inner), Some(_)) => self.parse_reserves(inner, &mut hands)?,
            (None, Some(_)) => return Err("a game with drops needs reserves in brackets".into()),
            (Some(_), None) => return Err("reserves in a game without drops".into()),
            (None, None) => {}
        }
        let side = match fields[1] {
            "1" => 0,
            "2" => 1,
            other => return Err(format!("side to move {other:?}")),
        };
        let number = |i: usize, default: u32| -> Result<u32, String> {
            fields.get(i).map_or(Ok(default), |f| {
                f.parse().map_err(|e| format!("{f:?}: {e}"))
            })
        };
        Ok(Position {
            board,
            hands,
            side,
            no_progress: number(2, 0)?,
            move_number: number(3, 1)?,
        })
    }

    /// The board of a placement.
    fn parse_placement(&self, placement: &str) -> Result<Vec<Option<Occupant>>, String> {
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != self.height {
            return Err(format!("{} ranks, not {}", rows.len(), self.height));
        }
        let mut board = vec![None; self.width * self.height];
        for (row, text) in rows.iter().enumerate() {
            let rank = self.height - 1 - row;
            let mut file = 0;
            let mut digits = String::new();
            for c in text.chars().chain([' ']) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<usize>().map_err(|e| e.to_string())?;
                    digits.clear();
                }
                if c == ' ' {
                    break;
                }
                let occupant = self.occupant_of(c).ok_or(format!("no piece is {c:?}"))?;
                if file >= self.width {
                    return Err(format!("rank {} is too long", rank + 1));
                }
                let square = rank * self.width + file;
                if !self.exists(square) {
                    return Err(format!("{c} on the missing square {}", self.name(square)));
                }
                board[square] = Some(occupant);
                file += 1;
            }
            if file != self.width {
                return Err(format!("rank {} has {file} squares", rank + 1));
            }
        }
        Ok(board)
    }

    /// Reads the inside of the reserves' brackets into `hands`.
    fn parse_reserves(&self, inner: &str, hands: &mut [Vec<u32>; 2]) -> Result<(), String> {
        let mut digits = String::new();
        for c in inner.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            let n: u32 = if digits.is_empty() {
                1
            } else {
                digits.parse().map_err(|e| format!("{e}"))?
            };
            digits.clear();
            let (piece, owner) = self.occupant_of(c).ok_or(format!("no piece is {c:?}"))?;
            hands[owner][piece] += n;
        }
        if digits.is_empty() {
            Ok(())
        } else {
            Err("a count without a letter".into())
        }
    }

    /// The piece and owner a letter stands for.
    pub fn occupant_of(&self, letter: char) -> Option<Occupant> {
        self.def.pieces.iter().enumerate().find_map(|(piece, p)| {
            p.letters
                .iter()
                .position(|&l| l == letter)
                .map(|owner| (piece, owner))
        })
    }
}
