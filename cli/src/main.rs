//! `mcp-toolname`: check MCP tool names against the spec, every LLM API and every client,
//! and audit real MCP servers (stdio or Streamable HTTP). Every verdict comes from
//! `mcp-toolname-rules`.
//!
//! Exit codes: 0 no finding at deny level; 1 one at least (by default a tool name that breaks
//! the MCP spec, a prompt name that breaks the slash-command rule, or a name a server lists
//! twice: see [`lint`]; for `diff`, a change that breaks a client); 2 usage errors and servers
//! that cannot be audited.

// First: every module below writes through its `say!`.
#[macro_use]
mod emit;

mod allowlist;
mod args;
mod arguments;
mod audit;
mod check;
mod config;
mod confusable;
mod cost;
mod demo;
mod diag;
mod file;
mod findings;
mod fleet;
mod group;
mod keys;
mod limits;
mod lint;
#[cfg(test)]
mod lint_walk;
mod lints_cmd;
mod listing;
mod names;
mod prompts;
mod reach;
mod redact;
mod report;
mod snapshot;
mod surface;
mod verdict;
mod windows;
mod wrap;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use args::LintArgs;
pub use args::{DiffFormat, Format, Output};

#[derive(Debug, Parser)]
#[command(
    name = "mcp-toolname",
    version,
    about = "Check MCP tool names against the spec, every LLM API and every client; audit MCP servers",
    after_help = "Exit codes: 0 no finding at deny level; 1 one at least (by default: a tool name \
                  breaks the MCP spec, a prompt name breaks the slash-command rule, or a server \
                  lists a tool or prompt twice; for `diff`, a change that breaks a client); 2 \
                  usage error, or a server that could not be audited. Lints and their levels: \
                  `mcp-toolname lints`."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check tool names: each contract (pass, or why not), each client's model-facing form,
    /// and a name that passes every contract. Exit 1 on a finding at deny level (by default,
    /// a name that breaks the MCP spec). With --prompt, prompt names instead: the
    /// slash-command rule for prompts, each client's command and whether it runs, and a fix;
    /// exit 1 when a name breaks that rule.
    Check {
        /// Tool names (prompt names with --prompt), any bytes (write `--` first if one starts
        /// with `-`).
        #[arg(required = true, value_name = "NAME")]
        names: Vec<OsString>,
        /// The names are prompt names: each becomes a slash command in a client.
        #[arg(long)]
        prompt: bool,
        /// The key a host gives the server (`mcp__<key>__<tool>`), as its config writes it:
        /// each client reads it under its own rule.
        #[arg(long, default_value = "server", value_name = "KEY")]
        server_key: String,
        /// The server is shipped in this Claude Code plugin (the `name` of its
        /// `.claude-plugin/plugin.json`): Claude Code names it `plugin:<NAME>:<KEY>`, so the
        /// model sees `mcp__plugin_<NAME>_<KEY>__<tool>`. The other clients keep the key.
        #[arg(long, value_name = "NAME", conflicts_with_all = ["prompt", "connector"])]
        plugin: Option<String>,
        /// The server is this claude.ai connector (its display name, such as `Google Drive`)
        /// in Claude Code, which names it `claude.ai <NAME>`: `mcp__claude_ai_<NAME>__<tool>`.
        #[arg(long, value_name = "NAME", conflicts_with = "prompt")]
        connector: Option<String>,
        /// Codex names the server's tools without `mcp__` (its `non_prefixed_mcp_tool_names`
        /// feature): `<KEY>__<tool>`.
        #[arg(long, conflicts_with = "prompt")]
        codex_non_prefixed: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Say everything: each contract, and each client's name for each name.
        #[arg(long, short)]
        verbose: bool,
        #[command(flatten)]
        lints: LintArgs,
    },
    /// Start a stdio MCP server (or reach one over Streamable HTTP with --url), list all its
    /// tools, and report every name problem. With no command, audits a bundled demo server;
    /// with --config, every server of a client's config. Progress goes to stderr, the report
    /// to stdout.
    Audit {
        /// Seconds each server's audit may take; a server still running then is killed.
        #[arg(long, default_value = "30", value_name = "SECS", value_parser = parse_timeout)]
        timeout: Duration,
        /// The key a host gives the server (`mcp__<key>__<tool>`), as its config writes it:
        /// each client reads it under its own rule.
        #[arg(long, default_value = "server", value_name = "KEY")]
        server_key: String,
        /// A client's MCP config: Claude Desktop `claude_desktop_config.json`, Claude Code
        /// `.mcp.json`, VS Code `mcp.json`, Codex `config.toml` (with its
        /// `non_prefixed_mcp_tool_names`), a Claude Code plugin's folder (or its
        /// `.claude-plugin/plugin.json`: each server is named `plugin:<plugin>:<key>`), or
        /// Claude Code's `settings.json` (the plugins it enables, as installed). Audits
        /// each server (stdio or Streamable HTTP) under its name in the file, then the
        /// collisions between servers under each client.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["server_key", "command", "url"])]
        config: Option<PathBuf>,
        /// A Streamable HTTP server to audit, such as `http://127.0.0.1:3000/mcp`.
        #[arg(long, value_name = "URL", conflicts_with = "command")]
        url: Option<String>,
        /// A header sent with every request to --url, as `Name: value` (repeatable). Values
        /// are never shown. Read after parsing, not by clap, whose error for a bad value
        /// quotes it whole.
        #[arg(long = "header", value_name = "HEADER", requires = "url")]
        headers: Vec<String>,
        /// With --config: how many servers are audited at once (the report keeps the file's
        /// order).
        #[arg(long, default_value = "4", value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
        jobs: u16,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Say everything: each finding of each tool, each client's name for it, and with
        /// --config the model-facing name of every tool under every client.
        #[arg(long, short)]
        verbose: bool,
        #[command(flatten)]
        lints: LintArgs,
        /// Write a config's values as they are, for a local run; by default each value that is
        /// not recognisably plain (a flag, a word, a number, a path, a package, a host), and
        /// every `env` and header value, is shown as `<hidden, N chars>`.
        #[arg(long)]
        show_secrets: bool,
        /// A snapshot (`mcp-toolname snapshot`) to compare the server with: the report adds
        /// each change of its tool surface and whether it breaks a client; exit 1 when one
        /// does. With --config (repeatable): the snapshot of the config's servers that
        /// announce its server name; a tool list entry that matched one of its tools and
        /// matches nothing now is told what became of the tool (renamed, or gone).
        #[arg(long, value_name = "FILE")]
        baseline: Vec<PathBuf>,
        /// With --config: a Claude Code settings file (`.claude/settings.json`) whose
        /// `permissions` (`allow`, `ask`, `deny`) are matched against the names Claude Code
        /// gives the config's tools; each entry that matches no tool is reported (repeatable).
        #[arg(long = "settings", value_name = "FILE", requires = "config")]
        settings: Vec<PathBuf>,
        /// With --config: a Claude Code agents folder (`.claude/agents`, its `*.md` files) or
        /// skills folder (`.claude/skills`, each `*/SKILL.md`), or one such file, whose `tools`,
        /// `disallowedTools` and `allowed-tools` are matched the same way (repeatable).
        #[arg(long = "agents", value_name = "PATH", requires = "config")]
        agents: Vec<PathBuf>,
        /// The server command and its arguments, after `--`.
        #[arg(last = true, value_name = "COMMAND")]
        command: Vec<OsString>,
    },
    /// Write a server's surface to a reviewable file: every name a client can call, of its
    /// tools and its prompts (aliases with their window, tombstones), each one's arguments
    /// and a digest of each tool schema. The list requests ask for the whole surface, and a
    /// stdio server is started with MCP_TOOLNAME_SURFACE=1, so one built with mcp-toolname
    /// lists its hidden aliases too. Commit the file; `diff` and `audit --baseline` hold later
    /// releases to it.
    Snapshot {
        /// Where to write it; standard output if not given.
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Seconds the server may take.
        #[arg(long, default_value = "30", value_name = "SECS", value_parser = parse_timeout)]
        timeout: Duration,
        /// A Streamable HTTP server, such as `http://127.0.0.1:3000/mcp`.
        #[arg(long, value_name = "URL", conflicts_with_all = ["command", "config"])]
        url: Option<String>,
        /// A header sent with every request to --url, as `Name: value` (repeatable).
        #[arg(long = "header", value_name = "HEADER", requires = "url")]
        headers: Vec<String>,
        /// A client's MCP config holding the server (with --server).
        #[arg(
            long,
            value_name = "FILE",
            requires = "server",
            conflicts_with = "command"
        )]
        config: Option<PathBuf>,
        /// The server's key in --config.
        #[arg(long, value_name = "KEY", requires = "config")]
        server: Option<String>,
        /// The server command and its arguments, after `--`.
        #[arg(last = true, value_name = "COMMAND")]
        command: Vec<OsString>,
    },
    /// Compare two snapshots: each change of the tool surface, whether it breaks a client (a
    /// name gone with no alias, an alias dropped before its window ends, a required argument
    /// added, an argument's type changed) and the semver level it asks for. Exit 1 when a
    /// change breaks a client.
    Diff {
        /// The snapshot of the release clients know.
        #[arg(value_name = "OLD")]
        old: PathBuf,
        /// The snapshot of the release to ship.
        #[arg(value_name = "NEW")]
        new: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        format: DiffFormat,
    },
    /// List every lint: its name, its level in this directory (after the config file and
    /// the flags), its default, and what it finds. Each has a page in docs/lints.md.
    Lints {
        /// Output format (text or json).
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        format: DiffFormat,
        #[command(flatten)]
        lints: LintArgs,
    },
}

/// `--timeout`: seconds, above 0, fractions allowed.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .filter(|t| !t.is_zero() && t.as_secs() <= 1 << 32)
        .ok_or_else(|| "expected a number of seconds above 0, such as 30 or 2.5".to_owned())
}

/// A command line clap refused (or `--help`, `--version`): help and the version as clap writes
/// them; an error through the text sink, since it quotes the argument as given and an argument
/// can hold anything (a workflow passes its inputs on).
fn clap_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.render().to_string();
    say!("{}", text.trim_end());
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

fn usage_error(text: &str) -> ExitCode {
    emit::error(text);
    ExitCode::from(2)
}

/// `--url` with its `--header`s, each header checked (never its value shown).
fn remote(url: Option<String>, headers: &[String]) -> Result<Option<reach::Remote>, String> {
    let mut parsed = Vec::with_capacity(headers.len());
    for (i, header) in headers.iter().enumerate() {
        parsed.push(
            reach::Remote::header(header).map_err(|e| format!("--header number {}: {e}", i + 1))?,
        );
    }
    url.map(|url| reach::Remote::new(&url, parsed)).transpose()
}

/// Runs `work` on a current-thread runtime (https through ring) and returns its report.
fn run_async(
    work: impl std::future::Future<Output = Box<dyn emit::Report>>,
) -> Box<dyn emit::Report> {
    // reqwest is built without a crypto provider of its own: https uses ring. `Err` only
    // means one is installed already.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            let message = format!("cannot start the async runtime: {e}");
            emit::error(&message);
            return Box::new(emit::Failed::new(message, 2));
        }
    };
    let report = runtime.block_on(work);
    // Tasks still reading a killed server's pipes are not waited for.
    runtime.shutdown_background();
    report
}

fn main() -> ExitCode {
    let parsed = Cli::command()
        .try_get_matches_from(std::env::args_os())
        .and_then(|matches| Cli::from_arg_matches(&matches).map(|cli| (matches, cli)));
    let (matches, cli) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => return clap_error(&e),
    };
    let sub = matches.subcommand().map(|(_, m)| m);
    match dispatch(cli.command, sub) {
        Ok((report, format, sink)) => ExitCode::from(emit::write(report.as_ref(), format, &sink)),
        Err(usage) => usage_error(&usage),
    }
}

/// Runs the command and returns its report, the format asked for and where it goes; a usage
/// error as its message.
fn dispatch(
    command: Command,
    sub: Option<&clap::ArgMatches>,
) -> Result<(Box<dyn emit::Report>, Format, emit::Sink), String> {
    let output = |verbose: bool, lints: &LintArgs| {
        lints.levels(sub).map(|levels| Output { verbose, levels })
    };
    let stdout = emit::Sink::Stdout;
    match command {
        Command::Check {
            names,
            prompt,
            server_key,
            plugin,
            connector,
            codex_non_prefixed,
            format,
            verbose,
            lints,
        } => {
            let out = output(verbose, &lints)?;
            let report: Box<dyn emit::Report> = if prompt {
                Box::new(prompts::check::run(&names, &server_key, &out))
            } else {
                let mut keys = keys::Keys::new(&server_key, None);
                if let Some(plugin) = &plugin {
                    keys = keys.in_plugin(plugin);
                }
                if let Some(connector) = &connector {
                    keys = keys.in_connector(connector);
                }
                if codex_non_prefixed {
                    keys = keys.codex_non_prefixed();
                }
                Box::new(check::run(&names, keys, &out))
            };
            Ok((report, format, stdout))
        }
        Command::Audit {
            timeout,
            server_key,
            config,
            url,
            headers,
            jobs,
            format,
            verbose,
            lints,
            show_secrets,
            baseline,
            settings,
            agents,
            command,
        } => {
            let out = output(verbose, &lints)?;
            redact::show_secrets(show_secrets);
            if show_secrets {
                say!("{}", mcp_toolname_rules::message::secrets_shown());
            }
            if let Some(path) = config {
                let opts = fleet::Options {
                    path,
                    timeout,
                    out,
                    jobs: usize::from(jobs),
                    settings,
                    agents,
                    baselines: baseline
                        .iter()
                        .map(|p| surface::report::read(p))
                        .collect::<Result<_, _>>()?,
                };
                return Ok((run_async(fleet::run(opts)), format, stdout));
            }
            let target = reach::Target::of(remote(url, &headers)?, command);
            if baseline.len() > 1 {
                return Err(
                    "--baseline is given once for one server (several only with --config)"
                        .to_owned(),
                );
            }
            let baseline = baseline
                .first()
                .map(|p| surface::report::read(p))
                .transpose()?;
            let opts = audit::Options {
                timeout,
                server_key,
                out,
                target,
                baseline,
            };
            Ok((run_async(audit::run(opts)), format, stdout))
        }
        Command::Snapshot {
            out,
            timeout,
            url,
            headers,
            config,
            server,
            command,
        } => {
            let source = match (remote(url, &headers)?, config.zip(server)) {
                (Some(url), _) => snapshot::Source::Url(url),
                (None, Some((path, key))) => snapshot::Source::Config { path, key },
                (None, None) if !command.is_empty() => snapshot::Source::Command(command),
                (None, None) => {
                    return Err(
                        "snapshot needs a server: a command after `--`, --url URL, or \
                                --config FILE --server KEY"
                            .to_owned(),
                    );
                }
            };
            let sink = out.map_or(emit::Sink::Stdout, emit::Sink::File);
            let opts = snapshot::Options {
                source,
                timeout,
                sink: sink.clone(),
            };
            Ok((run_async(snapshot::run(opts)), Format::Text, sink))
        }
        Command::Diff { old, new, format } => {
            Ok((surface::report::run(&old, &new), format.into(), stdout))
        }
        Command::Lints { format, lints } => {
            let levels = lints.levels(sub)?;
            Ok((Box::new(lints_cmd::run(levels)), format.into(), stdout))
        }
    }
}
