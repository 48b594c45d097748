//! The two seats at the board.

use std::fmt;
use std::str::FromStr;

/// A player's seat: South sits at the bottom of the drawn board and moves first unless a
/// variant says otherwise; North sits at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player at the bottom of the drawn board (`S`).
    South,
    /// The player at the top of the drawn board (`N`).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter name, `S` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s {
            "S" => Ok(Side::South),
            "N" => Ok(Side::North),
            other => Err(format!("side to move is '{other}', expected S or N")),
        }
    }
}
