//! The secrets inside one word of a command line (or one string of a JSON argument): a
//! secret-named header's value, a URL's, what follows `Bearer`, a secret-named `name=value`
//! or `"name": "value"`, and a word that looks like a credential.

use super::names::{is_name, is_name_char, looks_like_credential, names_secret};
use super::store::{MASK, learn};
use super::url::{mask_paths, mask_userinfo};

/// `word` with every secret inside it masked (and learned).
pub fn mask_inside(word: &str) -> String {
    if word != MASK && looks_like_credential(word) {
        learn(word, false);
        return MASK.to_owned();
    }
    let word = mask_headers(word);
    let word = mask_userinfo(&word);
    let word = mask_paths(&word);
    let word = mask_after_bearer(&word);
    let word = mask_quoted_pairs(&word);
    mask_pairs(&word)
}

/// Where the name ending at byte `end` of `word` starts, if it is a name (of
/// [`is_name_char`]s) that stands on its own: at the start of the word, or after a space,
/// a quote, `=` or `(`.
fn name_before(word: &str, end: usize) -> Option<usize> {
    let head = &word[..end];
    let start = head.rfind(|c: char| !is_name_char(c)).map_or(0, |i| {
        i + head[i..].chars().next().map_or(1, char::len_utf8)
    });
    let alone = head[..start]
        .chars()
        .next_back()
        .is_none_or(|c| c.is_whitespace() || "\"'=(".contains(c));
    (start < end && alone).then_some(start)
}

/// Each secret-named header in `word`, wherever it starts (`Authorization: Basic abc` ->
/// `Authorization: Basic ***`, `--header=Cookie: a=b; c=d` -> `--header=Cookie: ***`,
/// `X-Api-Key: abc` -> `X-Api-Key: ***`): its value runs to the end of the word or of the
/// line, or to the closing quote when the header is quoted (`-H 'Cookie: a=b' url`). The
/// scheme of an `Authorization` value stays.
fn mask_headers(word: &str) -> String {
    let mut out = String::new();
    let mut done = 0;
    let mut from = 0;
    while let Some(colon) = word[from..].find(':').map(|c| from + c) {
        from = colon + 1;
        let Some(start) = name_before(word, colon) else {
            continue;
        };
        if !names_secret(&word[start..colon]) {
            continue;
        }
        let value_start = colon
            + 1
            + word[colon + 1..]
                .find(|c: char| c != ' ' && c != '\t')
                .unwrap_or(word.len() - colon - 1);
        let quote = word[..start]
            .chars()
            .next_back()
            .filter(|c| *c == '"' || *c == '\'');
        let value_end = word[value_start..]
            .find(|c: char| c == '\n' || c == '\r' || Some(c) == quote)
            .map_or(word.len(), |e| value_start + e);
        let value = word[value_start..value_end].trim_end();
        if value.is_empty() || value.starts_with(MASK) || word[colon + 1..].starts_with("//") {
            continue;
        }
        let (scheme, secret) = match value.split_once(' ') {
            Some((scheme, rest))
                if is_name(scheme)
                    && scheme.chars().any(|c| c.is_ascii_alphabetic())
                    && !rest.trim().is_empty() =>
            {
                (format!("{scheme} "), rest.trim())
            }
            _ => (String::new(), value),
        };
        learn(value, false);
        learn(secret, false);
        out.push_str(&word[done..value_start]);
        out.push_str(&scheme);
        out.push_str(MASK);
        done = value_start + value.len();
        from = done;
    }
    out.push_str(&word[done..]);
    out
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
    if end == 0 || tail[..end] == *MASK {
        return word.to_owned();
    }
    learn(&tail[..end], false);
    format!("{}{MASK}{}", &word[..start], &tail[end..])
}

/// `"apiKey": "abc"` -> `"apiKey": "***"` inside a word: a secret-named key in quotes (`"`,
/// `'`, or escaped `\"` as in JSON inside a JSON string), then `:`, then its value, quoted
/// or bare (a number, `true`), even when the whole is not valid JSON.
fn mask_quoted_pairs(word: &str) -> String {
    let mut out = String::new();
    let mut done = 0;
    let mut from = 0;
    while let Some(colon) = word[from..].find(':').map(|c| from + c) {
        from = colon + 1;
        let head = word[..colon].trim_end();
        let Some(q) = head.chars().next_back().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        let escaped = head[..head.len() - 1].ends_with('\\');
        let close = if escaped {
            head.len() - 2
        } else {
            head.len() - 1
        };
        let token = if escaped {
            format!("\\{q}")
        } else {
            q.to_string()
        };
        let Some(open) = word[..close].rfind(token.as_str()) else {
            continue;
        };
        if !names_secret(&word[open + token.len()..close])
            || !is_name(&word[open + token.len()..close])
        {
            continue;
        }
        let rest = &word[colon + 1..];
        let value_start = colon + 1 + (rest.len() - rest.trim_start().len());
        let value = &word[value_start..];
        let quoted = ["\\\"", "\"", "'"]
            .into_iter()
            .find(|t| value.starts_with(t));
        let (start, end) = if let Some(token) = quoted {
            let Some(end) = value[token.len()..].find(token) else {
                continue;
            };
            (value_start + token.len(), value_start + token.len() + end)
        } else if value.starts_with(['{', '[', '\\']) {
            continue;
        } else {
            let end = value
                .find(|c: char| c.is_whitespace() || ",}]\"'\\".contains(c))
                .unwrap_or(value.len());
            (value_start, value_start + end)
        };
        if start == end || word[start..end] == *MASK {
            continue;
        }
        learn(&word[start..end], false);
        out.push_str(&word[done..start]);
        out.push_str(MASK);
        done = end;
        from = end;
    }
    out.push_str(&word[done..]);
    out
}

/// `...?api_key=abc&page=2` -> `...?api_key=***&page=2`: each `name=value` inside a word
/// whose name says secret (`sig=`, `X-Amz-Signature=`, `token=`) or whose value looks like
/// a credential.
fn mask_pairs(word: &str) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(eq) = rest.find('=') {
        let (head, tail) = (&rest[..eq], &rest[eq + 1..]);
        let name_start = head
            .char_indices()
            .rfind(|(_, c)| !is_name_char(*c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        // A URL's query parameter runs to the next `&` or `#` (`,`, `;` and `'` are data
        // there); elsewhere a value also ends at punctuation that closes it in prose.
        let query = head[..name_start].ends_with(['?', '&']);
        let ends: &str = if query { "&#\"`" } else { "&#;,\"'" };
        let end = tail
            .find(|c: char| c.is_whitespace() || ends.contains(c))
            .unwrap_or(tail.len());
        out.push_str(head);
        out.push('=');
        let value = &tail[..end];
        if end > 0
            && value != MASK
            && (names_secret(&head[name_start..]) || looks_like_credential(value))
        {
            learn(value, false);
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

    #[test]
    fn headers_anywhere_in_a_word() {
        for (word, shown) in [
            (
                "Authorization: Basic dXNlcjpwYXNz",
                "Authorization: Basic ***",
            ),
            ("Cookie: a=b; sid=xyz", "Cookie: ***"),
            ("Set-Cookie: sid=xyz; Path=/", "Set-Cookie: ***"),
            ("--header=Cookie: a=b", "--header=Cookie: ***"),
            (
                "Proxy-Authorization: Basic Zm9vOmJhcg==",
                "Proxy-Authorization: Basic ***",
            ),
            (
                "curl -H 'Cookie: s=1' -H \"X-Api-Key: k9\" https://h",
                "curl -H 'Cookie: ***' -H \"X-Api-Key: ***\" https://h",
            ),
            ("https://token:pw@h/x", "https://token:***@h/x"),
            ("Content-Type: text/plain", "Content-Type: text/plain"),
        ] {
            assert_eq!(mask_inside(word), shown, "{word}");
        }
    }

    #[test]
    fn json_like_pairs() {
        for (word, shown) in [
            (r#"{"apiKey":"k-1234"}"#, r#"{"apiKey":"***"}"#),
            (
                r#"{"db": {"password": 'pw' , "port": 5}}"#,
                r#"{"db": {"password": '***' , "port": 5}}"#,
            ),
            (r#"{\"token\":\"t-99\"}"#, r#"{\"token\":\"***\"}"#),
            (
                r#"{"secret": 12345, "name": "x"}"#,
                r#"{"secret": ***, "name": "x"}"#,
            ),
            (r#"{"name":"key"}"#, r#"{"name":"key"}"#),
        ] {
            assert_eq!(mask_inside(word), shown, "{word}");
        }
    }

    #[test]
    fn signed_urls() {
        assert_eq!(
            mask_inside("https://b.blob.core.windows.net/c/f?sv=2022&sp=r&sig=abc%2Bdef"),
            "https://b.blob.core.windows.net/c/f?sv=2022&sp=r&sig=***"
        );
        // In a query, `,`, `;` and `'` are part of the value.
        assert_eq!(
            mask_inside("http://h/mcp?token=AAAA,BBBB&api_key=CCCC;DDDD'E&page=2"),
            "http://h/mcp?token=***&api_key=***&page=2"
        );
        assert_eq!(
            mask_inside(
                "https://s3/x?X-Amz-Credential=AK%2F1&X-Amz-Signature=fe12&X-Amz-Expires=60"
            ),
            "https://s3/x?X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Expires=60"
        );
        assert_eq!(
            mask_inside("https://g/x?X-Goog-Signature=0a1b&signature=zz99&token=t123&page=2"),
            "https://g/x?X-Goog-Signature=***&signature=***&token=***&page=2"
        );
    }
}
