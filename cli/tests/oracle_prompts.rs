//! The real clients as judges of prompt names: for each name of a small corpus,
//! `mcp-toolname check --prompt` gives the slash command a client makes of it and whether it
//! runs; each command is then said to the client in a session of its own (`oracles/run.mjs`,
//! the fixture server, the fake LLM API on 127.0.0.1), and the prompt's body
//! (`oracle prompt body S.I`, from the fixture's `prompts/get`) must reach the model exactly
//! when the CLI says `runs: true`. Then two servers serving one name, each in turn slow
//! to start (for Claude Code, whose commands hold the key, two keys it makes one): the fast
//! one's prompt must be reached by the command `audit --config` says they share, and for
//! Gemini CLI, which renames, the slow one's by the command it says that prompt becomes. Then one prompt with an argument of each shape (`a=b`,
//! `with space`, ...), each given a value as the client takes arguments (by place, or
//! `--<name>=<value>`): exactly the arguments `audit` raises no `prompt_argument` for must
//! reach the fixture's `prompts/get`. Clients are named as in `oracles.rs` (`MCP_TOOLNAME_ORACLE_CLAUDE_CODE`,
//! `..._GEMINI_CLI`, `..._KILO_CODE`, `..._QWEN_CODE`), skipped without them except in CI; `MCP_TOOLNAME_ORACLE_DRIFT` reports
//! differences instead of failing.

use crate::common;

use std::path::Path;

use common::oracle::{Said, client_bin, observe_says, report, scratch};
use mcp_toolname_rules::{
    PromptArguments, PromptClash, PromptRule, Verification, client_by_id, prompt_clients,
};
use serde_json::{Value, json};

/// The key of the corpus's server.
const KEY: &str = "srv";

/// Prompt names of every shape a client might treat apart: plain, white space, the
/// separators `.` `:` `/`, a non-ASCII letter, case and `_`, and 70 characters.
fn names() -> Vec<String> {
    let mut names: Vec<String> = [
        "plain",
        "with space",
        "dot.name",
        "colon:name",
        "slash/x",
        "üml",
        "Under_Score",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut long = "long_prompt_name_".repeat(5);
    long.truncate(70);
    names.push(long);
    names
}

/// Prompt argument names of every shape a client might pass apart: plain, white space, `=`,
/// `.`, a non-ASCII letter and `-`.
const ARGUMENTS: [&str; 6] = ["plain", "with space", "a=b", "dot.name", "ümlaut", "dash-x"];

/// The argument names of prompt `withargs` ([`ARGUMENTS`]) that `audit --format json` says
/// `client` cannot pass (a `prompt_argument` finding under it naming the argument).
fn predict_arguments(client: &str, dir: &Path) -> Vec<&'static str> {
    let prompts = json!([{"name": "withargs", "arguments": ARGUMENTS}]);
    let spec = json!({"tools": ["t"], "prompts": prompts});
    let mut args = vec!["audit".to_owned(), "--format".to_owned(), "json".to_owned()];
    args.push("--".to_owned());
    args.extend(common::fixture_server_in(dir, "spec-arguments.json", &spec));
    let doc = common::run(&args).json();
    let findings = doc["findings"].as_array().expect("findings");
    let said = |argument: &str| {
        findings.iter().any(|f| {
            f["kind"] == "prompt_argument"
                && f["clients"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|c| c == client))
                && f["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(&format!("argument `{argument}` ")))
        })
    };
    ARGUMENTS.into_iter().filter(|a| said(a)).collect()
}

/// What a user types after `client`'s command to give argument J of [`ARGUMENTS`] the value
/// `vJ`: by place, or by name as the preset says.
fn typed_arguments(client: &PromptRule) -> String {
    let typed: Vec<String> = ARGUMENTS
        .iter()
        .enumerate()
        .map(|(j, name)| match client.arguments {
            PromptArguments::Named { flag } => format!("{flag}{name}=v{j}"),
            PromptArguments::Positional | PromptArguments::Unknown => format!("v{j}"),
        })
        .collect();
    typed.join(" ")
}

fn preset(id: &str) -> &'static PromptRule {
    client_by_id(id)
        .and_then(|c| c.prompts.as_ref())
        .expect("a prompt client")
}

/// What `check --prompt --server-key KEY --format json -- NAMES` says `client` does with each
/// name: its command and whether it runs.
fn predict(client: &str, names: &[String]) -> Vec<(String, Option<bool>)> {
    let mut args: Vec<String> = ["check", "--prompt", "--server-key", KEY, "--format", "json"]
        .map(str::to_owned)
        .to_vec();
    args.push("--".to_owned());
    args.extend(names.iter().cloned());
    let doc = common::run(&args).json();
    let entries = doc["names"].as_array().expect("names");
    assert_eq!(entries.len(), names.len(), "one entry a name");
    entries
        .iter()
        .map(|entry| {
            let verdict = entry["clients"]
                .as_array()
                .and_then(|c| c.iter().find(|c| c["id"] == client))
                .unwrap_or_else(|| panic!("check --prompt reports no client {client}"));
            (
                verdict["command"].as_str().expect("command").to_owned(),
                verdict["runs"].as_bool(),
            )
        })
        .collect()
}

/// How long the slower of two servers holds back its answer to `initialize`.
const SLOW_MS: u64 = 3_000;

/// A config of two fixture servers (`keys`) each serving `prompts`; from the CLI's
/// `prompt_collision` under `client`: the command they share, and each server's command when
/// the other's keeps it (`None` where the client renames none).
fn predict_collision(
    client: &str,
    keys: [&str; 2],
    prompts: &[&str],
    dir: &Path,
) -> (String, Option<[String; 2]>) {
    let mut entries = serde_json::Map::new();
    for key in keys {
        let spec = json!({"tools": [key], "prompts": prompts});
        let command = common::fixture_server_in(dir, &format!("spec-{key}.json"), &spec);
        entries.insert(
            key.to_owned(),
            json!({"command": command[0], "args": command[1..]}),
        );
    }
    let config = dir.join("mcp.json");
    std::fs::write(&config, json!({"mcpServers": entries}).to_string()).expect("config");
    let doc = common::run([
        "audit",
        "--format",
        "json",
        "--config",
        config.to_str().expect("UTF-8 path"),
    ])
    .json();
    let cross = doc["cross_server"].as_array().expect("cross_server");
    let found = cross
        .iter()
        .find(|f| f["kind"] == "prompt_collision" && f["client"] == client)
        .unwrap_or_else(|| panic!("no prompt_collision under {client}: {cross:#?}"));
    let renamed = |i: usize| Some(found["members"][i]["renamed"].as_str()?.to_owned());
    let renamed = renamed(0).zip(renamed(1)).map(|(a, b)| [a, b]);
    (found["name"].as_str().expect("name").to_owned(), renamed)
}

/// What `want` (one body, or none) says of what a command brought; `None` where it agrees.
fn disagrees(say: &str, want: Option<&str>, got: &Said) -> Option<String> {
    let agrees = match want {
        Some(body) => got.bodies == [body],
        None => got.bodies.is_empty(),
    };
    (!agrees).then(|| {
        format!(
            "said {say:?}: expected {}, the model got {:?}",
            want.map_or_else(|| "no prompt body".to_owned(), |b| format!("body {b}")),
            got.bodies
        )
    })
}

/// Holds the CLI's `runs` for `id` against the client, each command said in a session of its
/// own.
fn judge(id: &str) {
    let preset = preset(id);
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("prompts", id);
    let names = names();
    // One server: the names, and last one prompt with an argument of each shape.
    let mut prompts: Vec<Value> = names.iter().map(|n| json!(n)).collect();
    prompts.push(json!({"name": "withargs", "arguments": ARGUMENTS}));
    let servers = json!([{"key": KEY, "tools": ["t"], "prompts": prompts}]);
    let predicted = predict(id, &names);
    // Each argument given a value as the client takes it: exactly the arguments `audit` does
    // not flag must reach the server.
    let cannot = predict_arguments(id, &dir);
    let (command, _) = predict(id, &["withargs".to_owned()]).remove(0);
    let with_arguments = format!("{command} {}", typed_arguments(preset));
    let mut says: Vec<String> = predicted.iter().map(|(c, _)| c.clone()).collect();
    says.push(with_arguments.clone());
    says.sort();
    says.dedup();
    let corpus = json!({"servers": servers});
    let (version, said) = observe_says(id, &bin, &corpus, &says, &dir);
    let mut tried = 0;
    let mut wrong = Vec::new();
    for (i, (name, (command, runs))) in names.iter().zip(&predicted).enumerate() {
        tried += 1;
        let runs = runs.unwrap_or_else(|| panic!("{id} was run: `runs` must say for {name:?}"));
        let body = format!("0.{i}");
        if let Some(problem) = disagrees(command, runs.then_some(&body), &said[command]) {
            wrong.push(format!(
                "prompt {name:?} (predicted runs: {runs}): {problem}"
            ));
        }
    }
    let at = names.len();
    let passed = &said[&with_arguments].args;
    for (j, argument) in ARGUMENTS.iter().enumerate() {
        tried += 1;
        let reached = passed.contains(&format!("0.{at}.{j}=v{j}"));
        if reached == cannot.contains(argument) {
            wrong.push(format!(
                "argument {argument:?} (predicted passes: {}): said {with_arguments:?}, the server got {passed:?}",
                !cannot.contains(argument)
            ));
        }
    }
    // Two servers serving one name, one of them slow to answer `initialize`: the other's
    // prompt (the slow one's for Kilo Code, which keeps the last) is reached by the command
    // `audit --config` says they share, whichever is first in the config, and the other one's
    // by its `renamed` where the client renames (Gemini CLI and Qwen Code, whose commands hold
    // no key); Claude Code and Kilo Code hold the key, so their servers' keys must meet.
    let keys = match id {
        "gemini_cli" | "qwen_code" => Some(["one", "two"]),
        "claude_code" | "kilo_code" => Some(["my.server", "my_server"]),
        _ => None,
    };
    if let Some(keys) = keys {
        let (shared, renamed) = predict_collision(id, keys, &["plain"], &dir);
        for slow in [0, 1] {
            // The server whose prompt keeps the shared command: the one that answers first,
            // or last where the client keeps the last (Kilo Code).
            let winner = if preset.on_clash == PromptClash::LastConnected {
                slow
            } else {
                1 - slow
            };
            let servers: Vec<Value> = keys
                .iter()
                .enumerate()
                .map(|(s, key)| {
                    let delay = if s == slow { SLOW_MS } else { 0 };
                    json!({"key": key, "tools": [key], "prompts": ["plain"], "delay_ms": delay})
                })
                .collect();
            let mut expect = vec![(shared.clone(), winner)];
            if let Some(renamed) = &renamed {
                expect.push((renamed[1 - winner].clone(), 1 - winner));
            }
            let says: Vec<String> = expect.iter().map(|(say, _)| say.clone()).collect();
            let corpus = json!({"servers": servers});
            let (_, said) = observe_says(id, &bin, &corpus, &says, &dir);
            for (say, server) in &expect {
                tried += 1;
                let body = format!("{server}.0");
                if let Some(problem) = disagrees(say, Some(&body), &said[say]) {
                    wrong.push(format!(
                        "two servers serving `plain`, server {slow} slow: {problem}"
                    ));
                }
            }
        }
    }
    report(&format!(
        "oracle prompts {id} ({version}): {tried} names tried, {} agree",
        tried - wrong.len()
    ));
    if std::env::var_os("MCP_TOOLNAME_ORACLE_DRIFT").is_some() {
        for line in &wrong {
            println!("drift prompts {id}: {line}");
        }
        return;
    }
    let verified = preset.verified;
    assert!(
        verified.how == Verification::Run && version.contains(verified.version),
        "{id}: ran {version:?}, the prompt preset was verified on {} ({:?})",
        verified.version,
        verified.how
    );
    assert!(
        wrong.is_empty(),
        "{id} {version}: {} of {tried} predicted wrongly:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn claude_code_runs_the_prompts_check_says_it_runs() {
    judge("claude_code");
}

#[test]
fn gemini_cli_runs_the_prompts_check_says_it_runs() {
    judge("gemini_cli");
}

#[test]
fn kilo_code_runs_the_prompts_check_says_it_runs() {
    judge("kilo_code");
}

#[test]
fn qwen_code_runs_the_prompts_check_says_it_runs() {
    judge("qwen_code");
}

/// Every prompt client verified by a run is judged here.
#[test]
fn every_prompt_client_verified_by_a_run_is_judged() {
    let this = include_str!("oracle_prompts.rs");
    for client in prompt_clients() {
        if client
            .prompts
            .is_some_and(|p| p.verified.how == Verification::Run)
        {
            assert!(
                this.contains(&format!("judge(\"{}\")", client.id)),
                "{}",
                client.id
            );
        }
    }
}
