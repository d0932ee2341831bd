//! The real clients as judges of what they do past the names: each client's
//! preset says how it hands tools to the model, what it does with a long description and with
//! long server instructions ([`mcp_toolname_rules::Limits`]); one run of the client over the
//! limits corpus must show exactly that. Run as `oracles.rs` runs the name corpus (the same
//! `run.mjs`, fixture server and fake LLM API on 127.0.0.1, the same pinned packages).

use crate::common;

use common::oracle::{client_bin, observe, report, scratch};
use mcp_toolname_rules::{ClientPreset, Loading, TextRule, Verification, client_by_id};
use serde_json::{Value, json};

/// Lengths of descriptions around the cuts seen (Claude Code: 16,384) and far past them.
const DESCRIPTIONS: [usize; 4] = [2_048, 16_384, 16_385, 40_000];
/// Lengths of instructions, one server each: at Claude Code's cut, and far past it.
const INSTRUCTIONS: [usize; 2] = [4_096, 40_000];
/// Tools of the server that counts what a client sends: past every API's cap (512).
const MANY: usize = 520;
/// The key of the described server; with `mcp__` and `__`, 13 characters of every name.
const KEY: &str = "limits";

/// `head`, then words, to exactly `len` characters (ASCII: as many UTF-16 units), ending in
/// a letter: some clients trim a text's trailing space.
fn text(head: &str, len: usize) -> String {
    let mut out = head.to_owned();
    let mut i = 0;
    while out.len() < len {
        out.push_str(&format!(" word{}", i % 10));
        i += 1;
    }
    out.truncate(len - 1);
    out.push('x');
    out
}

/// A tool name that Claude Code names in 68 characters under [`KEY`], past its tool search's
/// 64.
fn long_name() -> String {
    "r".repeat(55)
}

/// The limits corpus: server 0 ([`KEY`]) with one tool per description length, a short-named
/// tool and a long-named one, and the first instructions; server 1 with the second; server
/// 2 with [`MANY`] tools.
fn corpus() -> Value {
    let mut tools: Vec<String> = DESCRIPTIONS.iter().map(|l| format!("d{l}")).collect();
    tools.push(long_name());
    // Each description is `oracle tool 0.T` (the fixture's own) and this, to the full length.
    let descriptions: Vec<String> = DESCRIPTIONS
        .iter()
        .enumerate()
        .map(|(t, &len)| {
            text(&format!("oracle tool 0.{t}"), len)[format!("oracle tool 0.{t}").len()..]
                .to_owned()
        })
        .chain([String::new()])
        .collect();
    json!({
        "select": format!("mcp__{KEY}__"),
        "servers": [
            {
                "key": KEY,
                "tools": tools,
                "descriptions": descriptions,
                "instructions": text("oracle instructions 0", INSTRUCTIONS[0]),
            },
            {
                "key": "instructed",
                "tools": ["i"],
                "instructions": text("oracle instructions 1", INSTRUCTIONS[1]),
            },
            {
                "key": "many",
                "tools": (0..MANY).map(|i| format!("t{i:03}")).collect::<Vec<_>>(),
            },
        ],
    })
}

/// What `rule` leaves of a text of `len` UTF-16 units: its sent length, or `None` when it is
/// not sent; `Err` where the preset does not say.
fn expected(rule: TextRule, len: usize) -> Result<Option<usize>, ()> {
    match rule {
        TextRule::Whole => Ok(Some(len)),
        TextRule::Cut { at, marker } => Ok(Some(if len > at {
            at + marker.encode_utf16().count()
        } else {
            len
        })),
        TextRule::NotSent => Ok(None),
        TextRule::Unknown => Err(()),
    }
}

/// The sent length of `key` in the run's `descriptions` or `instructions`.
fn sent(observed: &Value, field: &str, key: &str) -> Option<usize> {
    observed[field][key]["length"]
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
}

/// Holds `id`'s preset limits against one run of the client over the limits corpus.
fn judge(id: &str) {
    let preset: &ClientPreset = client_by_id(id).expect("a preset");
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("limits", id);
    let observed = observe(id, &bin, &corpus(), &dir);
    let version = observed["version"].as_str().unwrap_or_default().to_owned();
    let limits = preset.limits;
    let mut wrong = Vec::new();
    let mut tried = 0;
    // A deferring client's texts reach the model only once its tool search loads them, which
    // the fake model never asks for: a preset that says `Unknown` there is not judged on them.
    for (t, &len) in DESCRIPTIONS.iter().enumerate() {
        let Ok(want) = expected(limits.description, len) else {
            continue;
        };
        tried += 1;
        let got = sent(&observed, "descriptions", &format!("0.{t}"));
        if got != want {
            wrong.push(format!(
                "description of {len}: predicted {want:?}, sent {got:?}"
            ));
        }
    }
    for (s, &len) in INSTRUCTIONS.iter().enumerate() {
        let Ok(want) = expected(limits.instructions, len) else {
            continue;
        };
        tried += 1;
        let got = sent(&observed, "instructions", &s.to_string());
        if got != want {
            wrong.push(format!(
                "instructions of {len}: predicted {want:?}, sent {got:?}"
            ));
        }
    }
    let tools = observed["tools"].as_array().expect("tools");
    let traced = |server: usize| {
        tools
            .iter()
            .filter(|t| {
                t["origin"]
                    .as_str()
                    .is_some_and(|o| o.starts_with(&format!("{server}.")))
            })
            .count()
    };
    tried += 1;
    match limits.loading {
        Loading::SendsAll => {
            if traced(2) != MANY {
                wrong.push(format!(
                    "sends all: {} of {MANY} tools sent in one request",
                    traced(2)
                ));
            }
        }
        Loading::Deferred { reference_max, .. } => {
            let long = format!("{}{KEY}{}{}", preset.prefix, preset.separator, long_name());
            let references: Vec<&str> = observed["references"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if traced(2) == MANY
                || !references.contains(&long.as_str())
                || long.len() <= reference_max
            {
                wrong.push(format!(
                    "deferred: expected names only up front and a reference to the {}-character \
                     {long:?}; {} of {MANY} sent whole, references {references:?}",
                    long.len(),
                    traced(2)
                ));
            }
        }
        Loading::Listed => {
            // Every tool of the server of many is listed by name, traced (Qwen Code lists each
            // description) or not (Droid lists names alone, each holding the key `many`).
            let listed = traced(2)
                + tools
                    .iter()
                    .filter(|t| t["origin"].is_null())
                    .filter_map(|t| t["name"].as_str())
                    .filter(|n| n.contains("many"))
                    .count();
            if listed != MANY {
                wrong.push(format!("listed: {listed} of {MANY} tools listed"));
            }
        }
        Loading::Unknown => panic!("{id}: the preset of a run client must say how it loads tools"),
    }
    report(&format!(
        "oracle limits {id} ({version}): {tried} limits tried, {} agree",
        tried - wrong.len()
    ));
    let pinned =
        preset.verified.how == Verification::Run && version.contains(preset.verified.version);
    if std::env::var_os("MCP_TOOLNAME_ORACLE_DRIFT").is_some() {
        for line in &wrong {
            println!("drift limits {id}: {line}");
        }
        return;
    }
    assert!(
        pinned,
        "{id}: ran {version:?}, the preset was verified on {}",
        preset.verified.version
    );
    assert!(
        wrong.is_empty(),
        "{id} {version}: the limits differ:\n{}",
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn claude_code_limits_are_what_it_does() {
    judge("claude_code");
}

#[test]
fn codex_limits_are_what_it_does() {
    judge("codex");
}

#[test]
fn gemini_cli_limits_are_what_it_does() {
    judge("gemini_cli");
}

#[test]
fn cline_limits_are_what_it_does() {
    judge("cline");
}

#[test]
fn opencode_limits_are_what_it_does() {
    judge("opencode");
}

#[test]
fn continue_cli_limits_are_what_it_does() {
    judge("continue_cli");
}

#[test]
fn copilot_cli_limits_are_what_it_does() {
    judge("copilot_cli");
}

#[test]
fn kilo_code_limits_are_what_it_does() {
    judge("kilo_code");
}

#[test]
fn qwen_code_limits_are_what_it_does() {
    judge("qwen_code");
}

#[test]
fn droid_limits_are_what_it_does() {
    judge("droid");
}

/// Every preset verified by a run has its limits judged here too.
#[test]
fn every_run_preset_has_its_limits_judged() {
    let this = include_str!("oracle_limits.rs");
    for preset in mcp_toolname_rules::CLIENTS {
        if preset.verified.how == Verification::Run {
            assert!(
                this.contains(&format!("judge(\"{}\")", preset.id)),
                "{}",
                preset.id
            );
            assert_ne!(preset.limits.loading, Loading::Unknown, "{}", preset.id);
        }
    }
}
