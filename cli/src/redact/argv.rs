//! The secrets of a command line, read across its words: the value after a secret-named
//! flag (`--token VALUE`, even one starting with `--`), after `-p`, `-t` or `-k`, a
//! `user:password` after `-u`, and the same inside a word that is itself a command line
//! (`sh -c 'mysql -p hunter2 db'`); a JSON argument read as JSON.

use serde_json::Value;

use super::names::{is_name, looks_like_credential, names_secret};
use super::store::{MASK, learn};
use super::word::mask_inside;

/// Short flags whose value is taken for a secret: `-p` (a password, as `mysql -p` reads it),
/// `-t` (a token), `-k` (a key).
const SECRET_SHORT: [&str; 3] = ["-p", "-t", "-k"];

/// A command line with each secret replaced by `***` (and learned).
pub fn mask_argv(args: &[String]) -> Vec<String> {
    let mut flags = Flags::default();
    args.iter().map(|arg| flags.next(arg, true)).collect()
}

/// One word with the secrets inside it masked: a JSON argument key by key, else
/// [`mask_inside`], and a word holding spaces (a shell script) also word by word.
pub fn mask_word(word: &str) -> String {
    if let Some(masked) = mask_json(word) {
        return masked;
    }
    let masked = mask_inside(word);
    if masked.contains(char::is_whitespace) {
        mask_script(&masked)
    } else {
        masked
    }
}

/// What the previous word makes of the next.
enum Expect {
    /// A secret-named flag or `Bearer`: the next word is a secret.
    Secret,
    /// `-p`, `-t`, `-k`: the next word is a secret, learned unless it is an everyday word.
    Short,
    /// `-u` or `--user`: the password of a `user:password`.
    User,
}

#[derive(Default)]
struct Flags {
    expect: Option<Expect>,
}

impl Flags {
    /// `arg` as shown; `whole` for an argument ([`mask_word`] applied), not a word of a
    /// script (already masked as part of its argument).
    fn next(&mut self, arg: &str, whole: bool) -> String {
        let inside = |arg: &str| {
            if whole {
                mask_word(arg)
            } else if arg != MASK && looks_like_credential(arg) {
                learn(arg, false);
                MASK.to_owned()
            } else {
                arg.to_owned()
            }
        };
        if let Some(expect) = self.expect.take()
            && !is_plain_flag(arg)
            && arg != MASK
        {
            match expect {
                Expect::Secret => {
                    learn(arg, false);
                    return MASK.to_owned();
                }
                Expect::Short => {
                    let _ = inside(arg);
                    if !everyday(arg) {
                        learn(arg, false);
                    }
                    return MASK.to_owned();
                }
                Expect::User => {
                    if let Some((user, password)) = arg.split_once(':')
                        && !password.is_empty()
                    {
                        learn(password, false);
                        return format!("{user}:{MASK}");
                    }
                }
            }
        }
        // `--name=value`, `NAME=value`.
        if let Some((name, value)) = arg.split_once('=')
            && is_name(name.trim_start_matches('-'))
            && names_secret(name)
        {
            learn(value, false);
            return format!("{name}={MASK}");
        }
        // `-pVALUE` before a secret-named flag: `-pmykey12` is a value, not `--mykey12`.
        if let Some(value) = attached_short(arg) {
            learn(value, false);
            return format!("{}{MASK}", &arg[..arg.len() - value.len()]);
        }
        let bare = arg.trim_start_matches('-');
        if (arg.starts_with('-') && is_name(bare) && names_secret(bare))
            || arg.eq_ignore_ascii_case("bearer")
        {
            self.expect = Some(Expect::Secret);
        } else if SECRET_SHORT.contains(&arg) {
            self.expect = Some(Expect::Short);
        } else if arg == "-u" || arg == "--user" {
            self.expect = Some(Expect::User);
        }
        inside(arg)
    }
}

/// A word after a secret-named flag that is a flag of its own, not the secret: `--`, `-v`,
/// or `--` and a lower-case name of letters and `-` (`--debug`, `--read-only=yes`). A
/// secret that starts with `--` is masked unless it is just such a name (`--abc123` is).
fn is_plain_flag(arg: &str) -> bool {
    let bytes = arg.as_bytes();
    if arg == "--" || (bytes.len() == 2 && bytes[0] == b'-' && bytes[1].is_ascii_alphabetic()) {
        return true;
    }
    let Some(long) = arg.strip_prefix("--") else {
        return false;
    };
    let name = long.split_once('=').map_or(long, |(name, _)| name);
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// A value after `-p`, `-t` or `-k` that is masked where it stands but not learned (so not
/// masked elsewhere): a port or count (digits and `:`), a lower-case word (`-t stdio`), a
/// path or an image (holding `/`).
fn everyday(value: &str) -> bool {
    value.chars().all(|c| c.is_ascii_digit() || c == ':')
        || value.chars().all(|c| c.is_ascii_lowercase())
        || value.contains('/')
}

/// The value of `-pVALUE` or `-p=VALUE` (also `-t`, `-k`) when it is not an everyday word
/// ([`everyday`]: `-p8080` and `-timeout` stay; `-tokenFile` is read as `-t` and a value).
fn attached_short(arg: &str) -> Option<&str> {
    let flag = SECRET_SHORT.iter().find(|f| arg.starts_with(**f))?;
    let value = arg[flag.len()..].trim_start_matches('=');
    (!value.is_empty() && !everyday(value)).then_some(value)
}

/// A word holding spaces (`sh -c 'curl -u me:pw -p x'`) read as a command line of its own:
/// each word that follows a secret flag, or looks like a credential, masked. Quotes and a
/// `;` around a word stay.
fn mask_script(script: &str) -> String {
    let mut flags = Flags::default();
    let mut out = String::with_capacity(script.len());
    let mut done = 0;
    let mut rest = script;
    let mut offset = 0;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        let len = rest[start..]
            .find(char::is_whitespace)
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + len];
        let core = token
            .trim_start_matches(['"', '\''])
            .trim_end_matches(['"', '\'', ';']);
        if !core.is_empty() {
            let shown = flags.next(core, false);
            if shown != core {
                let core_at =
                    offset + start + (token.len() - token.trim_start_matches(['"', '\'']).len());
                out.push_str(&script[done..core_at]);
                out.push_str(&shown);
                done = core_at + core.len();
            }
        }
        offset += start + len;
        rest = &rest[start + len..];
    }
    out.push_str(&script[done..]);
    out
}

/// A JSON argument (`'{"apiKey":"..."}'`) with the value of each secret-named key masked,
/// every string, number or `true` under it, and each other string as [`mask_word`] masks
/// it; `None` when `word` is not a JSON object or array. Written back compact when
/// something was masked, else as it was.
fn mask_json(word: &str) -> Option<String> {
    if !word.trim_start().starts_with(['{', '[']) {
        return None;
    }
    let original: Value = serde_json::from_str(word).ok()?;
    let mut doc = original.clone();
    mask_value(&mut doc, false);
    Some(if doc == original {
        word.to_owned()
    } else {
        doc.to_string()
    })
}

fn mask_value(value: &mut Value, secret: bool) {
    match value {
        Value::String(s) if secret => {
            if !s.is_empty() && s != MASK {
                learn(s, false);
                *s = MASK.to_owned();
            }
        }
        Value::String(s) => *s = mask_word(s),
        Value::Number(_) | Value::Bool(_) if secret => {
            learn(&value.to_string(), false);
            *value = MASK.into();
        }
        Value::Array(items) => items.iter_mut().for_each(|v| mask_value(v, secret)),
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                mask_value(v, secret || names_secret(key));
            }
        }
        Value::Null | Value::Number(_) | Value::Bool(_) => {}
    }
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

    /// A secret may start with `--`; a lower-case flag of letters after a secret flag is a
    /// flag.
    #[test]
    fn a_secret_that_starts_with_dashes() {
        assert_eq!(
            masked(&[
                "--token",
                "--abc123",
                "--api-key",
                "--Xy_z",
                "--auth",
                "--read-only"
            ]),
            [
                "--token",
                "***",
                "--api-key",
                "***",
                "--auth",
                "--read-only"
            ]
        );
        assert_eq!(super::super::store::text("got --abc123"), "got ***");
    }

    #[test]
    fn short_flags() {
        assert_eq!(
            masked(&[
                "mysql",
                "-u",
                "root",
                "-p",
                "Hunter22pw",
                "-t",
                "stdio",
                "-k",
                "k3y-value"
            ]),
            ["mysql", "-u", "root", "-p", "***", "-t", "***", "-k", "***"]
        );
        assert_eq!(
            super::super::store::text("Hunter22pw k3y-value stdio"),
            "*** *** stdio"
        );
        assert_eq!(
            masked(&[
                "-pHunter99",
                "-pmykey12",
                "-p8080",
                "-timeout",
                "30",
                "curl",
                "-u",
                "me:pw-5521"
            ]),
            [
                "-p***", "-p***", "-p8080", "-timeout", "30", "curl", "-u", "me:***"
            ]
        );
        // Any other flag's value that looks like a credential.
        assert_eq!(masked(&["-x", "ghp_0123456789abcdefXYZ"]), ["-x", "***"]);
    }

    #[test]
    fn inside_a_script() {
        assert_eq!(
            masked(&[
                "sh",
                "-c",
                "mysql -p 'Hunter33pw'; curl --token abc-551 -u me:pwq-77 x"
            ]),
            ["sh", "-c", "mysql -p '***'; curl --token *** -u me:*** x"]
        );
    }

    #[test]
    fn json_arguments() {
        assert_eq!(
            masked(&[
                "--config",
                r#"{"apiKey": "k-json-81", "db": {"url": "pg://u:pw-j2@h/d"}, "auth": {"user": "u", "n": 5}}"#
            ]),
            [
                "--config",
                r#"{"apiKey":"***","auth":{"n":"***","user":"***"},"db":{"url":"pg://u:***@h/d"}}"#
            ]
        );
        assert_eq!(masked(&[r#"{"name": "x"}"#]), [r#"{"name": "x"}"#]);
        assert_eq!(super::super::store::text("k-json-81 pw-j2"), "*** ***");
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
            masked(&[
                "--header",
                "bearer abc",
                "Bearer",
                "t0k",
                "-H",
                "Cookie: a=b"
            ]),
            [
                "--header",
                "bearer ***",
                "Bearer",
                "***",
                "-H",
                "Cookie: ***"
            ]
        );
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
                super::super::store::text(&format!("echo {secret}!")),
                format!("echo {MASK}!"),
                "{secret}"
            );
        }
    }

    /// Pieces the rules look for, and characters of more than one byte: random words of them
    /// reach every branch. (None of them makes a value another test looks for in `text`.)
    const PIECES: [&str; 28] = [
        "token",
        "Key",
        "sig",
        "-p",
        "--",
        "-",
        ":",
        "=",
        "://",
        "@",
        "\"",
        "'",
        "\\\"",
        " ",
        "é",
        "bot",
        "Bearer ",
        "{",
        "}",
        "[",
        "/",
        "?",
        "&",
        "#",
        "123456789:",
        "\n",
        "☃",
        "Z9",
    ];

    fn words() -> impl proptest::strategy::Strategy<Value = Vec<String>> {
        use proptest::prelude::*;
        let word = prop::collection::vec(prop::sample::select(&PIECES[..]), 0..12)
            .prop_map(|pieces| pieces.concat());
        prop::collection::vec(word, 0..6)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        /// Any words made of those pieces: no panic (a cut inside a character, an index past
        /// the end), and the JSON and script passes end.
        #[test]
        fn never_panics(args in words()) {
            let shown = mask_argv(&args);
            let _ = super::super::store::text(&shown.concat());
        }
    }
}
