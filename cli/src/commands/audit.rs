//! `mcp-toolname audit`: its flags, then with `--config` every server of a client's config
//! ([`config`]), else one server: reach it ([`crate::reach`]), judge what it listed as every
//! server is judged ([`crate::report::Judged`]), hold it to a snapshot if one is given, and
//! report.

mod config;

use std::ffi::OsString;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::time::{Duration, Instant};

use clap::ArgMatches;

use crate::args::{Format, LintArgs, Output, parse_timeout};
use crate::cost::growth::Growth;
use crate::cost::threshold::{GrowthArgs, Threshold};
use crate::diag::Failure;
use crate::emit::Report;
use crate::keys::Keys;
use crate::reach::{Remote, Target};
use crate::report::{self, Judged};
use crate::surface::report::read;
use crate::{surface, windows};

/// The flags of `audit`: the server (or a config), the time limit, and how to report.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Seconds each server's audit may take; a server still running then is killed.
    #[arg(long, default_value = "30", value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// The key a host gives the server (`mcp__<key>__<tool>`), as its config writes it:
    /// each client reads it under its own rule.
    #[arg(long, default_value = "server", value_name = "KEY")]
    pub server_key: String,
    /// A client's MCP config: Claude Desktop `claude_desktop_config.json`, Claude Code
    /// `.mcp.json`, VS Code `mcp.json`, Codex `config.toml` (with its
    /// `non_prefixed_mcp_tool_names`), a Claude Code plugin's folder (or its
    /// `.claude-plugin/plugin.json`: each server is named `plugin:<plugin>:<key>`), or
    /// Claude Code's `settings.json` (the plugins it enables, as installed). Audits
    /// each server (stdio or Streamable HTTP) under its name in the file, then the
    /// collisions between servers under each client.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["server_key", "command", "url"])]
    pub config: Option<PathBuf>,
    /// A Streamable HTTP server to audit, such as `http://127.0.0.1:3000/mcp`.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    pub url: Option<String>,
    /// A header sent with every request to --url, as `Name: value` (repeatable). Values
    /// are never shown. Read after parsing, not by clap, whose error for a bad value
    /// quotes it whole.
    #[arg(long = "header", value_name = "HEADER", requires = "url")]
    pub headers: Vec<String>,
    /// With --config: how many servers are audited at once (the report keeps the file's
    /// order).
    #[arg(long, default_value = "4", value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Say everything: each finding of each tool, each client's name for it, and with
    /// --config the model-facing name of every tool under every client.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub lints: LintArgs,
    #[command(flatten)]
    pub suppress: crate::suppress::SuppressArgs,
    /// Write a config's values as they are, for a local run; by default each value that is
    /// not recognisably plain (a flag, a word, a number, a path, a package, a host), and
    /// every `env` and header value, is shown as `<hidden, N chars>`.
    #[arg(long)]
    pub show_secrets: bool,
    /// A snapshot (`mcp-toolname snapshot`) to compare the server with: the report adds
    /// each change of its tool surface and whether it breaks a client; exit 1 when one
    /// does. With --config (repeatable): the snapshot of the config's servers that
    /// announce its server name; a tool list entry that matched one of its tools and
    /// matches nothing now is told what became of the tool (renamed, or gone).
    #[arg(long, value_name = "FILE")]
    pub baseline: Vec<PathBuf>,
    /// With one server's --baseline.
    #[command(flatten)]
    pub growth: GrowthArgs,
    /// With --config: a Claude Code settings file (`.claude/settings.json`) whose
    /// `permissions` (`allow`, `ask`, `deny`) are matched against the names Claude Code
    /// gives the config's tools; each entry that matches no tool is reported (repeatable).
    #[arg(long = "settings", value_name = "FILE", requires = "config")]
    pub settings: Vec<PathBuf>,
    /// With --config: a Claude Code agents folder (`.claude/agents`, its `*.md` files) or
    /// skills folder (`.claude/skills`, each `*/SKILL.md`), or one such file, whose `tools`,
    /// `disallowedTools` and `allowed-tools` are matched the same way (repeatable).
    #[arg(long = "agents", value_name = "PATH", requires = "config")]
    pub agents: Vec<PathBuf>,
    /// The server command and its arguments, after `--`.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

impl Args {
    /// How the run reports; turns `--show-secrets` on (and says so) before anything is read.
    /// `matches` are `audit`'s, which order the lint flags.
    ///
    /// # Errors
    /// A lint option that cannot be read ([`LintArgs::levels`]).
    fn output(&self, matches: Option<&ArgMatches>) -> Result<Output, String> {
        let out = self.lints.output(self.verbose, matches)?;
        crate::suppress::begin(&self.suppress, &out.levels, self.verbose)?;
        crate::redact::show_secrets(self.show_secrets);
        if self.show_secrets {
            say!("{}", mcp_toolname_rules::message::secrets_shown());
        }
        Ok(out)
    }

    /// The audit these flags ask for: of every server of the config with `--config`, else of
    /// one server; `matches` are `audit`'s, which order the lint flags.
    ///
    /// # Errors
    /// A lint option that cannot be read, a baseline that cannot be read, or the options of
    /// one server's audit ([`Self::options`]).
    pub fn run(self, matches: Option<&ArgMatches>) -> Result<Audit, String> {
        let out = self.output(matches)?;
        if self.growth.max_token_growth.is_some()
            && (self.baseline.is_empty() || self.config.is_some())
        {
            return Err(
                "--max-token-growth needs one server's --baseline: the growth is counted from \
                 that snapshot (not with --config)"
                    .to_owned(),
            );
        }
        let Some(path) = self.config.clone() else {
            return Ok(Box::pin(run(self.options(out)?)));
        };
        let baselines = self.baseline.iter().map(|p| read(p));
        let baselines = baselines.collect::<Result<_, _>>()?;
        Ok(Box::pin(config::run(path, self, out, baselines)))
    }

    /// The audit of one server (the command, `--url`, or the demo) these flags ask for.
    ///
    /// # Errors
    /// A bad `--url` or `--header`, `--baseline` given twice, or a baseline that cannot be
    /// read.
    fn options(self, out: Output) -> Result<Options, String> {
        let target = Target::of(Remote::of_flags(self.url, &self.headers)?, self.command);
        if self.baseline.len() > 1 {
            return Err(
                "--baseline is given once for one server (several only with --config)".to_owned(),
            );
        }
        let baseline = self.baseline.first().map(|p| read(p)).transpose()?;
        let threshold = self.growth.threshold(out.max_token_growth.clone());
        Ok(Options {
            timeout: self.timeout,
            server_key: self.server_key,
            out,
            target,
            baseline,
            threshold,
        })
    }
}

/// An audit to run: its report once done.
pub type Audit = Pin<Box<dyn Future<Output = Box<dyn Report>>>>;

/// What `audit` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// Limit on the whole audit.
    pub timeout: Duration,
    /// The key a host would give the server (`mcp__<key>__<tool>`).
    pub server_key: String,
    /// The detail and each lint's level.
    pub out: Output,
    /// The server, and how to reach it.
    pub target: Target,
    /// A snapshot to hold the server's tool surface to (`--baseline`).
    pub baseline: Option<crate::surface::Surface>,
    /// The most the tool definitions may grow from the baseline.
    pub threshold: Option<Threshold>,
}

/// Runs `audit` and returns its report. Its exit code: 0 when no finding is at deny level, 1
/// when one is (by default a name that breaks the spec, or one listed twice) or a change
/// breaks the baseline, 2 when the server could not be audited, 130 on Ctrl-C. The bundled
/// demo always exits 0 once audited.
pub async fn run(opts: Options) -> Box<dyn Report> {
    let started = Instant::now();
    let now = match windows::now() {
        Ok(now) => now,
        Err(msg) => return Failure::failed(msg).report(),
    };
    if matches!(opts.target, Target::Demo) {
        say!(
            "auditing the bundled demo server (in-process); give a server command after `--` \
             to audit it instead"
        );
    }
    let target = opts.target.in_surface_mode();
    let whole = match target.audit(opts.timeout).await {
        Ok(whole) => whole,
        Err(failure) => return failure.report(),
    };
    let listed_in = started.elapsed();
    let mut keys = Keys::new(&opts.server_key, whole.announced());
    let mut judged = Judged::new(&whole, &mut keys, &opts.out.levels, now);
    let listing = &judged.listing;
    // The pages also carry what a server built with this crate shows in surface mode
    // (hidden aliases, tombstones, windows past): counted apart, as no client lists them.
    let unlisted = whole.tools.len() - listing.tools.len();
    let unlisted = if unlisted == 0 {
        String::new()
    } else {
        format!(
            ", and {unlisted} unlisted {} (hidden aliases and the like, shown in surface mode)",
            crate::wrap::plural(unlisted, "name", "names")
        )
    };
    say!(
        "listed {} {} in {} {}{unlisted} in {:.1} s",
        listing.tools.len(),
        crate::wrap::plural(listing.tools.len(), "tool", "tools"),
        listing.pages,
        crate::wrap::plural(listing.pages, "page", "pages"),
        listed_in.as_secs_f64()
    );
    let baseline = opts.baseline.map(|baseline| {
        let live = whole.surface(target.asks_surface());
        let changes = surface::diff::changes(&baseline, &live, now);
        let labels = ["the baseline", "the server"];
        let growth = Growth::between(&baseline, &live, &opts.server_key, opts.threshold, labels);
        // Past the threshold is a finding of the server's, at its lint's level like the rest.
        judged.findings.extend(growth.findings());
        report::Baseline {
            baseline,
            live,
            changes,
            growth,
        }
    });
    let mut audit = report::Audit {
        whole,
        keys,
        judged,
        baseline,
        out: opts.out,
    };
    audit.suppress();
    Box::new(audit)
}
