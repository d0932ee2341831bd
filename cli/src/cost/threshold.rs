//! The most the tool definitions may grow between two surfaces before `diff` and `audit
//! --baseline` report it as a [`token_growth`](mcp_toolname_rules::lint::TOKEN_GROWTH)
//! finding: tokens (`500`) or a share of what they were (`10%`), set by `--max-token-growth`
//! or by `max_token_growth` in `mcp-toolname.toml`, the flag winning.

use mcp_toolname_rules::message::thousands;

/// The flag `diff` and `audit` take.
#[derive(Debug, Clone, clap::Args)]
pub struct GrowthArgs {
    /// Fail (lint `token_growth`, deny by default) when a client's tool definitions grow by
    /// more than N tokens, or by more than P percent (`10%`), from the old surface to the new.
    /// Replaces `max_token_growth` of the config file. Without either, the growth is reported
    /// and never fails.
    #[arg(long, value_name = "N|P%", value_parser = Limit::parse)]
    pub max_token_growth: Option<Limit>,
}

impl GrowthArgs {
    /// The threshold of the run: the flag's, else `file`'s (the config file's), else none.
    #[must_use]
    pub fn threshold(&self, file: Option<Threshold>) -> Option<Threshold> {
        self.max_token_growth
            .map(|limit| Threshold {
                limit,
                set_by: "`--max-token-growth`".to_owned(),
            })
            .or(file)
    }
}

/// How much growth is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Tokens more.
    Tokens(u64),
    /// Hundredths of a percent of what the definitions were (`10%` is 1,000), so that a file
    /// compares as written.
    Percent(u32),
}

impl Limit {
    /// `500` (tokens) or `10%`, `2.5%` (at most two decimals).
    ///
    /// # Errors
    /// Anything else, saying what is taken.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "expected a number of tokens (`500`) or a percent (`10%`), not {}",
                mcp_toolname_rules::message::show(text)
            )
        };
        if let Some(percent) = text.strip_suffix('%') {
            let (whole, fraction) = percent.split_once('.').unwrap_or((percent, "0"));
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(whole) || !digits(fraction) || fraction.len() > 2 {
                return Err(bad());
            }
            let whole: u32 = whole.parse().map_err(|_| bad())?;
            let fraction: u32 = format!("{fraction:0<2}").parse().map_err(|_| bad())?;
            return whole
                .checked_mul(100)
                .and_then(|w| w.checked_add(fraction))
                .map(Self::Percent)
                .ok_or_else(bad);
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse().map(Self::Tokens).map_err(|_| bad());
        }
        Err(bad())
    }

    /// Whether growing from `before` to `after` tokens passes it. Growth from no tokens at
    /// all passes any percent.
    #[must_use]
    pub fn passed(self, before: usize, after: usize) -> bool {
        let grown = after.saturating_sub(before) as u128;
        match self {
            Self::Tokens(n) => grown > u128::from(n),
            Self::Percent(hundredths) => grown * 10_000 > u128::from(hundredths) * before as u128,
        }
    }

    /// `500 tokens`, `10%`, `2.5%`.
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Self::Tokens(n) => format!(
                "{} {}",
                thousands(usize::try_from(n).unwrap_or(usize::MAX)),
                crate::wrap::plural(usize::try_from(n).unwrap_or(2), "token", "tokens")
            ),
            Self::Percent(h) if h % 100 == 0 => format!("{}%", h / 100),
            Self::Percent(h) => format!(
                "{}%",
                format!("{}.{:02}", h / 100, h % 100).trim_end_matches('0')
            ),
        }
    }

    /// The JSON: `{"tokens": 500}` or `{"percent": 2.5}`.
    #[must_use]
    pub fn json(self) -> serde_json::Value {
        match self {
            Self::Tokens(n) => serde_json::json!({ "tokens": n }),
            Self::Percent(h) => serde_json::json!({ "percent": f64::from(h) / 100.0 }),
        }
    }
}

/// A limit and where it was set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Threshold {
    /// The limit.
    pub limit: Limit,
    /// Where: `` `--max-token-growth` `` or `` `mcp-toolname.toml`, line 3 ``.
    pub set_by: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_percents_are_read_and_said() {
        assert_eq!(Limit::parse("500"), Ok(Limit::Tokens(500)));
        assert_eq!(Limit::parse("10%"), Ok(Limit::Percent(1_000)));
        assert_eq!(Limit::parse("2.5%"), Ok(Limit::Percent(250)));
        assert_eq!(Limit::parse("0.25%"), Ok(Limit::Percent(25)));
        for bad in ["", "-1", "1.5", "ten", "%", "1.234%", "1e3", ".5%", "5.%"] {
            let err = Limit::parse(bad).expect_err(bad);
            assert!(err.starts_with("expected a number of tokens"), "{err}");
        }
        assert_eq!(Limit::Tokens(1_500).words(), "1,500 tokens");
        assert_eq!(Limit::Tokens(1).words(), "1 token");
        assert_eq!(Limit::Percent(1_000).words(), "10%");
        assert_eq!(Limit::Percent(250).words(), "2.5%");
        assert_eq!(Limit::Percent(25).words(), "0.25%");
    }

    #[test]
    fn a_limit_is_passed_only_beyond_it() {
        assert!(!Limit::Tokens(100).passed(1_000, 1_100));
        assert!(Limit::Tokens(100).passed(1_000, 1_101));
        assert!(
            !Limit::Tokens(0).passed(1_000, 900),
            "shrinking passes nothing"
        );
        assert!(!Limit::Percent(1_000).passed(1_000, 1_100));
        assert!(Limit::Percent(1_000).passed(1_000, 1_101));
        assert!(Limit::Percent(250).passed(1_000, 1_026));
        assert!(!Limit::Percent(250).passed(1_000, 1_025));
        assert!(Limit::Percent(100_000).passed(0, 1), "from nothing");
        assert!(!Limit::Percent(0).passed(0, 0));
    }
}
