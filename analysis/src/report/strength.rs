//! The strength report (`strength.md`): a round-robin ladder of engines per variant with
//! Bradley–Terry ratings, each engine's errors against perfect play on tablebase positions,
//! and the two-row games' ratings by perfect play of [`crate::rate`] (`mancala rate`).

use super::base::{interval_csv, pct, Files, Preset, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::perfect::oracle_values;
use crate::engine::{EngineGame, EngineSpec, Rng};
use crate::r#match::games::{run_match, MatchConfig};
use crate::rate::{self, Rated, SeedsRange};
use crate::stats::{bradley_terry, wilson, Rate, Rating};
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
    rate::draw(pool, count as usize, &mut rng)
}

/// Counts the errors of `spec` on `positions` (values from `oracle`), each move judged by
/// [`rate::judge`].
pub fn errors<G: Rated>(
    g: &G,
    spec: &EngineSpec,
    oracle: &Arc<dyn Oracle<G>>,
    positions: &[G::Position],
    seed: u64,
) -> Errors {
    let values: Vec<Vec<i32>> = positions
        .iter()
        .map(|pos| oracle_values(g, oracle.as_ref(), pos).expect("known positions"))
        .collect();
    let judged = rate::judge(g, spec, Some(oracle), positions, &values, seed);
    let losses: Vec<i32> = judged.iter().map(|j| j.loss()).collect();
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
    budget: &Preset,
) -> io::Result<Option<Arc<dyn Oracle<TwoRow>>>> {
    mancala_tablebases::tworow::build(g, tables, budget.tb_stones, budget.threads, &|_| {})
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
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Option<Arc<dyn Oracle<FourRow>>> {
    log(&format!("{}: four-row tables", g.variant_id()));
    let dir = tables.join("four");
    mancala_tablebases::wdl::build(g, &dir, budget.four_tb_stones, budget.threads, &|_| {}).ok()?;
    let t = mancala_tablebases::fourrow::FourTables::open(&dir, g).ok()?;
    (!t.is_empty()).then(|| Arc::new(t) as _)
}

/// A round-robin ladder of engines on one variant.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// Variant id.
    pub id: String,
    /// The engines, in the budget's order (number k is `names[k - 1]`).
    pub names: Vec<String>,
    /// `score[i][j]`: the points engine `i` scored against engine `j`.
    pub score: Vec<Vec<f64>>,
    /// `games[i][j]`: the games they played.
    pub games: Vec<Vec<u64>>,
    /// Bradley–Terry ratings, in the same order.
    pub ratings: Vec<Rating>,
}

impl Ladder {
    /// The engines by rating, the best first (equals in the budget's order).
    fn order(&self) -> Vec<usize> {
        let r = &self.ratings;
        let mut order: Vec<usize> = (0..r.len()).collect();
        order.sort_by(|&a, &b| r[b].elo.total_cmp(&r[a].elo));
        order
    }

    /// The variant's group of the ratings chart: a bar an engine with its interval.
    fn group(&self) -> Group {
        Group {
            label: self.id.clone(),
            bars: self
                .ratings
                .iter()
                .map(|r| Bar {
                    value: r.elo,
                    interval: Some((r.elo - r.half, r.elo + r.half)),
                })
                .collect(),
        }
    }
}

/// The engines' errors against perfect play on one variant.
#[derive(Clone, Debug)]
pub enum ErrorCounts {
    /// The variant has no tables in this run.
    NoTables,
    /// Random play reached no undecided position within the tables.
    NoPositions,
    /// Each engine's errors, the ladder's and then `perfect` (a check).
    Counted(Vec<Errors>),
}

/// What the report shows of one variant.
#[derive(Clone, Debug)]
pub struct VariantStrength {
    /// The ladder.
    pub ladder: Ladder,
    /// The errors against perfect play.
    pub errors: ErrorCounts,
    /// The ladder's engines and `perfect` rated by [`crate::rate`] on positions of real
    /// games (two-row games with tables; empty otherwise).
    pub rated: Vec<rate::Rating>,
}

/// Everything `strength.md` and its files show.
#[derive(Clone, Debug)]
pub struct StrengthData {
    /// The budget it was computed within.
    pub budget: Preset,
    /// The seed of every sampled figure.
    pub seed: u64,
    /// The two-row variants, in the variant list's order.
    pub two_row: Vec<VariantStrength>,
    /// The four-row games, each with its kind.
    pub four_row: Vec<(FourKind, VariantStrength)>,
    /// Wall-clock seconds of the computation.
    pub seconds: f64,
}

/// The engines of a ladder, parsed.
fn specs(ladder: &[&str]) -> Vec<EngineSpec> {
    ladder
        .iter()
        .map(|s| s.parse().expect("budget engines parse"))
        .collect()
}

/// The engines of a ladder by name, as the report prints them.
fn names(ladder: &[&str]) -> Vec<String> {
    spec_names(&specs(ladder))
}

/// Engines by name, as the report prints them.
fn spec_names(specs: &[EngineSpec]) -> Vec<String> {
    specs.iter().map(|s| s.to_string()).collect()
}

/// Plays the ladders and counts the errors of every variant within `budget`, sampled
/// figures from `seed`, the errors judged by the tables in `tables` (built first where
/// missing).
pub fn compute(
    budget: &Preset,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<StrengthData> {
    let t0 = Instant::now();
    let specs_two = budget.two_row_ladder();
    let mut two_row = Vec::new();
    for (vi, v) in VARIANTS
        .iter()
        .filter(|v| v.family.two_row().is_some())
        .enumerate()
    {
        let g = mancala_solver::variant::build(v.id, None, None, &[]).expect("standard board");
        let oracle = two_row_tables(&g, tables, budget)?;
        let work = (budget.ladder_games, budget.error_positions);
        let rated = match &oracle {
            Some(o) => rated(&g, &specs_two, o, budget, seed),
            None => Vec::new(),
        };
        log(&format!("{} rated", v.id));
        let seed = seed ^ ((vi as u64) << 40);
        let mut s = variant(v.id, &g, &specs_two, work, seed, oracle, log);
        s.rated = rated;
        two_row.push(s);
    }
    let mut four_row = Vec::new();
    for (ki, kind) in FourKind::ALL.into_iter().enumerate() {
        let g = FourRow::standard(kind);
        let play = budget.four_play_of(kind);
        let oracle = four_row_tables(&g, tables, budget, log);
        let work = (play.ladder_games, budget.four_error_positions);
        let seed = seed ^ (0xF0u64 << 48) ^ ((ki as u64) << 40);
        let v = variant(kind.id(), &g, &specs(play.ladder), work, seed, oracle, log);
        four_row.push((kind, v));
    }
    Ok(StrengthData {
        budget: budget.clone(),
        seed,
        two_row,
        four_row,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// The engines of `specs` and `perfect` rated on the standard board of the two-row game `g`
/// as `mancala rate <id> --engine E --tablebases DIR --seeds-range 1..S --positions N --seed
/// SEED` rates them (S the budget's table seeds, N its error positions): the same positions
/// for every engine.
fn rated(
    g: &TwoRow,
    specs: &[EngineSpec],
    oracle: &Arc<dyn Oracle<TwoRow>>,
    budget: &Preset,
    seed: u64,
) -> Vec<rate::Rating> {
    let range = SeedsRange {
        lo: 1,
        hi: budget.tb_stones,
    };
    let (n, start) = (budget.error_positions, mancala_solver::Game::start(g));
    let sample = rate::sample(g, &start, oracle.as_ref(), range, n, seed);
    if sample.positions.is_empty() {
        return Vec::new();
    }
    with_perfect(specs)
        .iter()
        .map(|spec| rate::rate_sample(g, spec, Some(oracle), &sample, range, seed))
        .collect()
}

/// `specs` and then `perfect` (a check: it loses nothing).
fn with_perfect(specs: &[EngineSpec]) -> Vec<EngineSpec> {
    let mut all = specs.to_vec();
    all.push(EngineSpec::Perfect {
        tt_mb: 4,
        time_ms: None,
    });
    all
}

/// The ladder of `specs` on the standard board `g` of variant `id` and the engines' errors
/// on positions of `oracle`'s tables; `work` is the games a pair and the positions judged.
fn variant<G: Rated>(
    id: &str,
    g: &G,
    specs: &[EngineSpec],
    work: (u32, u32),
    seed: u64,
    oracle: Option<Arc<dyn Oracle<G>>>,
    log: &(dyn Fn(&str) + Sync),
) -> VariantStrength {
    let ladder = ladder(id, g, specs, work.0, seed);
    log(&format!("{id} ladder done"));
    let errors = match oracle {
        None => ErrorCounts::NoTables,
        Some(o) => {
            let positions = tablebase_positions(g, o.as_ref(), work.1, seed);
            if positions.is_empty() {
                ErrorCounts::NoPositions
            } else {
                let counted = with_perfect(specs)
                    .iter()
                    .map(|spec| errors(g, spec, &o, &positions, seed ^ 0xE77))
                    .collect();
                log(&format!("{id} errors done"));
                ErrorCounts::Counted(counted)
            }
        }
    };
    VariantStrength {
        ladder,
        errors,
        rated: Vec::new(),
    }
}

/// Every pair of `specs` plays `games_per_pair` games on the standard board of `g`, pair
/// `k` from seed `seed ^ k << 20`; then the ratings.
fn ladder<G: EngineGame + 'static>(
    id: &str,
    g: &G,
    specs: &[EngineSpec],
    games_per_pair: u32,
    seed: u64,
) -> Ladder {
    let k = specs.len();
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
    Ladder {
        id: id.into(),
        names: specs.iter().map(|s| s.to_string()).collect(),
        ratings: bradley_terry(&score, &games),
        score,
        games,
    }
}

/// Writes `strength.md`, `strength-ladder.csv`, `strength-errors.csv` and `strength.svg`
/// (two-row games) and `strength-four.svg` (four-row games) into `out`. The errors against
/// perfect play are judged by the tables in `tables`, built first where missing (two-row
/// games up to the budget's stones; four-row tables on the standard boards of the removal
/// games, in `tables/four`).
pub fn strength(
    out: &Path,
    budget: &Preset,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let d = compute(budget, seed, tables, log)?;
    files(&d).write(out)
}

/// Every variant of the report, two-row games first.
fn all(d: &StrengthData) -> impl Iterator<Item = &VariantStrength> {
    d.two_row.iter().chain(d.four_row.iter().map(|x| &x.1))
}

/// Every file of the report, `strength.md` included.
pub fn files(d: &StrengthData) -> Files {
    let mut f = Files::default();
    let groups: Vec<Group> = d.two_row.iter().map(|v| v.ladder.group()).collect();
    f.add(
        "strength.svg",
        ratings_chart(
            "Bradley–Terry ratings (Elo scale, 95% intervals)",
            &spec_names(&d.budget.two_row_ladder()),
            &groups,
        ),
    );
    // The slow games' smaller ladder would not share the chart's series.
    let four_groups: Vec<Group> = d
        .four_row
        .iter()
        .filter(|(kind, _)| kind.removes())
        .map(|(_, v)| v.ladder.group())
        .collect();
    f.add(
        "strength-four.svg",
        ratings_chart(
            "Four-row games: Bradley–Terry ratings (Elo scale, 95% intervals)",
            &names(d.budget.four_play.ladder),
            &four_groups,
        ),
    );
    f.add("strength-rate.svg", rate_chart(d));
    f.add("strength.md", markdown(d));
    f.add("strength-ladder.csv", ladder_csv(d).csv());
    f.add("strength-errors.csv", errors_csv(d).csv());
    f.add("strength-rate.csv", rate_csv(d).csv());
    f
}

/// The text of `strength.md`.
pub fn markdown(d: &StrengthData) -> String {
    let budget = &d.budget;
    let mut md = String::from("# Engine strength\n\n");
    md += &format!(
        "Generated by `mancala report strength --budget {} --seed {}{}` ({}).\n\n\
         ## Ladder\n\n\
         Every pair of engines plays {} games on the standard board of each variant (2x6, 4 \
         seeds), both seat orders, the first {LADDER_OPENING} plies of each game random so \
         that games differ. Ratings are Bradley–Terry on the Elo scale, `{}` anchored at 0, \
         with approximate 95% intervals (`mancala_analysis::stats`). These are samples. \
         *Score* is points (win 1, draw ½) over games; column *vs k* gives the points \
         scored against engine number k.\n\n",
        budget.name,
        d.seed,
        budget
            .engines
            .iter()
            .map(|e| format!(" --engine '{e}'"))
            .collect::<String>(),
        budget.describe(),
        budget.ladder_games,
        names(budget.ladder)[0]
    );
    for v in &d.two_row {
        md += &ladder_markdown(&v.ladder);
    }
    md += "![ratings](strength.svg)\n\n";
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
    for (_, v) in &d.four_row {
        md += &ladder_markdown(&v.ladder);
    }
    md += "![ratings, four-row games](strength-four.svg)\n\n";
    md += &errors_markdown(d);
    md += &rate_markdown(d);
    md += &format!(
        "Data: [strength-ladder.csv](strength-ladder.csv), [strength-errors.csv](strength-errors.csv), \
         [strength-rate.csv](strength-rate.csv). \
         Generated in {:.0} s.\n",
        d.seconds
    );
    md
}

/// One variant's ladder: the engines by rating, their scores against each other.
fn ladder_markdown(l: &Ladder) -> String {
    let k = l.names.len();
    let mut head = vec!["engine", "rating", "95% interval", "score"];
    let short: Vec<String> = (0..k).map(|j| format!("vs {}", j + 1)).collect();
    head.extend(short.iter().map(|s| s.as_str()));
    let mut t = Table::new(&head);
    for i in l.order() {
        let total: f64 = l.score[i].iter().sum();
        let n: u64 = l.games[i].iter().sum();
        let mut row = vec![
            format!("{}. `{}`", i + 1, l.names[i]),
            format!("{:+.0}", l.ratings[i].elo),
            format!("±{:.0}", l.ratings[i].half),
            format!("{total}/{n}"),
        ];
        row.extend((0..k).map(|j| {
            if i == j {
                "–".into()
            } else {
                format!("{}/{}", l.score[i][j], l.games[i][j])
            }
        }));
        t.push(row);
    }
    format!("### {}\n\n{}\n", l.id, t.markdown())
}

/// The sections of errors against perfect play, two-row games then four-row games.
fn errors_markdown(d: &StrengthData) -> String {
    let mut md = format!(
        "## Errors against perfect play\n\n\
         Positions with at most {} seeds on the board reached in random games (seeded), \
         with at least two legal moves, valued exactly by the endgame tablebases. A move \
         *loses value* when its exact value (final seed difference) is below the best \
         move's; the mean value lost is over all judged moves. The `perfect` row is a check \
         (it must be 0). Shares have 95% Wilson intervals.\n\n",
        d.budget.tb_stones
    );
    for v in &d.two_row {
        md += &variant_errors(v);
    }
    md += &format!(
        "## Errors against perfect play, four-row games\n\n\
         The same with the win/draw/loss tables (`.ftb`) of the eight four-row games whose \
         captures take seeds off the board, built on the standard board up to {} seeds \
         (chisolo-ii and mwambulula re-sow their captures: no tables; toka and nchuba are \
         wider than the tables allow). Values are +1 (win), 0 (draw), −1 (loss) for the \
         mover: a move *loses value* when it changes the result the mover can force (a win \
         into a draw or loss, a draw into a loss), and the mean value lost is in those \
         units (a win thrown into a loss loses 2).\n\n",
        d.budget.four_tb_stones
    );
    for (_, v) in &d.four_row {
        md += &variant_errors(v);
    }
    md
}

/// One variant's errors: a table of the engines, or why there is none.
fn variant_errors(v: &VariantStrength) -> String {
    let mut md = format!("### {}\n\n", v.ladder.id);
    match &v.errors {
        ErrorCounts::NoTables => md += "No tablebases for this variant in this run.\n\n",
        ErrorCounts::NoPositions => {
            md += "No position of random play is both undecided and within the tables.\n\n"
        }
        ErrorCounts::Counted(errors) => {
            let mut t = Table::new(&[
                "engine",
                "positions",
                "moves that lose value",
                "mean value lost per move",
            ]);
            for e in errors {
                t.push(vec![
                    format!("`{}`", e.engine),
                    e.positions.to_string(),
                    pct(&e.losing),
                    format!("{:.3}", e.mean_loss),
                ]);
            }
            md += &t.markdown();
            md += "\n";
        }
    }
    md
}

/// `strength-ladder.csv`: every variant's engines by rating.
fn ladder_csv(d: &StrengthData) -> Table {
    let mut t = Table::new(&[
        "variant",
        "engine",
        "rating",
        "interval_half",
        "score",
        "games",
    ]);
    for l in all(d).map(|v| &v.ladder) {
        for i in l.order() {
            let total: f64 = l.score[i].iter().sum();
            let n: u64 = l.games[i].iter().sum();
            t.push(vec![
                l.id.clone(),
                l.names[i].clone(),
                format!("{:.1}", l.ratings[i].elo),
                format!("{:.1}", l.ratings[i].half),
                total.to_string(),
                n.to_string(),
            ]);
        }
    }
    t
}

/// `strength-errors.csv`: every engine's errors on every variant with tables.
fn errors_csv(d: &StrengthData) -> Table {
    let mut t = Table::new(&[
        "variant",
        "engine",
        "positions",
        "losing_share",
        "losing_lo",
        "losing_hi",
        "mean_loss",
    ]);
    for v in all(d) {
        let ErrorCounts::Counted(errors) = &v.errors else {
            continue;
        };
        for e in errors {
            let mut row = vec![
                v.ladder.id.clone(),
                e.engine.clone(),
                e.positions.to_string(),
            ];
            row.extend(interval_csv(e.losing.p, e.losing.lo, e.losing.hi));
            row.push(format!("{:.4}", e.mean_loss));
            t.push(row);
        }
    }
    t
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

/// The section of the ratings by perfect play (`mancala rate`) of the two-row games.
fn rate_markdown(d: &StrengthData) -> String {
    let b = &d.budget;
    let mut md = format!(
        "## Rated by perfect play (`mancala rate`)\n\n\
         Each engine moves in {} positions with 1 to {} seeds on the board drawn from real \
         games (self-play and matches of built-in engines after a short random opening, \
         `mancala_analysis::rate`), the same positions for every engine, each move scored by \
         the tablebases: how often it throws away a won position (to a draw or a loss) or a \
         drawn one (to a loss), with 95% Wilson intervals, and the mean seeds lost per move \
         against the best move, with a normal 95% interval. A row is reproduced by `mancala \
         rate <variant> --engine <engine> --tablebases <tables> --seeds-range 1..{} \
         --positions {} --seed {}`; the `perfect` row is a check (it must lose nothing).\n\n",
        b.error_positions, b.tb_stones, b.tb_stones, b.error_positions, d.seed
    );
    let mut t = Table::new(&[
        "variant",
        "engine",
        "positions",
        "wins thrown away",
        "draws thrown away",
        "mean seeds lost per move",
    ]);
    let mut any = false;
    for v in &d.two_row {
        for r in &v.rated {
            any = true;
            let a = &r.all;
            t.push(vec![
                v.ladder.id.clone(),
                format!("`{}`", r.engine),
                a.positions.to_string(),
                thrown(a.wins_thrown, a.won, &a.wins_rate()),
                thrown(a.draws_thrown, a.drawn, &a.draws_rate()),
                a.loss.text(3),
            ]);
        }
    }
    if !any {
        return md + "No variant has tables in this run.\n\n";
    }
    md += &t.markdown();
    md += "\n![mean seeds lost per move](strength-rate.svg)\n\n";
    md
}

/// `k/n p% [lo–hi]`, or `–` when there is no such position.
fn thrown(k: u64, n: u64, r: &crate::stats::Rate) -> String {
    if n == 0 {
        return "–".into();
    }
    format!("{k}/{n} {}", pct(r))
}

/// `strength-rate.svg`: each two-row variant's engines by mean seeds lost per move.
fn rate_chart(d: &StrengthData) -> String {
    let names = spec_names(&with_perfect(&d.budget.two_row_ladder()));
    let labels: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let groups: Vec<Group> = d
        .two_row
        .iter()
        .filter(|v| !v.rated.is_empty())
        .map(|v| Group {
            label: v.ladder.id.clone(),
            bars: v
                .rated
                .iter()
                .map(|r| Bar {
                    value: r.all.loss.mean,
                    interval: Some((r.all.loss.lo, r.all.loss.hi)),
                })
                .collect(),
        })
        .collect();
    let hi = groups
        .iter()
        .flat_map(|g| g.bars.iter().filter_map(|b| b.interval.map(|i| i.1)))
        .fold(1.0f64, f64::max);
    bar_chart(
        "Mean seeds lost per move against perfect play (95% intervals)",
        "seeds lost",
        &labels,
        &groups,
        (0.0, hi.ceil()),
    )
}

/// `strength-rate.csv`: every engine's rating by perfect play, every bucket and `all`.
fn rate_csv(d: &StrengthData) -> Table {
    let mut t = Table::new(&[
        "variant",
        "engine",
        "seeds_lo",
        "seeds_hi",
        "positions",
        "won",
        "wins_thrown",
        "drawn",
        "draws_thrown",
        "mean_loss",
        "mean_loss_lo",
        "mean_loss_hi",
    ]);
    for v in &d.two_row {
        for r in &v.rated {
            let all = SeedsRange {
                lo: 1,
                hi: d.budget.tb_stones,
            };
            for (b, f) in r.buckets.iter().chain([(all, r.all.clone())].iter()) {
                let mut row = vec![
                    v.ladder.id.clone(),
                    r.engine.clone(),
                    b.lo.to_string(),
                    b.hi.to_string(),
                ];
                row.extend(
                    [f.positions, f.won, f.wins_thrown, f.drawn, f.draws_thrown]
                        .map(|x| x.to_string()),
                );
                row.extend(interval_csv(f.loss.mean, f.loss.lo, f.loss.hi));
                t.push(row);
            }
        }
    }
    t
}
