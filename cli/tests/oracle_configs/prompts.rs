//! Prompts on whole configs: the audit's `prompt_clients[]` (each prompt's command and fate
//! under each prompt client), held equal to the other prompt views of the document, and
//! judged against what a client does with each command it predicts: each command is said to
//! the client in a session of its own, and the prompt bodies that reached the model (`S.I`:
//! prompt I of server S) are what it did.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::oracle::observe_says;
use mcp_toolname_rules::{ClientPreset, Verification, prompt_clients};
use serde_json::{Value, json};

/// The clients whose prompt rule was verified by a run: the ones judged on the corpus.
pub(super) fn run_clients() -> impl Iterator<Item = &'static ClientPreset> {
    prompt_clients().filter(|c| {
        c.prompts
            .is_some_and(|p| p.verified.how == Verification::Run)
    })
}

/// One (server, prompt) under one client, as `prompt_clients[]` gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Predicted {
    pub(super) command: String,
    pub(super) fate: String,
    pub(super) renamed: Option<String>,
    pub(super) meets_server: Option<String>,
}

/// `(server index, prompt index)` of the corpus for `server` and `prompt`.
fn place(corpus: &Value, server: &Value, prompt: &Value) -> (usize, usize) {
    let servers = corpus["servers"].as_array().expect("servers");
    let s = servers
        .iter()
        .position(|s| s["key"] == *server)
        .expect("a server of the corpus");
    let i = servers[s]["prompts"]
        .as_array()
        .and_then(|p| p.iter().position(|p| p == prompt))
        .expect("a prompt of the server");
    (s, i)
}

/// How many prompts the corpus's servers serve.
pub(super) fn count(corpus: &Value) -> usize {
    corpus["servers"]
        .as_array()
        .expect("servers")
        .iter()
        .map(|s| s["prompts"].as_array().map_or(0, Vec::len))
        .sum()
}

/// `prompt_clients[]` of `client`, keyed by (server index, prompt index).
pub(super) fn predicted(
    doc: &Value,
    corpus: &Value,
    client: &str,
) -> BTreeMap<(usize, usize), Predicted> {
    let entry = doc["prompt_clients"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["id"] == client))
        .unwrap_or_else(|| panic!("no prompt client {client}"));
    let text = |v: &Value| v.as_str().map(str::to_owned);
    entry["prompts"]
        .as_array()
        .expect("prompts")
        .iter()
        .map(|p| {
            (
                place(corpus, &p["server"], &p["prompt"]),
                Predicted {
                    command: text(&p["command"]).expect("command"),
                    fate: text(&p["fate"]).expect("fate"),
                    renamed: text(&p["renamed"]),
                    meets_server: text(&p["meets_server"]),
                },
            )
        })
        .collect()
}

/// Holds the prompt views of one document equal for every prompt client: `prompt_clients[]`
/// has one entry a prompt; each server's `prompts[].clients[]` gives the same command (but
/// for a prompt the client moves for another server's) and `runs: false` exactly where the
/// fate is `cannot_run`; and the prompts that are raced or moved for another server's are
/// exactly the members of that client's `prompt_collision`s, each under the command it met
/// at, with the command it gets instead.
pub(super) fn views_agree(name: &str, doc: &Value, corpus: &Value) {
    let servers = corpus["servers"].as_array().expect("servers");
    let cross = doc["cross_server"].as_array().expect("cross_server");
    for client in prompt_clients() {
        let id = client.id;
        let predicted = predicted(doc, corpus, id);
        assert_eq!(
            predicted.len(),
            count(corpus),
            "{name} {id}: one entry a prompt"
        );
        let mut met = BTreeSet::new();
        for ((s, i), p) in &predicted {
            let key = &servers[*s]["key"];
            let prompt = &servers[*s]["prompts"][*i];
            let own = doc["servers"]
                .as_array()
                .and_then(|d| d.iter().find(|d| d["key"] == *key))
                .and_then(|d| d["prompts"].as_array())
                .and_then(|p| p.iter().find(|p| p["name"] == *prompt))
                .and_then(|p| p["clients"].as_array())
                .and_then(|c| c.iter().find(|c| c["id"] == id))
                .unwrap_or_else(|| panic!("{name} {id}: {key} {prompt} has no command of its own"));
            let own_command = own["command"].as_str().expect("command");
            if p.fate != "moved" {
                assert_eq!(
                    own_command, p.command,
                    "{name} {id}: {key} {prompt}: the views differ"
                );
            }
            assert_eq!(
                own["runs"] == json!(false),
                p.fate == "cannot_run",
                "{name} {id}: {key} {prompt}: `runs` {} but fate {}",
                own["runs"],
                p.fate
            );
            if matches!(p.fate.as_str(), "raced" | "moved") && p.meets_server.is_some() {
                let instead = if p.fate == "moved" {
                    Some(&p.command)
                } else {
                    p.renamed.as_ref()
                };
                let listed = cross.iter().any(|f| {
                    f["kind"] == "prompt_collision"
                        && f["client"] == id
                        && f["name"] == own_command
                        && f["members"].as_array().is_some_and(|m| {
                            m.iter().any(|m| {
                                m["server"] == *key
                                    && m["tool"] == *prompt
                                    && m["renamed"].as_str() == instead.map(String::as_str)
                            })
                        })
                });
                assert!(
                    listed,
                    "{name} {id}: {key} {prompt} is {} but no prompt_collision says so",
                    p.fate
                );
                met.insert((*s, *i));
            }
        }
        for finding in cross
            .iter()
            .filter(|f| f["kind"] == "prompt_collision" && f["client"] == id)
        {
            for member in finding["members"].as_array().expect("members") {
                let at = place(corpus, &member["server"], &member["tool"]);
                assert!(
                    met.contains(&at),
                    "{name} {id}: a prompt_collision member is neither raced nor moved: {member}"
                );
            }
        }
    }
}

/// Every command worth trying for `predicted`: each prompt's, and the one it gets instead.
pub(super) fn commands(predicted: &BTreeMap<(usize, usize), Predicted>) -> BTreeSet<String> {
    predicted
        .values()
        .filter(|p| p.fate != "unknown")
        .flat_map(|p| std::iter::once(p.command.clone()).chain(p.renamed.clone()))
        .collect()
}

/// Says each command to `id` over the corpus's servers (one run each, or one server of the
/// client's for them all): the prompt bodies that reached the model, per command.
pub(super) fn try_commands(
    id: &str,
    bin: &Path,
    corpus: &Value,
    dir: &Path,
    commands: &BTreeSet<String>,
) -> BTreeMap<String, Vec<String>> {
    let says: Vec<String> = commands.iter().cloned().collect();
    let (_, said) = observe_says(id, bin, corpus, &says, dir);
    said.into_iter()
        .map(|(command, said)| (command, said.bodies))
        .collect()
}

/// Judges `predicted` against the bodies each command brought: `(agree, total, wrong)`.
/// `runs` and `moved`: the command brings exactly this prompt's body; `shadowed` and
/// `cannot_run`: never this one's; `raced`: exactly one body, that of a prompt raced for the
/// same command, and the command it gets instead brings this one's or none.
pub(super) fn judge(
    name: &str,
    corpus: &Value,
    predicted: &BTreeMap<(usize, usize), Predicted>,
    tried: &BTreeMap<String, Vec<String>>,
) -> (usize, usize, Vec<String>) {
    let servers = corpus["servers"].as_array().expect("servers");
    let mut wrong = Vec::new();
    let mut total = 0;
    for ((s, i), p) in predicted {
        if p.fate == "unknown" {
            continue;
        }
        total += 1;
        let body = format!("{s}.{i}");
        let Some(got) = tried.get(&p.command) else {
            wrong.push(format!("{name}: {:?} was never tried", p.command));
            continue;
        };
        let agrees = match p.fate.as_str() {
            "runs" | "moved" => *got == [body.clone()],
            "raced" => {
                let racers: Vec<String> = predicted
                    .iter()
                    .filter(|(_, q)| q.fate == "raced" && q.command == p.command)
                    .map(|((t, j), _)| format!("{t}.{j}"))
                    .collect();
                let instead = p.renamed.as_ref().map(|r| tried.get(r));
                got.len() == 1
                    && racers.contains(&got[0])
                    && instead
                        .is_none_or(|b| b.is_some_and(|b| b.is_empty() || *b == [body.clone()]))
            }
            _ => !got.contains(&body),
        };
        if !agrees {
            let instead = p
                .renamed
                .as_ref()
                .map(|r| format!(", {r:?} brought {:?}", tried.get(r)))
                .unwrap_or_default();
            wrong.push(format!(
                "{name}: key {:?} prompt {:?}: predicted {:?} ({}), it brought {got:?}{instead}",
                servers[*s]["key"], servers[*s]["prompts"][*i], p.command, p.fate
            ));
        }
    }
    (total - wrong.len(), total, wrong)
}

/// The record's `prompts` of one config: each command tried and the bodies it brought.
pub(super) fn recorded(observed: &Value) -> BTreeMap<String, Vec<String>> {
    observed["prompts"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(command, bodies)| {
            let bodies = bodies
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|b| b.as_str().map(str::to_owned))
                .collect();
            (command.clone(), bodies)
        })
        .collect()
}
