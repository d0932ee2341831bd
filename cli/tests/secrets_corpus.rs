//! A corpus of secret forms, each written into client configs (a JSON `mcpServers` config and
//! a Codex `config.toml`) as stdio entries (`args`, `env`) and remote entries (`url`,
//! `headers`), audited in every output format: no secret, and no 8 characters in a row of
//! one, is written anywhere. And the report still says which server is which, what command
//! started it, and which flag was given.
#![cfg(unix)]

use crate::common;

use std::collections::BTreeSet;

use common::{Run, Scratch, calculator, run};
use serde_json::{Map, Value, json};

#[path = "secrets/corpus.rs"]
mod corpus;

use corpus::Place::{Args, Cwd, Env, Header, Key, Url};
use corpus::{CORPUS, Form};

impl Form {
    /// What must never be written: each listed secret, or any 8 characters of it in a row;
    /// and an env or header value whole (its parts may be everyday words: `postgresql`).
    fn needles(&self) -> Vec<String> {
        let mut all: Vec<String> = self.secrets.iter().flat_map(|s| parts(s)).collect();
        if let Env(_, value) | Header(_, value) = self.place {
            all.push(value.to_owned());
        }
        all
    }
}

/// A server that writes each of its arguments, and the env variable its first argument
/// names, on stderr, and exits 3: the error about it quotes its command and those lines.
const ECHO: &str = r#"v=$1; shift; for a in "$@"; do printf 'arg: %s\n' "$a" >&2; done; [ -n "$v" ] && printenv "$v" >&2; exit 3"#;

/// A shell script that starts the calculator: `sh -c SCRIPT sh ARGS...` ignores ARGS.
fn calc_script() -> String {
    format!("exec '{}'", calculator().display())
}

/// An address nothing listens on: a remote entry fails fast, and its error is written.
const NOWHERE: &str = "http://127.0.0.1:9/mcp";

/// The corpus as a JSON `mcpServers` config (`.mcp.json`, whose entries may be remote): each
/// stdio form in a server that echoes its arguments and exits, and all of them in one server
/// that starts and one whose program does not exist; each remote form once.
fn json_config() -> Value {
    let mut servers = Map::new();
    let mut all_args = Vec::new();
    let mut all_env = Map::new();
    for (i, f) in CORPUS.iter().enumerate() {
        let (args, env, var): (Vec<String>, Value, &str) = match &f.place {
            Args(args) => (
                args.iter().map(|a| (*a).to_owned()).collect(),
                json!({}),
                "",
            ),
            Env(k, v) => (Vec::new(), json!({ *k: *v }), k),
            Url(url) => {
                servers.insert(format!("r{i}-url"), json!({ "type": "http", "url": url }));
                continue;
            }
            Header(name, value) => {
                servers.insert(
                    format!("r{i}-header"),
                    json!({ "type": "http", "url": NOWHERE, "headers": { *name: *value } }),
                );
                continue;
            }
            Key(key) => {
                let echo = ["-c", ECHO, "sh", "", "--port", "8080"];
                servers.insert((*key).to_owned(), json!({ "command": "sh", "args": echo }));
                continue;
            }
            Cwd(dir) => {
                let echo = ["-c", ECHO, "sh", ""];
                servers.insert(
                    format!("s{i}-cwd"),
                    json!({ "command": "sh", "args": echo, "cwd": dir }),
                );
                continue;
            }
        };
        let mut echo = vec![
            "-c".to_owned(),
            ECHO.to_owned(),
            "sh".to_owned(),
            var.to_owned(),
        ];
        echo.extend(args.iter().cloned());
        servers.insert(
            format!("s{i}-echo"),
            json!({ "command": "sh", "args": echo, "env": env }),
        );
        all_args.extend(args);
        if let Value::Object(vars) = env {
            all_env.extend(vars);
        }
    }
    // One server that starts (its command line is shown, its tools listed) and one whose
    // program does not exist, each with every form's arguments and environment.
    let mut calc = vec!["-c".to_owned(), calc_script(), "sh".to_owned()];
    calc.extend(all_args.iter().cloned());
    servers.insert(
        "all-calc".to_owned(),
        json!({ "command": "sh", "args": calc, "env": all_env }),
    );
    servers.insert(
        "all-gone".to_owned(),
        json!({ "command": "/nonexistent/corpus-server", "args": all_args, "env": all_env }),
    );
    json!({ "mcpServers": servers })
}

/// The same corpus as a Codex `config.toml` (`[mcp_servers.NAME]` tables, `http_headers`).
fn codex_config() -> String {
    let mut out = String::new();
    let q = |s: &str| Value::String(s.to_owned()).to_string();
    for (i, f) in CORPUS.iter().enumerate() {
        match &f.place {
            Args(args) => {
                let mut all = vec![
                    "-c".to_owned(),
                    ECHO.to_owned(),
                    "sh".to_owned(),
                    String::new(),
                ];
                all.extend(args.iter().map(|a| (*a).to_owned()));
                let list: Vec<String> = all.iter().map(|a| q(a)).collect();
                out.push_str(&format!(
                    "[mcp_servers.s{i}]\ncommand = \"sh\"\nargs = [{}]\n\n",
                    list.join(", ")
                ));
            }
            Env(k, v) => {
                out.push_str(&format!(
                    "[mcp_servers.s{i}]\ncommand = \"sh\"\nargs = [{}, {}, \"sh\", {}]\n[mcp_servers.s{i}.env]\n{k} = {}\n\n",
                    q("-c"),
                    q(ECHO),
                    q(k),
                    q(v)
                ));
            }
            Url(url) => out.push_str(&format!("[mcp_servers.r{i}]\nurl = {}\n\n", q(url))),
            Key(key) => out.push_str(&format!(
                "[mcp_servers.{}]\ncommand = \"sh\"\nargs = [{}, {}, \"sh\", \"\"]\n\n",
                q(key),
                q("-c"),
                q(ECHO)
            )),
            Cwd(dir) => out.push_str(&format!(
                "[mcp_servers.s{i}]\ncommand = \"sh\"\nargs = [{}, {}, \"sh\", \"\"]\ncwd = {}\n\n",
                q("-c"),
                q(ECHO),
                q(dir)
            )),
            Header(name, value) => out.push_str(&format!(
                "[mcp_servers.r{i}]\nurl = {}\n[mcp_servers.r{i}.http_headers]\n{} = {}\n\n",
                q(NOWHERE),
                q(name),
                q(value)
            )),
        }
    }
    out
}

/// The formats each config is audited in.
const FORMATS: [&[&str]; 5] = [
    &[],
    &["-v"],
    &["--format", "json"],
    &["--format", "sarif"],
    &["--format", "github"],
];

/// Every 8 characters in a row of `secret` (the whole of a shorter one).
fn parts(secret: &str) -> Vec<String> {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() <= 8 {
        return vec![secret.to_owned()];
    }
    chars.windows(8).map(|w| w.iter().collect()).collect()
}

/// The families of the forms whose secret (or part of one) `r` shows, with what it showed.
fn leaks(r: &Run, label: &str, found: &mut BTreeSet<String>, seen: &mut Vec<String>) {
    for f in CORPUS {
        for part in f.needles() {
            for (stream, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
                if text.contains(&part) && found.insert(f.family.to_owned()) {
                    seen.push(format!("{}: {part:?} in {label} {stream}", f.family));
                }
            }
        }
    }
}

/// Runs `audit --config FILE` in every format and collects what leaked.
fn audit_everywhere(file: &str, found: &mut BTreeSet<String>, seen: &mut Vec<String>) -> Vec<Run> {
    FORMATS
        .iter()
        .map(|format| {
            let mut argv = vec!["audit", "--config", file, "--timeout", "20"];
            argv.extend(format.iter());
            let started = std::time::Instant::now();
            let r = run(&argv);
            eprintln!("{argv:?}: {:.1?}", started.elapsed());
            assert!(
                matches!(r.code, Some(1 | 2)),
                "{argv:?} exit {:?}\n{}\n{}",
                r.code,
                r.stdout,
                r.stderr
            );
            leaks(
                &r,
                &format!(
                    "{} {}",
                    file.rsplit('/').next().unwrap_or(file),
                    format.join(" ")
                ),
                found,
                seen,
            );
            r
        })
        .collect()
}

#[test]
fn no_form_of_the_corpus_is_written_in_any_format() {
    assert!(CORPUS.len() >= 60, "{} forms", CORPUS.len());
    let scratch = Scratch::new("secrets-corpus", "all");
    let json_file = scratch.file(".mcp.json");
    std::fs::write(&json_file, json_config().to_string()).expect("write the config");
    std::fs::create_dir_all(scratch.0.join(".codex")).expect("codex dir");
    let codex_file = scratch.file(".codex/config.toml");
    std::fs::write(&codex_file, codex_config()).expect("write the codex config");

    let mut found = BTreeSet::new();
    let mut seen = Vec::new();
    let json_runs = audit_everywhere(&json_file, &mut found, &mut seen);
    let codex_runs = audit_everywhere(&codex_file, &mut found, &mut seen);
    eprintln!(
        "corpus: {} forms, {} of them written somewhere",
        CORPUS.len(),
        found.len()
    );
    assert!(
        found.is_empty(),
        "{} of {} forms written:\n{}",
        found.len(),
        CORPUS.len(),
        seen.join("\n")
    );

    // The runs did audit the corpus: each server's key, and errors for the ones that fail.
    let text = &json_runs[0].stdout;
    for (i, f) in CORPUS.iter().enumerate() {
        let key = match f.place {
            Args(_) | Env(_, _) => format!("s{i}-echo"),
            Url(_) => format!("r{i}-url"),
            Header(_, _) => format!("r{i}-header"),
            Cwd(_) => format!("s{i}-cwd"),
            // A token as a key is hidden: its server is shown by its placeholder.
            Key(key) => format!("`<hidden, {} chars>`", key.len()),
        };
        assert!(text.contains(&key), "no {key} in\n{text}");
    }
    assert!(
        codex_runs[0].stdout.contains("exited with code 3"),
        "{}",
        codex_runs[0].stdout
    );
}

/// What a reader needs stays in every format: each server's key, the program that started
/// it, its flags (the secret-named ones too), plain values (a package, a path, a port, a
/// mode, a host), and which `--header` was wrong.
#[test]
fn the_report_still_names_servers_commands_and_flags() {
    let scratch = Scratch::new("secrets-corpus", "names");
    let file = scratch.file(".mcp.json");
    let doc = json!({ "mcpServers": {
        "files": { "command": "/nonexistent/bin/npx-like", "args": [
            "-y", "@modelcontextprotocol/server-filesystem@1.2.0", "/home/me/projects",
            "--api-key", "Qm7Rv2Xt9Lp4Zw8K", "--port", "8080", "--transport", "stdio",
        ]},
        "cache": { "command": "redis-cli-missing", "args": [
            "-h", "cache.internal", "-a", "foobaredpass", "--passphrase", "amber-lake",
        ]},
        "db": { "command": "sh", "args": [
            "-c", ECHO, "sh", "", "postgresql://app:pgS3cret-Pw41@db.internal:5432/app", "--read-only",
        ]},
        "web": { "type": "http", "url": "http://127.0.0.1:9/mcp?profile=dev&api_key=remoteQk-81Xz",
                 "headers": { "Authorization": "Bearer hdrBearer-55Kq2Lm" } },
    }});
    std::fs::write(&file, doc.to_string()).expect("write the config");
    for format in FORMATS {
        let mut argv = vec!["audit", "--config", file.as_str(), "--timeout", "20"];
        argv.extend(format.iter());
        let r = run(&argv);
        let all = format!("{}\n{}", r.stdout, r.stderr);
        for needed in [
            "files",
            "cache",
            "db",
            "web",
            "/nonexistent/bin/npx-like",
            "@modelcontextprotocol/server-filesystem@1.2.0",
            "/home/me/projects",
            "--api-key",
            "--port",
            "8080",
            "stdio",
            "redis-cli-missing",
            "cache.internal",
            "-a",
            "--passphrase",
            "postgresql://app:",
            "db.internal:5432/app",
            "--read-only",
            "127.0.0.1:9/mcp?profile=dev&api_key=",
        ] {
            assert!(all.contains(needed), "{format:?}: no {needed:?} in\n{all}");
        }
        for secret in [
            "Qm7Rv2Xt9Lp4Zw8K",
            "foobaredpass",
            "amber-lake",
            "pgS3cret-Pw41",
            "remoteQk-81Xz",
            "hdrBearer-55Kq2Lm",
        ] {
            assert!(!all.contains(secret), "{format:?}: {secret:?} in\n{all}");
        }
    }
    // A `--header` given wrong is named by its number; its text is not shown.
    let r = run([
        "audit",
        "--url",
        "http://127.0.0.1:9/mcp",
        "--header",
        "X-Api-Key hdrNoColon-42",
    ]);
    r.exits(2).err_has("--header number 1:");
    assert!(!r.stderr.contains("hdrNoColon-42"), "{}", r.stderr);
}
