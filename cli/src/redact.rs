//! The one redaction rule: what in a server's command line and environment is a secret,
//! and the pass every byte the CLI writes goes through (`say!`, [`crate::emit`],
//! [`crate::emit_json`]).
//!
//! Client configs carry credentials, and `audit` is meant to run in CI, whose logs are
//! read by many. So, unless `--show-secrets` is given:
//! - in a command line: the value of a flag whose name says secret (`token`, `key`,
//!   `secret`, `password`, `passwd`, `auth`, `credential`, `bearer`, in any case and inside
//!   longer names such as `--api-key` or `--github_token`), written `--name=value`, `--name
//!   value` or `NAME=value`; the password of a URL (`postgresql://user:***@host/db`) and
//!   the value of a secret-named query parameter; what follows `Bearer` or a secret-named
//!   header (`Authorization: Bearer ***`, `X-Api-Key: ***`);
//! - every value of `env`, of an `envFile` and of a remote entry's headers.
//!
//! Each is shown as `***`; names stay, so a reader can still tell which server and which
//! flag. Every value found this way is also learned, and replaced by `***` wherever else it
//! would be written (a server that echoes its token on stderr, an error that quotes it).

use std::sync::{Mutex, PoisonError};

use serde_json::Value;

/// What a secret is shown as.
pub const MASK: &str = "***";

/// Words that make a flag, variable, parameter or header name a secret's name (matched
/// anywhere in the name, ignoring case).
const SECRET_WORDS: [&str; 8] = [
    "token",
    "key",
    "secret",
    "password",
    "passwd",
    "auth",
    "credential",
    "bearer",
];

/// Shortest learned value replaced wherever it appears: shorter ones (`1`, `on`) would
/// blank ordinary words. They are still masked where they stand in a command line.
const MIN_SCRUB: usize = 4;
/// The same for `env` values whose name does not say secret (`NODE_ENV=production`).
const MIN_SCRUB_PLAIN_ENV: usize = 8;

struct State {
    shown: bool,
    /// Learned values, longest first.
    values: Vec<String>,
}

static STATE: Mutex<State> = Mutex::new(State {
    shown: false,
    values: Vec::new(),
});

fn lock() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `--show-secrets`: write everything as it is.
pub fn show_secrets(shown: bool) {
    lock().shown = shown;
}

/// Whether `--show-secrets` is on.
#[must_use]
pub fn secrets_shown() -> bool {
    lock().shown
}

/// The JSON `secrets` field: `"redacted"`, or `"shown"` under `--show-secrets`.
#[must_use]
pub fn state() -> &'static str {
    if secrets_shown() { "shown" } else { "redacted" }
}

/// The line that opens a text report: the `--show-secrets` warning, or nothing.
#[must_use]
pub fn notice() -> String {
    if secrets_shown() {
        format!("{}\n", mcp_toolname_rules::message::secrets_shown())
    } else {
        String::new()
    }
}

/// [`message::show`](mcp_toolname_rules::message::show) of text that came from outside
/// (a server's stderr, its error messages): learned secrets masked before it is escaped and
/// cut, so a cut cannot leave part of one.
#[must_use]
pub fn show(outside: &str) -> String {
    mcp_toolname_rules::message::show(&text(outside))
}

/// Whether `name` (a flag, variable, query parameter or header name) says it holds a secret.
#[must_use]
pub fn names_secret(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|w| lower.contains(w))
}

/// Remembers `value` so that [`text`] replaces it everywhere; `plain` marks an `env` value
/// whose name does not say secret (learned only when long).
pub fn learn(value: &str, plain: bool) {
    let min = if plain {
        MIN_SCRUB_PLAIN_ENV
    } else {
        MIN_SCRUB
    };
    if value.chars().count() < min {
        return;
    }
    let mut state = lock();
    if !state.values.iter().any(|v| v == value) {
        state.values.push(value.to_owned());
        state.values.sort_by_key(|v| std::cmp::Reverse(v.len()));
    }
}

/// Learns a header's value: whole, and the credential after an auth scheme on its own
/// (`Bearer abc123` also learns `abc123`), so a server that echoes the token alone, in an
/// error or a tool name, has it masked too.
pub fn learn_header(value: &str) {
    learn(value, false);
    if let Some((scheme, credential)) = value.trim().split_once(' ')
        && is_name(scheme)
    {
        learn(credential.trim(), false);
    }
}

/// Learns every secret of a server's start: its command line's ([`argv`]) and every value
/// of its environment.
pub fn learn_launch(argv: &[String], env: &[(String, String)]) {
    let _ = mask_argv(argv);
    for (name, value) in env {
        learn(value, !names_secret(name));
    }
}

/// Learns the secrets of a config entry as written, whatever becomes of it (started,
/// skipped as remote, refused as invalid): `args`, `url`, and every value of `env`,
/// `headers` and `http_headers`. A value holding a `${...}` reference is left out: the
/// reference is a name, and what it expands to is learned when the server is started
/// ([`learn_launch`]).
pub fn learn_entry(entry: &Value) {
    let Value::Object(fields) = entry else {
        return;
    };
    if let Some(Value::Array(args)) = fields.get("args") {
        let args: Vec<String> = args
            .iter()
            .filter_map(|a| a.as_str().filter(|a| !a.contains("${")).map(str::to_owned))
            .collect();
        let _ = mask_argv(&args);
    }
    if let Some(Value::String(url)) = fields.get("url").filter(|u| !u.to_string().contains("${")) {
        let _ = mask_inside(url);
    }
    for (field, plain_env) in [("env", true), ("headers", false), ("http_headers", false)] {
        if let Some(Value::Object(vars)) = fields.get(field) {
            for (name, value) in vars {
                if let Some(value) = value.as_str().filter(|v| !v.contains("${")) {
                    if plain_env {
                        learn(value, !names_secret(name));
                    } else {
                        learn_header(value);
                    }
                }
            }
        }
    }
}

/// `text` with every learned value replaced by `***` (unchanged under `--show-secrets`).
#[must_use]
pub fn text(text: &str) -> String {
    let state = lock();
    if state.shown {
        return text.to_owned();
    }
    let mut out = text.to_owned();
    for value in &state.values {
        if out.contains(value.as_str()) {
            out = out.replace(value.as_str(), MASK);
        }
    }
    out
}

/// Every string in `doc`, keys included, passed through [`text`].
pub fn json(doc: &mut Value) {
    match doc {
        Value::String(s) => *s = text(s),
        Value::Array(items) => items.iter_mut().for_each(json),
        Value::Object(map) => {
            let old = std::mem::take(map);
            for (key, mut value) in old {
                json(&mut value);
                map.insert(text(&key), value);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// A command line as it may be shown: each secret replaced by `***` (and learned). Under
/// `--show-secrets`, the command line as it is.
#[must_use]
pub fn argv(args: &[String]) -> Vec<String> {
    if secrets_shown() {
        return args.to_vec();
    }
    mask_argv(args)
}

fn mask_argv(args: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut value_next = false;
    for arg in args {
        if value_next && !arg.starts_with("--") {
            learn(arg, false);
            out.push(MASK.to_owned());
            value_next = false;
            continue;
        }
        value_next = false;
        if let Some((name, value)) = arg.split_once('=')
            && is_name(name.trim_start_matches('-'))
            && names_secret(name)
        {
            learn(value, false);
            out.push(format!("{name}={MASK}"));
            continue;
        }
        // `--token VALUE`, and `Bearer VALUE` as two words.
        let bare = arg.trim_start_matches('-');
        if (arg.starts_with('-') && is_name(bare) && names_secret(bare))
            || arg.eq_ignore_ascii_case("bearer")
        {
            value_next = true;
        }
        out.push(mask_inside(arg));
    }
    out
}

/// A name of a flag, variable, parameter or header: non-empty, of `A-Z a-z 0-9 _ - .`.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
}

/// One word of a command line with the secrets inside it masked: a URL's password, a
/// secret-named query parameter, a `Bearer` token, a secret-named header's value.
fn mask_inside(word: &str) -> String {
    let word = mask_header(word);
    let word = mask_userinfo(&word);
    let word = mask_after_bearer(&word);
    mask_pairs(&word)
}

/// `Authorization: Bearer abc` -> `Authorization: Bearer ***`; `X-Api-Key: abc` ->
/// `X-Api-Key: ***`.
fn mask_header(word: &str) -> String {
    let Some((name, value)) = word.split_once(':') else {
        return word.to_owned();
    };
    let value = value.trim_start();
    if value.is_empty() || !is_name(name) || !names_secret(name) {
        return word.to_owned();
    }
    let (scheme, secret) = match value.split_once(' ') {
        Some((scheme, rest)) if is_name(scheme) && !rest.trim().is_empty() => {
            (format!("{scheme} "), rest.trim())
        }
        _ => (String::new(), value),
    };
    learn(secret, false);
    format!("{name}: {scheme}{MASK}")
}

/// `scheme://user:password@host` -> `scheme://user:***@host`; `scheme://token@host` ->
/// `scheme://***@host` (a token written as the user name). Also what a URL parser would
/// refuse but a reader still sees as a password: one holding `/`, `?` or `#` unencoded
/// (`https://user:pa/ss@host`), and a URL without its scheme (`user:password@host/path`).
fn mask_userinfo(word: &str) -> String {
    if !word.contains("://") {
        return mask_schemeless_userinfo(word);
    }
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find("://") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        // This URL runs up to the next one in the word, if any.
        let region_end = tail.find("://").map_or(tail.len(), |next| {
            tail[..next]
                .rfind(|c: char| c.is_whitespace())
                .unwrap_or(next)
        });
        let region = &tail[..region_end];
        let end = region.find(['/', '?', '#']).unwrap_or(region.len());
        let authority = &region[..end];
        let sign = authority.rfind('@').or_else(|| {
            // `user:pa/ss@host`: a `:` not followed by a port, and an `@` further on.
            let colon = authority.find(':')?;
            let port = &authority[colon + 1..];
            let not_a_port = port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit());
            not_a_port.then(|| region.rfind('@')).flatten()
        });
        match sign {
            Some(sign) => {
                out.push_str(&mask_credentials(&region[..sign]));
                rest = &tail[sign..];
            }
            None => {
                out.push_str(authority);
                rest = &tail[end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `user:password@host...` with no scheme: the password masked.
fn mask_schemeless_userinfo(word: &str) -> String {
    let Some(sign) = word.rfind('@') else {
        return word.to_owned();
    };
    let userinfo = &word[..sign];
    if userinfo.is_empty() || userinfo.contains(char::is_whitespace) || !userinfo.contains(':') {
        return word.to_owned();
    }
    format!("{}{}", mask_credentials(userinfo), &word[sign..])
}

/// Shortest lone user name of a URL learned as a secret (masked wherever it appears): a
/// token used as the user name is long, while `admin` or `git` would blank ordinary words.
const MIN_LONE_USER: usize = 12;

/// The user information of a URL as shown: `user:***`, or `***` for a lone user name (a
/// token, as some hosts take it); the password, and a user name that may be a token,
/// learned.
fn mask_credentials(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, password)) if !password.is_empty() => {
            learn(password, false);
            format!("{user}:{MASK}")
        }
        _ if userinfo.is_empty() => String::new(),
        _ => {
            let user = userinfo.trim_end_matches(':');
            if user.chars().count() >= MIN_LONE_USER {
                learn(user, false);
            }
            MASK.to_owned()
        }
    }
}

/// `... Bearer abc ...` -> `... Bearer *** ...`, any case.
fn mask_after_bearer(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let Some(at) = lower.find("bearer ") else {
        return word.to_owned();
    };
    let start = at + "bearer ".len();
    let tail = &word[start..];
    let end = tail
        .find(|c: char| c.is_whitespace() || "\"',;".contains(c))
        .unwrap_or(tail.len());
    if end == 0 {
        return word.to_owned();
    }
    learn(&tail[..end], false);
    format!("{}{MASK}{}", &word[..start], &tail[end..])
}

/// `...?api_key=abc&page=2` -> `...?api_key=***&page=2`: each `name=value` inside a word
/// whose name says secret (the whole-word `--name=value` is handled before).
fn mask_pairs(word: &str) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(eq) = rest.find('=') {
        let (head, tail) = (&rest[..eq], &rest[eq + 1..]);
        let name_start = head
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || "_-.".contains(c)))
            .map_or(0, |i| i + 1);
        let end = tail
            .find(|c: char| c.is_whitespace() || "&#;,\"'".contains(c))
            .unwrap_or(tail.len());
        out.push_str(head);
        out.push('=');
        if names_secret(&head[name_start..]) && end > 0 && tail[..end] != *MASK {
            learn(&tail[..end], false);
            out.push_str(MASK);
            rest = &tail[end..];
        } else {
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked(args: &[&str]) -> Vec<String> {
        mask_argv(&args.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn flags_in_both_forms_and_any_case() {
        assert_eq!(
            masked(&[
                "srv",
                "--token=abc",
                "--API-KEY",
                "def",
                "--github_token",
                "x"
            ]),
            [
                "srv",
                "--token=***",
                "--API-KEY",
                "***",
                "--github_token",
                "***"
            ]
        );
        assert_eq!(
            masked(&["-e", "GITHUB_TOKEN=ghp_1", "--verbose", "--auth", "--debug"]),
            ["-e", "GITHUB_TOKEN=***", "--verbose", "--auth", "--debug"]
        );
        assert_eq!(
            masked(&["--name=x", "--port", "80"]),
            ["--name=x", "--port", "80"]
        );
    }

    #[test]
    fn urls_headers_and_bearer() {
        assert_eq!(
            masked(&["postgresql://user:pw1234@host:5432/db?sslmode=require"]),
            ["postgresql://user:***@host:5432/db?sslmode=require"]
        );
        assert_eq!(
            masked(&["https://h/x?api_key=k1&page=2", "https://u@h/"]),
            ["https://h/x?api_key=***&page=2", "https://***@h/"]
        );
        assert_eq!(
            masked(&["-H", "Authorization: Bearer tok9", "X-Api-Key: zz"]),
            ["-H", "Authorization: Bearer ***", "X-Api-Key: ***"]
        );
        assert_eq!(
            masked(&["--header", "bearer abc", "Bearer", "t0k"]),
            ["--header", "bearer ***", "Bearer", "***"]
        );
    }

    /// A header's credential is a secret on its own: a server may echo the token alone.
    #[test]
    fn the_credential_after_an_auth_scheme_is_learned_alone() {
        learn_header("Bearer tok-alone-5531");
        assert_eq!(text("t_tok-alone-5531"), format!("t_{MASK}"));
    }

    /// Passwords a URL parser refuses are still passwords to a reader.
    #[test]
    fn urls_a_parser_refuses() {
        let cases = [
            // `/` and `#` unencoded in the password.
            (
                "https://user:pa/ss@127.0.0.1:9/mcp",
                "https://user:***@127.0.0.1:9/mcp",
            ),
            ("https://user:pa#ss@h/mcp", "https://user:***@h/mcp"),
            // A space in the user name; no scheme; a token as the user name.
            ("https://us er:pw99@h/mcp", "https://us er:***@h/mcp"),
            ("user:pw77@h:9/mcp", "user:***@h:9/mcp"),
            ("https://ghp_0123456789abcdef@h/mcp", "https://***@h/mcp"),
            // Not user information: a port, an `@` in the path, an e-mail, an ssh remote.
            ("https://h:8080/a@b", "https://h:8080/a@b"),
            ("https://h/users/@me", "https://h/users/@me"),
            ("me@example.com", "me@example.com"),
            ("git@github.com:org/repo.git", "git@github.com:org/repo.git"),
        ];
        for (word, shown) in cases {
            assert_eq!(masked(&[word]), [shown], "{word}");
        }
        for secret in ["pa/ss", "pa#ss", "pw99", "pw77", "ghp_0123456789abcdef"] {
            assert_eq!(
                text(&format!("echo {secret}!")),
                format!("echo {MASK}!"),
                "{secret}"
            );
        }
    }
}
