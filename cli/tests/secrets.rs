//! `audit` never writes a secret from a server's command line or a client config unless
//! `--show-secrets` is given: not in the report (text or JSON), not in the progress on
//! stderr, not in the error about a server that crashes at start (which quotes the command
//! and the server's last stderr lines).
#![cfg(unix)]

use crate::common;

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

/// What `secret` is shown as: a placeholder of its length.
fn hidden(secret: &str) -> String {
    format!("<hidden, {} chars>", secret.chars().count())
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
        .err_has(&format!(
            "'--token={}' --API-KEY '{}' '--github_token={}'",
            hidden(FLAG_EQ),
            hidden(FLAG_SPACED),
            hidden(SNAKE)
        ))
        .err_has(&format!(
            "'postgresql://user:{}@db.example/app' 'Authorization: Bearer {}'",
            hidden(URL_PASS),
            hidden(BEARER)
        ))
        .out_has("(started as `sh -c")
        .out_has(&format!("'--token={}'", hidden(FLAG_EQ)))
        // The crash: the error quotes the command and the server's stderr, which echoes
        // every argument and the env value.
        .out_has("exited with code 3")
        .out_has(&format!(
            "  | env: {}\n  | env: --token={}\n  | env: --API-KEY\n  | env: {}\n",
            hidden(ENV_SECRET),
            hidden(FLAG_EQ),
            hidden(FLAG_SPACED)
        ));
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
    assert_eq!(
        command[4],
        format!("--token={}", hidden(FLAG_EQ)),
        "{command}"
    );
    assert_eq!(command[5], "--API-KEY");
    assert_eq!(command[6], hidden(FLAG_SPACED));
    assert_eq!(
        command[8],
        format!("postgresql://user:{}@db.example/app", hidden(URL_PASS))
    );
    let github_token = format!("'--github_token={}'", hidden(SNAKE));
    assert!(
        doc["servers"][1]["error"]
            .as_str()
            .is_some_and(|e| e.contains(&github_token)),
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
    r.exits(2)
        .err_has(&format!("'--token={}'", hidden(FLAG_EQ)));
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
        .out_has(&format!("'--token={}'", hidden(FLAG_EQ)))
        .out_has(&format!("'Authorization: Bearer {}'", hidden(BEARER)));
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

/// A server that writes each of its arguments on stderr, one a line, and exits 3: the
/// error about it quotes its command line and those lines.
const ECHO: &str = r#"for a in "$@"; do printf 'arg: %s\n' "$a" >&2; done; exit 3"#;

/// A secret that does not look like a credential on its own (lower case and digits, 12
/// characters), so only the rule for the form it is written in can mask it.
fn plain() -> impl Strategy<Value = String> {
    "[a-z]{6}[0-9]{4}".prop_map(|s| format!("pw{s}"))
}

/// A Telegram bot token: the bot's number and its secret.
fn bot_token() -> impl Strategy<Value = (String, String)> {
    ("[1-9][0-9]{8}", "[A-Za-z0-9_-]{35}")
}

/// Every form a secret can take in a client config's `args`, one server a form (the error
/// quotes the last 8 lines of a server's stderr, so each server echoes few arguments),
/// and the secrets written in them.
fn forms(
    p: &[String],
    json_key: &str,
    (bot, token): &(String, String),
) -> (serde_json::Value, Vec<String>) {
    let forms: Vec<Vec<String>> = vec![
        // Short flags, apart and attached; `-u user:password`.
        vec!["-p".into(), p[0].clone(), "-t".into(), p[1].clone()],
        vec![
            "-k".into(),
            p[2].clone(),
            format!("-p{}", p[3]),
            "-u".into(),
            format!("me:{}", p[4]),
        ],
        // A JSON argument, and a secret-named key nested in it.
        vec![
            "--config".into(),
            json!({ "apiKey": json_key, "db": { "auth": { "password": p[5] } } }).to_string(),
        ],
        // A token in a URL path; signed-URL parameters.
        vec![
            format!("https://api.telegram.org/bot{bot}:{token}/getMe"),
            format!(
                "https://s3.example/o?X-Amz-Signature={}&X-Amz-Expires=60",
                p[6]
            ),
            format!(
                "https://gcs.example/o?X-Goog-Signature={}&sig={}",
                p[7], p[8]
            ),
            format!("https://cdn.example/o?signature={}&token={}", p[9], p[10]),
        ],
        // Headers given inside an argument.
        vec![
            "--header".into(),
            format!("Cookie: sid={}", p[11]),
            "-H".into(),
            format!("Authorization: Basic {}", p[12]),
        ],
        vec![
            format!("--header=Set-Cookie: sid={}; Path=/", p[13]),
            format!("Proxy-Authorization: Basic {}", p[14]),
            format!("X-Api-Key: {}", p[15]),
        ],
        // A secret that starts with `--`; flags inside a script.
        vec!["--token".into(), format!("--{}", p[16])],
        vec![format!(
            "mysql -u root -p {}; curl --api-key {} x",
            p[17], p[18]
        )],
    ];
    let servers: serde_json::Map<String, serde_json::Value> = forms
        .into_iter()
        .enumerate()
        .map(|(i, form)| {
            let mut args = vec!["-c".to_owned(), ECHO.to_owned(), "sh".to_owned()];
            args.extend(form);
            (format!("f{i}"), json!({ "command": "sh", "args": args }))
        })
        .collect();
    let mut secrets: Vec<String> = p[..19].to_vec();
    secrets.push(format!("--{}", p[16]));
    secrets.extend([json_key.to_owned(), token.clone(), format!("{bot}:{token}")]);
    (json!({ "mcpServers": servers }), secrets)
}

/// A scripted server that lists tools named after its `API_TOKEN`, in the forms a server
/// echoing its token would make: with a prefix, lower-cased with `_` for `.` and `-` (a
/// client's form), and its first 12 characters in a name long enough that clients cut it.
const LISTS_ITS_TOKEN: &str = r#"reply() { read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$1"; }
reply '{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"scripted","version":"1"}}'
read -r l
low=$(printf %s "$API_TOKEN" | tr 'A-Z.-' 'a-z__')
head=$(printf %s "$API_TOKEN" | cut -c1-12)
tool() { printf '{"name":"%s","inputSchema":{"type":"object"}}' "$1"; }
LIST="{\"tools\":[$(tool "run.$API_TOKEN"),$(tool "$low"),$(tool "x.$head-and-a-long-tail-that-clients-cut-somewhere-past-64")]}"
printf 'token: %s\n' "$low" >&2
while :; do reply "$LIST"; done"#;

/// A secret with the characters clients replace in it: `.` and `-`.
fn separated() -> impl Strategy<Value = String> {
    "[A-Za-z0-9]{6}\\.[A-Za-z0-9]{6}-[A-Za-z0-9]{4}".prop_map(|s| format!("S3cr{s}"))
}

/// ASCII letters and digits, lower-cased: the form in which a client's rewrite of a name
/// (case, `-` `.` and space replaced, runs collapsed, characters deleted) still holds it.
fn fold(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Panics when `text` holds 8 characters in a row of `secret`, in folded form.
fn holds_no_part(stream: &str, text: &str, secret: &str) -> Result<(), TestCaseError> {
    let (text, secret) = (fold(text), fold(secret));
    for part in secret.as_bytes().windows(8) {
        let part = std::str::from_utf8(part).expect("ASCII");
        prop_assert!(
            !text.contains(part),
            "{} holds {:?} of {:?}",
            stream,
            part,
            secret
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// Whatever the secrets, none of the forms of [`forms`] shows one, in text or JSON,
    /// on stdout or stderr.
    #[test]
    fn every_form_of_a_secret_is_masked(
        p in prop::collection::vec(plain(), 19),
        json_key in secret(),
        bot in bot_token(),
        json_format in any::<bool>(),
    ) {
        let (doc, secrets) = forms(&p, &json_key, &bot);
        let cfg = config(&format!("forms-{json_format}"), &doc);
        let mut argv = vec!["audit", "--config", cfg.file.as_str()];
        if json_format {
            argv.extend(["--format", "json"]);
        }
        let r = run(&argv);
        prop_assert_eq!(r.code, Some(2), "{}", r.stderr);
        // Each server's error was written (its echo is what the masking must catch).
        prop_assert_eq!(r.stdout.matches("exited with code 3").count(), 8, "{}", r.stdout);
        for secret in &secrets {
            prop_assert!(!r.stdout.contains(secret.as_str()), "stdout shows {}: {}", secret, r.stdout);
            prop_assert!(!r.stderr.contains(secret.as_str()), "stderr shows {}: {}", secret, r.stderr);
        }
    }

    /// A learnt secret is masked in every form derived from it: a tool name that holds it,
    /// each client's model-facing form of that name, a cut name, a suggestion; no 8
    /// characters of it in a row are written, in any case, whatever separates them.
    #[test]
    fn derived_forms_of_a_secret_are_masked(token in separated(), json_format in any::<bool>()) {
        let doc = json!({ "mcpServers": { "s": {
            "command": "sh",
            "args": ["-c", LISTS_ITS_TOKEN],
            "env": { "API_TOKEN": token },
        }}});
        let cfg = config(&format!("derived-{json_format}"), &doc);
        let mut argv = vec!["audit", "--config", cfg.file.as_str(), "--timeout", "10"];
        if json_format {
            argv.extend(["--format", "json"]);
        }
        let r = run(&argv);
        // The report was written: the tools were listed and their client forms shown. (Not
        // `x_<hidden, 12 chars>-and-`: the mask runs on while the text goes on as the token
        // does, so a token whose 13th character is an `a` takes the `a` of `and` with it.)
        prop_assert!(r.stdout.contains("x_<hidden, "), "{}", r.stdout);
        prop_assert!(r.stdout.contains("long-tail-that-clients-cut"), "{}", r.stdout);
        holds_no_part("stdout", &r.stdout, &token)?;
        holds_no_part("stderr", &r.stderr, &token)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, ..ProptestConfig::default() })]

    /// A value hidden for its shape alone (a bare argument, after no secret-named flag, that
    /// looks like no known credential) is learned: tools a server names after it are masked
    /// in every client form, cut and folded ones included.
    #[test]
    fn tools_named_after_a_hidden_argument_are_masked(token in separated(), json_format in any::<bool>()) {
        let script = format!("API_TOKEN=$1\n{LISTS_ITS_TOKEN}");
        let doc = json!({ "mcpServers": { "s": {
            "command": "sh",
            "args": ["-c", script, "sh", token],
        }}});
        let cfg = config(&format!("derived-arg-{json_format}"), &doc);
        let mut argv = vec!["audit", "--config", cfg.file.as_str(), "--timeout", "10", "-v"];
        if json_format {
            argv.extend(["--format", "json"]);
        }
        let r = run(&argv);
        prop_assert!(r.stdout.contains("x_<hidden, "), "{}", r.stdout);
        prop_assert!(r.stdout.contains("long-tail-that-clients-cut"), "{}", r.stdout);
        holds_no_part("stdout", &r.stdout, &token)?;
        holds_no_part("stderr", &r.stderr, &token)?;
    }
}
