//! The text report of `audit --config`, written as it is made.

use std::fmt;

use mcp_toolname_rules::message::{self, show};
use mcp_toolname_rules::{CLIENTS, Fate, Qualified};

use super::{CrossFinding, Outcome, Server, list, qualified, total_cost};
use crate::args::Output;
use crate::config::Config;
use crate::lint::{Level, Levels};
use crate::names::fate_word;
use crate::verdict;
use crate::wrap;
use crate::wrap::plural;

/// What other checks of the run add to the text report: their section (before the summary)
/// and the lint of each of their findings at deny level (for the summary's verdict).
pub(super) struct Extra<'a> {
    pub section: &'a str,
    pub denied: Vec<&'static str>,
}

/// The text report, written into `text` server by server and tool by tool: the config and
/// each server's state, each server's section, then what the servers do to each other (every
/// client's names only under `--verbose`), `extra`, and a summary.
pub(super) fn write(
    text: &mut dyn fmt::Write,
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    code: u8,
    out: &Output,
    extra: &Extra<'_>,
) -> fmt::Result {
    let total = servers.len();
    text.write_str(&crate::redact::notice())?;
    text.write_str(&wrap::hanging(
        "",
        &format!(
            "config {} ({}): {total} {}",
            show(&config.path.to_string_lossy()),
            config.flavor.title(),
            plural(total, "server", "servers")
        ),
        2,
    ))?;
    for note in &config.notes {
        text.write_str(&wrap::hanging("  note: ", note, 4))?;
    }
    let width = servers
        .iter()
        .map(|s| show(&s.key).chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    for server in servers {
        let state = match &server.outcome {
            Outcome::Audited(judged) => format!(
                "audited: {} {}",
                judged.listing.tools.len(),
                plural(judged.listing.tools.len(), "tool", "tools")
            ),
            Outcome::Skipped(reason) => format!("skipped: {reason}"),
            Outcome::Failed(_) => "could not be audited (below)".to_owned(),
        };
        let head = format!("  {:<width$}  ", show(&server.key));
        let indent = head.chars().count();
        text.write_str(&wrap::hanging(&head, &state, indent))?;
    }
    for (i, server) in servers.iter().enumerate() {
        write!(
            text,
            "\n== server {} ({} of {total})\n",
            show(&server.key),
            i + 1
        )?;
        match &server.outcome {
            Outcome::Audited(judged) => {
                let audited = judged.view(&server.keys);
                crate::report::section(text, &audited, "its name in the config", out)?;
                let crate::report::Audited {
                    listing,
                    reports,
                    prompts,
                    findings,
                    ..
                } = audited;
                text.write_str(&wrap::hanging(
                    "",
                    &format!(
                        "summary for {}: {}",
                        show(&server.key),
                        crate::report::counts(listing, reports, prompts, findings, &out.levels)
                    ),
                    2,
                ))?;
            }
            Outcome::Skipped(reason) => {
                text.write_str(&wrap::hanging("skipped: ", reason, 2))?;
            }
            Outcome::Failed(msg) => text.write_str(&wrap::hanging("error: ", msg, 2))?,
        }
    }
    write!(
        text,
        "\n== across the {total} {}\n",
        plural(total, "server", "servers")
    )?;
    if out.verbose {
        names_table(servers, text)?;
        let audited = servers
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Audited(_)))
            .count();
        // With one server the total is that server's block again.
        if audited > 1 {
            text.write_str(
                &total_cost(servers).text("cost to the model, all servers together, per client"),
            )?;
        }
    } else {
        text.write_str("--verbose shows each client's model-facing name for every tool\n")?;
    }
    let shown: Vec<(&CrossFinding, Level)> = cross
        .iter()
        .map(|f| (f, f.level(&out.levels)))
        .filter(|(_, level)| *level > Level::Allow)
        .collect();
    if shown.is_empty() {
        text.write_str("\nno cross-server findings\n")?;
    } else {
        text.write_str("\ncross-server findings\n")?;
        // Repeated tool collisions are said with the one that causes or leads them.
        let messages = super::cross::folded_messages(
            &shown.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
            out.verbose,
        );
        let said: Vec<verdict::Said<'_>> = shown
            .iter()
            .zip(&messages)
            .filter_map(|((finding, level), message)| {
                Some(verdict::Said {
                    level: *level,
                    lint: finding.kind,
                    client: finding.client,
                    about: finding
                        .members
                        .iter()
                        .map(|m| format!("{}\n{}", m.server, m.tool.as_deref().unwrap_or("")))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    message: message.as_deref()?,
                    suggestion: None,
                })
            })
            .collect();
        for (level, line) in verdict::said_lines(&said, out.verbose) {
            text.write_str(&verdict::line(2, Some(level), &line))?;
        }
    }
    text.write_str(extra.section)?;
    text.write_char('\n')?;
    if out.verbose {
        text.write_str(&wrap::hanging("", &crate::verdict::verified_line(), 2))?;
    }
    text.write_str(&summary(
        servers,
        cross,
        &shown,
        code,
        &out.levels,
        &[&extra.denied[..], &out.levels.settings_denied()[..]].concat(),
    ))
}

/// Each client's model-facing name for every audited (server, tool), written row by row: the
/// names are gone through once for the column's width and again for the rows.
fn names_table(servers: &[Server], out: &mut dyn fmt::Write) -> fmt::Result {
    if servers.iter().all(|s| s.tools().is_empty()) {
        return out.write_str("no tools listed, so no model-facing names\n");
    }
    out.write_str("model-facing names, per client\n")?;
    for client in CLIENTS {
        let name = |q: &Qualified| {
            if q.fate == Fate::KeyRefused {
                "(server not started)".to_owned()
            } else {
                show(&q.name)
            }
        };
        writeln!(out, "  {}", client.title)?;
        let width = qualified(servers, client)
            .map(|(_, _, v)| name(&v.qualified).chars().count())
            .max()
            .unwrap_or(0)
            .min(72);
        for (server, tool, verdict) in qualified(servers, client) {
            let q = &verdict.qualified;
            let mut fate = match q.fate {
                Fate::Kept => String::new(),
                other => format!(" ({})", fate_word(other)),
            };
            if verdict.refs_lost {
                fate.push_str(" (`$ref`s point nowhere)");
            }
            let what = format!("{} of {}{fate}", show(&tool.name), show(&server.key));
            let head = format!("    {:<width$}  ", name(q));
            let indent = head.chars().count().min(60);
            out.write_str(&wrap::hanging(&head, &what, indent))?;
        }
    }
    Ok(())
}

/// How many servers were audited, skipped or could not be audited, and how many tools the
/// audited ones list.
pub(super) struct Tally {
    pub audited: usize,
    pub skipped: usize,
    pub failed: usize,
    pub tools: usize,
}

impl Tally {
    pub fn of(servers: &[Server]) -> Self {
        let count = |f: fn(&Outcome) -> bool| servers.iter().filter(|s| f(&s.outcome)).count();
        Self {
            audited: count(|o| matches!(o, Outcome::Audited(_))),
            skipped: count(|o| matches!(o, Outcome::Skipped(_))),
            failed: count(|o| matches!(o, Outcome::Failed(_))),
            tools: servers.iter().map(|s| s.tools().len()).sum(),
        }
    }
}

fn summary(
    servers: &[Server],
    all_cross: &[CrossFinding],
    cross: &[(&CrossFinding, Level)],
    code: u8,
    levels: &Levels,
    extra_denied: &[&'static str],
) -> String {
    let Tally {
        audited,
        skipped,
        failed,
        tools,
    } = Tally::of(servers);
    let mut denied: Vec<&str> = Vec::new();
    for server in servers {
        for seen in verdict::visible(server.findings(), levels) {
            if seen.level == Level::Deny {
                denied.push(seen.finding.kind.name);
            }
        }
    }
    for (finding, level) in cross {
        if *level == Level::Deny {
            denied.push(finding.kind.name);
        }
    }
    denied.extend_from_slice(extra_denied);
    let verdict = match code {
        2 => format!(
            "exit code 2: {failed} {} could not be audited",
            plural(failed, "server", "servers")
        ),
        1 => {
            let bad: Vec<String> = servers
                .iter()
                .filter(|s| s.denied(levels))
                .map(|s| show(&s.key))
                .collect();
            let whose = if bad.is_empty() {
                String::new()
            } else {
                format!(
                    ", in {} {}",
                    plural(bad.len(), "server", "servers"),
                    list(&bad)
                )
            };
            format!("{}{whose}", verdict::exit_words(&denied))
        }
        _ if audited == 0 => "exit code 0: no server to audit".to_owned(),
        _ => verdict::exit_words(&denied),
    };
    let errors = cross.iter().filter(|(_, l)| *l == Level::Deny).count();
    let allowed: Vec<&str> = {
        let mut names: Vec<&str> = Vec::new();
        for f in all_cross.iter().filter(|f| f.level(levels) == Level::Allow) {
            if !names.contains(&f.kind.name) {
                names.push(f.kind.name);
            }
        }
        names
    };
    let hidden = all_cross
        .iter()
        .filter(|f| f.level(levels) == Level::Allow)
        .count();
    let allowed = if hidden == 0 {
        String::new()
    } else {
        let names: Vec<String> = allowed.iter().map(|n| format!("`{n}`")).collect();
        format!(
            " ({hidden} more allowed: {})",
            message::joined(&names, "and")
        )
    };
    let line = format!(
        "summary: {} {}: {audited} audited, {skipped} skipped, {failed} could not be audited; \
         {tools} {}; across servers: {errors} {}, {} {}{allowed}",
        servers.len(),
        plural(servers.len(), "server", "servers"),
        plural(tools, "tool", "tools"),
        plural(errors, "error", "errors"),
        cross.len() - errors,
        plural(cross.len() - errors, "warning", "warnings"),
    );
    format!(
        "{}{}",
        wrap::hanging("", &line, 2),
        wrap::hanging("", &verdict, 2)
    )
}
