//! How a server is reached and listed: a stdio child process ([`child`]), Streamable HTTP
//! ([`remote`]) or the bundled demo, each initialized with rmcp's client and listed page by
//! page ([`session`]). The time limit covers the whole run; a server that crashes, hangs,
//! refuses or writes garbage ends in a message naming the command or URL and what happened,
//! never in a panic or a hang. `audit`, `audit --config` and `snapshot` all reach servers so.

pub mod child;
pub mod remote;
pub mod session;
pub mod target;

use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::demo;
use crate::diag::{Exit, Failure};
use crate::listing::Listing;
use crate::redact;
use child::{Launch, Pipes, ServerProcess, describe_exit, lossy};
pub use remote::Remote;
use session::{SessionError, Stage, session};
pub use target::Target;

impl Target {
    /// Audits the server within `timeout`.
    ///
    /// # Errors
    /// What went wrong, naming the command or URL; code 2, or 130 when interrupted.
    pub async fn audit(&self, timeout: Duration) -> Result<Listing, Failure> {
        match self {
            Self::Command(launch) => audit_command(launch, timeout).await,
            Self::Url(remote) => remote::audit_url(remote, timeout).await,
            Self::Demo => audit_demo(timeout).await,
        }
    }
}

async fn audit_demo(timeout: Duration) -> Result<Listing, Failure> {
    let (stage, _) = watch::channel(Stage::Initialize);
    let session = session(demo::start(), &stage, false);
    match tokio::time::timeout(timeout, session).await {
        Ok(Ok(listing)) => Ok(listing),
        Ok(Err(err)) => Err(Failure::failed(format!(
            "the demo server failed: {}",
            err.text()
        ))),
        Err(_) => Err(Failure::failed(format!(
            "the demo server did not finish within {} s",
            timeout.as_secs_f64()
        ))),
    }
}

/// How a child-process session ended, before the process is dealt with.
enum Outcome {
    Listed(Box<Listing>),
    Session(SessionError),
    Garbage(String),
    Timeout,
    Interrupted,
}

/// What a command that builds or fetches its server before running it may still have been
/// doing when it did not answer `initialize` in time (`cargo run` compiles first, `npx` and
/// `uvx` download first), in words; empty for any other command.
fn builds_first(argv: &[std::ffi::OsString]) -> &'static str {
    let program = argv
        .first()
        .and_then(|p| std::path::Path::new(p).file_stem())
        .and_then(|p| p.to_str())
        .unwrap_or_default();
    let runs = argv.iter().skip(1).any(|a| a == "run");
    match program {
        "cargo" if runs => {
            "; `cargo run` compiles the server first, which a first build can take longer than \
             that for: build it first (`cargo build`), then audit again"
        }
        "npx" | "uvx" | "bunx" | "pnpx" => {
            "; it downloads the server first, which can take longer than that: run it once \
             first, then audit again"
        }
        _ => "",
    }
}

/// Starts the server `launch` describes, lists its tools and stops it, within `timeout`.
///
/// # Errors
/// What went wrong, naming the command; code 2, or 130 when interrupted.
pub async fn audit_command(launch: &Launch, timeout: Duration) -> Result<Listing, Failure> {
    let started = Instant::now();
    let (mut server, pipes) = ServerProcess::spawn(launch).map_err(Failure::failed)?;
    say!("started server {}", server.display);
    let Pipes {
        transport,
        mut garbage,
    } = pipes;
    let (stage, stage_rx) = watch::channel(Stage::Initialize);
    let outcome = tokio::select! {
        biased;
        Ok(problem) = &mut garbage => Outcome::Garbage(problem),
        result = session(transport, &stage, launch.in_surface_mode()) => match result {
            Ok(listing) => Outcome::Listed(Box::new(listing)),
            // The stdout guard closes the pipe after reporting garbage: report the garbage.
            Err(err) => garbage.try_recv().map_or(Outcome::Session(err), Outcome::Garbage),
        },
        () = tokio::time::sleep(timeout) => Outcome::Timeout,
        _ = tokio::signal::ctrl_c() => Outcome::Interrupted,
    };
    let stage_now = *stage_rx.borrow();
    let display = server.display.clone();
    let result = match outcome {
        Outcome::Listed(mut listing) => {
            listing.command = Some(display);
            listing.argv = redact::argv(&lossy(&launch.argv));
            // The client is gone, so the server's stdin is closed; let it exit on its own.
            let _ = server.exit_within(Duration::from_millis(500)).await;
            Ok(*listing)
        }
        Outcome::Session(err @ (SessionError::Closed(_) | SessionError::Transport(_))) => {
            // A stdio transport fails when the server stops reading its stdin.
            let detail = match err {
                SessionError::Closed(detail) => detail,
                _ => "it stopped reading its stdin".to_owned(),
            };
            let left = timeout.saturating_sub(started.elapsed());
            let during = stage_now.during();
            Err(
                match server.exit_within(left.min(Duration::from_secs(2))).await {
                    Some(status) => format!(
                        "server {display} {} {during} ({detail})",
                        describe_exit(status)
                    ),
                    None => format!("server {display} failed {during}: {detail}"),
                },
            )
        }
        Outcome::Session(SessionError::Other(detail)) => Err(format!("server {display}: {detail}")),
        Outcome::Garbage(problem) => Err(format!(
            "server {display} broke the protocol {}: {problem}",
            stage_now.during()
        )),
        Outcome::Timeout => Err(format!(
            "server {display} did not finish within {} s (it was {}); it was stopped (set the \
             limit with --timeout SECS){}",
            timeout.as_secs_f64(),
            stage_now.waiting(),
            if stage_now == Stage::Initialize {
                builds_first(&launch.argv)
            } else {
                ""
            }
        )),
        Outcome::Interrupted => {
            server.kill().await;
            return Err(Failure::new("interrupted", Exit::Interrupted));
        }
    };
    server.kill().await;
    result.map_err(|msg| Failure::failed(msg + &server.stderr_tail()))
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::builds_first;

    fn argv(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn a_timeout_says_what_a_building_or_fetching_command_was_doing() {
        assert!(builds_first(&argv(&["cargo", "run", "-q"])).contains("`cargo build`"));
        assert!(builds_first(&argv(&["/usr/bin/cargo", "-q", "run"])).contains("compiles"));
        assert!(builds_first(&argv(&["npx", "-y", "@scope/server"])).contains("downloads"));
        assert_eq!(builds_first(&argv(&["cargo", "build"])), "");
        assert_eq!(builds_first(&argv(&["./target/debug/server"])), "");
        assert_eq!(builds_first(&argv(&[])), "");
    }
}
