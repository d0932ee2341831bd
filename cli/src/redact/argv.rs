//! A command line shown word by word ([`show_argv`]): what the previous word makes of the
//! next (after a secret-named flag, `-p`, `-a`, `-w`, `-k` or `-t`, or `Bearer`, the value is
//! hidden whatever its shape; after `-u`, the password of `user:password`), a word with
//! spaces read as a script (`sh -c '...'`) or a header, a JSON argument read as JSON, and
//! any other word as [`show_token`] shows it.

use serde_json::Value;

use super::names::{is_name, names_secret};
use super::shape::{flag_name, hide, plain_token};
use super::store::is_placeholder;
use super::word::{show_header, show_token};

/// Short flags whose value is taken for a secret: `-p` (a password: `mysql -p`, `sshpass
/// -p`), `-a` (`redis-cli -a`), `-w` (`ldapsearch -w`), `-k` (a key), `-t` (a token). A port
/// or a mode after one of them is hidden too: the doubt goes to hiding.
const SECRET_SHORT: [&str; 5] = ["-p", "-a", "-w", "-k", "-t"];

/// How deep scripts and JSON inside an argument are read; deeper, a word is shown only
/// when plain.
const MAX_DEPTH: usize = 4;

/// A command line as shown: each value not recognisably plain hidden (and learned).
pub fn show_argv(args: &[String]) -> Vec<String> {
    let mut flags = Flags::default();
    args.iter().map(|arg| flags.next(arg, 0)).collect()
}

/// One word as shown, whatever is in it: a JSON argument key by key, a header, a script
/// word by word, else [`show_token`].
pub fn show_word(word: &str, depth: usize) -> String {
    if is_placeholder(word) {
        return word.to_owned();
    }
    if depth >= MAX_DEPTH {
        return if plain_token(word) {
            word.to_owned()
        } else {
            hide(word)
        };
    }
    if let Some(shown) = show_json(word, depth) {
        return shown;
    }
    if word.contains(char::is_whitespace) {
        // `--header=Cookie: a=b`: the flag, then what it is given.
        if let Some((flag, rest)) = word.split_once('=')
            && flag_name(flag)
        {
            return format!("{flag}={}", show_word(rest, depth + 1));
        }
        if let Some(shown) = show_header(word) {
            return shown;
        }
        return show_script(word, depth);
    }
    show_token(word)
}

/// A header as given to `-H` or `--header`: its name shown, its value hidden (`None` when it
/// has no `:`).
fn show_given_header(arg: &str) -> Option<String> {
    if let Some(shown) = show_header(arg) {
        return Some(shown);
    }
    let (name, value) = arg.split_once(':')?;
    (is_name(name) && !value.is_empty()).then(|| format!("{name}:{}", hide(value)))
}

/// What the previous word makes of the next.
enum Expect {
    /// A secret-named flag, a secret short flag, or `Bearer`: the next word is a secret.
    Secret,
    /// `-u` or `--user`: the password of a `user:password`.
    User,
    /// `-H` or `--header`: a header, whose value is never shown.
    Header,
}

#[derive(Default)]
struct Flags {
    expect: Option<Expect>,
}

impl Flags {
    /// `arg` as shown, after the words before it.
    fn next(&mut self, arg: &str, depth: usize) -> String {
        if let Some(expect) = self.expect.take()
            && !is_plain_flag(arg)
            && !is_placeholder(arg)
        {
            match expect {
                Expect::Secret => return hide(arg),
                Expect::User => {
                    if let Some((user, password)) = arg.split_once(':')
                        && !password.is_empty()
                    {
                        let user = if plain_token(user) {
                            user.to_owned()
                        } else {
                            hide(user)
                        };
                        return format!("{user}:{}", hide(password));
                    }
                }
                Expect::Header => {
                    if let Some(shown) = show_given_header(arg) {
                        return shown;
                    }
                }
            }
        }
        // `-pVALUE`, `-p=VALUE` (`-passphrase` and `-token` too, and then the next word is
        // their value).
        if let Some(flag) = SECRET_SHORT
            .iter()
            .find(|f| arg.len() > f.len() && arg.starts_with(**f))
        {
            if names_secret(&arg[1..]) && is_name(&arg[1..]) {
                self.expect = Some(Expect::Secret);
            }
            let value = &arg[flag.len()..];
            let value = value.strip_prefix('=').unwrap_or(value);
            return format!("{}{}", &arg[..arg.len() - value.len()], hide(value));
        }
        let bare = arg.trim_start_matches('-');
        if (arg.starts_with('-') && is_name(bare) && names_secret(bare))
            || arg.eq_ignore_ascii_case("bearer")
            || SECRET_SHORT.contains(&arg)
        {
            self.expect = Some(Expect::Secret);
        } else if arg == "-u" || arg == "--user" {
            self.expect = Some(Expect::User);
        } else if arg == "-H" || arg == "--header" {
            self.expect = Some(Expect::Header);
        }
        show_word(arg, depth)
    }
}

/// A word after a secret-named flag that is a flag of its own, not the secret: `--`, `-v`,
/// or `--` and a lower-case name of letters and `-` (`--debug`, `--read-only=yes`). A
/// secret that starts with `--` is hidden unless it is just such a name (`--abc123` is).
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

/// A word holding spaces (`sh -c 'curl -u me:pw -p x'`, a PEM key) read as a command line
/// of its own, each word as [`Flags`] shows it; a quoted word is one word, and its quotes,
/// white space and a `;` `,` `(` `)` around a word stay.
fn show_script(script: &str, depth: usize) -> String {
    let mut flags = Flags::default();
    let mut out = String::with_capacity(script.len());
    let mut rest = script;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let len = token_len(rest);
        let token = &rest[..len];
        let lead = token.len() - token.trim_start_matches(['"', '\'', '(']).len();
        let inner = &token[lead..];
        let core = inner.trim_end_matches(['"', '\'', ';', ',', ')', '(']);
        out.push_str(&token[..lead]);
        if !core.is_empty() {
            out.push_str(&flags.next(core, depth + 1));
        }
        out.push_str(&inner[core.len()..]);
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

/// The length of the word `text` starts with: to the next white space, or, for a word that
/// opens a quote, to the white space after its closing quote (or the end).
fn token_len(text: &str) -> usize {
    let to_space = |from: usize| {
        text[from..]
            .find(char::is_whitespace)
            .map_or(text.len(), |e| from + e)
    };
    let opened = text.trim_start_matches('(');
    match opened.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let body = text.len() - opened.len() + 1;
            match text[body..].find(q) {
                Some(close) => to_space(body + close + 1),
                None => text.len(),
            }
        }
        _ => to_space(0),
    }
}

/// A JSON argument (`'{"apiKey":"..."}'`) shown key by key: each key when it is a name,
/// everything under a secret-named key hidden, each other string as [`show_word`] shows it;
/// `None` when `word` is not a JSON object or array. Written back compact when something
/// was hidden, else as it was.
fn show_json(word: &str, depth: usize) -> Option<String> {
    if !word.trim_start().starts_with(['{', '[']) {
        return None;
    }
    let original: Value = serde_json::from_str(word).ok()?;
    let mut doc = original.clone();
    show_value(&mut doc, false, depth + 1);
    Some(if doc == original {
        word.to_owned()
    } else {
        doc.to_string()
    })
}

fn show_value(value: &mut Value, secret: bool, depth: usize) {
    match value {
        Value::String(s) if secret => {
            if !s.is_empty() {
                *s = hide(s);
            }
        }
        Value::String(s) => *s = show_word(s, depth),
        Value::Number(_) | Value::Bool(_) if secret => {
            *value = hide(&value.to_string()).into();
        }
        Value::Array(items) => items.iter_mut().for_each(|v| show_value(v, secret, depth)),
        Value::Object(map) => {
            let old = std::mem::take(map);
            for (key, mut v) in old {
                show_value(&mut v, secret || names_secret(&key), depth);
                let key = if is_name(&key) || plain_token(&key) {
                    key
                } else {
                    hide(&key)
                };
                map.insert(key, v);
            }
        }
        Value::Null | Value::Number(_) | Value::Bool(_) => {}
    }
}

#[cfg(test)]
mod tests;
