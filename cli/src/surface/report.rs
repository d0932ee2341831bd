//! The changes between two surfaces, as `diff` and `audit --baseline` report them: in words
//! (breaking ones first, each with what to do) or as JSON, the semver verdict, and how much
//! the tool definitions grew ([`Growth`]). Exit code 1 when a change breaks a client, as
//! `audit` exits 1 when a name breaks the spec.

use std::path::Path;

use serde_json::{Value, json};

use super::Surface;
use super::diff::{Change, Level, verdict};
use crate::cost::growth::Growth;
use crate::emit::Doc;
use crate::wrap::plural;
use mcp_toolname_rules::message::{show, show_text};

/// Reads the snapshot at `path`.
///
/// # Errors
/// It cannot be read, is larger than [`crate::file::MAX_SNAPSHOT`] or is not a snapshot,
/// naming the file.
pub fn read(path: &Path) -> Result<Surface, String> {
    let shown = mcp_toolname_rules::message::show(&path.to_string_lossy());
    let bytes = crate::file::read(path, "snapshot", crate::file::MAX_SNAPSHOT)?;
    let surface = Surface::parse(&bytes, &shown)?;
    drop(bytes);
    if !surface.has_prompts() {
        say!(
            "note: snapshot {shown} has schema_version {}: it holds no prompts, so prompts are \
             not compared (take it again with this mcp-toolname to hold them too)",
            surface.schema_version
        );
    }
    if !surface.has_definitions() {
        say!(
            "note: snapshot {shown} has schema_version {}: it holds no tool definitions, so \
             the tokens they cost are not compared (take it again with this mcp-toolname to \
             hold them too)",
            surface.schema_version
        );
    }
    Ok(surface)
}

/// 1 when a change breaks a client, else 0.
#[must_use]
pub fn exit_code(changes: &[Change]) -> u8 {
    u8::from(changes.iter().any(|c| c.breaking()))
}

/// The changes in words (breaking ones, then the others, then the verdict), the first line
/// after `lead`, written into `out` a line at a time: a snapshot within its limit makes
/// millions of lines, and they are not held.
///
/// # Errors
/// When `out` fails.
pub fn lines(
    lead: &str,
    (old, new): (&Surface, &Surface),
    changes: &[Change],
    growth: &Growth,
    out: &mut dyn std::fmt::Write,
) -> std::fmt::Result {
    out.write_str(&format!(
        "{lead}from {} {} ({} names) to {} {} ({} names)\n",
        show(&old.server.name),
        show_text(&old.server.version),
        old.tools.len() + old.prompts.len(),
        show(&new.server.name),
        show_text(&new.server.version),
        new.tools.len() + new.prompts.len()
    ))?;
    for (heading, breaking) in [
        ("breaks a client", true),
        ("does not break a client", false),
    ] {
        let mut group = changes
            .iter()
            .filter(|c| c.breaking() == breaking)
            .peekable();
        if group.peek().is_none() {
            continue;
        }
        write!(out, "\n{heading}\n")?;
        for c in group {
            writeln!(out, "  {:<6} {}", c.level().word(), c.message())?;
        }
    }
    write!(out, "\n{}\n", verdict_line(changes))?;
    out.write_str(&growth.text())
}

/// `verdict: major (4 breaking changes of 7)`, or that nothing changed.
#[must_use]
pub fn verdict_line(changes: &[Change]) -> String {
    let breaking = changes.iter().filter(|c| c.breaking()).count();
    match verdict(changes) {
        None => "verdict: none: the surface is the same".to_owned(),
        Some(Level::Major) => format!(
            "verdict: major ({breaking} breaking {} of {}): a client that worked with the old \
             surface may fail with the new one; release it as a new major version, or keep \
             the old names",
            plural(breaking, "change", "changes"),
            changes.len()
        ),
        Some(level) => format!(
            "verdict: {} ({} {}, none breaking)",
            level.word(),
            changes.len(),
            plural(changes.len(), "change", "changes")
        ),
    }
}

/// The JSON document: `{schema_version, old, new, changes[], verdict, exit_code,
/// token_growth}`, one change's `Value` at a time: a snapshot within its limit may make
/// millions. `exit` is the run's exit code, which more than the changes may raise.
#[must_use]
pub fn doc<'a>(
    (old, new): (&Surface, &Surface),
    changes: &'a [Change],
    growth: &Growth,
    exit: u8,
) -> Doc<'a> {
    Doc::new(head(old, new, changes, exit))
        .array(
            "changes",
            changes
                .iter()
                .map(|c| serde_json::to_value(c).unwrap_or_default()),
        )
        .field("token_growth", growth.json())
}

/// [`doc`] without `changes` and `token_growth`.
fn head(old: &Surface, new: &Surface, changes: &[Change], exit: u8) -> Value {
    json!({
        "schema_version": 1,
        "old": old.server,
        "new": new.server,
        "verdict": verdict(changes).map(Level::word),
        "exit_code": exit,
    })
}
