//! One game of any board family behind the [`Game`] and [`Notation`] traits, so that the
//! commands shared by every family (start, show, moves, play, perft) are written once: the
//! rules ([`AnyRules`]), a position ([`AnyPos`]) and a move ([`AnyMove`]) are enums over the
//! families, each method delegating to the family's own. A position or move of one family
//! given to the rules of another is a caller's error and panics, as any move the rules did
//! not list may (the [`Game`] contract). Hot loops (perft, search) take the family's own type:
//! [`AnyRules::perft`] and [`AnyRules::divide`] dispatch once, then run unboxed. [`AnyGame`]
//! holds the rules and a position of one family together (what [`crate::variant::setup`]
//! makes and a command works on); [`AnyGame::split`] gives the two. [`Setup`] is what the
//! position options name: a game of two players, or kpo for three and four players
//! ([`crate::kpo_players`], whose seats have their own traits, [`crate::nseat`]); every
//! command matches on it once.

use crate::error::{MoveError, PositionError};
use crate::game::{Game, Notation, Outcome};
use crate::isolo::{Isolo, IsoloMove, IsoloPos};
use crate::kpo_players::{KpoNPos, KpoPlayers};
use crate::morris::{Morris, MorrisMove, MorrisPos};
use crate::side::Side;
use crate::tworow::Pit;
use crate::{FourMove, FourRow, FourRowPos, TwoRow, TwoRowPos};

/// A game of any board family and a position of it: what a command works on.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A two-row game (boxed: its sowing tables make it large) and a position.
    Two(Box<TwoRow>, TwoRowPos),
    /// A four-row game and a position.
    Four(FourRow, FourRowPos),
    /// The morris game and a position.
    Morris(Morris, MorrisPos),
    /// An Isolo game and a position.
    Isolo(Isolo, IsoloPos),
}

/// The game and position the options of a command name.
#[derive(Clone, Debug)]
pub enum Setup {
    /// A game of two players, of any family.
    TwoPlayers(AnyGame),
    /// Kpo for three or four players (boxed: its sowing tables make it large) and a position.
    KpoPlayers(Box<KpoPlayers>, KpoNPos),
}

/// The rules of a game of any family.
#[derive(Clone, Debug)]
pub enum AnyRules {
    /// A two-row game (boxed: its sowing tables make it large).
    Two(Box<TwoRow>),
    /// A four-row game.
    Four(FourRow),
    /// The morris game.
    Morris(Morris),
    /// An Isolo game.
    Isolo(Isolo),
}

/// A position of [`AnyRules`]' family.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyPos {
    /// Of a two-row game.
    Two(TwoRowPos),
    /// Of a four-row game.
    Four(FourRowPos),
    /// Of the morris game.
    Morris(MorrisPos),
    /// Of an Isolo game.
    Isolo(IsoloPos),
}

/// A move of [`AnyRules`]' family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A two-row pit.
    Two(Pit),
    /// A four-row move.
    Four(FourMove),
    /// A morris move.
    Morris(MorrisMove),
    /// An Isolo move.
    Isolo(IsoloMove),
}

impl AnyGame {
    /// The rules and the position apart.
    pub fn split(self) -> (AnyRules, AnyPos) {
        match self {
            AnyGame::Two(g, p) => (AnyRules::Two(g), AnyPos::Two(p)),
            AnyGame::Four(g, p) => (AnyRules::Four(g), AnyPos::Four(p)),
            AnyGame::Morris(g, p) => (AnyRules::Morris(g), AnyPos::Morris(p)),
            AnyGame::Isolo(g, p) => (AnyRules::Isolo(g), AnyPos::Isolo(p)),
        }
    }
}

/// Runs `$body` with `$g` the family's rules and `$p` its position, `$wrap` the position
/// enum's variant (to wrap a result); a position of another family panics.
macro_rules! with_pos {
    ($rules:expr, $pos:expr, |$g:ident, $p:ident, $wrap:ident| $body:expr) => {
        match ($rules, $pos) {
            (AnyRules::Two($g), AnyPos::Two($p)) => {
                let $g = &**$g;
                #[allow(unused)]
                let $wrap = AnyPos::Two;
                $body
            }
            (AnyRules::Four($g), AnyPos::Four($p)) => {
                #[allow(unused)]
                let $wrap = AnyPos::Four;
                $body
            }
            (AnyRules::Morris($g), AnyPos::Morris($p)) => {
                #[allow(unused)]
                let $wrap = AnyPos::Morris;
                $body
            }
            (AnyRules::Isolo($g), AnyPos::Isolo($p)) => {
                #[allow(unused)]
                let $wrap = AnyPos::Isolo;
                $body
            }
            _ => panic!("a position of another family than the rules'"),
        }
    };
}

/// The family's own move in `$mv` (variant `$fam`); another family's panics.
macro_rules! own_move {
    ($mv:expr, $fam:ident) => {
        match $mv {
            AnyMove::$fam(m) => m,
            _ => panic!("a move of another family than the rules'"),
        }
    };
}

impl AnyRules {
    /// The family's move list as [`AnyMove`]s.
    fn wrap_moves(&self, pos: &AnyPos) -> Vec<AnyMove> {
        match (self, pos) {
            (AnyRules::Two(g), AnyPos::Two(p)) => {
                g.legal_moves(p).iter().map(|&m| AnyMove::Two(m)).collect()
            }
            (AnyRules::Four(g), AnyPos::Four(p)) => {
                g.legal_moves(p).iter().map(|&m| AnyMove::Four(m)).collect()
            }
            (AnyRules::Morris(g), AnyPos::Morris(p)) => g
                .legal_moves(p)
                .iter()
                .map(|&m| AnyMove::Morris(m))
                .collect(),
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => g
                .legal_moves(p)
                .iter()
                .map(|&m| AnyMove::Isolo(m))
                .collect(),
            _ => panic!("a position of another family than the rules'"),
        }
    }

    /// Perft of `pos` to `depth` plies by the family's own perft.
    pub fn perft(&self, pos: &AnyPos, depth: u32) -> u64 {
        with_pos!(self, pos, |g, p, _w| crate::perft::perft(g, p, depth))
    }

    /// The perft count under each first move, by the family's own perft.
    pub fn divide(&self, pos: &AnyPos, depth: u32) -> Vec<(AnyMove, u64)> {
        use crate::perft::divide;
        let d = depth;
        match (self, pos) {
            (AnyRules::Two(g), AnyPos::Two(p)) => {
                let g: &TwoRow = g;
                divide(g, p, d)
                    .into_iter()
                    .map(|(m, n)| (AnyMove::Two(m), n))
                    .collect()
            }
            (AnyRules::Four(g), AnyPos::Four(p)) => divide(g, p, d)
                .into_iter()
                .map(|(m, n)| (AnyMove::Four(m), n))
                .collect(),
            (AnyRules::Morris(g), AnyPos::Morris(p)) => divide(g, p, d)
                .into_iter()
                .map(|(m, n)| (AnyMove::Morris(m), n))
                .collect(),
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => divide(g, p, d)
                .into_iter()
                .map(|(m, n)| (AnyMove::Isolo(m), n))
                .collect(),
            _ => panic!("a position of another family than the rules'"),
        }
    }
}

impl Game for AnyRules {
    type Position = AnyPos;
    type Move = AnyMove;
    type Moves = Vec<AnyMove>;

    fn start(&self) -> AnyPos {
        match self {
            AnyRules::Two(g) => AnyPos::Two(g.start()),
            AnyRules::Four(g) => AnyPos::Four(g.start()),
            AnyRules::Morris(g) => AnyPos::Morris(g.start()),
            AnyRules::Isolo(g) => AnyPos::Isolo(g.start()),
        }
    }
    fn to_move(&self, pos: &AnyPos) -> Side {
        with_pos!(self, pos, |g, p, _w| g.to_move(p))
    }
    fn gen_moves(&self, pos: &AnyPos, moves: &mut Vec<AnyMove>) {
        *moves = self.wrap_moves(pos);
    }
    fn play(&self, pos: &AnyPos, mv: AnyMove) -> AnyPos {
        match (self, pos) {
            (AnyRules::Two(g), AnyPos::Two(p)) => AnyPos::Two(g.play(p, own_move!(mv, Two))),
            (AnyRules::Four(g), AnyPos::Four(p)) => AnyPos::Four(g.play(p, own_move!(mv, Four))),
            (AnyRules::Morris(g), AnyPos::Morris(p)) => {
                AnyPos::Morris(g.play(p, own_move!(mv, Morris)))
            }
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => {
                AnyPos::Isolo(g.play(p, own_move!(mv, Isolo)))
            }
            _ => panic!("a position of another family than the rules'"),
        }
    }
    fn outcome(&self, pos: &AnyPos) -> Option<Outcome> {
        with_pos!(self, pos, |g, p, _w| g.outcome(p))
    }
}

impl Notation for AnyRules {
    fn variant_id(&self) -> &'static str {
        match self {
            AnyRules::Two(g) => g.variant_id(),
            AnyRules::Four(g) => g.variant_id(),
            AnyRules::Morris(g) => g.variant_id(),
            AnyRules::Isolo(g) => g.variant_id(),
        }
    }
    fn parse_position(&self, text: &str) -> Result<AnyPos, PositionError> {
        Ok(match self {
            AnyRules::Two(g) => AnyPos::Two(g.parse_position(text)?),
            AnyRules::Four(g) => AnyPos::Four(g.parse_position(text)?),
            AnyRules::Morris(g) => AnyPos::Morris(g.parse_position(text)?),
            AnyRules::Isolo(g) => AnyPos::Isolo(g.parse_position(text)?),
        })
    }
    fn format_position(&self, pos: &AnyPos) -> String {
        with_pos!(self, pos, |g, p, _w| g.format_position(p))
    }
    fn move_name(&self, pos: &AnyPos, mv: AnyMove) -> String {
        match (self, pos) {
            (AnyRules::Two(g), AnyPos::Two(p)) => g.move_name(p, own_move!(mv, Two)),
            (AnyRules::Four(g), AnyPos::Four(p)) => g.move_name(p, own_move!(mv, Four)),
            (AnyRules::Morris(g), AnyPos::Morris(p)) => g.move_name(p, own_move!(mv, Morris)),
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => g.move_name(p, own_move!(mv, Isolo)),
            _ => panic!("a position of another family than the rules'"),
        }
    }
    fn parse_move(&self, pos: &AnyPos, name: &str) -> Result<AnyMove, MoveError> {
        Ok(match (self, pos) {
            (AnyRules::Two(g), AnyPos::Two(p)) => AnyMove::Two(g.parse_move(p, name)?),
            (AnyRules::Four(g), AnyPos::Four(p)) => AnyMove::Four(g.parse_move(p, name)?),
            (AnyRules::Morris(g), AnyPos::Morris(p)) => AnyMove::Morris(g.parse_move(p, name)?),
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => AnyMove::Isolo(g.parse_move(p, name)?),
            _ => panic!("a position of another family than the rules'"),
        })
    }
    fn draw(&self, pos: &AnyPos) -> String {
        with_pos!(self, pos, |g, p, _w| g.draw(p))
    }
    fn captured(&self, pos: &AnyPos) -> [u32; 2] {
        with_pos!(self, pos, |g, p, _w| g.captured(p))
    }
    fn too_many_to_list(&self, pos: &AnyPos) -> Option<String> {
        with_pos!(self, pos, |g, p, _w| g.too_many_to_list(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{setup, Size};

    /// Every family through the enum gives its own perft, texts and moves.
    #[test]
    fn the_enum_delegates_to_each_family() {
        for id in [
            "kalah",
            "oware",
            "chisolo",
            "mulabalaba-morris",
            "isolo",
            "isolo-ii",
        ] {
            let size = Size {
                width: (id != "mulabalaba-morris").then_some(3),
                seeds: (id != "mulabalaba-morris").then_some(1),
                counters: (id == "mulabalaba-morris").then_some(3),
                ..Size::default()
            };
            let (g, pos) = setup(id, size, &[], None).unwrap().split();
            assert_eq!(g.variant_id(), id);
            assert_eq!(g.start(), pos);
            let text = g.format_position(&pos);
            assert_eq!(g.parse_position(&text).unwrap(), pos, "{id}");
            let by_enum = crate::perft::perft(&g, &pos, 3);
            assert_eq!(g.perft(&pos, 3), by_enum, "{id}");
            let parts = g.divide(&pos, 3);
            assert_eq!(parts.iter().map(|x| x.1).sum::<u64>(), by_enum);
            for (m, _) in parts {
                let name = g.move_name(&pos, m);
                assert_eq!(g.parse_move(&pos, &name).unwrap(), m, "{id} {name}");
                let c = g.play(&pos, m);
                assert_eq!(g.captured(&c).len(), 2);
            }
        }
    }
}
