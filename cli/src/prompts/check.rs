//! `mcp-toolname check --prompt NAME...`: each prompt name against [`PROMPT`], its slash
//! command under each prompt client and whether it runs, and a fix. The text keeps the shape
//! of `check` for tools.

use mcp_toolname_rules::lint;
use std::ffi::OsString;

use mcp_toolname_rules::{PROMPT, message};
use serde_json::{Value, json};

use super::{PromptReport, cannot_run, judge_set};
use crate::args::Output;
use crate::check::{exit_code, not_utf8};
use crate::diag::Found;
use crate::emit::{Doc, Report};
use crate::findings::Finding;
use crate::verdict::{self, Seen};

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
    /// Its findings, as `audit` makes them for a prompt; for a name that is not UTF-8, one
    /// `prompt_name` finding.
    fn findings(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        match self {
            Self::Name(report) => super::audit::per_prompt(report, &mut out),
            Self::NotUtf8 { lossy, reason } => {
                out.push(not_utf8(&lint::PROMPT_NAME, PROMPT.id, lossy, reason, None));
            }
        }
        out
    }
}

/// Runs `check --prompt` on `names` and returns its report; its exit code is 1 when a finding
/// is at deny level (`prompt_name` by default).
#[must_use]
pub fn run(names: &[OsString], server_key: &str, out: &Output) -> Checked {
    let texts: Vec<Result<&str, String>> = names
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let what = "a prompt name travels in a JSON string, so no client can run it";
            crate::args::read_name(arg, i + 1, what)
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
                lossy: arg.to_string_lossy().into_owned(),
                reason: reason.clone(),
            },
        })
        .collect();
    let per_name: Vec<Vec<Finding>> = judged.iter().map(Judged::findings).collect();
    let code = exit_code(per_name.iter(), out);
    Checked {
        judged,
        per_name,
        server_key: server_key.to_owned(),
        out: out.clone(),
        code,
    }
}

/// What `check --prompt` found: each name's verdicts and findings.
pub struct Checked {
    judged: Vec<Judged>,
    per_name: Vec<Vec<Finding>>,
    server_key: String,
    out: Output,
    code: u8,
}

impl Report for Checked {
    fn exit_code(&self) -> u8 {
        self.code
    }

    fn text(&self) -> String {
        text(&self.judged, &self.per_name, &self.server_key, &self.out)
    }

    fn json(&self) -> Doc<'_> {
        Doc::new(json_doc(&self.judged, &self.server_key))
    }

    fn found(&self) -> Found<'_> {
        Found::of(self.per_name.iter().flatten(), &self.out.levels)
    }
}

fn text(judged: &[Judged], per_name: &[Vec<Finding>], server_key: &str, out: &Output) -> String {
    let mut text = String::new();
    let verdict_of = |item: &Judged, own: &[Seen<'_>]| match item {
        Judged::Name(report) => super::verdict_of(report, own),
        Judged::NotUtf8 { lossy, reason } => {
            let level = verdict::worst(own);
            let line = if level.is_some() {
                let help = &lint::PROMPT_NAME.help;
                format!("{} [prompt_name]: {reason}; {help}", message::show(lossy))
            } else {
                message::show(lossy)
            };
            (level, line)
        }
    };
    let detail_of = |item: &Judged| {
        let mut detail = String::from("  contract:\n");
        match item {
            Judged::NotUtf8 { reason, .. } => {
                detail.push_str(&format!("    {:<ID_WIDTH$} {reason}\n", PROMPT.id));
            }
            Judged::Name(report) => name_text(&mut detail, report, server_key),
        }
        detail
    };
    let levels = &out.levels;
    let (tally, all) = verdict::check_lines(
        &mut text,
        judged,
        per_name,
        levels,
        out.verbose,
        verdict_of,
        detail_of,
    );
    verdict::check_summary(
        &mut text,
        out.verbose,
        &crate::verdict::prompt_verified_line(),
        (judged.len(), ("prompt name", "prompt names")),
        tally,
        "each client's command",
        &all,
    );
    text
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
                "clients": super::audit::commands_json(r),
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
