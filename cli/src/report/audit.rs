//! What `audit` of one server returns: everything it found, written in any format by
//! [`crate::emit`].

use chrono::{DateTime, Utc};
use mcp_toolname_rules::message;

use crate::args::Output;
use crate::diag::{self, Exit, Failure, Found};
use crate::emit::{Doc, Report};
use crate::findings::Finding;
use crate::keys::Keys;
use crate::lint::Levels;
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
    /// How much the tool definitions grew from the snapshot to now.
    pub growth: crate::cost::growth::Growth,
}

/// One server's listing and everything judged of it: what `audit` reports of its server and
/// `audit --config` of each server of the config, made by one function so that every
/// per-server finding runs in both.
#[derive(Debug)]
pub struct Judged {
    /// What every client is shown.
    pub listing: Listing,
    /// Each listed tool's verdicts.
    pub reports: Vec<NameReport>,
    /// Each prompt's verdicts.
    pub prompts: Vec<PromptReport>,
    /// Every finding, allowed ones included.
    pub findings: Vec<Finding>,
    /// The names only surface mode shows (hidden aliases and tombstones), which no client
    /// lists.
    pub hidden: Vec<crate::surface::Entry>,
}

impl Judged {
    /// Judges what a server listed (`whole`: every name, those only surface mode shows
    /// included) under its `keys`, narrowed first to the targets of `levels` so that each fix
    /// meets only those: each name under each contract and client, the list's clashes and
    /// look-alikes, argument names and schemas (against OpenAI's strict mode too when `levels`
    /// raise `schema_strict`), what is cut or not sent beside the names, its prompts, and its
    /// aliases' windows as they stand at `now`.
    #[must_use]
    pub fn new(whole: &Listing, keys: &mut Keys, levels: &Levels, now: DateTime<Utc>) -> Self {
        keys.set_targets(levels.targets());
        let listing = whole.only_listed();
        let (reports, mut findings) =
            crate::findings::audit_listed(&listing.names(), keys, |reports| {
                crate::arguments::leave_out(&listing.tools, reports);
            });
        findings.extend(crate::confusable::audit(&listing.tools));
        let strict = levels.strict_schemas();
        findings.extend(crate::arguments::audit(&listing.tools, strict));
        findings.extend(crate::limits::audit(
            &crate::limits::Past::of(&listing),
            &reports,
        ));
        let (prompts, prompt_findings) = crate::prompts::audit::audit(&listing.prompts, &keys.key);
        findings.extend(prompt_findings);
        findings.extend(crate::windows::past_window(whole, now));
        let hidden = whole
            .tools
            .iter()
            .filter(|t| !t.entry.listed)
            .map(|t| t.entry.clone())
            .collect();
        Self {
            listing,
            reports,
            prompts,
            findings,
            hidden,
        }
    }

    /// What the report says of it under `keys`.
    #[must_use]
    pub fn view<'a>(&'a self, keys: &'a Keys) -> super::Audited<'a> {
        super::Audited {
            listing: &self.listing,
            keys,
            reports: &self.reports,
            prompts: &self.prompts,
            findings: &self.findings,
        }
    }
}

/// The audit of one server.
#[derive(Debug)]
pub struct Audit {
    /// Everything the server listed, the names only surface mode shows included.
    pub whole: Listing,
    /// The server's key under each client.
    pub keys: Keys,
    /// What was judged of it.
    pub judged: Judged,
    /// The snapshot it was held to, if any.
    pub baseline: Option<Baseline>,
    /// The detail and each lint's level.
    pub out: Output,
}

impl Audit {
    /// 1 when a finding is at deny level, counted as a real server's would be (the demo's too).
    fn denied(&self) -> u8 {
        let levels = &self.out.levels;
        u8::from(
            super::denies(&self.judged.findings, levels) || !levels.settings_denied().is_empty(),
        )
    }

    /// 1 when a change breaks the baseline.
    fn breaking(&self) -> u8 {
        self.baseline
            .as_ref()
            .map_or(0, |b| crate::surface::report::exit_code(&b.changes))
    }

    /// What the report says of the server.
    fn audited(&self) -> super::Audited<'_> {
        self.judged.view(&self.keys)
    }

    /// The server as SARIF and GitHub annotations name it: its announced name, or its
    /// command, or the demo's; cut as [`message::short`] cuts it once here, not in every
    /// finding (a 10 MB name copied and hashed per finding took a minute).
    fn server(&self) -> String {
        let name = if self.judged.listing.name.is_empty() {
            self.judged
                .listing
                .command
                .as_deref()
                .unwrap_or("mcp-toolname-demo")
        } else {
            &self.judged.listing.name
        };
        message::short(name).into_owned()
    }
}

impl Audit {
    /// Leaves out the findings the run's suppressions take ([`crate::suppress::keep`]), made
    /// as [`Report::found`] makes them so that both give one fingerprint.
    pub fn suppress(&mut self) {
        let server = self.server();
        crate::suppress::judged(Some(&server));
        let cwd = std::env::current_dir().ok();
        let levels = &self.out.levels;
        let whole = &self.whole;
        self.judged.findings.retain(|f| {
            crate::suppress::keep(levels, || {
                let spot = whole.spot(f, cwd.as_deref());
                diag::describe(f, levels, Some(&server), spot.as_ref())
            })
        });
    }
}

impl Report for Audit {
    fn exit_code(&self) -> u8 {
        // The demo exists to show findings: auditing it succeeds, and its summary says what a
        // real server with these names would get.
        let denied = if self.judged.listing.command.is_some() {
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
                crate::surface::report::doc(
                    (&b.baseline, &b.live),
                    &b.changes,
                    &b.growth,
                    self.breaking(),
                ),
            ),
            None => doc,
        }
    }

    fn found(&self) -> Found<'_> {
        let server = self.server();
        let cwd = std::env::current_dir().ok();
        let diagnostics = self
            .judged
            .findings
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
