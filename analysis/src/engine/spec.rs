//! The text of an engine: `name[:key=value]...` (parameters also separated by commas), shared
//! by the engines of two players and of more seats.

use mancala_solver::error::ConfigError;

/// An engine's name and parameters, checked against the keys that engine takes.
pub(crate) struct SpecText<'a> {
    text: &'a str,
    /// The engine's name.
    pub name: &'a str,
    params: Vec<(&'a str, &'a str)>,
}

impl<'a> SpecText<'a> {
    /// Splits `text` and checks its keys: `keys(name)` gives the keys an engine takes, `None`
    /// for an unknown name, which `unknown(name)` then explains.
    pub(crate) fn parse(
        text: &'a str,
        keys: impl Fn(&str) -> Option<&'static [&'static str]>,
        unknown: impl Fn(&str) -> String,
    ) -> Result<SpecText<'a>, ConfigError> {
        let mut parts = text.split([':', ',']);
        let name = parts.next().unwrap_or("").trim();
        let mut spec = SpecText {
            text,
            name,
            params: Vec::new(),
        };
        for p in parts {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| spec.bad(format!("parameter '{p}' is not name=value")))?;
            spec.params.push((k.trim(), v.trim()));
        }
        let Some(allowed) = keys(name) else {
            return Err(spec.bad(unknown(name)));
        };
        for (k, _) in &spec.params {
            if !allowed.contains(k) {
                return Err(spec.bad(if allowed.is_empty() {
                    format!("{name} takes no parameter, got '{k}'")
                } else {
                    format!(
                        "unknown parameter '{k}' of {name}: expected {}",
                        allowed.join(", ")
                    )
                }));
            }
        }
        Ok(spec)
    }

    /// The error of this engine text, saying why.
    pub(crate) fn bad(&self, why: String) -> ConfigError {
        ConfigError(format!("invalid engine '{}': {why}", self.text))
    }

    /// The value of `key` (the last one given).
    pub(crate) fn get(&self, key: &str) -> Option<&'a str> {
        self.params.iter().rev().find(|p| p.0 == key).map(|p| p.1)
    }

    /// The integer value of `key` in `lo..=hi`, `default` when it is not given.
    pub(crate) fn int(
        &self,
        key: &str,
        default: u64,
        lo: u64,
        hi: u64,
    ) -> Result<u64, ConfigError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => match v.parse::<u64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(self.bad(format!("{key}={v}: expected an integer {lo}..{hi}"))),
            },
        }
    }

    /// MCTS's exploration constant `c` in 0..100 (1.4 when not given).
    pub(crate) fn exploration(&self) -> Result<f64, ConfigError> {
        match self.get("c") {
            None => Ok(1.4),
            Some(v) => match v.parse::<f64>() {
                Ok(c) if c.is_finite() && (0.0..=100.0).contains(&c) => Ok(c),
                _ => Err(self.bad(format!("c={v}: expected a number 0..100"))),
            },
        }
    }
}
