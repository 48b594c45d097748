//! The `--rule name=value` options of every family: one description type ([`RuleSpec`]),
//! one parser ([`choose`]) and one writer ([`describe`]). Each family keeps its options as a
//! typed struct that its hot code reads; it converts from and to the value chosen for each of
//! its specs, in the order of its table.

use crate::error::ConfigError;

/// One `--rule name=value` option of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSpec {
    /// The option name.
    pub name: &'static str,
    /// Accepted values, the default first.
    pub values: &'static [&'static str],
    /// What the option decides.
    pub help: &'static str,
}

/// Parses `name=value` options against the `specs` of `variant` (its id, or what the error
/// lines call it): the index of the value chosen for each spec, in the table's order (0, the
/// default, for the options not given). Refused with one line: a text without `=`, a name
/// the variant lacks, a value the option lacks, an option given twice (which of the two was
/// meant cannot be known, so neither is silently taken).
pub fn choose(
    specs: &[RuleSpec],
    variant: &str,
    rules: &[String],
) -> Result<Vec<usize>, ConfigError> {
    let mut chosen = vec![0; specs.len()];
    for (i, r) in rules.iter().enumerate() {
        let (name, value) = r.split_once('=').ok_or_else(|| {
            ConfigError(format!("invalid rule option '{r}': expected name=value"))
        })?;
        if let Some(other) = rules[..i]
            .iter()
            .find(|o| o.split_once('=').map_or(o.as_str(), |(n, _)| n) == name)
        {
            return Err(ConfigError(format!(
                "rule option '{name}' given twice ('{other}' and '{r}')"
            )));
        }
        let k = specs.iter().position(|s| s.name == name).ok_or_else(|| {
            let known: Vec<_> = specs.iter().map(|s| s.name).collect();
            ConfigError(format!(
                "unknown rule option '{name}' for {variant}: {}",
                if known.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("expected one of {}", known.join(", "))
                }
            ))
        })?;
        chosen[k] = specs[k]
            .values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| {
                ConfigError(format!(
                    "invalid value '{value}' for rule option {name} of {variant}: expected one of {}",
                    specs[k].values.join(", ")
                ))
            })?;
    }
    Ok(chosen)
}

/// The options as `name=value` strings, every spec listed in the table's order, the value
/// of each from `chosen` (an index into its values).
pub fn describe(specs: &[RuleSpec], chosen: impl Fn(&RuleSpec) -> usize) -> Vec<String> {
    specs
        .iter()
        .map(|s| format!("{}={}", s.name, s.values[chosen(s)]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[RuleSpec] = &[
        RuleSpec {
            name: "chain",
            values: &["mixed", "uniform"],
            help: "",
        },
        RuleSpec {
            name: "starved",
            values: &["takes-all", "owner", "third"],
            help: "",
        },
    ];

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn chooses_and_describes() {
        assert_eq!(choose(SPECS, "warri", &[]).unwrap(), [0, 0]);
        let c = choose(
            SPECS,
            "warri",
            &strings(&["starved=third", "chain=uniform"]),
        )
        .unwrap();
        assert_eq!(c, [1, 2]);
        let names = |s: &RuleSpec| c[SPECS.iter().position(|x| x == s).unwrap()];
        assert_eq!(describe(SPECS, names), ["chain=uniform", "starved=third"]);
    }

    #[test]
    fn refuses_with_one_line() {
        let err = |r: &[&str]| choose(SPECS, "warri", &strings(r)).unwrap_err().0;
        assert!(err(&["chain"]).contains("expected name=value"));
        assert!(err(&["chain=mixed", "chain=uniform"]).contains("given twice"));
        assert_eq!(
            err(&["grandslam=forfeit"]),
            "unknown rule option 'grandslam' for warri: expected one of chain, starved"
        );
        assert!(err(&["chain=never"]).contains("expected one of mixed, uniform"));
        let none = choose(&[], "kpo", &strings(&["x=1"])).unwrap_err().0;
        assert!(none.ends_with("it has none"), "{none}");
    }
}
