//! `mcp-toolname audit`: reach one server ([`crate::reach`]), judge what it listed as every
//! server is judged ([`crate::report::Judged`]), hold it to a snapshot if one is given, and
//! report.

mod args;

use std::time::{Duration, Instant};

use crate::args::Output;
use crate::diag::Failure;
use crate::emit::Report;
use crate::keys::Keys;
use crate::reach::Target;
use crate::report::{self, Judged};
use crate::{surface, windows};
pub use args::Args;

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
    let keys =
        Keys::new(&opts.server_key, whole.announced()).with_targets(opts.out.levels.targets());
    let judged = Judged::new(&whole, &keys, opts.out.levels.strict_schemas(), now);
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
        report::Baseline {
            baseline,
            live,
            changes,
        }
    });
    Box::new(report::Audit {
        whole,
        keys,
        judged,
        baseline,
        out: opts.out,
    })
}
