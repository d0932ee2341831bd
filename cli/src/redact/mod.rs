//! The one redaction rule: what in a server's command line, config entry and environment is
//! a secret, and the pass every byte the CLI writes goes through on its way out (the emit
//! layer calls [`text`] and [`json`]).
//!
//! Client configs carry credentials, and `audit` is meant to run in CI, whose logs are
//! read by many. So, unless `--show-secrets` is given, each of these is shown as `***`:
//! - in a command line ([`argv`]): the value of a secret-named flag ([`names`]: `token`,
//!   `key`, `secret`, `password`, `auth`, `signature`, `cookie`, ... in any case and inside
//!   longer names, and the words `sig`, `pass`, `pwd`, `pw`), written `--name=value`,
//!   `--name value` (even a value that starts with `--`) or `NAME=value`; the value of `-p`,
//!   `-t` and `-k`; the password of `-u user:password`; any word that looks like a
//!   credential; the same inside a word that is a script (`sh -c '...'`), and the values
//!   of secret-named keys of a JSON argument;
//! - inside any word ([`word`], [`url`]): a URL's password or token user name, a path
//!   segment that is a token (`/bot***/`), a secret-named query parameter (`sig=`,
//!   `X-Amz-Signature=`), what follows `Bearer`, a secret-named header (`Authorization:
//!   Basic ***`, `Cookie: ***`), a secret-named `"key": "value"`;
//! - every value of `env`, of an `envFile` and of a remote entry's headers.
//!
//! Names stay, so a reader can still tell which server and which flag. Every value found
//! this way is also learned, and masked wherever else it would be written, in any form a
//! client or a suggestion makes of it and in part ([`store`]).

mod argv;
mod names;
mod store;
mod url;
mod word;

use serde_json::Value;

pub use store::{learn, secrets_shown, show_secrets, text};

use names::{is_name, looks_like_credential, names_secret};

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

/// Learns an `env` value: as a secret when its name says secret or it looks like a
/// credential, else as a plain value (masked whole, not in part); and the secrets inside it
/// (`DATABASE_URL=postgresql://user:password@host/db` learns the password).
fn learn_env(name: &str, value: &str) {
    learn(value, !names_secret(name) && !looks_like_credential(value));
    let _ = argv::mask_word(value);
}

/// Learns every secret of a server's start: its command line's ([`argv`]) and every value
/// of its environment.
pub fn learn_launch(argv: &[String], env: &[(String, String)]) {
    let _ = argv::mask_argv(argv);
    for (name, value) in env {
        learn_env(name, value);
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
        let _ = argv::mask_argv(&args);
    }
    if let Some(Value::String(url)) = fields.get("url").filter(|u| !u.to_string().contains("${")) {
        let _ = argv::mask_word(url);
    }
    for (field, is_env) in [("env", true), ("headers", false), ("http_headers", false)] {
        if let Some(Value::Object(vars)) = fields.get(field) {
            for (name, value) in vars {
                if let Some(value) = value.as_str().filter(|v| !v.contains("${")) {
                    if is_env {
                        learn_env(name, value);
                    } else {
                        learn_header(value);
                    }
                }
            }
        }
    }
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
    argv::mask_argv(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header's credential is a secret on its own: a server may echo the token alone.
    #[test]
    fn the_credential_after_an_auth_scheme_is_learned_alone() {
        learn_header("Bearer tok-alone-5531");
        assert_eq!(text("t_tok-alone-5531"), "t_***");
    }

    /// A URL in a plain `env` value gives up its password; a credential-looking value is a
    /// secret whatever its name, so its parts are masked too.
    #[test]
    fn env_values() {
        learn_env("DATABASE_URL", "postgresql://app:pw-env-7730@db/app");
        assert_eq!(text("auth failed for pw-env-7730"), "auth failed for ***");
        learn_env("PLAIN", "Qz9EnvLooksLikeCred0042");
        assert_eq!(text("tool_qz9envlooks"), "tool_***");
    }
}
