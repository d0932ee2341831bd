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
mod commands;
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
mod listing;
mod names;
mod prompts;
mod reach;
mod redact;
mod report;
mod suppress;
mod surface;
mod verdict;
mod windows;
mod wrap;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
    Check(commands::check::Args),
    /// Start a stdio MCP server (or reach one over Streamable HTTP with --url), list all its
    /// tools, and report every name problem. With no command, audits a bundled demo server;
    /// with --config, every server of a client's config. Progress goes to stderr, the report
    /// to stdout.
    Audit(commands::audit::Args),
    /// Write a server's surface to a reviewable file: every name a client can call, of its
    /// tools and its prompts (aliases with their window, tombstones), each one's arguments
    /// and a digest of each tool schema. The list requests ask for the whole surface, and a
    /// stdio server is started with MCP_TOOLNAME_SURFACE=1, so one built with mcp-toolname
    /// lists its hidden aliases too. Commit the file; `diff` and `audit --baseline` hold later
    /// releases to it.
    Snapshot(commands::snapshot::Args),
    /// Compare two snapshots: each change of the tool surface, whether it breaks a client (a
    /// name gone with no alias, an alias dropped before its window ends, a required argument
    /// added, an argument's type changed) and the semver level it asks for. Exit 1 when a
    /// change breaks a client.
    Diff(commands::diff::Args),
    /// List every lint: its name, its level in this directory (after the config file and
    /// the flags), its default, and what it finds. Each has a page in docs/lints.md.
    Lints(commands::lints::Args),
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
    ExitCode::from(u8::from(diag::Exit::Failed))
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
            return diag::Failure::failed(format!("cannot start the async runtime: {e}")).report();
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
/// error as its message. `sub` are the command's matches, which order its lint flags.
fn dispatch(
    command: Command,
    sub: Option<&clap::ArgMatches>,
) -> Result<(Box<dyn emit::Report>, Format, emit::Sink), String> {
    let stdout = emit::Sink::Stdout;
    match command {
        Command::Check(args) => Ok((suppress::gate(args.run(sub)?), args.format, stdout)),
        Command::Audit(args) => {
            let format = args.format;
            Ok((suppress::gate(run_async(args.run(sub)?)), format, stdout))
        }
        Command::Snapshot(args) => {
            let opts = args.options()?;
            let sink = opts.sink.clone();
            Ok((run_async(commands::snapshot::run(opts)), Format::Text, sink))
        }
        Command::Diff(args) => {
            let format = args.format.into();
            Ok((args.run(sub)?, format, stdout))
        }
        Command::Lints(args) => {
            let levels = args.lints.levels(sub)?;
            Ok((
                Box::new(commands::lints::run(levels)),
                args.format.into(),
                stdout,
            ))
        }
    }
}
