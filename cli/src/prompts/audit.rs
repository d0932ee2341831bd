//! The prompts of an audited server: findings per prompt (its [`PROMPT`] problem, each client
//! that cannot run it) and across its list (duplicates, look-alikes), the text section and
//! the JSON `prompts` array. No prompt finding changes the exit code: the MCP spec sets no
//! format for prompt names.

use mcp_toolname_rules::lint::{self, Lint, Scope};
use std::collections::{BTreeMap, HashSet};

use mcp_toolname_rules::{
    ClientPreset, PROMPT, PROMPT_ARGUMENT, PromptArguments, argument_passes, look_alike_key,
    message, prompt_clients, suggest,
};
use serde_json::{Value, json};

use super::{PromptReport, ServedPrompt, cannot_run, judge_set};
use crate::args::Output;
use crate::findings::Finding;
use crate::lint::Level;
use crate::listing::Listing;
use crate::verdict::{self, Seen};
use crate::wrap;
use crate::wrap::plural;

/// Width of the client column, as in the tools' part of the report.
const LABEL: usize = 12;

/// Every prompt finding for a server with key `key` whose `prompts/list` gave `prompts` (in
/// the order received, duplicates kept): one report per distinct name, and the findings, per
/// prompt first, then across the list.
#[must_use]
pub fn audit(prompts: &[ServedPrompt], key: &str) -> (Vec<PromptReport>, Vec<Finding>) {
    let mut seen = HashSet::new();
    let distinct: Vec<&ServedPrompt> = prompts
        .iter()
        .filter(|p| seen.insert(p.name.as_str()))
        .collect();
    let names: Vec<&str> = distinct.iter().map(|p| p.name.as_str()).collect();
    let mut reports = judge_set(&names, key, &[]);
    for (report, served) in reports.iter_mut().zip(&distinct) {
        report.arguments.clone_from(&served.arguments);
    }
    let mut findings = Vec::new();
    for report in &reports {
        per_prompt(report, &mut findings);
    }
    duplicates(prompts, &mut findings);
    look_alikes(&reports, &mut findings);
    (reports, findings)
}

fn finding(
    kind: &'static Lint,
    names: &[&str],
    client: Option<&'static str>,
    text: String,
) -> Finding {
    let shown: Vec<String> = names
        .iter()
        .map(|n| message::short(n).into_owned())
        .collect();
    Finding {
        kind,
        tool: shown.first().cloned().unwrap_or_default(),
        tools: shown,
        contract: (kind == &lint::PROMPT_NAME).then_some(PROMPT.id),
        client,
        message: text,
        suggestion: None,
        suggested_key: None,
    }
}

/// The findings of one prompt on its own: its [`PROMPT`] problem, and each client that cannot
/// run it.
pub fn per_prompt(report: &PromptReport, out: &mut Vec<Finding>) {
    let name = report.name.as_str();
    if let Some(problem) = &report.problem {
        let mut found = finding(&lint::PROMPT_NAME, &[name], None, problem.clone());
        found.suggestion = report.suggestion();
        out.push(found);
    }
    for command in report.not_run() {
        let text = cannot_run(command.client, name, &command.slash.command);
        let mut found = finding(
            &lint::PROMPT_COMMAND,
            &[name],
            Some(command.client.id),
            text,
        );
        found.suggestion = report.suggestion();
        out.push(found);
    }
    arguments(report, out);
}

/// The findings of one prompt's arguments: a name two of them share (`prompts/get` takes the
/// arguments as a map), and each client that cannot pass one by its name.
fn arguments(report: &PromptReport, out: &mut Vec<Finding>) {
    let prompt = report.name.as_str();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for argument in &report.arguments {
        *counts.entry(argument).or_insert(0) += 1;
    }
    for (argument, n) in counts.iter().filter(|(_, n)| **n > 1) {
        let text = format!(
            "prompt {} lists argument {} {n} times; `prompts/get` takes arguments as a map \
             from name to value, so only one value can reach the server: rename the others",
            message::show(prompt),
            message::show(argument)
        );
        out.push(finding(&lint::PROMPT_ARGUMENT, &[prompt], None, text));
    }
    for client in prompt_clients() {
        for argument in counts.keys() {
            if argument_passes(client, argument) != Some(false) {
                continue;
            }
            let text = format!(
                "{} cannot pass argument {} of prompt {} by name (`{}<name>=<value>`, the name \
                 read up to the first `=`): an optional argument so named cannot be given \
                 there, a required one only by place; rename it without `=`, controls or \
                 invisible characters",
                client.title,
                message::show(argument),
                message::show(prompt),
                argument_flag(client),
            );
            let mut found = finding(&lint::PROMPT_ARGUMENT, &[prompt], Some(client.id), text);
            // The rules' fixer, held to the argument rule; an empty name has nothing to keep.
            found.suggestion = (!argument.is_empty()).then(|| suggest(argument, &PROMPT_ARGUMENT));
            out.push(found);
        }
    }
}

/// What opens an argument's name in `client`'s command (`--`).
fn argument_flag(client: &ClientPreset) -> &'static str {
    match client.prompts.map(|p| p.arguments) {
        Some(PromptArguments::Named { flag }) => flag,
        _ => "",
    }
}

fn duplicates(prompts: &[ServedPrompt], out: &mut Vec<Finding>) {
    for (name, n) in crate::group::repeated(prompts.iter().map(|p| p.name.as_str())) {
        let text = format!(
            "the server listed prompt name {} {n} times; `prompts/get` asks for a prompt by \
             its name, so only one of them can ever be got: rename or drop the others",
            message::show(name)
        );
        out.push(finding(&lint::PROMPT_DUPLICATE, &[name], None, text));
    }
}

/// Prompt names that are one under [`look_alike_key`] (case, and `_` `-` `.` `/` `:` and
/// space read alike): one finding per group, saying which clients make them one command.
fn look_alikes(reports: &[PromptReport], out: &mut Vec<Finding>) {
    let groups = crate::group::in_order(reports.iter().map(|r| (look_alike_key(&r.name), r)));
    for (_, group) in groups.into_iter().filter(|(_, g)| g.len() > 1) {
        let names: Vec<&str> = group.iter().map(|r| r.name.as_str()).collect();
        let shown: Vec<String> = names.iter().map(|n| message::show(n)).collect();
        let lower = names[0].to_lowercase();
        let how = if names.iter().all(|n| n.to_lowercase() == lower) {
            "differ only in case"
        } else {
            "differ only in case and in `_`, `-`, `.`, `/`, `:` and spaces"
        };
        // Clients whose command is one for the whole group.
        let merged: Vec<String> = group[0]
            .commands
            .iter()
            .enumerate()
            .filter(|(i, first)| {
                group
                    .iter()
                    .all(|r| r.commands[*i].slash.command == first.slash.command)
            })
            .map(|(_, c)| {
                format!(
                    "{} makes {} of {}",
                    c.client.title,
                    message::show(&c.slash.command),
                    if group.len() == 2 { "both" } else { "all" }
                )
            })
            .collect();
        let merged = if merged.is_empty() {
            String::new()
        } else {
            format!(", and {}", message::joined(&merged, "and"))
        };
        let text = format!(
            "prompt names {} {how}; people pick the wrong one from a list of slash \
             commands{merged}: rename one",
            message::joined(&shown, "and")
        );
        out.push(finding(&lint::PROMPT_LOOK_ALIKE, &names, None, text));
    }
}

/// The text report's `prompts` section, after the tools: nothing when the server did not
/// declare prompts; else a verdict per prompt (with each client's command under `--verbose`),
/// then the findings across the list.
#[must_use]
pub fn text(
    listing: &Listing,
    reports: &[PromptReport],
    findings: &[Finding],
    out: &Output,
) -> String {
    if !listing.has_prompts {
        return String::new();
    }
    if let Some(note) = &listing.prompts_note {
        return wrap::hanging("\nprompts: not read: ", note, 2);
    }
    let count = listing.prompts.len();
    let mut text = format!(
        "\nprompts ({count} in {} {}, each a slash command)\n",
        listing.prompt_pages,
        plural(listing.prompt_pages, "page", "pages")
    );
    let seen = verdict::visible(findings, &out.levels);
    let mut by_prompt: BTreeMap<&str, Vec<Seen<'_>>> = BTreeMap::new();
    for s in seen
        .iter()
        .filter(|s| s.finding.kind.scope == Scope::Prompt)
    {
        by_prompt
            .entry(s.finding.tool.as_str())
            .or_default()
            .push(*s);
    }
    let mut lines: Vec<(Option<Level>, String)> = Vec::new();
    for report in reports {
        let own = by_prompt
            .remove(message::short(&report.name).as_ref())
            .unwrap_or_default();
        let (level, line) = super::verdict_of(report, &own);
        let mut block = verdict::line(2, level, &line);
        if out.verbose {
            for command in &report.commands {
                let said = if command.slash.runs == Some(false) {
                    cannot_run(command.client, &report.name, &command.slash.command)
                } else {
                    format!(
                        "{} {}",
                        command.word(),
                        message::show(&command.slash.command)
                    )
                };
                block.push_str(&wrap::hanging(
                    &format!("    {:<LABEL$} ", command.client.id),
                    &said,
                    4 + LABEL + 1,
                ));
            }
        }
        lines.push((level, block));
    }
    lines.sort_by_key(|(level, _)| std::cmp::Reverse(*level));
    for (_, block) in lines {
        text.push_str(&block);
    }
    let across: Vec<&Seen<'_>> = seen
        .iter()
        .filter(|s| s.finding.kind.scope == Scope::Prompts)
        .collect();
    let arguments: Vec<&Seen<'_>> = seen
        .iter()
        .filter(|s| s.finding.kind == &lint::PROMPT_ARGUMENT)
        .collect();
    if !arguments.is_empty() {
        text.push_str("\nprompt arguments\n");
        for s in arguments {
            text.push_str(&verdict::line(2, Some(s.level), &verdict::finding(s)));
        }
    }
    if !across.is_empty() {
        text.push_str("\nacross the prompt list\n");
        for s in across {
            text.push_str(&verdict::line(2, Some(s.level), &verdict::finding(s)));
        }
    }
    if out.verbose && !reports.is_empty() {
        text.push('\n');
        text.push_str(&wrap::hanging(
            "",
            &crate::verdict::prompt_verified_line(),
            2,
        ));
    }
    text
}

/// One prompt of the JSON report: `{name, pass, arguments, clients: [{id, command, runs}]}`.
#[must_use]
pub fn json(report: &PromptReport) -> Value {
    json!({
        "name": report.name,
        "pass": report.passes(),
        "arguments": report.arguments.iter().map(|a| message::short(a)).collect::<Vec<_>>(),
        "clients": commands_json(report),
    })
}

/// Each client's command of one prompt, for the JSON of `audit` and `check --prompt`:
/// `[{id, command, runs}]`.
#[must_use]
pub fn commands_json(report: &PromptReport) -> Vec<Value> {
    let command = |c: &super::Command| {
        json!({
            "id": c.client.id,
            "command": message::short(&c.slash.command),
            "runs": c.slash.runs,
        })
    };
    report.commands.iter().map(command).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(names: &[&str]) -> Vec<ServedPrompt> {
        names
            .iter()
            .map(|n| ServedPrompt {
                name: (*n).to_owned(),
                arguments: Vec::new(),
                definition_bytes: 0,
            })
            .collect()
    }

    fn kinds(names: &[&str]) -> Vec<(&'static Lint, Option<&'static str>, Vec<String>)> {
        audit(&served(names), "srv")
            .1
            .into_iter()
            .map(|f| (f.kind, f.client, f.tools))
            .collect()
    }

    #[test]
    fn a_clean_list_has_no_findings() {
        assert!(kinds(&["plain", "dot.name", "üml", "colon:x"]).is_empty());
    }

    #[test]
    fn a_space_is_a_name_finding_and_a_command_finding() {
        let found = kinds(&["with space"]);
        assert_eq!(
            found,
            [
                (&lint::PROMPT_NAME, None, vec!["with space".to_owned()]),
                (
                    &lint::PROMPT_COMMAND,
                    Some("claude_code"),
                    vec!["with space".to_owned()]
                ),
                (
                    &lint::PROMPT_COMMAND,
                    Some("qwen_code"),
                    vec!["with space".to_owned()]
                ),
            ]
        );
        // The name is refused as the build refuses it; each command is one client's.
        let levels: Vec<_> = found.iter().map(|(k, _, _)| k.level).collect();
        let (deny, warn) = (crate::lint::Level::Deny, crate::lint::Level::Warn);
        assert_eq!(levels, [deny, warn, warn]);
    }

    #[test]
    fn argument_names_gemini_cannot_type_and_shared_ones_are_found() {
        let prompt = |arguments: &[&str]| ServedPrompt {
            name: "review".to_owned(),
            arguments: arguments.iter().map(|a| (*a).to_owned()).collect(),
            definition_bytes: 0,
        };
        let clean = audit(
            &[prompt(&["plain", "with space", "ümlaut", "dash-x"])],
            "srv",
        )
        .1;
        assert!(clean.is_empty(), "{clean:?}");
        let (_, found) = audit(&[prompt(&["a=b", "x", "x", ""])], "srv");
        let found: Vec<(Option<&str>, Option<&str>, &str)> = found
            .iter()
            .filter(|f| f.kind == &lint::PROMPT_ARGUMENT)
            .map(|f| (f.client, f.suggestion.as_deref(), f.message.as_str()))
            .collect();
        // Gemini CLI and Qwen Code pass arguments by name; Claude Code and Kilo Code by place.
        assert_eq!(found.len(), 5, "{found:?}");
        assert_eq!((found[0].0, found[0].1), (None, None));
        assert!(
            found[0].2.contains("argument `x` 2 times"),
            "{}",
            found[0].2
        );
        // Per client, sorted by name: the empty one first, then `a=b`.
        assert_eq!((found[1].0, found[1].1), (Some("gemini_cli"), None));
        assert_eq!((found[2].0, found[2].1), (Some("gemini_cli"), Some("a_b")));
        assert_eq!((found[3].0, found[3].1), (Some("qwen_code"), None));
        assert_eq!((found[4].0, found[4].1), (Some("qwen_code"), Some("a_b")));
        assert!(
            found[2].2.starts_with(
                "Gemini CLI cannot pass argument `a=b` of prompt `review` by name \
                 (`--<name>=<value>`, the name read up to the first `=`)"
            ),
            "{}",
            found[2].2
        );
    }

    #[test]
    fn duplicates_and_look_alikes_are_one_finding_each() {
        let (_, found) = audit(&served(&["a", "review pr", "a", "Review-PR", "a"]), "srv");
        let dup: Vec<&Finding> = found
            .iter()
            .filter(|f| f.kind == &lint::PROMPT_DUPLICATE)
            .collect();
        assert_eq!(dup.len(), 1);
        assert!(dup[0].message.contains("`a` 3 times"), "{}", dup[0].message);
        let alike: Vec<&Finding> = found
            .iter()
            .filter(|f| f.kind == &lint::PROMPT_LOOK_ALIKE)
            .collect();
        assert_eq!(alike.len(), 1, "{found:#?}");
        assert_eq!(alike[0].tools, ["review pr", "Review-PR"]);
        assert!(
            alike[0]
                .message
                .starts_with("prompt names `review pr` and `Review-PR` differ only in case and in"),
            "{}",
            alike[0].message
        );
        // Gemini CLI makes `/review-pr` and `/Review-PR`: not one command.
        assert!(!alike[0].message.contains("Gemini CLI makes"));
        let (_, found) = audit(&served(&["a b", "a-b"]), "srv");
        let alike = found
            .iter()
            .find(|f| f.kind == &lint::PROMPT_LOOK_ALIKE)
            .unwrap();
        assert!(
            alike
                .message
                .contains(", and Gemini CLI makes `/a-b` of both: rename one"),
            "{}",
            alike.message
        );
    }
}
