//! Prompt names under `check --prompt`: the slash-command rule ([`PROMPT`]), each client's
//! command and whether it runs, and a fix.

use mcp_toolname_rules::PROMPT;
use mcp_toolname_rules::lint;
use serde_json::{Value, json};

use super::{Detail, Fix, Input, Judged, Row};
use crate::findings::Finding;
use crate::keys::Keys;
use crate::lint::Level;
use crate::prompts::audit::{commands_json, per_prompt};
use crate::prompts::{PromptReport, cannot_run, judge_set, verdict_of};
use crate::verdict::{Seen, prompt_verified_line};

impl Judged for PromptReport {
    const NOT_UTF8: (&'static lint::Lint, &'static str) = (&lint::PROMPT_NAME, PROMPT.id);
    const NOT_UTF8_WHY: &'static str =
        "a prompt name travels in a JSON string, so no client can run it";
    const NOT_UTF8_MARK: &'static str = "";
    const KEYED: bool = false;
    const NOUNS: (&'static str, &'static str) = ("prompt name", "prompt names");
    const VERBOSE_SHOWS: &'static str = "each client's command";

    fn judge(read: Vec<Input<&str>>, keys: &Keys) -> Vec<Input<Self>> {
        let valid: Vec<&str> = read
            .iter()
            .filter_map(|input| match input {
                Input::Name(name) => Some(*name),
                Input::NotUtf8(_) => None,
            })
            .collect();
        let mut reports = judge_set(&valid, &keys.key, &[]).into_iter();
        read.into_iter()
            .map(|input| input.map(|_| reports.next().expect("one report a valid name")))
            .collect()
    }

    fn findings(&self, out: &mut Vec<Finding>) {
        per_prompt(self, out);
    }

    fn verdict(&self, own: &[Seen<'_>]) -> (Option<Level>, String) {
        verdict_of(self, own)
    }

    fn unreadable(_lossy: &str) -> String {
        lint::PROMPT_NAME.help.to_owned()
    }

    fn detail(input: &Input<Self>) -> Detail {
        let report = match input {
            Input::Name(report) => report,
            Input::NotUtf8(bad) => {
                return Detail {
                    contracts: "contract",
                    rows: vec![(PROMPT.id, bad.reason.clone())],
                    clients: None,
                    fix: None,
                };
            }
        };
        let clients = report.commands.iter().map(|command| Row {
            id: command.client.id,
            word: command.word(),
            name: command.slash.command.clone(),
            problem: (command.slash.runs == Some(false))
                .then(|| cannot_run(command.client, &report.name, &command.slash.command)),
        });
        let fix = match report.help() {
            Some(help) => {
                let passes = report
                    .suggestion()
                    .map(|_| format!("passes {}", PROMPT.title));
                Fix::Write(help, passes)
            }
            None => Fix::Needless,
        };
        Detail {
            contracts: "contract",
            rows: vec![(
                PROMPT.id,
                report.problem.as_deref().unwrap_or("pass").to_owned(),
            )],
            clients: Some(clients.collect()),
            fix: Some(fix),
        }
    }

    fn verified() -> String {
        prompt_verified_line()
    }

    /// `{kind: "prompt", server_key, names: [{name, pass, problem, clients: [{id, command,
    /// runs}], suggestion}]}`.
    fn json(inputs: &[Input<Self>], keys: &Keys) -> Value {
        let names: Vec<Value> = inputs
            .iter()
            .map(|input| match input {
                Input::Name(r) => json!({
                    "name": r.name,
                    "pass": r.passes(),
                    "problem": r.problem,
                    "clients": commands_json(r),
                    "suggestion": r.suggestion(),
                }),
                Input::NotUtf8(bad) => json!({
                    "name": bad.lossy,
                    "pass": false,
                    "problem": bad.reason,
                    "clients": [],
                    "suggestion": null,
                }),
            })
            .collect();
        json!({
            "kind": "prompt",
            "server_key": keys.key,
            "names": names,
        })
    }
}
