//! The real clients as judges: each client that ships a package that runs here is started
//! for real (`oracles/run.mjs`) against fixture MCP servers whose tool names this file
//! generates, and a fake LLM API on 127.0.0.1 that records what the client sends the model.
//! For every (server key, tool) pair, `mcp-toolname check` must predict exactly what the
//! client did: the model-facing name it sent, or that it left the tool out (or refused the
//! key). Each client's binary is named by an environment variable that `.ci/run` sets to the
//! pinned npm package (`MCP_TOOLNAME_ORACLE_CLAUDE_CODE`, `..._CODEX`, `..._GEMINI_CLI`,
//! `..._CLINE`, `..._OPENCODE`, `..._CONTINUE_CLI`, `..._COPILOT_CLI`, `..._KILO_CODE`,
//! `..._QWEN_CODE`, `..._DROID`);
//! without it the client is skipped, except in CI. The version run must be the one its preset
//! says it was verified against, unless `MCP_TOOLNAME_ORACLE_DRIFT` is set
//! (`scripts/oracle-drift.sh`), which reports the differences instead of failing.

use crate::common;

use common::oracle::{client_bin, observe, report, scratch};

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Mutex;

use mcp_toolname_rules::{ClientPreset, Verification, client_by_id};
use serde_json::Value;

/// One fixture server: the key the client's config gives it, and its tool names.
struct Server {
    key: String,
    tools: Vec<String>,
}

/// Characters of every class a name can hold, each with a label that keeps the tools made
/// from it distinct after a client replaces the character.
const CLASSES: [(&str, &str); 22] = [
    (" ", "space"),
    (".", "dot"),
    ("-", "hyphen"),
    ("/", "slash"),
    (":", "colon"),
    ("@", "at"),
    ("!", "bang"),
    ("~", "tilde"),
    ("+", "plus"),
    ("\t", "tab"),
    ("é", "latin1"),
    ("ß", "sharp_s"),
    ("数", "cjk"),
    ("😀", "emoji"),
    ("𝔘", "math_fraktur"),
    ("e\u{301}", "combining"),
    ("\u{202E}", "bidi"),
    ("\u{200B}", "zero_width"),
    ("\u{A0}", "nbsp"),
    ("Ａ", "fullwidth"),
    ("\u{7F}", "delete"),
    ("__", "double_underscore"),
];

/// Keys of every shape a config can hold, each served with [`STANDARD_TOOLS`].
const KEYS: [&str; 22] = [
    "unreal-mcp",
    "my.server",
    "a b",
    "数据库",
    "mcp__already",
    "mcp_already",
    "mcp",
    "x__y",
    "MCPBrowser",
    "mcpbrowser",
    "_lead",
    "trail_",
    "😀key",
    "café",
    "k:colon",
    "@scope/pkg",
    "UPPER",
    "a-b_c",
    "abcdefghijklm",
    "abcdefghijklmn",
    "srv\u{202E}x",
    "e\u{301}",
];

/// Words long names are made of, so that a whole-word fix or a cut has words to work on.
const FILLER: &str = "export_customer_invoices_as_pdfs_with_line_item_details_and_more_records_for_each_regional_division_of_the_company_over_the_last_fiscal_year_in_every_currency_we_support";

/// A tool of exactly `len` characters, starting with `tag` so no two share a head.
fn long_tool(tag: &str, len: usize) -> String {
    let mut name = format!("{tag}_{FILLER}{FILLER}");
    name.truncate(len);
    name
}

/// The corpus for `client`: every character class in three places, every key shape, and
/// the whole-name lengths around every limit a client is known to have (and this client's own
/// budget) for keys of several lengths.
fn corpus(client: &ClientPreset) -> Vec<Server> {
    let standard = |key: &str| Server {
        key: key.to_owned(),
        tools: vec![
            "query".to_owned(),
            "admin.tools.list".to_owned(),
            "get-user".to_owned(),
            "x😀y".to_owned(),
            "café_menu".to_owned(),
            long_tool("long60", 60),
        ],
    };
    let mut servers = vec![Server {
        key: "srv".to_owned(),
        tools: CLASSES
            .iter()
            .flat_map(|(c, label)| {
                [
                    format!("a{c}b_{label}"),
                    format!("{c}lead_{label}"),
                    format!("tail_{label}{c}"),
                    format!("x{c}{c}y_{label}"),
                ]
            })
            .collect(),
    }];
    servers.extend(KEYS.iter().map(|key| standard(key)));
    // Tools whose names meet once replaced: which one the client sends, or how it hashes each.
    servers.push(Server {
        key: "clash".to_owned(),
        tools: [
            "a.b", "a_b", "a-b", "get user", "get.user", "get_user", "x😀", "x__", "k:v", "k_v",
            "zz-y", "zz.y",
        ]
        .map(str::to_owned)
        .to_vec(),
    });
    for key_len in [40, 49, 50, 51, 64, 100] {
        servers.push(standard(&long_tool(&format!("k{key_len}"), key_len)));
    }
    let mut wholes = vec![
        48, 49, 50, 51, 58, 59, 60, 61, 62, 63, 64, 65, 66, 126, 127, 128, 129, 130, 200,
    ];
    if client.max_len < 1000 {
        wholes.extend([client.max_len - 1, client.max_len, client.max_len + 1]);
    }
    wholes.sort_unstable();
    wholes.dedup();
    for key in [
        "g",
        "bounds-mcp",
        "abcdefghijklmnopqrstuvwxyz_0123456789_abc",
    ] {
        let fixed = if client.uses_server_key {
            client.prefix.len() + key.len() + client.separator.len()
        } else {
            client.prefix.len()
        };
        let tools = wholes
            .iter()
            .filter(|&&whole| whole > fixed + 5)
            .map(|&whole| long_tool(&format!("w{whole}"), whole - fixed))
            .collect();
        servers.push(Server {
            key: key.to_owned(),
            tools,
        });
    }
    servers
}

/// What the CLI predicts for one pair: the model-facing name and the fate.
struct Prediction {
    name: String,
    fate: String,
}

impl Prediction {
    /// Whether the client sends the tool to the model at all.
    fn sent(&self) -> bool {
        !matches!(self.fate.as_str(), "skipped" | "key_refused" | "shadowed")
    }
}

/// `mcp-toolname check --server-key KEY --format json -- TOOLS...`, read for `client`. The
/// report gives every client's verdict, so each server is checked once per test process, and
/// every client whose corpus holds it reads that one report.
fn predict(client: &str, server: &Server) -> Vec<Prediction> {
    static REPORTS: Mutex<BTreeMap<Vec<String>, Value>> = Mutex::new(BTreeMap::new());
    let mut args = vec![
        "check".to_owned(),
        "--server-key".to_owned(),
        server.key.clone(),
        "--format".to_owned(),
        "json".to_owned(),
        "--".to_owned(),
    ];
    args.extend(server.tools.iter().cloned());
    let known = REPORTS.lock().expect("reports").get(&args).cloned();
    let report = known.unwrap_or_else(|| {
        let report = common::run(&args).json();
        REPORTS
            .lock()
            .expect("reports")
            .insert(args, report.clone());
        report
    });
    let names = report["names"].as_array().expect("names");
    assert_eq!(names.len(), server.tools.len(), "one entry a name");
    names
        .iter()
        .map(|entry| {
            let verdict = entry["clients"]
                .as_array()
                .and_then(|c| c.iter().find(|c| c["id"] == client))
                .unwrap_or_else(|| panic!("check reports no client {client}"));
            Prediction {
                name: verdict["name"].as_str().expect("name").to_owned(),
                fate: verdict["fate"].as_str().expect("fate").to_owned(),
            }
        })
        .collect()
}

/// Holds the CLI's predictions for `id` against one real run of the client.
fn judge(id: &str) {
    let preset = client_by_id(id).expect("a preset");
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle", id);
    let servers = corpus(preset);
    let corpus = serde_json::json!({
        "servers": servers
            .iter()
            .map(|s| serde_json::json!({"key": s.key, "tools": s.tools}))
            .collect::<Vec<_>>(),
    });
    let observed = observe(id, &bin, &corpus, &dir);
    let version = observed["version"].as_str().unwrap_or_default().to_owned();
    let drift = std::env::var_os("MCP_TOOLNAME_ORACLE_DRIFT").is_some();

    let refused: Vec<&str> = observed["refused"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let tools = observed["tools"].as_array().expect("tools");
    let traced: HashMap<&str, &str> = tools
        .iter()
        .filter_map(|t| Some((t["origin"].as_str()?, t["name"].as_str()?)))
        .collect();
    // Names the request carries without a description (Claude Code's deferred tools): each
    // predicted name takes one of them; any left over was sent but not predicted.
    let mut untraced: Vec<&str> = tools
        .iter()
        .filter(|t| t["origin"].is_null())
        .filter_map(|t| t["name"].as_str())
        .collect();

    let mut tried = 0;
    let mut wrong = Vec::new();
    for (s, server) in servers.iter().enumerate() {
        let key_refused = refused.contains(&server.key.as_str());
        for (t, (tool, predicted)) in server.tools.iter().zip(predict(id, server)).enumerate() {
            tried += 1;
            let sent = if key_refused {
                None
            } else if let Some(name) = traced.get(format!("{s}.{t}").as_str()) {
                Some((*name).to_owned())
            } else if predicted.sent() {
                untraced
                    .iter()
                    .position(|n| *n == predicted.name)
                    .map(|at| untraced.swap_remove(at).to_owned())
            } else {
                None
            };
            let agrees = match &sent {
                Some(name) => predicted.sent() && *name == predicted.name,
                None => !predicted.sent() && (predicted.fate == "key_refused") == key_refused,
            };
            if !agrees {
                wrong.push(format!(
                    "key {:?} tool {:?}: predicted {:?} ({}), the client {}",
                    server.key,
                    tool,
                    predicted.name,
                    predicted.fate,
                    match (&sent, key_refused) {
                        (_, true) => "refused the key".to_owned(),
                        (Some(name), _) => format!("sent {name:?}"),
                        (None, _) => "left it out".to_owned(),
                    }
                ));
            }
        }
    }
    // Pairs that disagree, counted before the names no pair accounts for are added.
    let agree = tried - wrong.len();
    for name in &untraced {
        wrong.push(format!(
            "the client sent {name:?}, which no prediction names"
        ));
    }
    let count = format!(
        "oracle {id} ({version}): {tried} pairs tried, {agree} agree; {} sent names unpredicted",
        untraced.len()
    );
    report(&count);
    let verified = preset.verified;
    let pinned = verified.how == Verification::Run && version.contains(verified.version);
    if drift {
        if !pinned {
            println!(
                "drift {id}: ran {version:?}; the preset was verified on {} ({})",
                verified.version, verified.date
            );
        }
        for line in &wrong {
            println!("drift {id}: {line}");
        }
        return;
    }
    assert!(
        pinned,
        "{id}: ran {version:?}, but the preset says it was verified by running {} ({:?}): \
         re-verify the preset, then update `verified`",
        verified.version, verified.how
    );
    assert!(
        wrong.is_empty(),
        "{id} {version}: {} of {tried} pairs predicted wrongly, {} sent names unpredicted:\n{}",
        tried - agree,
        untraced.len(),
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn claude_code_sends_what_check_predicts() {
    judge("claude_code");
}

#[test]
fn codex_sends_what_check_predicts() {
    judge("codex");
}

#[test]
fn gemini_cli_sends_what_check_predicts() {
    judge("gemini_cli");
}

#[test]
fn cline_sends_what_check_predicts() {
    judge("cline");
}

#[test]
fn opencode_sends_what_check_predicts() {
    judge("opencode");
}

#[test]
fn continue_cli_sends_what_check_predicts() {
    judge("continue_cli");
}

#[test]
fn copilot_cli_sends_what_check_predicts() {
    judge("copilot_cli");
}

#[test]
fn kilo_code_sends_what_check_predicts() {
    judge("kilo_code");
}

#[test]
fn qwen_code_sends_what_check_predicts() {
    judge("qwen_code");
}

#[test]
fn droid_sends_what_check_predicts() {
    judge("droid");
}

/// Every preset verified by running its client is run here: `clients.txt` pins the version the
/// preset names, and a test above judges it.
#[test]
fn every_preset_verified_by_a_run_is_pinned_for_the_oracles() {
    let pins = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/clients.txt"),
    )
    .expect("clients.txt");
    let this =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles.rs"))
            .expect("this file");
    for preset in mcp_toolname_rules::CLIENTS {
        if preset.verified.how != Verification::Run {
            continue;
        }
        let line = pins
            .lines()
            .find(|l| l.split(' ').next() == Some(preset.id))
            .unwrap_or_else(|| panic!("clients.txt pins no package for {}", preset.id));
        let package = line.split(' ').nth(1).unwrap_or_default();
        assert!(
            package.ends_with(&format!("@{}", preset.verified.version)),
            "{}: clients.txt pins {package}, the preset was verified on {}",
            preset.id,
            preset.verified.version
        );
        assert!(
            this.contains(&format!("judge(\"{}\")", preset.id)),
            "no oracle test judges {}",
            preset.id
        );
    }
}
