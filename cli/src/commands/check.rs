//! `mcp-toolname check NAME...` and `check --prompt NAME...`: each name against its contracts,
//! its form under each client, and the suggested fix. Tool names and prompt names go through
//! one run and one report; [`Judged`] says what differs ([`tool`] and [`prompt`]).

use std::ffi::OsString;

use clap::ArgMatches;
use mcp_toolname_rules::lint::Lint;
use mcp_toolname_rules::message;
use serde_json::Value;

use crate::args::{Format, LintArgs, Output};
use crate::diag::Found;
use crate::emit::{Doc, Report};
use crate::findings::{Finding, key_refusals};
use crate::keys::Keys;
use crate::lint::Level;
use crate::names::NameReport;
use crate::prompts::PromptReport;
use crate::verdict::{self, Seen};

mod prompt;
mod text;
mod tool;

pub use text::{Detail, Fix, Row};

/// The flags of `check`: the names, how the host keys the server, and how to report.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Tool names (prompt names with --prompt), any bytes (write `--` first if one starts
    /// with `-`).
    #[arg(required = true, value_name = "NAME")]
    pub names: Vec<OsString>,
    /// The names are prompt names: each becomes a slash command in a client.
    #[arg(long)]
    pub prompt: bool,
    /// The key a host gives the server (`mcp__<key>__<tool>`), as its config writes it:
    /// each client reads it under its own rule.
    #[arg(long, default_value = "server", value_name = "KEY")]
    pub server_key: String,
    /// The server is shipped in this Claude Code plugin (the `name` of its
    /// `.claude-plugin/plugin.json`): Claude Code names it `plugin:<NAME>:<KEY>`, so the
    /// model sees `mcp__plugin_<NAME>_<KEY>__<tool>`. The other clients keep the key.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["prompt", "connector"])]
    pub plugin: Option<String>,
    /// The server is this claude.ai connector (its display name, such as `Google Drive`)
    /// in Claude Code, which names it `claude.ai <NAME>`: `mcp__claude_ai_<NAME>__<tool>`.
    #[arg(long, value_name = "NAME", conflicts_with = "prompt")]
    pub connector: Option<String>,
    /// Codex names the server's tools without `mcp__` (its `non_prefixed_mcp_tool_names`
    /// feature): `<KEY>__<tool>`.
    #[arg(long, conflicts_with = "prompt")]
    pub codex_non_prefixed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Say everything: each contract, and each client's name for each name.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub lints: LintArgs,
    #[command(flatten)]
    pub suppress: crate::suppress::SuppressArgs,
}

impl Args {
    /// Checks the names; `matches` are `check`'s, which order the lint flags.
    ///
    /// # Errors
    /// A lint option that cannot be read ([`LintArgs::levels`]).
    pub fn run(&self, matches: Option<&ArgMatches>) -> Result<Box<dyn Report>, String> {
        let out = self.lints.output(self.verbose, matches)?;
        crate::suppress::begin(&self.suppress, &out.levels, self.verbose)?;
        let mut keys = Keys::new(&self.server_key, None);
        if let Some(plugin) = &self.plugin {
            keys = keys.in_plugin(plugin);
        }
        if let Some(connector) = &self.connector {
            keys = keys.in_connector(connector);
        }
        if self.codex_non_prefixed {
            keys = keys.codex_non_prefixed();
        }
        if self.prompt {
            return Ok(Box::new(run::<PromptReport>(&self.names, keys, &out)));
        }
        Ok(Box::new(run::<NameReport>(&self.names, keys, &out)))
    }
}

/// A kind of name `check` judges: a tool name ([`NameReport`]) or a prompt name
/// ([`PromptReport`]), each judged as `audit` judges it.
pub trait Judged: Sized {
    /// The lint of a name that is not UTF-8, and the contract it breaks.
    const NOT_UTF8: (&'static Lint, &'static str);
    /// Why a name that is not UTF-8 cannot pass, after the byte it names.
    const NOT_UTF8_WHY: &'static str;
    /// Said after such a name in its verdict line.
    const NOT_UTF8_MARK: &'static str;
    /// Whether the server key is judged too: it is part of a tool's model-facing name.
    const KEYED: bool;
    /// What the summary counts, one and many.
    const NOUNS: (&'static str, &'static str);
    /// What `--verbose` adds, for the summary's hint.
    const VERBOSE_SHOWS: &'static str;

    /// Judges the names of the command line as one set (no two get the same fix).
    fn judge(read: Vec<Input<&str>>, keys: &Keys) -> Vec<Input<Self>>;
    /// The findings of this name on its own, as `audit` makes them.
    fn findings(&self, out: &mut Vec<Finding>);
    /// Its verdict at its level for this run, from `own`, its findings shown.
    fn verdict(&self, own: &[Seen<'_>]) -> (Option<Level>, String);
    /// What to do with a name that is not UTF-8 when no fix is offered.
    fn unreadable(lossy: &str) -> String;
    /// What `--verbose` says under `input`.
    fn detail(input: &Input<Self>) -> Detail;
    /// What each client's rule was verified against, on one line.
    fn verified() -> String;
    /// The JSON report.
    fn json(inputs: &[Input<Self>], keys: &Keys) -> Value;
}

/// One command-line name: judged, or bytes that are not UTF-8.
#[derive(Debug, Clone)]
pub enum Input<R> {
    /// A UTF-8 name.
    Name(R),
    /// Not UTF-8, so no contract can pass it (a name travels in a JSON string).
    NotUtf8(NotUtf8),
}

/// A command-line name that is not UTF-8.
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The name with each invalid sequence replaced by U+FFFD.
    pub lossy: String,
    /// Why it is refused, naming the first invalid byte.
    pub reason: String,
    /// The nearest name that passes every contract, from the lossy form; `None` when none is
    /// offered.
    pub suggestion: Option<String>,
}

impl<R> Input<R> {
    /// The same input with its name judged by `judge`.
    pub fn map<S>(self, judge: impl FnOnce(R) -> S) -> Input<S> {
        match self {
            Self::Name(name) => Input::Name(judge(name)),
            Self::NotUtf8(bad) => Input::NotUtf8(bad),
        }
    }
}

impl<R: Judged> Input<R> {
    /// The findings of this name; for a name that is not UTF-8, the one finding of its lint.
    fn findings(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        match self {
            Self::Name(report) => report.findings(&mut out),
            Self::NotUtf8(bad) => {
                let (kind, contract) = R::NOT_UTF8;
                let shown = message::short(&bad.lossy).into_owned();
                out.push(Finding {
                    kind,
                    tool: shown.clone(),
                    tools: vec![shown],
                    contract: Some(contract),
                    client: None,
                    message: bad.reason.clone(),
                    suggestion: bad.suggestion.clone(),
                    suggested_key: None,
                });
            }
        }
        out
    }

    /// The verdict line of this name at its level for this run.
    fn verdict(&self, own: &[Seen<'_>]) -> (Option<Level>, String) {
        let bad = match self {
            Self::Name(report) => return report.verdict(own),
            Self::NotUtf8(bad) => bad,
        };
        let level = verdict::worst(own);
        let shown = format!("{}{}", message::show(&bad.lossy), R::NOT_UTF8_MARK);
        let Some(first) = own.first().filter(|_| level.is_some()) else {
            return (level, shown);
        };
        let fix = bad
            .suggestion
            .as_deref()
            .map_or_else(|| R::unreadable(&bad.lossy), message::write_instead);
        let (lint, why) = (first.finding.kind.name, &first.finding.message);
        (level, format!("{shown} [{lint}]: {why}; {fix}"))
    }
}

/// What `check` found: each name's verdicts and findings, and the server key's.
pub struct Checked<R> {
    inputs: Vec<Input<R>>,
    keys: Keys,
    key_findings: Vec<Finding>,
    per_name: Vec<Vec<Finding>>,
    out: Output,
    code: u8,
}

impl<R: Judged> Report for Checked<R> {
    fn exit_code(&self) -> u8 {
        self.code
    }

    fn text(&self) -> String {
        text::text(self)
    }

    fn json(&self) -> Doc<'_> {
        Doc::new(R::json(&self.inputs, &self.keys))
    }

    fn found(&self) -> Found<'_> {
        let findings = self
            .key_findings
            .iter()
            .chain(self.per_name.iter().flatten());
        Found::of(findings, &self.out.levels)
    }
}

/// Runs `check` on `names` and returns its report; its exit code is 1 when a finding is at
/// deny level (by default, a tool name that breaks the MCP spec, a prompt name that breaks
/// the slash-command rule).
#[must_use]
pub fn run<R: Judged>(names: &[OsString], mut keys: Keys, out: &Output) -> Checked<R> {
    keys.set_targets(out.levels.targets());
    let read = names
        .iter()
        .enumerate()
        .map(|(i, arg)| read(arg, i + 1, R::NOT_UTF8_WHY))
        .collect();
    let inputs = R::judge(read, &keys);
    let mut key_findings = Vec::new();
    if R::KEYED {
        key_refusals(&keys, &mut key_findings);
    }
    let mut per_name: Vec<Vec<Finding>> = inputs.iter().map(Input::findings).collect();
    crate::suppress::judged(None);
    for findings in std::iter::once(&mut key_findings).chain(&mut per_name) {
        findings.retain(|f| {
            crate::suppress::keep(&out.levels, || {
                crate::diag::describe(f, &out.levels, None, None)
            })
        });
    }
    let denied = std::iter::once(&key_findings)
        .chain(&per_name)
        .flat_map(|f| verdict::visible(f, &out.levels))
        .any(|s| s.level == Level::Deny)
        || !out.levels.settings_denied().is_empty();
    Checked {
        inputs,
        keys,
        key_findings,
        per_name,
        out: out.clone(),
        code: u8::from(denied),
    }
}

/// Argument `position` (1-based, for messages) of the command line; when it is not UTF-8,
/// why, ending with `why`.
fn read<'a>(arg: &'a OsString, position: usize, why: &str) -> Input<&'a str> {
    match crate::args::read_name(arg, position, why) {
        Ok(name) => Input::Name(name),
        Err(reason) => Input::NotUtf8(NotUtf8 {
            lossy: arg.to_string_lossy().into_owned(),
            reason,
            suggestion: None,
        }),
    }
}
