//! Match statistics: Wilson intervals for rates, the Elo difference implied by a score with
//! a 95% interval, and Bradley–Terry ratings for round robins.
//!
//! # Formulas
//!
//! - **Score** of A over `n = W + D + L` games: `s = (W + D/2) / n`.
//! - **Elo difference** implied by a score (the logistic Elo model, expected score
//!   `1 / (1 + 10^(-d/400))`): `d(s) = 400 · log10(s / (1 - s))`; infinite at `s = 0` or 1.
//! - **95% interval of the Elo difference**: the per-game score `x ∈ {1, ½, 0}` has sample
//!   variance `σ² = (W(1-s)² + D(½-s)² + L(0-s)²) / n`, so `s` has standard error
//!   `σ / √n`; the interval `s ± 1.96 σ/√n` (clipped to `[0, 1]`) is mapped through `d`
//!   (monotone), giving `[d(s - 1.96σ/√n), d(s + 1.96σ/√n)]`. This is the normal
//!   approximation used by chess testing tools (e.g. cutechess-cli); an end that reaches 0
//!   or 1 is reported as unbounded. When every game was won (or every one lost) `σ = 0`
//!   and the normal interval degenerates to a point at infinity; the bounded end is then
//!   taken from the Wilson interval of `W` wins in `n` games (below), the other end is
//!   unbounded.
//! - **Wilson score interval** for a rate `k / n` (Wilson 1927), `z = 1.96`:
//!   `(p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n)`.
//! - **Bradley–Terry** ratings of a round robin by Hunter's (2004) MM iteration
//!   `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, a draw counting half a win to each side and one
//!   virtual draw added to every pair that met (so an engine that won every game still has a
//!   finite rating). Ratings are reported on the Elo scale, `400 log10(γ_i / γ_0)`, the first
//!   engine anchored at 0; the interval is `± 1.96` standard errors from the diagonal of the
//!   Fisher information, `1 / √(Σ_j n_ij p_ij (1 - p_ij))` in natural-log units times
//!   `400 / ln 10` — an approximation that ignores the covariance with the anchor.

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A rate with its Wilson 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// `k / n` (0 when `n = 0`).
    pub p: f64,
    /// Lower end of the interval.
    pub lo: f64,
    /// Upper end of the interval.
    pub hi: f64,
}

/// The Wilson 95% interval of `k` successes in `n` trials (`[0, 1]` when `n = 0`).
pub fn wilson(k: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            p: 0.0,
            lo: 0.0,
            hi: 1.0,
        };
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At k = 0 (k = n) the lower (upper) end is exactly 0 (1); rounding could miss it.
    Rate {
        p,
        lo: if k == 0.0 {
            0.0
        } else {
            (center - half).max(0.0)
        },
        hi: if k == n {
            1.0
        } else {
            (center + half).min(1.0)
        },
    }
}

/// The Elo difference of a score in `[0, 1]`; `None` at 0 or 1 (unbounded).
pub fn elo_of_score(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| 400.0 * (s / (1.0 - s)).log10())
}

/// Score and Elo difference of A with 95% intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// A's score, `(W + D/2) / n`.
    pub score: f64,
    /// The Elo difference (A minus B); `None` when unbounded.
    pub diff: Option<f64>,
    /// Lower end of the 95% interval; `None` when unbounded below.
    pub lo: Option<f64>,
    /// Upper end of the 95% interval; `None` when unbounded above.
    pub hi: Option<f64>,
}

/// The Elo difference of A from its wins, draws and losses (formula in the module docs).
pub fn elo(wins: u64, draws: u64, losses: u64) -> Elo {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return Elo {
            score: 0.5,
            diff: Some(0.0),
            lo: None,
            hi: None,
        };
    }
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    if wins + draws == 0 || losses + draws == 0 {
        // Every game won (or every game lost): σ = 0 and the normal interval degenerates;
        // the bounded end comes from the Wilson interval of the wins instead.
        let r = wilson(wins, wins + losses);
        return Elo {
            score: s,
            diff: None,
            lo: elo_of_score(r.lo),
            hi: elo_of_score(r.hi),
        };
    }
    let half = Z95 * (var / n).sqrt();
    Elo {
        score: s,
        diff: elo_of_score(s),
        lo: elo_of_score((s - half).max(0.0)),
        hi: elo_of_score((s + half).min(1.0)),
    }
}

/// One engine's Bradley–Terry rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo-scale rating, the first engine at 0.
    pub elo: f64,
    /// Half-width of the approximate 95% interval (Elo points).
    pub half: f64,
}

/// Bradley–Terry ratings from a round robin: `score[i][j]` is the points engine `i` scored
/// against `j` (win 1, draw ½) in `games[i][j]` games (`games` symmetric).
pub fn bradley_terry(score: &[Vec<f64>], games: &[Vec<u64>]) -> Vec<Rating> {
    let k = score.len();
    // One virtual draw per pair that met.
    let n = |i: usize, j: usize| -> f64 {
        if games[i][j] > 0 {
            games[i][j] as f64 + 1.0
        } else {
            0.0
        }
    };
    let w: Vec<f64> = (0..k)
        .map(|i| {
            (0..k)
                .filter(|&j| j != i && games[i][j] > 0)
                .map(|j| score[i][j] + 0.5)
                .sum()
        })
        .collect();
    let mut g = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let d: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n(i, j) / (g[i] + g[j]))
                .sum();
            next[i] = if d > 0.0 { w[i] / d } else { g[i] };
        }
        // Normalise (the model fixes ratios only).
        let norm = next[0];
        let mut change = 0.0f64;
        for i in 0..k {
            let v = next[i] / norm;
            change = change.max((v.ln() - g[i].ln()).abs());
            g[i] = v;
        }
        if change < 1e-12 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..k)
        .map(|i| {
            let info: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = g[i] / (g[i] + g[j]);
                    n(i, j) * p * (1.0 - p)
                })
                .sum();
            Rating {
                elo: scale * g[i].ln(),
                half: if info > 0.0 {
                    Z95 * scale / info.sqrt()
                } else {
                    f64::INFINITY
                },
            }
        })
        .collect()
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mean {
    /// The mean.
    pub mean: f64,
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// Samples.
    pub n: u64,
}

impl Mean {
    /// The mean of `xs` with its normal 95% interval.
    pub fn of(xs: &[f64]) -> Mean {
        let n = xs.len() as f64;
        if xs.is_empty() {
            return Mean {
                mean: 0.0,
                lo: 0.0,
                hi: 0.0,
                n: 0,
            };
        }
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = Z95 * (var / n).sqrt();
        Mean {
            mean,
            lo: mean - half,
            hi: mean + half,
            n: xs.len() as u64,
        }
    }

    /// The interval cut to `[lo, hi]` (the normal approximation can reach past what a
    /// mean can be).
    pub fn clipped(self, lo: f64, hi: f64) -> Mean {
        Mean {
            lo: self.lo.max(lo),
            hi: self.hi.min(hi),
            ..self
        }
    }

    /// `12.3 [11.9–12.7]`.
    pub fn text(&self, digits: usize) -> String {
        format!(
            "{:.d$} [{:.d$}–{:.d$}]",
            self.mean,
            self.lo,
            self.hi,
            d = digits
        )
    }
}

/// An optional Elo value (`None` is unbounded: `+inf` or `-inf` by `sign`).
pub fn elo_text(v: Option<f64>, sign: f64) -> String {
    match v {
        Some(v) => format!("{v:+.0}"),
        None if sign >= 0.0 => "+inf".into(),
        None => "-inf".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_60_wins_40_losses() {
        // By hand: s = 0.6, d = 400 log10(1.5) = 70.44. σ² = (60·0.16 + 40·0.36)/100 = 0.24,
        // σ/√n = 0.04899, 1.96σ/√n = 0.09602: s ∈ [0.50398, 0.69602],
        // d ∈ [400 log10(0.50398/0.49602), 400 log10(0.69602/0.30398)] = [2.77, 143.91].
        let e = elo(60, 0, 40);
        assert!(close(e.score, 0.6, 1e-12));
        assert!(close(e.diff.unwrap(), 70.44, 0.01), "{e:?}");
        assert!(close(e.lo.unwrap(), 2.77, 0.01), "{e:?}");
        assert!(close(e.hi.unwrap(), 143.91, 0.01), "{e:?}");
    }

    #[test]
    fn elo_with_draws() {
        // W = 30, D = 40, L = 30: s = 0.5, d = 0. σ² = (30·0.25 + 40·0 + 30·0.25)/100 = 0.15,
        // 1.96 √(0.15/100) = 0.07591: s ∈ [0.42409, 0.57591], d = ∓400 log10(0.57591/0.42409)
        // = ∓53.16 (draws narrow the interval: without them, 50-50 gives ∓68.99).
        let e = elo(30, 40, 30);
        assert!(close(e.diff.unwrap(), 0.0, 1e-9));
        assert!(close(e.lo.unwrap(), -53.16, 0.01), "{e:?}");
        assert!(close(e.hi.unwrap(), 53.16, 0.01), "{e:?}");
        let e = elo(50, 0, 50);
        assert!(close(e.hi.unwrap(), 68.99, 0.01), "{e:?}");
    }

    #[test]
    fn a_clean_sweep_is_unbounded() {
        // s = 1: σ = 0, d = +inf; the lower end from Wilson's 10 of 10: lo = 0.72247,
        // d = 400 log10(0.72247/0.27753) = 166.20; no upper end.
        let e = elo(10, 0, 0);
        assert_eq!((e.diff, e.hi), (None, None));
        assert!(close(e.lo.unwrap(), 166.20, 0.01), "{e:?}");
        assert!(close(e.score, 1.0, 1e-12));
        let e = elo(0, 0, 10);
        assert_eq!((e.diff, e.lo), (None, None));
        assert!(close(e.hi.unwrap(), -166.20, 0.01), "{e:?}");
        // 9 wins 1 loss: s = 0.9, d = 400 log10(9) = 381.7; σ² = (9·0.01 + 0.81)/10 = 0.09,
        // 1.96·0.3/√10 = 0.18594: s + that > 1, so the upper end is unbounded; the lower end is
        // d(0.71406) = 400 log10(0.71406/0.28594) = 158.98.
        let e = elo(9, 0, 1);
        assert!(close(e.diff.unwrap(), 381.70, 0.01));
        assert!(close(e.lo.unwrap(), 158.98, 0.01), "{e:?}");
        assert_eq!(e.hi, None);
    }

    #[test]
    fn wilson_of_8_in_10() {
        // By hand: p = 0.8, z²/n = 0.38415, center = (0.8 + 0.19207)/1.38415 = 0.71674,
        // half = 1.96/1.38415 · √(0.016 + 0.0096) = 0.22658: [0.49016, 0.94332].
        let r = wilson(8, 10);
        assert!(close(r.lo, 0.49016, 1e-4), "{r:?}");
        assert!(close(r.hi, 0.94332, 1e-4), "{r:?}");
        let r = wilson(0, 10);
        assert_eq!(r.lo, 0.0);
        assert!(close(r.hi, 0.27753, 1e-4), "{r:?}");
    }

    #[test]
    fn bradley_terry_of_two_engines_is_the_elo_of_the_score() {
        // Two engines, A scores 30 of 40 against B; with the virtual draw A has 30.5 of 41,
        // so γ_B/γ_A = 30.5/10.5 and B's rating is 400 log10(30.5/10.5) = 185.24.
        let score = vec![vec![0.0, 10.0], vec![30.0, 0.0]];
        let games = vec![vec![0, 40], vec![40, 0]];
        let r = bradley_terry(&score, &games);
        assert!(close(r[0].elo, 0.0, 1e-9));
        assert!(close(r[1].elo, 185.24, 0.01), "{r:?}");
        // Information 41 p (1 - p) with p = 30.5/41: half = 1.96 · 173.72 / √(7.8125...).
        let p: f64 = 30.5 / 41.0;
        let half = Z95 * 400.0 / std::f64::consts::LN_10 / (41.0 * p * (1.0 - p)).sqrt();
        assert!(close(r[1].half, half, 1e-6));
        assert!(close(r[1].half, 121.8, 0.1), "{r:?}");
    }
}
