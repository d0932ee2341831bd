//! `mcp-toolname snapshot`: a server's tool surface written to a reviewable file.
//! A stdio server (a command after `--`, or an entry of a client config) is started with
//! `MCP_TOOLNAME_SURFACE=1`, so a server built with mcp-toolname lists its hidden aliases and
//! tombstones too; over `--url` only what every client sees is known.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use crate::audit::child::Launch;
use crate::audit::remote::audit_url;
use crate::audit::{self, Failure, Remote, Target};
use crate::surface::SURFACE_ENV_VAR;

/// Where the server is.
pub enum Source {
    /// A stdio command and its arguments.
    Command(Vec<OsString>),
    /// A Streamable HTTP URL.
    Url(Remote),
    /// The server `key` of the client config `path`.
    Config { path: PathBuf, key: String },
}

/// What `snapshot` was asked.
pub struct Options {
    pub source: Source,
    pub timeout: Duration,
    /// The file to write; standard output when `None`.
    pub out: Option<PathBuf>,
}

/// The target to reach, and whether hidden names were asked for (a stdio start).
fn target(source: &Source) -> Result<(Target, bool), Failure> {
    let mut target = match source {
        Source::Command(argv) => Target::Command(Launch::command(argv)),
        Source::Url(remote) => Target::Url(remote.clone()),
        Source::Config { path, key } => {
            let config = crate::config::load(path).map_err(|e| Failure(e, 2))?;
            let keys: Vec<&str> = config.servers.iter().map(|s| s.key.as_str()).collect();
            let entry = config
                .servers
                .iter()
                .find(|s| s.key == *key)
                .ok_or_else(|| {
                    let hint = mcp_toolname_rules::closest_name(key, &keys)
                        .map_or_else(String::new, |k| format!("; did you mean `{k}`?"));
                    Failure(
                        format!(
                            "config {} has no server {}{hint} (it has {})",
                            mcp_toolname_rules::message::show(&path.to_string_lossy()),
                            mcp_toolname_rules::message::show(key),
                            keys.join(", ")
                        ),
                        2,
                    )
                })?;
            match &entry.plan {
                crate::config::Plan::Run(target) => target.clone(),
                crate::config::Plan::Skip(why) | crate::config::Plan::Invalid(why) => {
                    return Err(Failure(why.clone(), 2));
                }
            }
        }
    };
    let asked = match &mut target {
        // Set after the launch learned its secrets: `1` is no secret to mask.
        Target::Command(launch) => {
            launch
                .env
                .push((SURFACE_ENV_VAR.to_owned(), "1".to_owned()));
            true
        }
        Target::Url(_) => false,
    };
    Ok((target, asked))
}

/// Runs `snapshot`; the exit code (0 written, 2 the server could not be reached or the file
/// not written, 130 on Ctrl-C).
pub async fn run(opts: &Options) -> u8 {
    let (target, asked) = match target(&opts.source) {
        Ok(found) => found,
        Err(Failure(msg, code)) => {
            say!("error: {msg}");
            return code;
        }
    };
    let listing = match &target {
        Target::Command(launch) => audit::audit_command(launch, opts.timeout).await,
        Target::Url(remote) => audit_url(remote, opts.timeout).await,
    };
    let listing = match listing {
        Ok(listing) => listing,
        Err(Failure(msg, code)) => {
            say!("error: {msg}");
            return code;
        }
    };
    let surface = listing.surface(asked);
    let text = surface.to_text();
    match &opts.out {
        None => crate::emit(&text),
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                say!(
                    "error: cannot write {}: {e}",
                    mcp_toolname_rules::message::show(&path.to_string_lossy())
                );
                return 2;
            }
            say!(
                "wrote {} names of server {} {} to {}",
                surface.tools.len(),
                mcp_toolname_rules::message::show(&surface.server.name),
                mcp_toolname_rules::message::show(&surface.server.version),
                mcp_toolname_rules::message::show(&path.to_string_lossy())
            );
        }
    }
    if !asked {
        say!(
            "over --url only what every client sees is known: hidden aliases and tombstones \
             are left out (start the server with {SURFACE_ENV_VAR}=1 to list them)"
        );
    }
    0
}
