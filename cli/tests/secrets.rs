//! `audit` never writes a secret from a server's command line or a client config unless
//! `--show-secrets` is given: not in the report (text or JSON), not in the progress on
//! stderr, not in the error about a server that crashes at start (which quotes the command
//! and the server's last stderr lines).
#![cfg(unix)]

mod common;

use std::path::PathBuf;

use common::{Run, calculator, run};
use proptest::prelude::*;
use serde_json::json;

/// A fresh config file for one test, removed with its directory when dropped.
struct Config {
    dir: PathBuf,
    file: String,
}

impl Drop for Config {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn config(test: &str, doc: &serde_json::Value) -> Config {
    let dir = std::env::temp_dir().join(format!(
        "mcp-toolname-secrets-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    let path = dir.join("claude_desktop_config.json");
    std::fs::write(&path, doc.to_string()).expect("write the config");
    let file = path.to_str().expect("UTF-8 temp path").to_owned();
    Config { dir, file }
}

/// Panics naming the secret and the stream it was found in.
fn hides(r: &Run, secrets: &[&str]) {
    for secret in secrets {
        for (stream, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
            assert!(
                !text.contains(secret),
                "{stream} shows {secret:?}\n--- stdout\n{}\n--- stderr\n{}",
                r.stdout,
                r.stderr
            );
        }
    }
}

/// A shell script that starts the calculator: `sh -c SCRIPT sh ARGS...` ignores ARGS.
fn calc_script() -> String {
    format!("exec '{}'", calculator().display())
}

/// A server that prints its `GITHUB_TOKEN` and its arguments on stderr, one a line, and
/// exits 3.
const CRASH: &str = r#"printf 'env: %s\n' "$GITHUB_TOKEN" "$@" >&2; exit 3"#;

const FLAG_EQ: &str = "tokEQ-7f3k2m9q";
const FLAG_SPACED: &str = "apikeySPACED-55x1";
const SNAKE: &str = "ghp_snakeCASE_0q8w";
const URL_PASS: &str = "pgPass-83jd72kd";
const BEARER: &str = "bearerTOK-19zq7v";
const ENV_SECRET: &str = "ghp_envVALUE-44mm";
const ENV_PLAIN: &str = "plainEnvValue-9911";
const HEADER: &str = "headerVAL-63kk0a";
const ALL: [&str; 8] = [
    FLAG_EQ,
    FLAG_SPACED,
    SNAKE,
    URL_PASS,
    BEARER,
    ENV_SECRET,
    ENV_PLAIN,
    HEADER,
];

fn args(head: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = head.iter().map(|s| (*s).to_owned()).collect();
    out.extend([
        format!("--token={FLAG_EQ}"),
        "--API-KEY".to_owned(),
        FLAG_SPACED.to_owned(),
        format!("--github_token={SNAKE}"),
        format!("postgresql://user:{URL_PASS}@db.example/app"),
        format!("Authorization: Bearer {BEARER}"),
    ]);
    out
}

fn fleet() -> serde_json::Value {
    let env = json!({ "GITHUB_TOKEN": ENV_SECRET, "PLAIN": ENV_PLAIN });
    json!({ "mcpServers": {
        "calc": { "command": "sh", "args": args(&["-c", &calc_script(), "sh"]), "env": env },
        "crash": {
            "command": "sh",
            "args": args(&["-c", CRASH, "sh"]),
            "env": env,
            "headers": { "X-Api-Key": HEADER },
        },
    }})
}

#[test]
fn a_config_s_secrets_are_masked_in_text_and_progress() {
    let cfg = config("text", &fleet());
    let r = run(["audit", "--config", &cfg.file]);
    r.exits(2)
        // Names stay, so a reader can tell which flag; values go.
        .err_has("'--token=***' --API-KEY '***' '--github_token=***'")
        .err_has("'postgresql://user:***@db.example/app' 'Authorization: Bearer ***'")
        .out_has("(started as `sh -c")
        .out_has("'--token=***'")
        // The crash: the error quotes the command and the server's stderr, which echoes
        // every argument and the env value.
        .out_has("exited with code 3")
        .out_has("  | env: ***\n  | env: --token=***\n  | env: --API-KEY\n  | env: ***\n");
    assert!(!r.stdout.contains("--show-secrets` is on"), "{}", r.stdout);
    hides(&r, &ALL);
}

#[test]
fn a_config_s_secrets_are_masked_in_json() {
    let cfg = config("json", &fleet());
    let r = run(["audit", "--config", &cfg.file, "--format", "json"]);
    r.exits(2);
    hides(&r, &ALL);
    let doc = r.json();
    assert_eq!(doc["secrets"], "redacted");
    let command = &doc["servers"][0]["server"]["command"];
    assert_eq!(command[4], "--token=***", "{command}");
    assert_eq!(command[5], "--API-KEY");
    assert_eq!(command[6], "***");
    assert_eq!(command[8], "postgresql://user:***@db.example/app");
    assert!(
        doc["servers"][1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("'--github_token=***'")),
        "{doc:#}"
    );
}

#[test]
fn show_secrets_writes_them_and_says_so_first() {
    let cfg = config("shown", &fleet());
    let r = run(["audit", "--config", &cfg.file, "--show-secrets"]);
    r.exits(2)
        .out_has(FLAG_EQ)
        .out_has(ENV_SECRET)
        .err_has(URL_PASS);
    assert!(
        r.stdout.starts_with("warning: `--show-secrets` is on"),
        "{}",
        r.stdout
    );
    let r = run([
        "audit",
        "--config",
        &cfg.file,
        "--show-secrets",
        "--format",
        "json",
    ]);
    assert_eq!(r.json()["secrets"], "shown");
}

#[test]
fn a_command_after_dashes_is_masked_too() {
    let mut argv = vec![
        "audit".to_owned(),
        "--format".to_owned(),
        "json".to_owned(),
        "--".to_owned(),
        "sh".to_owned(),
    ];
    argv.extend(args(&["-c", CRASH, "sh"]));
    let r = run(&argv);
    r.exits(2).err_has("'--token=***'");
    hides(&r, &[FLAG_EQ, FLAG_SPACED, SNAKE, URL_PASS, BEARER]);
    let doc = r.json();
    assert_eq!(doc["secrets"], "redacted");
    assert!(
        doc["error"]
            .as_str()
            .is_some_and(|e| e.contains("exited with code 3")),
        "{doc:#}"
    );

    let mut argv = vec!["audit".to_owned(), "--".to_owned(), "sh".to_owned()];
    argv.extend(args(&["-c", &calc_script(), "sh"]));
    let r = run(&argv);
    r.exits(0)
        .out_has("'--token=***'")
        .out_has("'Authorization: Bearer ***'");
    hides(&r, &[FLAG_EQ, FLAG_SPACED, SNAKE, URL_PASS, BEARER]);
}

/// `--url` and `--header` as a user mistypes them: a password a URL parser refuses, a
/// token as the user name, a URL without its scheme, a header without its `:`. Each ends in
/// an error, and none shows the secret, in text or JSON.
#[test]
fn url_and_header_typos_never_show_the_secret() {
    const PASS: &str = "pw-typo-4a7c";
    const TOKEN: &str = "ghp_typo0123456789abcdef";
    for url in [
        format!("https://user:{PASS}/x@127.0.0.1:9/mcp"),
        format!("https://user:{PASS}#x@127.0.0.1:9/mcp"),
        format!("https://us er:{PASS}@127.0.0.1:9/mcp"),
        format!("user:{PASS}@127.0.0.1:9/mcp"),
        format!("https://{TOKEN}@127.0.0.1:9/mcp"),
    ] {
        for format in ["text", "json"] {
            let r = run(["audit", "--url", &url, "--timeout", "5", "--format", format]);
            r.exits(2);
            hides(&r, &[PASS, TOKEN]);
        }
    }
    for header in [
        format!("X-Api-Key {PASS}"),
        format!("Authorization=Bearer {PASS}"),
        format!(": {PASS}"),
    ] {
        let r = run([
            "audit",
            "--url",
            "http://127.0.0.1:9/mcp",
            "--header",
            &header,
        ]);
        r.exits(2).err_has("--header number 1:");
        hides(&r, &[PASS]);
    }
}

/// A secret unlikely to occur in a report by chance: a fixed tag and 16 random characters.
fn secret() -> impl Strategy<Value = String> {
    "[A-Za-z0-9]{16}".prop_map(|s| format!("S3cr{s}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Whatever the secret, no output of a crashing server's audit holds it, in any form
    /// it can take in a config.
    #[test]
    fn no_generated_secret_is_written(
        flag in secret(), spaced in secret(), url in secret(), bearer in secret(),
        env in secret(), header in secret(), json_format in any::<bool>(),
    ) {
        let doc = json!({ "mcpServers": { "s": {
            "command": "sh",
            "args": ["-c", CRASH, "sh", format!("--client-secret={flag}"), "--password",
                     spaced.clone(), format!("mysql://root:{url}@h/db?x=1"),
                     format!("bearer {bearer}")],
            "env": { "GITHUB_TOKEN": env },
            "headers": { "Authorization": header },
        }}});
        let cfg = config("prop", &doc);
        let mut argv = vec!["audit", "--config", cfg.file.as_str()];
        if json_format {
            argv.extend(["--format", "json"]);
        }
        let r = run(&argv);
        prop_assert_eq!(r.code, Some(2));
        for secret in [&flag, &spaced, &url, &bearer, &env, &header] {
            prop_assert!(!r.stdout.contains(secret.as_str()), "stdout: {}", r.stdout);
            prop_assert!(!r.stderr.contains(secret.as_str()), "stderr: {}", r.stderr);
        }
    }
}
