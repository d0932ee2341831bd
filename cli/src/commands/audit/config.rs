//! `mcp-toolname audit --config FILE`: every server of a client's config audited, up to
//! `--jobs` at once, each result back at its place in the file, then judged whole
//! ([`Fleet`]).

use std::path::PathBuf;
use std::sync::Arc;

use mcp_toolname_rules::message::show;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::Args;
use crate::args::Output;
use crate::config::{self, Plan};
use crate::diag::{Exit, Failure};
use crate::emit::Report;
use crate::fleet::{Fleet, Outcome};
use crate::listing::Listing;
use crate::surface::Surface;
use crate::wrap::plural;

/// Runs `audit --config` and returns its report. Its exit code: 2 when the config cannot be
/// read or a server could not be audited, else 1 when a finding (a server's, or across
/// servers) is at deny level (by default a tool name that breaks the spec, or one a server
/// lists twice), else 0; 130 on Ctrl-C. Each of `baselines` (`--baseline`) is held to the
/// servers that announce its server's name: the list entries that matched a tool there and
/// match nothing now are told what became of it.
pub async fn run(
    path: PathBuf,
    args: Args,
    out: Output,
    baselines: Vec<Surface>,
) -> Box<dyn Report> {
    let now = match crate::windows::now() {
        Ok(now) => now,
        Err(msg) => return Failure::failed(msg).report(),
    };
    let config = match config::load(&path) {
        Ok(config) => config,
        Err(msg) => return Failure::failed(msg).at(&path).report(),
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
    let mut lists = config.lists.clone();
    let read = args
        .settings
        .iter()
        .map(|p| crate::allowlist::settings::settings(p))
        .chain(
            args.agents
                .iter()
                .map(|p| crate::allowlist::read::agents(p)),
        );
    for found in read {
        match found {
            Ok(found) => lists.extend(found),
            Err(msg) => return Failure::failed(msg).report(),
        }
    }
    let total = config.servers.len();
    // Up to `jobs` audits at once; each result goes back to its place in the file.
    let slots = Arc::new(Semaphore::new(usize::from(args.jobs).max(1)));
    let mut audits = JoinSet::new();
    // Each server's listing, or what became of it instead.
    let mut outcomes: Vec<Option<Result<Listing, Outcome>>> = Vec::with_capacity(total);
    for (i, entry) in config.servers.iter().enumerate() {
        let shown = show(&entry.key);
        outcomes.push(match &entry.plan {
            Plan::Skip(reason) => {
                say!("server {shown} ({} of {total}): skipped: {reason}", i + 1);
                Some(Err(Outcome::Skipped(reason.clone())))
            }
            Plan::Invalid(msg) => {
                crate::emit::error(msg);
                Some(Err(Outcome::Failed(msg.clone())))
            }
            Plan::Run(target) => {
                // The whole surface, as `audit` asks: every server is judged on what its clients
                // are shown, and its aliases' windows on all it declares.
                let target = target.clone().in_surface_mode();
                let (timeout, slots) = (args.timeout, Arc::clone(&slots));
                audits.spawn(async move {
                    let _slot = slots.acquire_owned().await;
                    say!("server {shown} ({} of {total}):", i + 1);
                    let result = target.audit(timeout).await;
                    (i, shown, result)
                });
                None
            }
        });
    }
    while let Some(done) = audits.join_next().await {
        let Ok((i, shown, result)) = done else {
            return Failure::failed("an audit task failed").report();
        };
        outcomes[i] = Some(match result {
            Ok(listing) => Ok(listing),
            Err(failure) if failure.exit == Exit::Interrupted => {
                audits.abort_all();
                return failure.report();
            }
            Err(Failure { message: msg, .. }) => {
                crate::emit::error(&format!("server {shown} could not be audited: {msg}"));
                Err(Outcome::Failed(msg))
            }
        });
    }
    Box::new(Fleet::new(config, lists, outcomes, out, &baselines, now))
}
