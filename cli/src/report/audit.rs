//! What `audit` of one server returns: everything it found, written in any format by
//! [`crate::emit`].

use mcp_toolname_rules::message;

use crate::args::Output;
use crate::diag::{self, Exit, Failure, Found};
use crate::emit::{Doc, Report};
use crate::findings::Finding;
use crate::keys::Keys;
use crate::listing::Listing;
use crate::names::NameReport;
use crate::prompts::PromptReport;
use crate::surface::Surface;
use crate::surface::diff::Change;

/// The server held to a snapshot (`audit --baseline`).
#[derive(Debug)]
pub struct Baseline {
    /// The snapshot.
    pub baseline: Surface,
    /// The server's surface now.
    pub live: Surface,
    /// Each change from the snapshot to now.
    pub changes: Vec<Change>,
}

/// The audit of one server.
#[derive(Debug)]
pub struct Audit {
    /// Everything the server listed, the names only surface mode shows included.
    pub whole: Listing,
    /// What every client is shown.
    pub listing: Listing,
    /// The server's key under each client.
    pub keys: Keys,
    /// Each listed tool's verdicts.
    pub reports: Vec<NameReport>,
    /// Each prompt's verdicts.
    pub prompts: Vec<PromptReport>,
    /// Every finding, allowed ones included.
    pub found: Vec<Finding>,
    /// The snapshot it was held to, if any.
    pub baseline: Option<Baseline>,
    /// The detail and each lint's level.
    pub out: Output,
}

impl Audit {
    /// 1 when a finding is at deny level, counted as a real server's would be (the demo's too).
    fn denied(&self) -> u8 {
        u8::from(super::denies(&self.found, &self.out.levels))
    }

    /// 1 when a change breaks the baseline.
    fn breaking(&self) -> u8 {
        self.baseline
            .as_ref()
            .map_or(0, |b| crate::surface::report::exit_code(&b.changes))
    }

    /// What the report says of the server.
    fn audited(&self) -> super::Audited<'_> {
        super::Audited {
            listing: &self.listing,
            keys: &self.keys,
            reports: &self.reports,
            prompts: &self.prompts,
            findings: &self.found,
        }
    }

    /// The server as SARIF and GitHub annotations name it: its announced name, or its
    /// command, or the demo's; cut as [`message::short`] cuts it once here, not in every
    /// finding (a 10 MB name copied and hashed per finding took a minute).
    fn server(&self) -> String {
        let name = if self.listing.name.is_empty() {
            self.listing
                .command
                .as_deref()
                .unwrap_or("mcp-toolname-demo")
        } else {
            &self.listing.name
        };
        message::short(name).into_owned()
    }
}

impl Report for Audit {
    fn exit_code(&self) -> u8 {
        // The demo exists to show findings: auditing it succeeds, and its summary says what a
        // real server with these names would get.
        let denied = if self.listing.command.is_some() {
            self.denied()
        } else {
            0
        };
        denied.max(self.breaking())
    }

    fn text(&self) -> String {
        let mut text = String::new();
        // Writing into a `String` does not fail.
        let _ = self.write_text(&mut text);
        text
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::write_text(out, &self.audited(), &self.out, self.baseline.as_ref())
    }

    fn json(&self) -> Doc<'_> {
        let doc = super::json_stream(
            &self.audited(),
            &self.out.levels,
            self.denied().max(self.breaking()),
        );
        match &self.baseline {
            Some(b) => doc.object(
                "baseline",
                crate::surface::report::doc(&b.baseline, &b.live, &b.changes),
            ),
            None => doc,
        }
    }

    fn found(&self) -> Found<'_> {
        let server = self.server();
        let cwd = std::env::current_dir().ok();
        let diagnostics = self
            .found
            .iter()
            .filter_map(|f| {
                let spot = self.whole.spot(f, cwd.as_deref());
                diag::of_finding(f, &self.out.levels, Some(&server), spot.as_ref())
            })
            .collect();
        // Each breaking change said as it is written: a baseline may break millions of ways.
        let failures = self
            .baseline
            .iter()
            .flat_map(|b| &b.changes)
            .filter(|c| c.breaking())
            .map(|c| {
                Failure::new(
                    format!("against the baseline: {}", c.message()),
                    Exit::Found,
                )
            });
        Found {
            diagnostics,
            failures: Box::new(failures),
        }
    }
}
