//! The catalogue of variants: ids, sources, status, and building the rules from options.

use crate::any::AnyGame;
use crate::error::{ConfigError, PositionError};
use crate::fourrow::{self, FourRow};
use crate::game::{Game, Notation};
use crate::isolo::{self, Isolo};
use crate::kpo_players::{self, KpoNPos, KpoPlayers};
use crate::morris::Morris;
use crate::tworow;
use crate::tworow::{Kind, TwoRow};

/// How far the project supports a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Playable: start, show, moves, play, perft.
    Playable,
    /// Listed in docs/RULES.md, not yet played.
    Planned,
    /// Listed, but not a game of strategy to analyse.
    NotAnalysed,
}

impl Status {
    /// A short word for tables and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playable => "playable",
            Status::Planned => "planned",
            Status::NotAnalysed => "not-analysed",
        }
    }
}

/// One catalogue entry.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The id used on the command line.
    pub id: &'static str,
    /// People and place.
    pub people: &'static str,
    /// The source the rules come from.
    pub source: &'static str,
    /// Board shape.
    pub board: &'static str,
    /// Support status.
    pub status: Status,
    /// The board family and the variant's kind in it (`None` until it is playable).
    pub family: Family,
}

/// The board families: each a folder of the solver crate, its rules behind [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A two-row game (`tworow/`).
    TwoRow(Kind),
    /// A four-row game (`fourrow/`).
    FourRow(fourrow::Kind),
    /// A game of the morris board (`morris/`).
    Morris(crate::morris::Kind),
    /// A game whose players sow only in their own holes and arrange them (`isolo/`).
    Isolo(isolo::Kind),
    /// Not playable yet, or not a game to analyse.
    None,
}

impl Family {
    /// The two-row kind, for a two-row variant.
    pub fn two_row(self) -> Option<Kind> {
        match self {
            Family::TwoRow(k) => Some(k),
            _ => None,
        }
    }

    /// The four-row kind, for a four-row variant.
    pub fn four_row(self) -> Option<fourrow::Kind> {
        match self {
            Family::FourRow(k) => Some(k),
            _ => None,
        }
    }
}

/// Every variant of docs/RULES.md, the playable ones first.
pub const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        id: "warri",
        people: "Yoruba and Igbo, Nigeria",
        source: "Humpidge, Nigeria 16 (1938)",
        board: "2x6, 4 seeds",
        status: Status::Playable,
        family: Family::TwoRow(Kind::Warri),
    },
    VariantInfo {
        id: "kale",
        people: "Fan, Gabon",
        source: "Good, in Culin, Mancala, the National Game of Africa (1896)",
        board: "2x6, 4 seeds",
        status: Status::Playable,
        family: Family::TwoRow(Kind::Kale),
    },
    VariantInfo {
        id: "kpo",
        people: "Vei, Liberia",
        source: "Culin, Mancala, the National Game of Africa (1896)",
        board: "2x6, 4 seeds",
        status: Status::Playable,
        family: Family::TwoRow(Kind::Kpo),
    },
    VariantInfo {
        id: "oware",
        people: "Akan, Ghana (abapa; reference variant)",
        source: "Romein & Bal (2003) and Lincke (2002) Awari databases",
        board: "2x6, 4 seeds",
        status: Status::Playable,
        family: Family::TwoRow(Kind::Oware),
    },
    VariantInfo {
        id: "kalah",
        people: "reference variant",
        source: "Irving, Donkers & Uiterwijk, Solving Kalah, ICGA J. (2000)",
        board: "2x6 + 2 stores, 4 seeds",
        status: Status::Playable,
        family: Family::TwoRow(Kind::Kalah),
    },
    VariantInfo {
        id: "mulabalaba",
        people: "Lozi, Zambia",
        source: "Chaplin (1956)",
        board: "4x6, 2 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Mulabalaba),
    },
    VariantInfo {
        id: "toka",
        people: "Toka, Zambia",
        source: "Chaplin (1956)",
        board: "4x12, 2 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Toka),
    },
    VariantInfo {
        id: "kanotta",
        people: "Lunda, Zambia",
        source: "Chaplin (1956)",
        board: "4x8, 2 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Kanotta),
    },
    VariantInfo {
        id: "nchuba",
        people: "Tumbuka, Zambia",
        source: "Chaplin (1956)",
        board: "4x16, 2 seeds in the back rows",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Nchuba),
    },
    VariantInfo {
        id: "nakabili",
        people: "Bantu Botatwe, Zambia",
        source: "Chaplin (1956)",
        board: "4x8, 2 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Nakabili),
    },
    VariantInfo {
        id: "kabwanga",
        people: "Bantu Botatwe, Zambia",
        source: "Chaplin (1956)",
        board: "4x8, 2 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Kabwanga),
    },
    VariantInfo {
        id: "chisolo",
        people: "Tonga, Zambia",
        source: "Chaplin (1956)",
        board: "4x5, 3 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Chisolo),
    },
    VariantInfo {
        id: "natatu",
        people: "Ila, Zambia",
        source: "Mancala World, Chisolo I",
        board: "4x7 (to 4x10), 3 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Natatu),
    },
    VariantInfo {
        id: "chisolo-ii",
        people: "Tonga, Zambia",
        source: "Chaplin (1956)",
        board: "4x5, 3 seeds",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::ChisoloII),
    },
    VariantInfo {
        id: "mwambulula",
        people: "Bemba, Zambia",
        source: "Chaplin (1956)",
        board: "4x8, 2 seeds, stores",
        status: Status::Playable,
        family: Family::FourRow(fourrow::Kind::Mwambulula),
    },
    VariantInfo {
        id: "isolo",
        people: "Bemba, Zambia",
        source: "Chaplin (1956)",
        board: "2x8",
        status: Status::Playable,
        family: Family::Isolo(isolo::Kind::IsoloI),
    },
    VariantInfo {
        id: "isolo-ii",
        people: "Bemba, Zambia",
        source: "Chaplin (1956)",
        board: "4x8",
        status: Status::Playable,
        family: Family::Isolo(isolo::Kind::IsoloII),
    },
    VariantInfo {
        id: "mulabalaba-morris",
        people: "Lozi, Zambia (three in a row; not mancala)",
        source: "Chaplin (1956)",
        board: "morris board, 12 counters",
        status: Status::Playable,
        family: Family::Morris(crate::morris::Kind::Mulabalaba),
    },
    VariantInfo {
        id: "nine-mens-morris",
        people: "reference variant (the morris board without diagonals)",
        source: "Gasser, Solving Nine Men's Morris, Games of No Chance (1996)",
        board: "morris board, 9 counters",
        status: Status::Playable,
        family: Family::Morris(crate::morris::Kind::NineMensMorris),
    },
    VariantInfo {
        id: "kuyata",
        people: "Zambia (a game of dexterity)",
        source: "Chaplin (1956)",
        board: "-",
        status: Status::NotAnalysed,
        family: Family::None,
    },
];

/// Looks a variant up by id.
///
/// # Example
///
/// ```
/// use mancala_solver::variant::{find, Family};
/// use mancala_solver::Kind;
///
/// let oware = find("oware")?;
/// assert_eq!(oware.family, Family::TwoRow(Kind::Oware));
/// assert!(find("chess").is_err());
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
pub fn find(id: &str) -> Result<&'static VariantInfo, ConfigError> {
    VARIANTS.iter().find(|v| v.id == id).ok_or_else(|| {
        let ids: Vec<_> = VARIANTS.iter().map(|v| v.id).collect();
        ConfigError(format!(
            "unknown variant '{id}': expected one of {}",
            ids.join(", ")
        ))
    })
}

/// Builds the rules of a playable variant from command-line options.
pub fn build(
    id: &str,
    width: Option<usize>,
    seeds: Option<u32>,
    rules: &[String],
) -> Result<TwoRow, ConfigError> {
    let info = find(id)?;
    let kind = info.family.two_row().ok_or_else(|| {
        ConfigError(format!(
            "variant '{id}' is {} and cannot be played yet",
            info.status.as_str()
        ))
    })?;
    let opts = tworow::Options::parse(kind, rules)?;
    TwoRow::new(kind, width.unwrap_or(6), seeds.unwrap_or(4), opts)
}

/// The sizes a command line may give: pits a side (`--width`), seeds a pit (`--seeds`),
/// counters a side (`--counters`, the morris game). `None` takes the variant's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Pits a side (holes a row for the four-row games).
    pub width: Option<usize>,
    /// Seeds a pit at the start.
    pub seeds: Option<u32>,
    /// Counters a side (the morris game).
    pub counters: Option<u32>,
    /// Store seeds a player for Isolo I's fore-play (`--store`; unlimited when `None`).
    pub store: Option<u32>,
    /// Isolo II: the most seeds an arrangement puts in a hole (`--max-hole`).
    pub max_hole: Option<u32>,
    /// The Isolo games: the phase the game starts in (`--phase`).
    pub phase: Option<&'static str>,
}

/// Why [`setup`] could not make a game and a position.
#[derive(Clone, Debug)]
pub enum SetupError {
    /// The variant, width, seeds or rule options.
    Config(ConfigError),
    /// The position text.
    Position(PositionError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Config(e) => e.fmt(f),
            SetupError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<ConfigError> for SetupError {
    fn from(e: ConfigError) -> SetupError {
        SetupError::Config(e)
    }
}

impl From<PositionError> for SetupError {
    fn from(e: PositionError) -> SetupError {
        SetupError::Position(e)
    }
}

/// The pits a side of `text`'s first row holds (its comma-separated fields), when that is a
/// width of `range`: the width a position given without `--width` is read at.
fn width_of(text: &str, range: std::ops::RangeInclusive<usize>) -> Option<usize> {
    let first_row = text.split_whitespace().next()?.split('/').next()?;
    let n = first_row.split(',').count();
    range.contains(&n).then_some(n)
}

/// The rules and position of kpo for `players` from a command's options: `width` (else the
/// width of `position`'s first row, else 6), `seeds` (else 3), the `rules` options
/// (`name=value`) and the position text (else the start); the refusal is the error line.
pub fn setup_kpo_players(
    variant_id: &str,
    players: usize,
    width: Option<usize>,
    seeds: Option<u32>,
    rules: &[String],
    position: Option<&str>,
) -> Result<(KpoPlayers, KpoNPos), String> {
    use crate::nseat::{SeatGame, SeatNotation};
    find(variant_id).map_err(|e| e.to_string())?;
    if variant_id != kpo_players::VARIANT {
        return Err(format!(
            "--players {players}: only kpo has a game for more than two players (Culin: \"Two, three, or four play\"); {variant_id} is for two"
        ));
    }
    if !(2..=4).contains(&players) {
        return Err(format!(
            "invalid --players {players} for kpo: expected 2, 3 or 4"
        ));
    }
    let width = width.or_else(|| {
        let first_row = position?.split_whitespace().next()?.split('/').next()?;
        Some(first_row.split(',').count())
    });
    let opts = kpo_players::Options::parse(players, rules).map_err(|e| e.to_string())?;
    let g = KpoPlayers::new(players, width.unwrap_or(6), seeds.unwrap_or(3), opts)
        .map_err(|e| e.to_string())?;
    let pos = match position {
        Some(text) => SeatNotation::parse_position(&g, text).map_err(|e| e.to_string())?,
        None => SeatGame::start(&g),
    };
    Ok((g, pos))
}

/// The rules of variant `id` and a position: `position` read in the variant's notation, or
/// the start. Without `width`, a position's width is that of its first row (a width the family
/// has; otherwise the variant's default, which then refuses the text with its reason); without
/// `counters`, a morris position's are its own (on the board, in hand and taken).
pub fn setup(
    id: &str,
    size: Size,
    rules: &[String],
    position: Option<&str>,
) -> Result<AnyGame, SetupError> {
    let info = find(id)?;
    let Size {
        width,
        seeds,
        counters,
        store,
        max_hole,
        phase,
    } = size;
    let refuse = |option: &str, why: &str| -> Result<AnyGame, SetupError> {
        Err(ConfigError(format!("{id} takes no {option}: {why}")).into())
    };
    if let Family::Isolo(kind) = info.family {
        if counters.is_some() {
            return refuse("--counters", "it is for the morris games");
        }
        if kind == isolo::Kind::IsoloII && store.is_some() {
            return refuse("--store", "it is Isolo I's fore-play store");
        }
        if kind == isolo::Kind::IsoloI && max_hole.is_some() {
            return refuse("--max-hole", "it is Isolo II's arrangement limit");
        }
        let mut setup = isolo::Setup::standard(kind);
        if let Some(p) = phase {
            setup.phase = Isolo::parse_phase(kind, p).map_err(ConfigError)?;
        }
        setup.store = store.unwrap_or(setup.store);
        setup.max_hole = max_hole.unwrap_or(setup.max_hole);
        let width = width.or_else(|| width_of(position?, kind.min_width()..=isolo::MAX_WIDTH));
        let g = Isolo::new(
            kind,
            width.unwrap_or(kind.default_width()),
            seeds.unwrap_or(kind.default_seeds()),
            setup,
            isolo::Options::parse(kind, rules)?,
        )?;
        let pos = match position {
            Some(text) => g.parse_position(text)?,
            None => g.start(),
        };
        return Ok(AnyGame::Isolo(g, pos));
    }
    for (given, option) in [
        (store.is_some(), "--store"),
        (max_hole.is_some(), "--max-hole"),
        (phase.is_some(), "--phase"),
    ] {
        if given {
            return refuse(option, "it is for the Isolo games");
        }
    }
    match info.family {
        Family::Morris(kind) => {
            if width.is_some() {
                return refuse("--width", "its board is fixed");
            }
            if seeds.is_some() {
                return refuse("--seeds", "its counters are --counters");
            }
            let counters = counters.or_else(|| Morris::counters_of(position?));
            let g = Morris::new(
                counters.unwrap_or(kind.default_counters()),
                crate::morris::Options::parse_for(kind, rules)?,
            )?;
            let pos = match position {
                Some(text) => g.parse_position(text)?,
                None => g.start(),
            };
            return Ok(AnyGame::Morris(g, pos));
        }
        _ if counters.is_some() => return refuse("--counters", "it is for the morris games"),
        Family::FourRow(_) => {}
        _ => {
            let width = width.or_else(|| width_of(position?, 1..=crate::tworow::board::MAX_WIDTH));
            let g = build(id, width, seeds, rules)?;
            let pos = match position {
                Some(text) => g.parse_position(text)?,
                None => g.start(),
            };
            return Ok(AnyGame::Two(Box::new(g), pos));
        }
    }
    let k = info.family.four_row().expect("a four-row variant");
    let width = width.or_else(|| width_of(position?, 2..=fourrow::MAX_WIDTH));
    let opts = fourrow::Options::parse(k, rules)?;
    let g = FourRow::new(
        k,
        width.unwrap_or(k.default_width()),
        seeds.unwrap_or(k.default_seeds()),
        opts,
    )?;
    let pos = match position {
        Some(text) => g.parse_position(text)?,
        None => g.start(),
    };
    Ok(AnyGame::Four(g, pos))
}
