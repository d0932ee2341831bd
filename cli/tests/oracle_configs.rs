//! Whole configs, judged by the real clients: each config of `oracles/configs/` (six servers or
//! more, built so that names meet: keys that meet under a client's key rule, a key and a tool
//! that meet at the separator, a tool on five servers, long keys that share a long prefix,
//! non-ASCII and emoji keys, names past every limit) is run by each pinned client
//! (`oracles/run.mjs`), and `audit --config` on the same servers must say, for every
//! (client, server, tool), what the client sent: the model-facing name, or that it left the
//! tool out. Where the audit says the order the servers connect in decides (`raced`), exactly
//! one of the tools that meet must be sent under the name. The config's `cost` must count as
//! many tools for the client as it sent.
//!
//! The configs' servers serve prompts that meet too (one name on several servers, keys that
//! meet, names a client rewrites, names of built-in commands): for each prompt client verified
//! by a run, every command `audit --config` gives in `prompt_clients[]` is said to the client
//! in a run of its own, and the prompt that reached the model must be the one the audit says
//! (`oracle_configs/prompts.rs`).
//!
//! Every view of the audit must agree with itself on every config: each server's
//! `tools[].clients[]`, the text's table of names, and the cross-server findings; each server's findings, the
//! SARIF results and the GitHub annotations (`oracle_configs/formats.rs`); for prompts,
//! `prompt_clients[]`, each server's `prompts[].clients[]` and the `prompt_collision`s (no
//! client needed).
//!
//! What each client sent is recorded in `oracles/configs/observed/<client>.json` (with each
//! prompt command tried and the prompt bodies it brought)
//! (`MCP_TOOLNAME_ORACLE_RECORD=1` rewrites it), so a change in a client shows as a diff, and
//! the record is judged as the live run is, in every test run.

use crate::common;
#[path = "oracle_configs/formats.rs"]
mod formats;
#[path = "oracle_configs/prompts.rs"]
mod prompts;
#[path = "oracle_configs/sent.rs"]
mod sent;

use common::oracle::{client_bin, observe, report, scratch};
use sent::{Sent, judge, refused_of, sent_of};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_toolname_rules::{CLIENTS, Verification, client_by_id, meets_as};
use serde_json::{Value, json};

/// The configs, by file name under `oracles/configs/`.
const CONFIGS: [&str; 3] = ["keys_meet", "separators", "long"];

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles")
}

fn corpus(name: &str) -> Value {
    let text = std::fs::read_to_string(here().join(format!("configs/{name}.json")))
        .expect("a config of the corpus");
    serde_json::from_str(&text).expect("JSON")
}

/// `audit --config FILE ARGS...` over the corpus's servers, each one the fixture server
/// (`oracles/server.mjs`) serving its tools, as the clients run them.
fn run_audit(name: &str, corpus: &Value, args: &[&str]) -> common::Run {
    // A folder of its own: the tests of this file audit the same configs at once.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let dir = scratch("oracle-config", &format!("{name}-{run}"));
    // Written by hand: the servers in corpus order, as the clients get them (a JSON map here
    // would sort the keys).
    let mut entries = Vec::new();
    for (i, server) in corpus["servers"]
        .as_array()
        .expect("servers")
        .iter()
        .enumerate()
    {
        let file = dir.join(format!("tools-{i}.json"));
        let mut spec = json!({"tools": server["tools"], "prefix": format!("{i}.")});
        if server["prompts"].is_array() {
            spec["prompts"] = server["prompts"].clone();
        }
        std::fs::write(&file, spec.to_string()).expect("tools written");
        let entry = json!({
            "command": std::env::var("MCP_TOOLNAME_NODE").unwrap_or_else(|_| "node".into()),
            "args": [here().join("server.mjs"), file],
        });
        entries.push(format!("{}: {entry}", server["key"]));
    }
    let config = dir.join("mcp.json");
    let text = format!("{{\"mcpServers\": {{{}}}}}", entries.join(", "));
    std::fs::write(&config, text).expect("config");
    let mut argv = vec!["audit".to_owned(), "--config".to_owned()];
    argv.push(config.to_str().expect("UTF-8 path").to_owned());
    argv.extend(args.iter().map(|a| (*a).to_owned()));
    let run = common::run(&argv);
    let _ = std::fs::remove_dir_all(&dir);
    run
}

/// `audit --config --format json` over the corpus's servers, run once per config and test
/// process: every client's run of a config is judged against the same document.
fn audit(name: &str, corpus: &Value) -> Value {
    static DOCS: Mutex<BTreeMap<String, Value>> = Mutex::new(BTreeMap::new());
    let servers = corpus["servers"].to_string();
    if let Some(doc) = DOCS.lock().expect("docs").get(&servers) {
        return doc.clone();
    }
    let doc = run_audit(name, corpus, &["--format", "json"]).json();
    assert_eq!(
        doc["summary"]["failed"], 0,
        "{name}: every fixture server is audited"
    );
    DOCS.lock().expect("docs").insert(servers, doc.clone());
    doc
}

/// One (server, tool) under one client, as a view of the document gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Verdict {
    name: String,
    fate: String,
    meets: Value,
    meets_server: Value,
}

impl Verdict {
    /// Read from a `tools[].clients[]` entry.
    fn of(entry: &Value) -> Self {
        Self {
            name: entry["name"].as_str().expect("name").to_owned(),
            fate: entry["fate"].as_str().expect("fate").to_owned(),
            meets: entry["meets"].clone(),
            meets_server: entry["meets_server"].clone(),
        }
    }
}

/// Each server's `tools[].clients[]`, keyed by (server index, tool index) of the corpus: the
/// one verdict of the document on each (client, server, tool).
fn from_servers(doc: &Value, corpus: &Value, client: &str) -> BTreeMap<(usize, usize), Verdict> {
    let keys = corpus["servers"].as_array().expect("servers");
    let mut out = BTreeMap::new();
    for server in doc["servers"].as_array().expect("servers") {
        let s = keys
            .iter()
            .position(|k| k["key"] == server["key"])
            .expect("a server of the corpus");
        for (t, tool) in server["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .enumerate()
        {
            let verdict = tool["clients"]
                .as_array()
                .and_then(|c| c.iter().find(|c| c["id"] == client))
                .expect("a verdict per client");
            out.insert((s, t), Verdict::of(verdict));
        }
    }
    out
}

/// Holds every view of one document equal, for every client.
fn views_agree(name: &str, doc: &Value, corpus: &Value) {
    let servers = corpus["servers"].as_array().expect("servers");
    for client in CLIENTS {
        let names = from_servers(doc, corpus, client.id);
        let tools: usize = servers
            .iter()
            .map(|s| s["tools"].as_array().map_or(0, Vec::len))
            .sum();
        assert_eq!(names.len(), tools, "{name} {}: one entry a tool", client.id);
        // Every tool another server's meets is a member of that client's name collision under
        // its name, and every member of one is such a tool or the one sent.
        let collisions: Vec<&Value> = doc["cross_server"]
            .as_array()
            .expect("cross_server")
            .iter()
            .filter(|f| f["kind"] == "name_collision" && f["client"] == client.id)
            .collect();
        for ((s, t), verdict) in &names {
            if verdict.meets_server.is_null() || client.id == "codex" {
                continue;
            }
            let key = &servers[*s]["key"];
            if verdict.fate == "shadowed" && verdict.meets.is_null() {
                // The whole server is left out for another of its key: that key collision
                // names both.
                assert!(
                    doc["cross_server"]
                        .as_array()
                        .expect("cross")
                        .iter()
                        .any(|f| {
                            f["kind"] == "key_collision"
                                && f["client"] == client.id
                                && f["members"].as_array().is_some_and(|m| {
                                    m.iter().any(|m| m["server"] == *key)
                                        && m.iter().any(|m| m["server"] == verdict.meets_server)
                                })
                        }),
                    "{name} {}: server {key} is left out, but no key_collision says so",
                    client.id
                );
                continue;
            }
            let tool = servers[*s]["tools"][*t].as_str().expect("tool");
            assert!(
                collisions.iter().any(|f| f["name"]
                    .as_str()
                    .is_some_and(|n| meets_as(client, n) == meets_as(client, &verdict.name))
                    && f["members"].as_array().is_some_and(|m| m
                        .iter()
                        .any(|m| m["server"] == *key && m["tool"] == tool))),
                "{name} {}: {key} {tool:?} is {} ({}) but no name_collision names it",
                client.id,
                verdict.fate,
                verdict.name
            );
        }
        for finding in &collisions {
            for member in finding["members"].as_array().expect("members") {
                let s = servers
                    .iter()
                    .position(|s| s["key"] == member["server"])
                    .expect("server");
                let t = servers[s]["tools"]
                    .as_array()
                    .and_then(|t| t.iter().position(|t| *t == member["tool"]))
                    .expect("tool");
                assert_eq!(
                    finding["name"].as_str().map(|n| meets_as(client, n)),
                    Some(meets_as(client, &names[&(s, t)].name)),
                    "{name} {}: a name_collision member has another name in servers[]",
                    client.id
                );
            }
        }
    }
}

#[test]
fn every_view_of_the_audit_agrees_on_every_config() {
    for name in CONFIGS {
        let corpus = corpus(name);
        let doc = audit(name, &corpus);
        views_agree(name, &doc, &corpus);
        prompts::views_agree(name, &doc, &corpus);
        let sarif = run_audit(name, &corpus, &["--format", "sarif"]).json();
        let github = run_audit(name, &corpus, &["--format", "github"]).stdout;
        formats::formats_agree(name, &doc, &sarif, &github);
        // The text report's table of names (`--verbose`) gives each fate as often.
        let run = run_audit(name, &corpus, &["--verbose"]);
        let text = &run.stdout;
        let at = text
            .find("\n== across the")
            .unwrap_or_else(|| panic!("{name}: no across section:\n{text}\n{}", run.stderr));
        let across = &text[at..];
        for fate in ["shadowed", "raced", "hashed", "cut", "normalised"] {
            let listed: usize = CLIENTS
                .iter()
                .map(|c| {
                    from_servers(&doc, &corpus, c.id)
                        .values()
                        .filter(|v| v.fate == fate)
                        .count()
                })
                .sum();
            assert_eq!(
                across.matches(&format!("({fate})")).count(),
                listed,
                "{name}: the text's names table and servers[] count `{fate}` differently:\n{across}"
            );
        }
    }
}

fn record_file(id: &str) -> PathBuf {
    here().join(format!("configs/observed/{id}.json"))
}

/// Runs `id` on every config and judges the audit against it.
fn oracle(id: &str) {
    let preset = client_by_id(id).expect("a preset");
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-configs", id);
    let drift = std::env::var_os("MCP_TOOLNAME_ORACLE_DRIFT").is_some();
    let mut record = serde_json::Map::new();
    let mut version = String::new();
    let (mut agree, mut total, mut wrong) = (0, 0, Vec::new());
    let (mut prompts_agree, mut prompts_total) = (0, 0);
    let judges_prompts = prompts::run_clients().any(|c| c.id == id);
    for name in CONFIGS {
        let mut corpus = corpus(name);
        let plain = corpus.clone();
        // Claude Code defers MCP tools: the fake model loads them all, so each carries its
        // description and is traced back to its server.
        corpus["select"] = json!("mcp__");
        let observed = observe(id, &bin, &corpus, &dir);
        version = observed["version"].as_str().unwrap_or_default().to_owned();
        let sent = sent_of(&observed);
        let doc = audit(name, &corpus);
        let (a, t, w) = judge(name, id, &doc, &corpus, &sent);
        report(&format!(
            "oracle configs {id} ({version}): {name}: {a}/{t} tools agree"
        ));
        agree += a;
        total += t;
        wrong.extend(w);
        let names: BTreeMap<&String, &String> = sent.names.iter().collect();
        let mut entry = json!({"sent": names, "untraced": sent.untraced, "refused": sent.refused});
        if judges_prompts {
            // Each command the audit predicts, said to the client in a run of its own.
            let predicted = prompts::predicted(&doc, &plain, id);
            let tried =
                prompts::try_commands(id, &bin, &plain, &dir, &prompts::commands(&predicted));
            let (a, t, w) = prompts::judge(name, &plain, &predicted, &tried);
            report(&format!(
                "oracle configs {id} ({version}): {name}: {a}/{t} prompts agree"
            ));
            prompts_agree += a;
            prompts_total += t;
            wrong.extend(w);
            entry["prompts"] = json!(tried);
        }
        record.insert(name.to_owned(), entry);
    }
    let prompts_said = if judges_prompts {
        format!(", {prompts_agree}/{prompts_total} prompts agree")
    } else {
        String::new()
    };
    report(&format!(
        "oracle configs {id} ({version}): all configs: {agree}/{total} tools agree{prompts_said}"
    ));
    if std::env::var_os("MCP_TOOLNAME_ORACLE_RECORD").is_some() {
        let file = record_file(id);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("folder");
        let doc = json!({"client": id, "version": version, "configs": record});
        std::fs::write(
            &file,
            serde_json::to_string_pretty(&doc).expect("JSON") + "\n",
        )
        .expect("recorded");
    }
    let pinned =
        preset.verified.how == Verification::Run && version.contains(preset.verified.version);
    if drift {
        for line in &wrong {
            println!("drift {id}: {line}");
        }
        return;
    }
    assert!(
        pinned,
        "{id}: ran {version:?}, the preset was verified on {}",
        preset.verified.version
    );
    if judges_prompts {
        let rule = prompts::run_clients()
            .find_map(|c| c.prompts.filter(|_| c.id == id))
            .expect("a prompt client");
        assert!(
            version.contains(rule.verified.version),
            "{id}: ran {version:?}, the prompt rule was verified on {}",
            rule.verified.version
        );
    }
    assert!(
        wrong.is_empty(),
        "{id}: {} of {} disagree:\n{}",
        wrong.len(),
        total + prompts_total,
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What each client sent when recorded, judged against today's audit: no client needed.
#[test]
fn recorded_runs_agree_with_the_audit() {
    let docs: Vec<(&str, Value, Value)> = CONFIGS
        .iter()
        .map(|name| {
            let corpus = corpus(name);
            let doc = audit(name, &corpus);
            (*name, corpus, doc)
        })
        .collect();
    let (mut judged, mut prompts_judged) = (0, 0);
    for client in CLIENTS
        .iter()
        .filter(|c| c.verified.how == Verification::Run)
    {
        let Ok(text) = std::fs::read_to_string(record_file(client.id)) else {
            panic!(
                "no record of {} on the configs: run it with MCP_TOOLNAME_ORACLE_RECORD=1",
                client.id
            );
        };
        let record: Value = serde_json::from_str(&text).expect("JSON");
        for (name, corpus, doc) in &docs {
            let observed = &record["configs"][*name];
            let names = observed["sent"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                .collect();
            let untraced = observed["untraced"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect();
            let sent = Sent {
                names,
                untraced,
                refused: refused_of(observed),
            };
            let (_, total, wrong) = judge(name, client.id, doc, corpus, &sent);
            assert!(
                wrong.is_empty(),
                "{} as recorded: {} of {total} disagree:\n{}",
                client.id,
                wrong.len(),
                wrong.join("\n")
            );
            judged += 1;
            if prompts::run_clients().any(|c| c.id == client.id) {
                let predicted = prompts::predicted(doc, corpus, client.id);
                let tried = prompts::recorded(observed);
                let (_, total, wrong) = prompts::judge(name, corpus, &predicted, &tried);
                assert!(
                    wrong.is_empty(),
                    "{}'s prompts as recorded: {} of {total} disagree:\n{}",
                    client.id,
                    wrong.len(),
                    wrong.join("\n")
                );
                prompts_judged += 1;
            }
        }
    }
    assert!(
        prompts_judged >= CONFIGS.len() * 4,
        "every prompt client's record is judged"
    );
    assert!(
        judged >= CONFIGS.len() * 7,
        "every pinned client's record is judged"
    );
}

#[test]
fn claude_code_on_whole_configs() {
    oracle("claude_code");
}

#[test]
fn codex_on_whole_configs() {
    oracle("codex");
}

#[test]
fn gemini_cli_on_whole_configs() {
    oracle("gemini_cli");
}

#[test]
fn cline_on_whole_configs() {
    oracle("cline");
}

#[test]
fn opencode_on_whole_configs() {
    oracle("opencode");
}

#[test]
fn continue_cli_on_whole_configs() {
    oracle("continue_cli");
}

#[test]
fn copilot_cli_on_whole_configs() {
    oracle("copilot_cli");
}

#[test]
fn kilo_code_on_whole_configs() {
    oracle("kilo_code");
}

#[test]
fn qwen_code_on_whole_configs() {
    oracle("qwen_code");
}

#[test]
fn droid_on_whole_configs() {
    oracle("droid");
}
