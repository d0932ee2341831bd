//! `mcp-toolname check --prompt NAME...`: each prompt name against [`PROMPT`], its slash
//! command under each prompt client and whether it runs, and a fix. The text keeps the shape
//! of `check` for tools.

use std::ffi::OsString;

use mcp_toolname_rules::{PROMPT, message};
use serde_json::{Value, json};

use super::{PromptReport, cannot_run, judge_set, verified_line};
use crate::Format;
use crate::check::plural;

/// Width of the first column (the contract and client ids), as in `check`.
const ID_WIDTH: usize = 12;
/// Width of the column saying whether a command runs.
const RUNS_WIDTH: usize = 11;

/// One command-line name, judged; or why it cannot be (not UTF-8).
#[derive(Debug, Clone)]
enum Judged {
    Name(PromptReport),
    NotUtf8 { lossy: String, reason: String },
}

impl Judged {
    fn name(&self) -> &str {
        match self {
            Self::Name(r) => &r.name,
            Self::NotUtf8 { lossy, .. } => lossy,
        }
    }

    fn passes(&self) -> bool {
        matches!(self, Self::Name(r) if r.passes())
    }

    fn not_run_anywhere(&self) -> bool {
        matches!(self, Self::Name(r) if r.not_run().next().is_some())
    }
}

/// Runs `check --prompt`: prints the report for `names` on stdout and returns the exit code
/// (1 when a name breaks [`PROMPT`], else 0).
#[must_use]
pub fn run(names: &[OsString], server_key: &str, format: Format) -> u8 {
    let texts: Vec<Result<&str, String>> = names
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let bytes = arg.as_encoded_bytes();
            std::str::from_utf8(bytes).map_err(|err| {
                let at = err.valid_up_to();
                let byte = bytes.get(at).copied().unwrap_or_default();
                format!(
                    "name {} is not valid UTF-8 (byte 0x{byte:02X} at byte index {at}); a \
                     prompt name travels in a JSON string, so no client can run it",
                    i + 1
                )
            })
        })
        .collect();
    let valid: Vec<&str> = texts
        .iter()
        .filter_map(|t| t.as_ref().ok().copied())
        .collect();
    let mut reports = judge_set(&valid, server_key, &[]).into_iter();
    let judged: Vec<Judged> = texts
        .iter()
        .zip(names)
        .map(|(text, arg)| match text {
            Ok(_) => Judged::Name(reports.next().expect("one report a valid name")),
            Err(reason) => Judged::NotUtf8 {
                lossy: String::from_utf8_lossy(arg.as_encoded_bytes()).into_owned(),
                reason: reason.clone(),
            },
        })
        .collect();
    match format {
        Format::Text => crate::emit(&text(&judged, server_key)),
        Format::Json => crate::emit_json(json_doc(&judged, server_key)),
    }
    u8::from(judged.iter().any(|j| !j.passes()))
}

fn text(judged: &[Judged], server_key: &str) -> String {
    let mut out = String::new();
    for item in judged {
        out.push_str(&format!("{}\n  contract:\n", message::show(item.name())));
        match item {
            Judged::NotUtf8 { reason, .. } => {
                out.push_str(&format!("    {:<ID_WIDTH$} {reason}\n", PROMPT.id));
            }
            Judged::Name(report) => name_text(&mut out, report, server_key),
        }
        out.push('\n');
    }
    let breaking = judged.iter().filter(|j| !j.passes()).count();
    let not_run = judged.iter().filter(|j| j.not_run_anywhere()).count();
    out.push_str(&verified_line());
    out.push_str(&format!(
        "summary: {} {}; {breaking} {} {}; {not_run} cannot be run by at least one client\n",
        judged.len(),
        plural(judged.len(), "prompt name", "prompt names"),
        plural(breaking, "breaks", "break"),
        PROMPT.title,
    ));
    out
}

fn name_text(out: &mut String, report: &PromptReport, server_key: &str) {
    let verdict = report.problem.as_deref().unwrap_or("pass");
    out.push_str(&format!("    {:<ID_WIDTH$} {verdict}\n", PROMPT.id));
    out.push_str(&format!(
        "  clients (server key {}):\n",
        message::show(server_key)
    ));
    for command in &report.commands {
        out.push_str(&format!(
            "    {:<ID_WIDTH$} {:<RUNS_WIDTH$} {}\n",
            command.client.id,
            command.word(),
            message::show(&command.slash.command)
        ));
        if command.slash.runs == Some(false) {
            out.push_str(&format!(
                "    {:<ID_WIDTH$} {}\n",
                "",
                cannot_run(command.client, &report.name, &command.slash.command)
            ));
        }
    }
    match report.help() {
        Some(help) if report.suggestion().is_some() => out.push_str(&format!(
            "  suggestion:  {help} (passes {})\n",
            PROMPT.title
        )),
        Some(help) => out.push_str(&format!("  suggestion:  {help}\n")),
        None => out.push_str("  suggestion:  none needed\n"),
    }
}

/// `{kind: "prompt", server_key, names: [{name, pass, problem, clients: [{id, command,
/// runs}], suggestion}]}`.
fn json_doc(judged: &[Judged], server_key: &str) -> Value {
    let names: Vec<Value> = judged
        .iter()
        .map(|item| match item {
            Judged::Name(r) => json!({
                "name": r.name,
                "pass": r.passes(),
                "problem": r.problem,
                "clients": r.commands.iter().map(|c| json!({
                    "id": c.client.id,
                    "command": message::short(&c.slash.command),
                    "runs": c.slash.runs,
                })).collect::<Vec<_>>(),
                "suggestion": r.suggestion(),
            }),
            Judged::NotUtf8 { lossy, reason } => json!({
                "name": lossy,
                "pass": false,
                "problem": reason,
                "clients": [],
                "suggestion": null,
            }),
        })
        .collect();
    json!({
        "kind": "prompt",
        "server_key": server_key,
        "names": names,
    })
}
