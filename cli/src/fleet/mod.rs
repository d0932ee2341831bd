//! `mcp-toolname audit --config FILE`: every server of a client's config, one after the
//! other, each under the key the config gives it; then what the servers do to each other
//! under each client: the model-facing name of every (server, tool), the pairs that end up
//! with one name, server keys that become one prefix, and tool names on several servers.
//!
//! This module runs the audits; [`collisions`] finds what the servers do to each other, and
//! [`report`] writes it all out, as text or JSON.

mod collisions;
mod report;

use std::path::PathBuf;
use std::time::Duration;

use mcp_toolname_rules::{ClientPreset, Qualified, message::show, qualify};
use serde_json::json;

use crate::Format;
use crate::audit::{self, Failure, Listing};
use crate::check::plural;
use crate::config::{self, Plan};
use crate::findings::{self, Finding};
use crate::names::{NameReport, check_server_key};
pub use collisions::{CrossFinding, CrossKind};

/// What `audit --config` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The config file.
    pub path: PathBuf,
    /// Limit on each server's audit.
    pub timeout: Duration,
    /// Text or JSON.
    pub format: Format,
}

/// What became of one server of the config.
#[derive(Debug)]
enum Outcome {
    Audited {
        listing: Listing,
        reports: Vec<NameReport>,
        findings: Vec<Finding>,
    },
    Skipped(String),
    Failed(String),
}

/// One server of the config and its audit.
#[derive(Debug)]
struct Server {
    /// The config's name for it.
    key: String,
    /// The key used for client forms: `key`, or a valid key made from it.
    key_used: String,
    /// Why `key` is not a valid server key, if it is not.
    key_problem: Option<String>,
    outcome: Outcome,
}

impl Server {
    fn tools(&self) -> &[NameReport] {
        match &self.outcome {
            Outcome::Audited { reports, .. } => reports,
            Outcome::Skipped(_) | Outcome::Failed(_) => &[],
        }
    }

    fn breaks_spec(&self) -> bool {
        matches!(&self.outcome, Outcome::Audited { findings, .. }
            if findings.iter().any(|f| f.kind.breaks_spec()))
    }
}

/// Every audited (server, tool) of `servers`, in order, with its model-facing name under
/// `client`.
fn qualified<'a>(
    servers: &'a [Server],
    client: &'a ClientPreset,
) -> impl Iterator<Item = (&'a Server, &'a NameReport, Qualified)> {
    servers.iter().flat_map(move |server| {
        server
            .tools()
            .iter()
            .map(move |tool| (server, tool, qualify(client, &server.key_used, &tool.name)))
    })
}

/// Runs `audit --config` and returns the exit code: 2 when the config cannot be read or a
/// server could not be audited, else 1 when a server's tool name breaks the spec (or a
/// server lists one twice), else 0; 130 on Ctrl-C.
pub async fn run(opts: &Options) -> u8 {
    let config = match config::load(&opts.path) {
        Ok(config) => config,
        Err(msg) => {
            say!("error: {msg}");
            if opts.format == Format::Json {
                crate::emit_json(json!({
                    "error": msg,
                    "exit_code": 2,
                    "secrets": crate::redact::state(),
                }));
            }
            return 2;
        }
    };
    say!(
        "read {} ({}): {} {}",
        show(&config.path.to_string_lossy()),
        config.flavor.title(),
        config.servers.len(),
        plural(config.servers.len(), "server", "servers")
    );
    for note in &config.notes {
        say!("note: {note}");
    }
    let total = config.servers.len();
    let mut servers = Vec::new();
    for (i, entry) in config.servers.iter().enumerate() {
        let (key_used, key_problem) = match check_server_key(&entry.key) {
            Ok(()) => (entry.key.clone(), None),
            Err(problem) => (sanitise_key(&entry.key), Some(problem)),
        };
        let shown = show(&entry.key);
        let outcome = match &entry.plan {
            Plan::Skip(reason) => {
                say!("server {shown} ({} of {total}): skipped: {reason}", i + 1);
                Outcome::Skipped(reason.clone())
            }
            Plan::Invalid(msg) => {
                say!("error: {msg}");
                Outcome::Failed(msg.clone())
            }
            Plan::Run(launch) => {
                say!("server {shown} ({} of {total}):", i + 1);
                match audit::audit_command(launch, opts.timeout).await {
                    Ok(listing) => {
                        let (reports, findings) = findings::audit_names(&listing.names, &key_used);
                        Outcome::Audited {
                            listing,
                            reports,
                            findings,
                        }
                    }
                    Err(Failure(_, 130)) => {
                        say!("error: interrupted");
                        return 130;
                    }
                    Err(Failure(msg, _)) => {
                        say!("error: server {shown} could not be audited: {msg}");
                        Outcome::Failed(msg)
                    }
                }
            }
        };
        servers.push(Server {
            key: entry.key.clone(),
            key_used,
            key_problem,
            outcome,
        });
    }
    let cross = collisions::cross_server(&servers);
    let code = exit_code(&servers);
    match opts.format {
        Format::Text => crate::emit(&report::text(&config, &servers, &cross, code)),
        Format::Json => crate::emit_json(report::json_doc(&config, &servers, &cross, code)),
    }
    code
}

fn exit_code(servers: &[Server]) -> u8 {
    if servers
        .iter()
        .any(|s| matches!(s.outcome, Outcome::Failed(_)))
    {
        2
    } else {
        u8::from(servers.iter().any(Server::breaks_spec))
    }
}

/// A valid server key made from `key`: characters outside `A-Z a-z 0-9 _ -` become `_`,
/// runs of `_` one, no `_` at either end, at most 32 characters; `server` if nothing is left.
#[must_use]
pub fn sanitise_key(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '-' {
            c
        } else {
            '_'
        };
        if !(c == '_' && out.ends_with('_')) {
            out.push(c);
        }
    }
    let cut: String = out.trim_matches('_').chars().take(32).collect();
    let cut = cut.trim_end_matches('_');
    if cut.is_empty() {
        "server".to_owned()
    } else {
        cut.to_owned()
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitised_keys_are_valid() {
        for key in [
            "my server",
            "__a__b__",
            "",
            "é",
            &"k".repeat(40),
            "a.b",
            "x_",
        ] {
            let clean = sanitise_key(key);
            assert!(check_server_key(&clean).is_ok(), "{key:?} -> {clean:?}");
        }
        assert_eq!(sanitise_key("my server"), "my_server");
        assert_eq!(sanitise_key("github"), "github");
    }
}
