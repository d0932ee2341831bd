//! The one redaction rule: what of a server's command line, config entry and environment
//! is shown, and the pass every byte the CLI writes goes through on its way out (the emit
//! layer calls [`text`] and [`json`]).
//!
//! Client configs carry credentials, and `audit` is meant to run in CI, whose logs are read
//! by many. Every list of secret shapes missed forms nobody had listed, so the rule is the
//! other way round: a value from a client config (an argument, a URL's user, password, path
//! segment, query value or fragment, a value inside a script or a JSON argument) is shown
//! only where it is recognisably *not* a secret, and anything else is shown as a
//! placeholder of its length, `<hidden, 40 chars>`, unless `--show-secrets` is given.
//! Recognisably not a secret ([`shape`]):
//! - a flag's name (`--port`, `-y`, `--read-only`): names say what, not which;
//! - a plain word: parts joined by `.` `-` `_`, each lower-case letters (20 at most, that
//!   read as a word: no 5 consonants in a row, a vowel in 5 letters in a long one, not a hex
//!   blob), a capitalised or upper-case word, up to 4 camelCase humps of 3 letters or more,
//!   a number of 10 digits at most, letters and up to 4 digits (`utf8`), or up to 6 digits
//!   and 3 letters (`512m`); 64 characters and 8 parts at most, and not a credential by its
//!   look (`AKIA...`): such words are names, modes and versions (`stdio`, `true`, `debug`,
//!   `gpt-4o-mini`), and a key of that shape would be a guessable one;
//! - plain words joined by `/ \ : @ , + ~ ^ = < > ! [ ] *`: a package spec
//!   (`@scope/pkg@1.2.3`, `pkg==1.0`), an image, an e-mail address, `host:port`, a relative
//!   path;
//! - a path that starts as one (`/`, `./`, `../`, `~`, `C:\`), segment by segment;
//! - a URL part by part ([`url`]): scheme, host and port, a plain user name, plain path
//!   segments, query names and plain values, a plain fragment.
//!
//! Position first: whatever its shape, a value is hidden where what stands before it says
//! secret ([`argv`], [`names`], [`position`]): after a flag, key or word naming `token`,
//! `key`, `secret`, `password`, `auth`, `credential`, `cookie`, `mnemonic`, ... or a word
//! `pass...`, `pwd`, `pin`, `otp`, `recovery`, `code`, or its word in another language
//! (`--contraseña`, `--passwort`), written `--flag x`, `--flag=x`, `/flag:x`, `key[flag]=x`,
//! `flag = x` in a line; after a program's own password flag (`mysql -pX`, `ssh-keygen -N
//! X`, `redis-cli -a X`, `ldapsearch -w X`); after `Bearer`; the password of `-u`,
//! `--user`, `--proxy-user` `user:password`, of an Oracle `user/password@db` and of a URL;
//! a URL's query values (but numbers and a few plain parameters: `page`, `sort`) and a
//! webhook's path; what `echo` feeds a `--password-stdin`. The value of a header (also
//! given as a name and a value, or as a JSON pair) and of `env` is never shown; their
//! names are. And a position says plain: after a short flag that some program takes for a
//! password, a port, a version, a path, a package or a transport (`-p 8080`, `uvx -p 3.12`,
//! `npx -p @scope/pkg`, `-t stdio`) is shown; after a flag naming a host, a model, a
//! commit, a channel or an id, an identifier is shown whatever its look; after a flag
//! naming a file (`--key-file`), a path is. Program names, flags, server names and keys
//! stay, so a reader can still tell which server, which command and which flag.
//!
//! Every hidden value is also learned, and masked wherever else it would be written, in any
//! form a client or a suggestion makes of it and in part ([`store`]): a tool a server named
//! after its token, that token echoed on stderr. A plain-shaped value hidden only by where
//! it stands (`--password orange`) is learned as a plain value: masked whole, and a single
//! word of letters only where it stands alone, so a tool a server named `orange_juice` is
//! not rewritten for a word it shares with the secret.
//!
//! What still shows: a secret of plain shape with nothing before it saying secret (a bare
//! `hunter2`, `--db orange-river`), and a secret the server writes encoded.

mod argv;
mod names;
mod position;
mod shape;
mod store;
#[cfg(test)]
mod two_way;
mod url;
mod word;

use serde_json::Value;

pub use store::{learn, reach, secrets_shown, show_secrets, text};

use names::{is_name, names_secret};

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
    shape::learn_hidden(value);
    if let Some((scheme, credential)) = value.trim().split_once(' ')
        && is_name(scheme)
    {
        shape::learn_hidden(credential.trim());
    }
}

/// Learns an `env` value (never shown): as a secret when its name says secret or its shape
/// is not plain, else as a plain value (masked whole, not in part); and the values inside it
/// that would be hidden (`DATABASE_URL=postgresql://user:password@host/db` learns the
/// password).
fn learn_env(name: &str, value: &str) {
    if names_secret(name) {
        store::learn_short(value);
    }
    learn(value, !names_secret(name) && shape::plain_token(value));
    let _ = argv::show_word(value, 0);
}

/// Learns every hidden value of a server's start: its command line's ([`argv`]) and every
/// value of its environment.
pub fn learn_launch(argv: &[String], env: &[(String, String)]) {
    let _ = argv::show_argv(argv);
    for (name, value) in env {
        learn_env(name, value);
    }
}

/// Learns the secrets of a config entry as written, whatever becomes of it (started,
/// skipped as remote, refused as invalid): its `key` when it is not a plain name (a token
/// pasted as a server's name), `args`, `url`, the segments of `cwd` and `envFile` that are
/// not plain, and every value of `env`, `headers` and `http_headers`. A value holding a
/// `${...}` reference is left out: the reference is a name, and what it expands to is
/// learned when the server is started ([`learn_launch`]).
pub fn learn_entry(key: &str, entry: &Value) {
    if shape::key_holds_credential(key) {
        learn(key, false);
    }
    let Value::Object(fields) = entry else {
        return;
    };
    for path in ["cwd", "envFile"] {
        if let Some(path) = fields.get(path).and_then(Value::as_str) {
            let _ = argv::show_word(path, 0);
        }
    }
    if let Some(Value::Array(args)) = fields.get("args") {
        // The command first: what a short flag means depends on the program.
        let command = fields.get("command").and_then(Value::as_str).unwrap_or("-");
        let args: Vec<String> = std::iter::once(command)
            .chain(args.iter().filter_map(Value::as_str))
            .filter(|a| !a.contains("${"))
            .map(str::to_owned)
            .collect();
        let _ = argv::show_argv(&args);
    }
    if let Some(Value::String(url)) = fields.get("url").filter(|u| !u.to_string().contains("${")) {
        let _ = argv::show_word(url, 0);
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

/// A command line as it may be shown: each value that is not recognisably plain replaced by
/// `<hidden, N chars>` (and learned). Under `--show-secrets`, the command line as it is.
#[must_use]
pub fn argv(args: &[String]) -> Vec<String> {
    if secrets_shown() {
        return args.to_vec();
    }
    argv::show_argv(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header's credential is a secret on its own: a server may echo the token alone.
    #[test]
    fn the_credential_after_an_auth_scheme_is_learned_alone() {
        learn_header("Bearer tok-alone-5531");
        assert_eq!(text("t_tok-alone-5531"), "t_<hidden, 14 chars>");
    }

    /// A URL in a plain `env` value gives up its password; a credential-looking value is a
    /// secret whatever its name, so its parts are masked too.
    #[test]
    fn env_values() {
        learn_env("DATABASE_URL", "postgresql://app:pw-env-7730@db/app");
        assert_eq!(
            text("auth failed for pw-env-7730"),
            "auth failed for <hidden, 11 chars>"
        );
        learn_env("PLAIN", "Qz9EnvLooksLikeCred0042");
        assert_eq!(text("tool_qz9envlooks"), "tool_<hidden, 11 chars>");
    }
}
