//! A command line shown word by word ([`show_argv`]): what the previous word and the program
//! make of the next ([`super::position`]: after a secret-named flag, a program's password
//! flag or `Bearer` the value is hidden whatever its shape; after a flag that names an
//! identifier or a file's path it is shown when it is one; after `-u` or `--proxy-user`, the
//! password of `user:password` is hidden), a word with spaces read as a script (`sh -c
//! '...'`) or a header, a JSON argument read as JSON, and any other word as [`show_token`]
//! shows it.

use serde_json::Value;

use super::names::{is_name, names_secret, secret_key};
use super::position::{
    self, Short, attached, connect_string, digest, names_identifier, names_path, plain_after_short,
    plain_identifier, reads_connect_strings, short_flag, single_dash_name,
};
use super::shape::{flag_name, hide, plain_token};
use super::store::is_placeholder;
use super::url::show_url;
use super::word::{anchored_path, show_header, show_token};

/// How deep scripts and JSON inside an argument are read; deeper, a word is shown only
/// when plain.
const MAX_DEPTH: usize = 4;

/// A command line as shown: each value not recognisably plain hidden (and learned).
pub fn show_argv(args: &[String]) -> Vec<String> {
    let mut flags = Flags::at_program();
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
        // `--header=Cookie: a=b`: the flag, then what it is given; all of it where the flag
        // says secret (`--seed-phrase=legal winner ...`).
        if let Some((flag, rest)) = word.split_once('=')
            && flag_name(flag)
        {
            if names_secret(flag) {
                return format!("{flag}={}", hide(rest));
            }
            return format!("{flag}={}", show_word(rest, depth + 1));
        }
        if anchored_path(word) && !word.contains(['\n', '\r', '\'', '"']) {
            // `C:\Program Files\nodejs\node.exe`: a path with a space is one path.
            return show_token(word);
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
#[derive(Clone, Copy)]
enum Expect {
    /// A secret-named flag or word, a program's password flag, or `Bearer`: the next word
    /// is a secret.
    Secret,
    /// A short flag that is a password's in some programs: the next word is shown only when
    /// its kind is plain ([`plain_after_short`]).
    Doubtful,
    /// `-u`, `--user`, `--proxy-user`, `--basic`: the password of a `user:password`.
    User,
    /// `-H` or `--header`: a header, whose value is never shown.
    Header,
    /// A header's name given as a word of its own: the next word is its value.
    HeaderValue,
    /// A flag that names an identifier (`--host`, `--model`, `--workspace-id`).
    Identifier,
    /// A flag that names a file's path (`--key-file`): a path is shown, anything else is
    /// hidden when the name also says secret.
    Path { secret: bool },
}

/// What the flag `name` makes of its value in `program`, if anything.
fn after_flag(name: &str, program: Option<&str>) -> Option<Expect> {
    if let Some(kind) = short_flag(program, name) {
        return Some(match kind {
            Short::Secret => Expect::Secret,
            Short::Doubtful => Expect::Doubtful,
        });
    }
    if name.eq_ignore_ascii_case("bearer") {
        return Some(Expect::Secret);
    }
    if !name.starts_with('-') {
        return None;
    }
    let bare = name.trim_start_matches('-');
    match bare {
        "u" | "user" | "proxy-user" | "basic" => return Some(Expect::User),
        "H" | "header" => return Some(Expect::Header),
        _ => {}
    }
    if !secret_key(bare) && !is_name(bare) {
        return None;
    }
    if names_path(bare) {
        return Some(Expect::Path {
            secret: names_secret(bare),
        });
    }
    if names_secret(bare) {
        return Some(Expect::Secret);
    }
    names_identifier(bare).then_some(Expect::Identifier)
}

/// `value` as shown after a flag that `expect`s it; `None` where the flag's position says
/// nothing of it (shown as any word is).
fn shown_after(expect: Expect, value: &str) -> Option<String> {
    match expect {
        Expect::Secret | Expect::HeaderValue => Some(hide(value)),
        // A URL is shown part by part (its password hidden) whatever stands before it.
        _ if show_url(value).is_some() && !matches!(expect, Expect::Path { .. }) => {
            (!matches!(expect, Expect::User | Expect::Header)).then(|| show_token(value))
        }
        Expect::Doubtful => Some(if plain_after_short(value) {
            value.to_owned()
        } else {
            hide(value)
        }),
        Expect::User => {
            let (user, password) = value.split_once(':')?;
            let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if password.is_empty() || number(user) && number(password) {
                // `-u 1000:1000`: a user and group id (`docker -u`), not a password.
                return None;
            }
            let user = if plain_token(user) {
                user.to_owned()
            } else {
                hide(user)
            };
            Some(format!("{user}:{}", hide(password)))
        }
        Expect::Header => show_given_header(value),
        Expect::Identifier => (plain_identifier(value) || digest(value)).then(|| value.to_owned()),
        Expect::Path { secret } => {
            if anchored_path(value) {
                Some(show_token(value))
            } else {
                secret.then(|| hide(value))
            }
        }
    }
}

#[derive(Default)]
struct Flags {
    expect: Option<Expect>,
    /// The program this command runs, once its first word is read.
    program: Option<String>,
    /// Whether the next word names the program: the first word, and the first after a
    /// shell's `|`, `&&`, `||` or `;`.
    at_program: bool,
    /// A secret is given on standard input (`--password-stdin`): what `echo` and `printf`
    /// write, and a here-document, are that secret.
    stdin_secret: bool,
    /// Inside a here-document of a [`stdin_secret`](Self::stdin_secret) script: the word
    /// that ends it.
    heredoc: Option<String>,
}

impl Flags {
    fn at_program() -> Self {
        Self {
            at_program: true,
            ..Self::default()
        }
    }

    /// `arg` as shown, after the words before it.
    fn next(&mut self, arg: &str, depth: usize) -> String {
        if let Some(end) = &self.heredoc {
            if arg == end {
                self.heredoc = None;
                return arg.to_owned();
            }
            return hide(arg);
        }
        if let Some(expect) = self.expect.take()
            && !is_plain_flag(arg)
            && !is_placeholder(arg)
        {
            if matches!(expect, Expect::Secret) && (arg == "=" || arg == ":") {
                // `password = x`: an INI or netrc line read as words.
                self.expect = Some(expect);
                return arg.to_owned();
            }
            if matches!(expect, Expect::Header) && is_name(arg) {
                self.expect = Some(Expect::HeaderValue);
                return arg.to_owned();
            }
            if let Some(shown) = shown_after(expect, arg) {
                return shown;
            }
        }
        if matches!(arg, "|" | "||" | "&&" | ";" | "&") {
            self.at_program = true;
            self.program = None;
            return arg.to_owned();
        }
        let program = self.program.clone();
        let program = program.as_deref();
        if self.at_program && !arg.starts_with('-') && !arg.contains('=') {
            self.at_program = false;
            self.program = Some(position::program(arg));
        } else if self.stdin_secret && matches!(program, Some("echo" | "printf")) {
            return hide(arg);
        }
        if self.stdin_secret && arg.starts_with("<<") {
            let end = arg.trim_start_matches(['<', '-']).trim_matches(['\'', '"']);
            if !end.is_empty() {
                self.heredoc = Some(end.to_owned());
            }
            return arg.to_owned();
        }
        if reads_connect_strings(program)
            && let Some((user, password, rest)) = connect_string(arg)
        {
            let host = rest
                .strip_prefix('@')
                .map(|h| format!("@{}", show_token(h)));
            return format!(
                "{}/{}{}",
                show_token(user),
                hide(password),
                host.unwrap_or_default()
            );
        }
        if let Some((flag, value)) = attached(arg) {
            let kind = short_flag(program, flag);
            if kind == Some(Short::Secret) || !single_dash_name(arg) {
                // `-pVALUE`, `-p=VALUE` (and a program's `-passphrase`, whose next word is
                // then its value).
                if names_secret(&arg[1..]) && is_name(&arg[1..]) {
                    self.expect = Some(Expect::Secret);
                }
                let shown = if kind == Some(Short::Doubtful) && plain_after_short(value) {
                    value.to_owned()
                } else {
                    hide(value)
                };
                return format!("{}{shown}", &arg[..arg.len() - value.len()]);
            }
        }
        // `--flag=value`, where the flag's position says what the value is.
        if arg.starts_with('-')
            && let Some((flag, value)) = arg.split_once('=')
            && let Some(expect) = after_flag(flag, program)
            && !matches!(expect, Expect::Secret | Expect::Doubtful)
            && let Some(shown) = shown_after(expect, value)
        {
            return format!("{flag}={shown}");
        }
        self.expect = after_flag(arg, program).or_else(|| {
            // A secret's name as a word of a script or a line (`password x`, `password = x`
            // in a netrc or INI line given as one argument).
            (depth > 0 && secret_key(arg)).then_some(Expect::Secret)
        });
        if self.expect.is_some() && arg.starts_with('-') && secret_key(arg.trim_start_matches('-'))
        {
            // A flag's name, in any language (`--contraseña`): shown as it is.
            return arg.to_owned();
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
    let mut flags = Flags::at_program();
    flags.stdin_secret = script.split_whitespace().any(|word| {
        let name = word.trim_start_matches('-');
        word.starts_with("--") && name.ends_with("-stdin") && names_secret(name)
    });
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
        Value::Array(items) => {
            // `["Authorization", "Token x"]`: a secret's name makes the next item its value.
            let mut named = false;
            for item in items {
                show_value(item, secret || named, depth);
                named = item.as_str().is_some_and(secret_key);
            }
        }
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
