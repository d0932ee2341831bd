//! What a hostile server can make the CLI write. One corpus of hostile strings (line breaks,
//! `%0A`, lines that start with `::`, ESC and OSC sequences, BEL, C1 controls, bidi controls,
//! zero-width characters, U+2028/2029) is put in every field a server controls (its name,
//! title and version; tool names; alias windows and targets; tombstone targets; argument
//! names and types; the file a tool says it was declared in), and `audit` (every format),
//! `audit --baseline`, `snapshot` and `diff` run against it. Nothing they write, on stdout or
//! stderr, may hold a raw control, bidi or invisible character, or a line that starts with
//! `::` but the annotations the GitHub emitter writes itself; output stays within a fixed
//! multiple of what the server sent. A 10 MB server name gives a SARIF log under 30 MB.

use crate::common;

use std::path::{Path, PathBuf};

use common::{Run, run};
use serde_json::{Value, json};

/// Every kind of string a hostile server may send, each short.
const CORPUS: &[&str] = common::HOSTILE;

/// A character nothing the CLI writes may hold raw: a C0 control but the line feed, DEL, a C1
/// control, a bidi control, a zero-width or other invisible character, or U+2028/2029.
fn forbidden(ch: char) -> bool {
    ch != '\n'
        && (mcp_toolname_rules::is_control_like(ch)
            || mcp_toolname_rules::is_invisible(ch)
            || (ch != ' ' && ch.is_whitespace()))
}

/// A scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mcp-toolname-hostile-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The server's `initialize` answer, announcing `name`, `title` and `version`.
fn init(name: &str, title: &str, version: &str) -> Value {
    json!({
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": name, "title": title, "version": version},
    })
}

/// Tools that put `h` in every field: a tool named `h` (an argument named `h` of type `h`,
/// declared in file `h`), a tool that takes an argument of type `type`, an alias of `h` until
/// `h`, and a tombstone pointing to `h`; `n` keeps the names of two strings apart.
fn tools(n: usize, h: &str, r#type: &str) -> Vec<Value> {
    vec![
        json!({
            "name": h,
            "inputSchema": {"type": "object", "properties": {h: {"type": r#type}}, "required": [h]},
            "_meta": {"mcp-toolname/origin": {"file": h, "line": 3, "column": 5}},
        }),
        json!({
            "name": format!("typed_{n}"),
            "inputSchema": {"type": "object", "properties": {"x": {"type": r#type}}},
        }),
        json!({
            "name": format!("old_{n}"),
            "inputSchema": {"type": "object"},
            "_meta": {"mcp-toolname/alias": {"of": h, "until": h, "hidden": false}},
        }),
        json!({
            "name": format!("gone_{n}"),
            "inputSchema": {"type": "object"},
            "_meta": {"mcp-toolname/tombstone": {"replacement": h, "until": h}},
        }),
    ]
}

/// Writes the server's two answers into `dir` and returns the command that starts it, and
/// the bytes it sends.
fn server(dir: &Path, tag: &str, init: &Value, tools: &[Value]) -> (Vec<String>, usize) {
    let init_file = dir.join(format!("{tag}-init.json"));
    let list_file = dir.join(format!("{tag}-list.json"));
    let init = init.to_string();
    let list = json!({ "tools": tools }).to_string();
    std::fs::write(&init_file, &init).expect("write");
    std::fs::write(&list_file, &list).expect("write");
    (
        common::file_server(&init_file, &list_file),
        init.len() + list.len(),
    )
}

/// Holds every stream of `r` (a run of `what`) to the rules: no forbidden character, no line
/// that starts with `::` but an annotation of `--format github` (which must then be one of
/// the emitter's own), and no more than `limit` bytes.
fn clean(what: &str, r: &Run, github: bool, limit: usize) {
    for (stream, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
        if let Some(ch) = text.chars().find(|&ch| forbidden(ch)) {
            panic!("{what}: {stream} holds U+{:04X} raw:\n{text}", ch as u32);
        }
        assert!(
            !text.contains("##["),
            "{what}: {stream} has the runner's older command form `##[`:\n{text}"
        );
        assert!(
            !text.to_ascii_lowercase().contains("##vso["),
            "{what}: {stream} has an Azure Pipelines logging command `##vso[`:\n{text}"
        );
        for line in text.lines() {
            let body = line.trim_start();
            if !body.starts_with("::") {
                continue;
            }
            // `::error PROPERTIES::MESSAGE`, its properties the emitter's own.
            let properties = body
                .strip_prefix("::error ")
                .or_else(|| body.strip_prefix("::warning "))
                .and_then(|rest| rest.split_once("::"))
                .map(|(properties, _)| properties);
            let ours = github
                && stream == "stdout"
                && properties.is_some_and(|p| {
                    p.split(',').any(|p| p.starts_with("title=mcp-toolname"))
                        && p.split(',').all(|p| {
                            ["file=", "line=", "title="]
                                .iter()
                                .any(|key| p.starts_with(key))
                        })
                });
            assert!(
                ours,
                "{what}: {stream} has a line starting with `::`: {line:?}"
            );
        }
        assert!(
            text.len() <= limit,
            "{what}: {stream} is {} bytes, over {limit}",
            text.len()
        );
    }
}

#[test]
fn every_field_of_every_format_is_escaped() {
    let dir = scratch("fields");
    let hostile = CORPUS.concat();
    let first = init(&hostile, &hostile, &hostile);
    let mut list: Vec<Value> = CORPUS
        .iter()
        .enumerate()
        .flat_map(|(n, h)| tools(n, h, h))
        .collect();
    let (command, sent) = server(&dir, "first", &first, &list);
    let limit = 64 * sent + 512 * 1024;
    let args = |extra: &[&str]| {
        let mut args: Vec<String> = ["audit".to_owned()].into();
        args.extend(extra.iter().map(|s| (*s).to_owned()));
        args.push("--".to_owned());
        args.extend(command.iter().cloned());
        args
    };
    for format in ["text", "json", "sarif", "github"] {
        for verbose in [false, true] {
            let mut extra = vec!["--format", format];
            if verbose {
                extra.push("--verbose");
            }
            let r = run(args(&extra));
            assert!(
                r.code == Some(1),
                "audit --format {format}: exit {:?}\n{}",
                r.code,
                r.stderr
            );
            clean(
                &format!("audit --format {format}"),
                &r,
                format == "github",
                limit,
            );
            if format == "json" || format == "sarif" {
                // Still a document, reading back to the server's own strings.
                let doc = r.json();
                if format == "json" {
                    assert_eq!(doc["server"]["version"].as_str(), Some(hostile.as_str()));
                }
            }
        }
    }
    // The snapshot file: escaped for a reviewer, and read back to the same names.
    let snap = dir.join("first.json");
    let r = run(["snapshot", "--out", snap.to_str().unwrap(), "--"]
        .into_iter()
        .map(str::to_owned)
        .chain(command.iter().cloned()));
    r.exits(0);
    clean("snapshot", &r, false, limit);
    let written = std::fs::read_to_string(&snap).expect("the snapshot");
    let as_run = Run {
        code: Some(0),
        stdout: written.clone(),
        stderr: String::new(),
    };
    clean("the snapshot file", &as_run, false, limit);
    let doc: Value = serde_json::from_str(&written).expect("JSON");
    assert_eq!(doc["server"]["name"].as_str(), Some(hostile.as_str()));

    // A second release changes every hostile tool: argument types, windows, targets.
    list = CORPUS
        .iter()
        .enumerate()
        .flat_map(|(n, h)| tools(n, &format!("{h}2"), &format!("{h}3")))
        .collect();
    let second = init(&format!("{hostile}2"), &hostile, &format!("{hostile}2"));
    let (command2, _) = server(&dir, "second", &second, &list);
    let snap2 = dir.join("second.json");
    let r = run(["snapshot", "--out", snap2.to_str().unwrap(), "--"]
        .into_iter()
        .map(str::to_owned)
        .chain(command2.iter().cloned()));
    r.exits(0);
    for format in ["text", "json"] {
        let r = run([
            "diff",
            snap.to_str().unwrap(),
            snap2.to_str().unwrap(),
            "--format",
            format,
        ]);
        r.exits(1);
        clean(&format!("diff --format {format}"), &r, false, limit);
    }
    for format in ["text", "json", "sarif", "github"] {
        let mut args: Vec<String> = ["audit", "--format", format, "--baseline"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        args.push(snap.to_string_lossy().into_owned());
        args.push("--".to_owned());
        args.extend(command2.iter().cloned());
        let r = run(args);
        r.exits(1);
        clean(
            &format!("audit --baseline --format {format}"),
            &r,
            format == "github",
            limit,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_config_keys_and_servers() {
    let dir = scratch("config");
    let hostile = CORPUS.concat();
    let list: Vec<Value> = CORPUS
        .iter()
        .enumerate()
        .flat_map(|(n, h)| tools(n, h, h))
        .collect();
    let (command, sent) = server(&dir, "one", &init(&hostile, &hostile, &hostile), &list);
    // Every key of the corpus names a server; two of them meet under every client's rule.
    let servers: serde_json::Map<String, Value> = CORPUS
        .iter()
        .map(|key| {
            let entry = json!({"command": command[0], "args": &command[1..]});
            ((*key).to_owned(), entry)
        })
        .collect();
    let config = dir.join(".mcp.json");
    std::fs::write(&config, json!({ "mcpServers": servers }).to_string()).expect("write");
    for format in ["text", "json", "sarif", "github"] {
        let r = run([
            "audit",
            "--config",
            config.to_str().unwrap(),
            "--format",
            format,
            "--verbose",
        ]);
        assert_eq!(
            r.code,
            Some(1),
            "audit --config --format {format}:\n{}",
            r.stderr
        );
        clean(
            &format!("audit --config --format {format}"),
            &r,
            format == "github",
            64 * sent * CORPUS.len() + 512 * 1024,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_10_mb_server_name_is_written_once() {
    let dir = scratch("name");
    let long = format!("{}\n::warning::injected", "n".repeat(10_000_000));
    let list: Vec<Value> = CORPUS
        .iter()
        .enumerate()
        .flat_map(|(n, h)| tools(n, h, "string"))
        .collect();
    let (command, sent) = server(&dir, "long", &init(&long, "", "1"), &list);
    for format in ["sarif", "github", "text", "json"] {
        let mut args: Vec<String> = ["audit", "--format", format, "--"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        args.extend(command.iter().cloned());
        let r = run(args);
        assert_eq!(r.code, Some(1), "audit --format {format}:\n{}", r.stderr);
        clean(
            &format!("audit --format {format} of a 10 MB server name"),
            &r,
            format == "github",
            3 * sent,
        );
        if format == "sarif" {
            assert!(
                r.stdout.len() < 30_000_000,
                "SARIF of {} bytes",
                r.stdout.len()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_command_line_values_in_clap_errors() {
    for args in [
        vec![
            "audit",
            "--format",
            "x\n::error title=pwn::injected\r\u{202e}",
        ],
        vec!["audit", "--timeout", "1\n  ::warning::w ##[stop-commands]t"],
        vec!["x\n::error::sub"],
        vec!["audit", "--bogus\n::error::inj"],
    ] {
        let r = run(args.clone());
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        clean(&format!("{args:?}"), &r, false, 64 * 1024);
    }
    let r = run(["--version"]);
    r.exits(0).out_has("mcp-toolname ");
}

#[test]
fn one_annotation_per_name_and_place() {
    // `admin.tools.list` is refused by several contracts (OpenAI, Anthropic, Gemini, ...) and
    // handled badly by several clients: one annotation a lint for the name, each naming all.
    let r = run(["check", "admin.tools.list", "--format", "github"]);
    let annotations: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with("::")).collect();
    let mut places: Vec<&str> = annotations
        .iter()
        .map(|l| l.split("::").nth(1).unwrap_or(l))
        .collect();
    places.sort_unstable();
    let count = places.len();
    places.dedup();
    assert_eq!(
        places.len(),
        count,
        "a lint annotated twice at one place:\n{}",
        r.stdout
    );
    for lint in ["contract", "client"] {
        let line = annotations
            .iter()
            .find(|l| l.contains(&format!("title=mcp-toolname {lint}::")))
            .unwrap_or_else(|| panic!("no `{lint}` annotation:\n{}", r.stdout));
        let named: &[&str] = if lint == "contract" {
            &["OpenAI", "Anthropic", "Bedrock"]
        } else {
            &["Cline", "Continue CLI", "Qwen Code"]
        };
        for who in named {
            assert!(line.contains(who), "{who} missing: {line}");
        }
    }
    let r = run(["check", "admin.tools.list", "--format", "sarif"]);
    let doc = r.json();
    let results = doc["runs"][0]["results"].as_array().expect("results");
    let mut keys: Vec<String> = results
        .iter()
        .map(|r| format!("{} {}", r["ruleId"], r["locations"]))
        .collect();
    keys.sort_unstable();
    let count = keys.len();
    keys.dedup();
    assert_eq!(
        keys.len(),
        count,
        "a lint reported twice at one place: {results:#?}"
    );
    for lint in ["contract", "client"] {
        assert!(
            results.iter().any(|r| r["ruleId"] == lint),
            "no `{lint}` result: {results:#?}"
        );
    }
}

/// Every line the CLI writes is bounded whatever it was given: a 100 KB value (an unknown
/// `--format`, a server's command, a name to check) is named and cut, never echoed whole,
/// and the run ends at once.
#[test]
fn a_huge_value_on_the_command_line_is_cut_in_every_line() {
    let huge = "y".repeat(100_000);
    let path = format!("/nonexistent/{huge}");
    let runs = [
        vec!["audit", "--format", huge.as_str()],
        vec!["audit", "--", path.as_str()],
        vec!["audit", "--", "/nonexistent/server", huge.as_str()],
        vec!["check", huge.as_str()],
    ];
    for argv in runs {
        let r = run(&argv);
        let said = format!("{}{}", r.stdout, r.stderr);
        // Named, or hidden as a value not recognisably plain.
        assert!(
            said.contains("yyyy") || said.contains("<hidden, 100"),
            "{:.200}: says nothing of it",
            argv[1]
        );
        let longest = said.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(
            longest <= 4_200,
            "{} {:.20}: a line of {longest} characters",
            argv[0],
            argv[argv.len() - 1]
        );
    }
}
