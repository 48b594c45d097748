//! A slow, plain reference of the three- and four-player rules, kept beside the fast ones
//! and tested to agree with them: the board is a vector of pit counts in circuit order, the
//! owner of a pit is worked out from its row and column each time, and seeds are sown one at
//! a time.

use super::{Empty, Options, Squeeze};

/// A position of the reference: pits in circuit order, seeds taken, seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// Pit counts, circuit place 0 first.
    pub pits: Vec<u32>,
    /// Seeds taken by each player.
    pub taken: Vec<u32>,
    /// The seat to move (0 for player 1).
    pub seat: usize,
}

/// The reference rules.
#[derive(Clone, Debug)]
pub struct RefKpo {
    /// Players, 3 or 4.
    pub players: usize,
    /// Pits a row.
    pub width: usize,
    /// Rule options.
    pub opts: Options,
}

impl RefKpo {
    /// The owner of circuit place `p`: by column thirds for three players (a column holds a
    /// South pit and the North pit above it), by half rows for four.
    pub fn owner(&self, p: usize) -> usize {
        let w = self.width;
        let (row_is_south, column) = if p < w {
            (true, p)
        } else {
            (false, 2 * w - 1 - p)
        };
        if self.players == 3 {
            column * 3 / w
        } else {
            let half = if column < w / 2 { 0 } else { 1 };
            match (row_is_south, half) {
                (true, h) => h,
                // North's row runs right to left along the circuit: its right half first.
                (false, 1) => 2,
                (false, _) => 3,
            }
        }
    }

    /// Circuit places of `seat`'s pits, its pit 1 first.
    pub fn own(&self, seat: usize) -> Vec<usize> {
        (0..2 * self.width)
            .filter(|&p| self.owner(p) == seat)
            .collect()
    }

    /// Seeds in `seat`'s pits.
    pub fn holds(&self, pos: &RefPos, seat: usize) -> u32 {
        self.own(seat).iter().map(|&p| pos.pits[p]).sum()
    }

    /// True when the game is over.
    pub fn is_over(&self, pos: &RefPos) -> bool {
        let with = (0..self.players)
            .filter(|&s| self.holds(pos, s) > 0)
            .count();
        with <= 1 || (self.opts.empty == Empty::Ends && self.holds(pos, pos.seat) == 0)
    }

    /// Legal moves as (own pit number, clockwise), in the fast rules' order.
    pub fn moves(&self, pos: &RefPos) -> Vec<(usize, bool)> {
        if self.is_over(pos) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (k, &p) in self.own(pos.seat).iter().enumerate() {
            if pos.pits[p] > 0 {
                out.push((k + 1, false));
                out.push((k + 1, true));
            }
        }
        out
    }

    /// Plays own pit `number` in the given direction.
    pub fn play(&self, pos: &RefPos, number: usize, cw: bool) -> RefPos {
        let n = 2 * self.width;
        let mut next = pos.clone();
        let origin = self.own(pos.seat)[number - 1];
        let mut hand = std::mem::take(&mut next.pits[origin]);
        let mut here = origin;
        let step = |p: usize| if cw { (p + n - 1) % n } else { (p + 1) % n };
        while hand > 0 {
            here = step(here);
            next.pits[here] += 1;
            hand -= 1;
        }
        if matches!(next.pits[here], 2 | 3) {
            next.taken[pos.seat] += std::mem::take(&mut next.pits[here]);
            let forward = step(here);
            let mine = |p: usize| self.owner(p) == pos.seat;
            let take = match self.opts.squeeze {
                Squeeze::Always => true,
                Squeeze::Never => false,
                Squeeze::Mixed => mine(here) != mine(forward),
            };
            if take {
                next.taken[pos.seat] += std::mem::take(&mut next.pits[forward]);
            }
        }
        next.seat = (pos.seat + 1) % self.players;
        if !self.is_over(&next) {
            while self.holds(&next, next.seat) == 0 {
                next.seat = (next.seat + 1) % self.players;
            }
        }
        next
    }

    /// Final scores of a finished game: seeds taken plus own pits.
    pub fn final_scores(&self, pos: &RefPos) -> Vec<u32> {
        (0..self.players)
            .map(|s| pos.taken[s] + self.holds(pos, s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kpo_players::KpoPlayers;
    use crate::nseat::{SeatGame, SeatNotation};
    use crate::rng::Rng;

    /// The fast position as the reference's.
    fn to_ref(g: &KpoPlayers, p: &super::super::KpoNPos) -> RefPos {
        RefPos {
            pits: g.places(p),
            taken: g.taken(p).to_vec(),
            seat: p.seat(),
        }
    }

    #[test]
    fn the_reference_owns_the_pits_as_the_fast_rules_do() {
        for (players, width) in [(3, 3), (3, 6), (4, 2), (4, 4), (4, 6), (4, 8)] {
            let g = KpoPlayers::new(players, width, 1, Options::default()).unwrap();
            let r = RefKpo {
                players,
                width,
                opts: Options::default(),
            };
            for p in 0..2 * width {
                assert_eq!(r.owner(p), g.owner(p), "{players} players, width {width}");
            }
        }
    }

    #[test]
    fn fast_rules_agree_with_the_reference_on_random_games() {
        let mut rng = Rng::new(11);
        let mut plies = 0;
        for (players, width) in [(3, 3), (3, 6), (4, 2), (4, 4), (4, 6), (4, 8)] {
            for opts in Options::all() {
                for seeds in 1..=3 {
                    let g = KpoPlayers::new(players, width, seeds, opts).unwrap();
                    let r = RefKpo {
                        players,
                        width,
                        opts,
                    };
                    for _ in 0..6 {
                        let mut p = g.start();
                        for ply in 0.. {
                            let rp = to_ref(&g, &p);
                            let names: Vec<String> = g
                                .legal_moves(&p)
                                .iter()
                                .map(|&m| g.move_name(&p, m))
                                .collect();
                            let want: Vec<String> = r
                                .moves(&rp)
                                .iter()
                                .map(|&(k, cw)| format!("{k}+{}", if cw { "cw" } else { "ccw" }))
                                .collect();
                            assert_eq!(names, want, "{}", g.format_position(&p));
                            assert_eq!(g.is_over(&p), r.is_over(&rp));
                            if names.is_empty() || ply == 400 {
                                if g.is_over(&p) {
                                    assert_eq!(
                                        &g.final_scores(&p)[..players],
                                        &r.final_scores(&rp)[..]
                                    );
                                }
                                break;
                            }
                            let ms = g.legal_moves(&p);
                            let i = rng.below(ms.len());
                            let next = g.play(&p, ms[i]);
                            let (k, cw) = r.moves(&rp)[i];
                            assert_eq!(
                                to_ref(&g, &next),
                                r.play(&rp, k, cw),
                                "{} {}",
                                g.format_position(&p),
                                names[i]
                            );
                            p = next;
                            plies += 1;
                        }
                    }
                }
            }
        }
        assert!(plies > 10_000, "{plies} plies compared");
    }
}
