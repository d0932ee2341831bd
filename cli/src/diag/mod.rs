//! Diagnostics: what every command found, as one list a CI format writes. Each finding of
//! `check`, `audit` and `audit --config` becomes a [`Diagnostic`] (its lint, its level for this
//! run, the problem, what to do, and where); [`sarif`] and [`github`] write them. No emitter
//! decides anything: the levels were set before.

pub mod github;
pub mod sarif;

use mcp_toolname_rules::message;

use crate::findings::Finding;
use crate::lint::{Level, Levels, Lint};

/// A file, and a line of it when known: where a finding points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// The path as the user gave it.
    pub path: String,
    /// 1-based.
    pub line: Option<usize>,
}

/// One finding, ready to write.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Its lint.
    pub lint: &'static Lint,
    /// Its level in this run (never [`Level::Allow`]: those are left out).
    pub level: Level,
    /// The problem in words.
    pub message: String,
    /// What to do, when the message does not say it already.
    pub help: Option<String>,
    /// The server it is about: its key in a config, else the name it announced; `None` for
    /// a finding across servers.
    pub server: Option<String>,
    /// What it is about: each tool (or prompt) involved with its server, or whole servers.
    pub places: Vec<Place>,
    /// The file it points at, if any (the config file of `audit --config`).
    pub spot: Option<Spot>,
}

impl Diagnostic {
    /// The message and what to do, as one sentence.
    #[must_use]
    pub fn text(&self) -> String {
        match &self.help {
            Some(help) => format!("{}; {help}", self.message),
            None => self.message.clone(),
        }
    }
}

/// A server, or one of its tools (or prompts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The server's key or name, when known.
    pub server: Option<String>,
    /// The tool or prompt, if the place is one.
    pub item: Option<String>,
}

/// The places of a finding of server `server` about `items` (the server itself when none).
#[must_use]
pub fn places(server: Option<&str>, items: &[String]) -> Vec<Place> {
    if items.is_empty() {
        return server
            .map(|s| Place {
                server: Some(s.to_owned()),
                item: None,
            })
            .into_iter()
            .collect();
    }
    items
        .iter()
        .map(|item| Place {
            server: server.map(str::to_owned),
            item: Some(item.clone()),
        })
        .collect()
}

/// A problem that stopped part of the run (a server that could not be audited): not a
/// finding, but CI must see it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// What went wrong.
    pub message: String,
    /// Where, when it is a file's entry.
    pub spot: Option<Spot>,
}

/// What one run gives a CI format: its diagnostics, its failures and its exit code.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Every finding not allowed, in report order.
    pub diagnostics: Vec<Diagnostic>,
    /// What could not be done.
    pub failures: Vec<Failure>,
    /// The exit code the run returns.
    pub exit_code: u8,
}

/// What to do about `finding`: its fix (``write `x` instead``), else its lint's help, unless
/// its message says it already.
#[must_use]
pub fn help_for(lint: &Lint, suggestion: Option<&str>) -> Option<String> {
    match suggestion {
        Some(s) => Some(message::write_instead(s)),
        None if lint.said => None,
        None => Some(lint.help.to_owned()),
    }
}

/// `finding` of server `server` as a diagnostic at its level, or `None` when allowed.
#[must_use]
pub fn of_finding(
    finding: &Finding,
    levels: &Levels,
    server: Option<&str>,
    spot: Option<&Spot>,
) -> Option<Diagnostic> {
    let lint = finding.kind.lint();
    let level = levels.level(lint.name, finding.contract, finding.client);
    (level > Level::Allow).then(|| Diagnostic {
        lint,
        level,
        message: finding.message.clone(),
        help: help_for(lint, finding.suggestion.as_deref()),
        server: server.map(str::to_owned),
        places: places(server, &finding.tools),
        spot: spot.cloned(),
    })
}

/// Writes `findings` not allowed at `levels` in `format` (SARIF or GitHub), for a run that
/// could do all it was asked and exits with `exit_code` (`check`).
pub fn write_findings<'a>(
    format: crate::Format,
    findings: impl IntoIterator<Item = &'a Finding>,
    levels: &Levels,
    exit_code: u8,
) {
    let diagnostics = findings
        .into_iter()
        .filter_map(|f| of_finding(f, levels, None, None))
        .collect();
    let outcome = Outcome {
        diagnostics,
        failures: Vec::new(),
        exit_code,
    };
    write(format, &outcome);
}

/// Writes `outcome` in `format` (SARIF or GitHub) on stdout, every secret masked.
pub fn write(format: crate::Format, outcome: &Outcome) {
    match format {
        crate::Format::Sarif => {
            let mut log = sarif::log(outcome);
            crate::redact::json(&mut log);
            crate::emit(&crate::json_out::pretty(&log));
        }
        crate::Format::Github => crate::emit(&github::text(outcome)),
        crate::Format::Text | crate::Format::Json => {}
    }
}

/// The 1-based line of server `key`'s entry in a client config's `text`: where its key is
/// written as a JSON object key (`"key":`) or a Codex table (`[mcp_servers.key]`, quoted or
/// not). `None` when it cannot be told.
#[must_use]
pub fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let json = serde_json::to_string(key).ok()?;
    let toml_bare = format!("[mcp_servers.{key}]");
    let toml_quoted = format!("[mcp_servers.{json}]");
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            line.starts_with(&toml_bare)
                || line.starts_with(&toml_quoted)
                || line
                    .strip_prefix(&json)
                    .and_then(|rest| rest.trim_start().strip_prefix(':'))
                    .is_some_and(|value| {
                        let value = value.trim_start();
                        value.is_empty() || value.starts_with('{')
                    })
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_line_of_a_servers_key() {
        let json = "{\n  \"mcpServers\": {\n    \"a\": {\"calc\": \"x\"},\n    \"calc\": {\"command\": \"x\"},\n    \"b c\" :\n {}\n  }\n}";
        assert_eq!(line_of_key(json, "calc"), Some(4));
        assert_eq!(line_of_key(json, "b c"), Some(5));
        assert_eq!(line_of_key(json, "mcp"), None);
        let toml = "[mcp_servers.calc]\ncommand = \"x\"\n\n[mcp_servers.\"b.c\"]\n";
        assert_eq!(line_of_key(toml, "calc"), Some(1));
        assert_eq!(line_of_key(toml, "b.c"), Some(4));
    }
}
