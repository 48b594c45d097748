//! The strength report (`strength.md`): a round-robin ladder of engines per variant with
//! Bradley–Terry ratings, and each engine's errors against perfect play on tablebase
//! positions.

use super::base::{pct, write, Budget, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::perfect::oracle_values;
use crate::engine::{EngineGame, EngineSpec, Rng};
use crate::matches::{run_match, MatchConfig};
use crate::stats::{bradley_terry, wilson, Rate};
use mancala_solver::fourrow::{FourRow, Kind as FourKind};
use mancala_solver::game::Notation;
use mancala_solver::search::Oracle;
use mancala_solver::tworow::TwoRow;
use mancala_solver::variant::VARIANTS;
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Random plies at the start of each ladder game, so that deterministic pairs play
/// different games.
pub const LADDER_OPENING: u32 = 2;

/// One engine's errors on tablebase positions.
#[derive(Clone, Debug)]
pub struct Errors {
    /// The engine.
    pub engine: String,
    /// Positions judged.
    pub positions: u64,
    /// Share of moves that lose value, with its interval.
    pub losing: Rate,
    /// Mean value lost per move (seeds of final difference).
    pub mean_loss: f64,
}

/// Positions for error counting: from random games of `g` (seeded), every position with at
/// least two legal moves whose moves the oracle values exactly; then `count` of them drawn
/// at random.
pub fn tablebase_positions<G: EngineGame>(
    g: &G,
    oracle: &dyn Oracle<G>,
    count: u32,
    seed: u64,
) -> Vec<G::Position> {
    let mut pool = Vec::new();
    let mut rng = Rng::for_game(seed, u64::MAX);
    for game in 0..(count as u64 * 4).max(20) {
        let mut r = Rng::for_game(seed, game);
        let mut pos = g.start();
        for _ in 0..1000 {
            let ms = g.legal_moves(&pos);
            if ms.is_empty() {
                break;
            }
            if ms.len() >= 2 && oracle_values(g, oracle, &pos).is_some() {
                pool.push(pos.clone());
            }
            pos = g.play(&pos, ms[r.below(ms.len())]);
        }
        if pool.len() >= 20 * count as usize {
            break;
        }
    }
    let mut out = Vec::new();
    while out.len() < count as usize && !pool.is_empty() {
        let i = rng.below(pool.len());
        out.push(pool.swap_remove(i));
    }
    out
}

/// Counts the errors of `spec` on `positions` (values from `oracle`).
pub fn errors<G: EngineGame + 'static>(
    g: &G,
    spec: &EngineSpec,
    oracle: &Arc<dyn Oracle<G>>,
    positions: &[G::Position],
    seed: u64,
) -> Errors {
    use rayon::prelude::*;
    let losses: Vec<i32> = positions
        .par_iter()
        .enumerate()
        .map(|(k, pos)| {
            let mut e = spec.build(Some(oracle.clone()));
            let mv = e.choose(g, pos, &mut Rng::for_game(seed, k as u64));
            let values = oracle_values(g, oracle.as_ref(), pos).expect("known positions");
            let moves = g.legal_moves(pos);
            let i = moves.iter().position(|&m| m == mv).expect("a legal move");
            values.iter().max().expect("moves") - values[i]
        })
        .collect();
    let n = losses.len() as u64;
    Errors {
        engine: spec.to_string(),
        positions: n,
        losing: wilson(losses.iter().filter(|&&l| l > 0).count() as u64, n),
        mean_loss: if n == 0 {
            0.0
        } else {
            losses.iter().map(|&l| l as f64).sum::<f64>() / n as f64
        },
    }
}

/// The tablebases of a two-row game in `tables`, built first up to the budget's stones (the
/// slices already there are kept).
fn two_row_tables(
    g: &TwoRow,
    tables: &Path,
    budget: &Budget,
) -> io::Result<Option<Arc<dyn Oracle<TwoRow>>>> {
    mancala_tablebases::build(g, tables, budget.tb_stones, budget.threads, &|_| {})
        .map_err(io::Error::other)?;
    Ok(mancala_tablebases::Tablebases::open(tables, g)
        .ok()
        .map(|t| Arc::new(t) as _))
}

/// The win/draw/loss tables of a four-row game in `tables/four`, built first up to the
/// budget's four-row stones; none for the games or boards the tables do not cover.
fn four_row_tables(
    g: &FourRow,
    tables: &Path,
    budget: &Budget,
    log: &(dyn Fn(&str) + Sync),
) -> Option<Arc<dyn Oracle<FourRow>>> {
    log(&format!("{}: four-row tables", g.variant_id()));
    let dir = tables.join("four");
    mancala_tablebases::fourrow::build(g, &dir, budget.four_tb_stones, budget.threads, &|_| {})
        .ok()?;
    let t = mancala_tablebases::fourrow::FourTables::open(&dir, g).ok()?;
    (!t.is_empty()).then(|| Arc::new(t) as _)
}

/// A bar chart of ratings, its scale rounded out to 200 Elo.
fn ratings_chart(title: &str, names: &[String], groups: &[Group]) -> String {
    let labels: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let lo = groups
        .iter()
        .flat_map(|g| g.bars.iter().map(|b| b.interval.map_or(b.value, |i| i.0)))
        .fold(0.0f64, f64::min);
    let hi = groups
        .iter()
        .flat_map(|g| g.bars.iter().map(|b| b.interval.map_or(b.value, |i| i.1)))
        .fold(0.0f64, f64::max);
    let step = 200.0;
    bar_chart(
        title,
        "rating",
        &labels,
        groups,
        ((lo / step).floor() * step, (hi / step).ceil() * step),
    )
}

/// What one variant adds to the report.
struct Section {
    ladder_md: String,
    errors_md: String,
    group: Group,
}

/// The ladder of `specs` on the standard board `g` of variant `id` and the engines' errors
/// on positions of `oracle`'s tables, adding rows to the CSV tables.
#[allow(clippy::too_many_arguments)]
fn variant_section<G: EngineGame + 'static>(
    id: &str,
    g: &G,
    specs: &[EngineSpec],
    games_per_pair: u32,
    error_positions: u32,
    seed: u64,
    oracle: Option<Arc<dyn Oracle<G>>>,
    ladder_csv: &mut Table,
    err_csv: &mut Table,
    log: &(dyn Fn(&str) + Sync),
) -> Section {
    let k = specs.len();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let mut score = vec![vec![0.0; k]; k];
    let mut games = vec![vec![0u64; k]; k];
    let mut pair = 0u64;
    for i in 0..k {
        for j in i + 1..k {
            let cfg = MatchConfig {
                games: games_per_pair,
                seed: seed ^ (pair << 20),
                opening: LADDER_OPENING,
                ..MatchConfig::default()
            };
            pair += 1;
            let res = run_match(g, &g.start(), &specs[i], &specs[j], None, &cfg, &|| {});
            let s: f64 = res.iter().map(|m| m.a_score()).sum();
            score[i][j] += s;
            score[j][i] += res.len() as f64 - s;
            games[i][j] += res.len() as u64;
            games[j][i] += res.len() as u64;
        }
    }
    let ratings = bradley_terry(&score, &games);
    log(&format!("{id} ladder done"));
    let mut md = format!("### {id}\n\n");
    let mut head = vec!["engine", "rating", "95% interval", "score"];
    let short: Vec<String> = (0..k).map(|j| format!("vs {}", j + 1)).collect();
    head.extend(short.iter().map(|s| s.as_str()));
    let mut t = Table::new(&head);
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    for &i in &order {
        let total: f64 = score[i].iter().sum();
        let n: u64 = games[i].iter().sum();
        let mut row = vec![
            format!("{}. `{}`", i + 1, names[i]),
            format!("{:+.0}", ratings[i].elo),
            format!("±{:.0}", ratings[i].half),
            format!("{total}/{n}"),
        ];
        for j in 0..k {
            row.push(if i == j {
                "–".into()
            } else {
                format!("{}/{}", score[i][j], games[i][j])
            });
        }
        t.push(row);
        ladder_csv.push(vec![
            id.into(),
            names[i].clone(),
            format!("{:.1}", ratings[i].elo),
            format!("{:.1}", ratings[i].half),
            total.to_string(),
            n.to_string(),
        ]);
    }
    md += &t.markdown();
    md += "\n";
    let group = Group {
        label: id.into(),
        bars: ratings
            .iter()
            .map(|r| Bar {
                value: r.elo,
                interval: Some((r.elo - r.half, r.elo + r.half)),
            })
            .collect(),
    };

    // Errors against perfect play.
    let mut err_md = format!("### {id}\n\n");
    match oracle {
        None => err_md += "No tablebases for this variant in this run.\n\n",
        Some(o) => {
            let positions = tablebase_positions(g, o.as_ref(), error_positions, seed);
            if positions.is_empty() {
                err_md += "No position of random play is both undecided and within the tables.\n\n";
            } else {
                let mut t = Table::new(&[
                    "engine",
                    "positions",
                    "moves that lose value",
                    "mean value lost per move",
                ]);
                let mut all = specs.to_vec();
                all.push(EngineSpec::Perfect {
                    tt_mb: 4,
                    time_ms: None,
                });
                for spec in &all {
                    let e = errors(g, spec, &o, &positions, seed ^ 0xE77);
                    t.push(vec![
                        format!("`{}`", e.engine),
                        e.positions.to_string(),
                        pct(&e.losing),
                        format!("{:.3}", e.mean_loss),
                    ]);
                    err_csv.push(vec![
                        id.into(),
                        e.engine.clone(),
                        e.positions.to_string(),
                        format!("{:.4}", e.losing.p),
                        format!("{:.4}", e.losing.lo),
                        format!("{:.4}", e.losing.hi),
                        format!("{:.4}", e.mean_loss),
                    ]);
                }
                log(&format!("{id} errors done"));
                err_md += &t.markdown();
                err_md += "\n";
            }
        }
    }
    Section {
        ladder_md: md,
        errors_md: err_md,
        group,
    }
}

/// Writes `strength.md`, `strength-ladder.csv`, `strength-errors.csv` and `strength.svg`
/// (two-row games) and `strength-four.svg` (four-row games) into `out`. The errors against
/// perfect play are judged by the tables in `tables`, built first where missing (two-row
/// games up to the budget's stones; four-row tables on the standard boards of the removal
/// games, in `tables/four`).
pub fn strength(
    out: &Path,
    budget: &Budget,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let t0 = Instant::now();
    let specs: Vec<EngineSpec> = budget
        .ladder
        .iter()
        .map(|s| s.parse().expect("budget engines parse"))
        .collect();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let mut md = String::from("# Engine strength\n\n");
    md += &format!(
        "Generated by `mancala report strength --budget {} --seed {seed}` ({}).\n\n\
         ## Ladder\n\n\
         Every pair of engines plays {} games on the standard board of each variant (2x6, 4 \
         seeds), both seat orders, the first {LADDER_OPENING} plies of each game random so \
         that games differ. Ratings are Bradley–Terry on the Elo scale, `{}` anchored at 0, \
         with approximate 95% intervals (`mancala_analysis::stats`). These are samples. \
         *Score* is points (win 1, draw ½) over games; column *vs k* gives the points \
         scored against engine number k.\n\n",
        budget.name,
        budget.describe(),
        budget.ladder_games,
        names[0]
    );
    let mut ladder_csv = Table::new(&[
        "variant",
        "engine",
        "rating",
        "interval_half",
        "score",
        "games",
    ]);
    let mut err_csv = Table::new(&[
        "variant",
        "engine",
        "positions",
        "losing_share",
        "losing_lo",
        "losing_hi",
        "mean_loss",
    ]);
    let mut groups = Vec::new();
    let mut err_md = String::new();
    for (vi, v) in VARIANTS
        .iter()
        .filter(|v| v.family.two_row().is_some())
        .enumerate()
    {
        let g = mancala_solver::variant::build(v.id, None, None, &[]).expect("standard board");
        let sec = variant_section(
            v.id,
            &g,
            &specs,
            budget.ladder_games,
            budget.error_positions,
            seed ^ ((vi as u64) << 40),
            two_row_tables(&g, tables, budget)?,
            &mut ladder_csv,
            &mut err_csv,
            log,
        );
        md += &sec.ladder_md;
        err_md += &sec.errors_md;
        groups.push(sec.group);
    }
    md += "![ratings](strength.svg)\n\n";
    write(
        out,
        "strength.svg",
        &ratings_chart(
            "Bradley–Terry ratings (Elo scale, 95% intervals)",
            &names,
            &groups,
        ),
    )?;

    // The four-row games.
    let parse = |ladder: &[&str]| -> Vec<EngineSpec> {
        ladder
            .iter()
            .map(|s| s.parse().expect("budget engines parse"))
            .collect()
    };
    let four_specs = parse(budget.four_play.ladder);
    let four_names: Vec<String> = four_specs.iter().map(|s| s.to_string()).collect();
    md += &format!(
        "## Ladder of the four-row games\n\n\
         The same on the standard board of each four-row game (docs/RULES.md), {} games a pair, \
         the first {LADDER_OPENING} plies random, with the engines of the four-row budget: \
         alpha-beta with node budgets (the number of moves differs so much from one game to \
         another that a fixed depth would take milliseconds in one and minutes in another). \
         A game stopped by repetition or the ply limit is a draw (`mancala_analysis::matches`). \
         Chisolo-ii and mwambulula, whose move generation is far slower (re-sown captures \
         can make sowings that cycle for millions of laps before they are found illegal), \
         get a smaller ladder ({} games a pair); the plot shows the other eight.\n\n",
        budget.four_play.ladder_games, budget.four_play_slow.ladder_games
    );
    let mut four_groups = Vec::new();
    let mut four_err_md = String::new();
    for (ki, kind) in FourKind::ALL.into_iter().enumerate() {
        let g = FourRow::standard(kind);
        let play = budget.four_play_of(kind);
        let specs = parse(play.ladder);
        let sec = variant_section(
            kind.id(),
            &g,
            &specs,
            play.ladder_games,
            budget.four_error_positions,
            seed ^ (0xF0u64 << 48) ^ ((ki as u64) << 40),
            four_row_tables(&g, tables, budget, log),
            &mut ladder_csv,
            &mut err_csv,
            log,
        );
        md += &sec.ladder_md;
        four_err_md += &sec.errors_md;
        if kind.removes() {
            four_groups.push(sec.group);
        }
    }
    md += "![ratings, four-row games](strength-four.svg)\n\n";
    write(
        out,
        "strength-four.svg",
        &ratings_chart(
            "Four-row games: Bradley–Terry ratings (Elo scale, 95% intervals)",
            &four_names,
            &four_groups,
        ),
    )?;
    md += &format!(
        "## Errors against perfect play\n\n\
         Positions with at most {} seeds on the board reached in random games (seeded), \
         with at least two legal moves, valued exactly by the endgame tablebases. A move \
         *loses value* when its exact value (final seed difference) is below the best \
         move's; the mean value lost is over all judged moves. The `perfect` row is a check \
         (it must be 0). Shares have 95% Wilson intervals.\n\n",
        budget.tb_stones
    );
    md += &err_md;
    md += &format!(
        "## Errors against perfect play, four-row games\n\n\
         The same with the win/draw/loss tables (`.ftb`) of the eight four-row games whose \
         captures take seeds off the board, built on the standard board up to {} seeds \
         (chisolo-ii and mwambulula re-sow their captures: no tables; toka and nchuba are \
         wider than the tables allow). Values are +1 (win), 0 (draw), −1 (loss) for the \
         mover: a move *loses value* when it changes the result the mover can force (a win \
         into a draw or loss, a draw into a loss), and the mean value lost is in those \
         units (a win thrown into a loss loses 2).\n\n",
        budget.four_tb_stones
    );
    md += &four_err_md;
    md += &format!(
        "Data: [strength-ladder.csv](strength-ladder.csv), [strength-errors.csv](strength-errors.csv). \
         Generated in {:.0} s.\n",
        t0.elapsed().as_secs_f64()
    );
    write(out, "strength.md", &md)?;
    write(out, "strength-ladder.csv", &ladder_csv.csv())?;
    write(out, "strength-errors.csv", &err_csv.csv())?;
    Ok(())
}
