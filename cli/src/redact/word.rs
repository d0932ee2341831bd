//! One word of a command line, with no white space in it (or a header written as one), as
//! it may be shown: whole when its shape is plain, part by part when it is a URL, a path,
//! `name=value` or a list of those joined by `;`, else hidden.

use super::names::{is_name, names_secret};
use super::position::digest;
use super::shape::{flag_name, hide, learn_hidden, plain_token};
use super::store::is_placeholder;
use super::url::show_url;

/// Longest shell operator shown (`&&`, `2>&1`): longer runs of punctuation may be a password.
const MAX_OPERATOR: usize = 4;

/// `token` (no white space) as shown; each hidden part learned.
#[must_use]
pub fn show_token(token: &str) -> String {
    if token.is_empty() || is_placeholder(token) {
        return token.to_owned();
    }
    if shell_operator(token) || shell_variable(token) {
        return token.to_owned();
    }
    // `Server=h;Password=x;`: a connection string, pair by pair.
    if token.contains(';') && token.contains('=') {
        return token
            .split(';')
            .map(show_token)
            .collect::<Vec<_>>()
            .join(";");
    }
    // `https://a.example,https://b.example`: a list of URLs, each shown as one.
    if token.contains(',') && token.contains("://") {
        return token
            .split(',')
            .map(show_token)
            .collect::<Vec<_>>()
            .join(",");
    }
    if let Some(shown) = show_url(token) {
        return shown;
    }
    // `/password:x`, `/Pwd=x`: a Windows program's flag, not a path.
    if let Some(flag) = token.strip_prefix('/')
        && let Some(at) = flag.find([':', '='])
        && is_name(&flag[..at])
        && names_secret(&flag[..at])
    {
        return format!("/{}{}", &flag[..=at], hide(&flag[at + 1..]));
    }
    // `db[password]=x`: a key with its parts in brackets.
    if let Some((name, value)) = token.split_once('=')
        && is_name(&name.trim_start_matches('-').replace(['[', ']'], "."))
    {
        let value = if value.is_empty() {
            String::new()
        } else if names_secret(name) {
            hide(value)
        } else {
            show_token(value)
        };
        return format!("{name}={value}");
    }
    // `api_key:value`, `X-Api-Key:value`.
    if let Some((name, value)) = token.split_once(':')
        && is_name(name)
        && names_secret(name)
        && !value.is_empty()
    {
        return format!("{name}:{}", hide(value));
    }
    // `mcp/fetch@sha256:4b1f...`, `pkg@3f9c2e1`: a pin names what is fetched, by its digest.
    if let Some((name, pin)) = token.rsplit_once('@')
        && digest(pin)
        && !name.is_empty()
    {
        return format!("{}@{pin}", show_token(name));
    }
    if anchored_path(token) {
        return show_path(token);
    }
    if flag_name(token) || plain_token(token) {
        return token.to_owned();
    }
    hide(token)
}

/// A shell's operator or redirection (`&&`, `|`, `2>&1`, `>/dev/null` is a path): a few
/// punctuation characters and digits, no letters.
fn shell_operator(token: &str) -> bool {
    token.len() <= MAX_OPERATOR
        && token.chars().any(|c| c.is_ascii_punctuation())
        && token
            .chars()
            .all(|c| "<>&|;()!".contains(c) || c.is_ascii_digit())
}

/// A reference to a shell variable or argument, quoted or not (`$HOME`, `"${TOKEN}"`,
/// `"$@"`): a name, not its value (which, given in `env`, is learned as such).
fn shell_variable(token: &str) -> bool {
    let t = token.trim_matches('"');
    let Some(name) = t.strip_prefix('$') else {
        return false;
    };
    let name = name
        .strip_prefix('{')
        .and_then(|n| n.strip_suffix('}'))
        .unwrap_or(name);
    name == "@" || name == "*" || (!name.is_empty() && is_name(name))
}

/// A path that says it is one from its start: `/`, `./`, `../`, `~`, `\\`, `C:\`, `C:/`.
pub fn anchored_path(token: &str) -> bool {
    let b = token.as_bytes();
    token.starts_with(['/', '~'])
        || token.starts_with("./")
        || token.starts_with("../")
        || token.starts_with(".\\")
        || token.starts_with("\\\\")
        || (b.len() >= 3
            && b[0].is_ascii_alphabetic()
            && b[1] == b':'
            && (b[2] == b'\\' || b[2] == b'/'))
}

/// A path segment by segment: each plain one shown, each other hidden (`/run/<hidden>/x`).
fn show_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut segment = String::new();
    let flush = |segment: &mut String, out: &mut String| {
        let s = std::mem::take(segment);
        if s.is_empty()
            || s == "~"
            || s.chars().all(|c| c == '.')
            || plain_token(&s)
            || is_drive(&s)
            // `Program Files`: words with a space between.
            || (s.contains(' ') && s.split(' ').all(plain_token))
        {
            out.push_str(&s);
        } else {
            out.push_str(&hide(&s));
        }
    };
    for c in path.chars() {
        if c == '/' || c == '\\' {
            flush(&mut segment, &mut out);
            out.push(c);
        } else {
            segment.push(c);
        }
    }
    flush(&mut segment, &mut out);
    out
}

/// `C:`, a Windows drive.
fn is_drive(segment: &str) -> bool {
    let b = segment.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// A header written as one word with spaces (`Authorization: Bearer abc`, `Cookie: a=b`),
/// on one line: its name, and an auth scheme, shown; its value hidden (a header's value is
/// never shown). `None` when `word` is not a header.
#[must_use]
pub fn show_header(word: &str) -> Option<String> {
    let colon = word.find(':')?;
    let name = word[..colon].trim_start();
    let after = &word[colon + 1..];
    if !is_name(name) || after.starts_with("//") || word.contains(['\n', '\r']) {
        return None;
    }
    let value = after.trim();
    if value.is_empty() {
        return None;
    }
    let value_start = colon + 1 + (after.len() - after.trim_start().len());
    learn_hidden(value);
    let (scheme, secret) = match value.split_once(' ') {
        Some((scheme, rest))
            if scheme.len() <= 12
                && scheme.chars().all(|c| c.is_ascii_alphabetic())
                && !rest.trim().is_empty() =>
        {
            (format!("{scheme} "), rest.trim())
        }
        _ => (String::new(), value),
    };
    Some(format!("{}{scheme}{}", &word[..value_start], hide(secret)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        for (token, shown) in [
            ("--port", "--port"),
            ("--token=abc", "--token=<hidden, 3 chars>"),
            ("--name=plain-name", "--name=plain-name"),
            ("DB_PASSWORD=mangotree", "DB_PASSWORD=<hidden, 9 chars>"),
            ("api_key:plainword", "api_key:<hidden, 9 chars>"),
            ("/usr/local/bin/server", "/usr/local/bin/server"),
            ("~/.config/app.json", "~/.config/app.json"),
            ("C:\\Users\\me\\AppData", "C:\\Users\\me\\AppData"),
            ("/run/Xk9mP2vLq7Zr/key", "/run/<hidden, 12 chars>/key"),
            ("@scope/pkg@1.2.3", "@scope/pkg@1.2.3"),
            (
                "Server=tcp:sql.example,1433;Password=P4ss-x;",
                "Server=tcp:sql.example,1433;Password=<hidden, 6 chars>;",
            ),
            ("&&", "&&"),
            ("2>&1", "2>&1"),
            ("\"$@\"", "\"$@\""),
            ("${API_TOKEN}", "${API_TOKEN}"),
            ("Xk9#mP2$vL", "<hidden, 10 chars>"),
        ] {
            assert_eq!(show_token(token), shown, "{token}");
        }
    }

    #[test]
    fn headers() {
        assert_eq!(
            show_header("Authorization: Bearer tok9").as_deref(),
            Some("Authorization: Bearer <hidden, 4 chars>")
        );
        assert_eq!(
            show_header("Cookie: a=b; sid=xyz").as_deref(),
            Some("Cookie: <hidden, 12 chars>")
        );
        assert_eq!(
            show_header("Content-Type: text/plain").as_deref(),
            Some("Content-Type: <hidden, 10 chars>")
        );
        assert!(show_header("see https://h/x y").is_none());
    }
}
