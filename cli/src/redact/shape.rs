//! What is recognisably not a secret, by its shape alone: a plain word, a number, a flag's
//! name, a host, and words of those joined by punctuation (a package spec, an image, an
//! e-mail address, `host:port`). Everything else is hidden ([`hide`]), and a server's key is
//! learned as a secret when a run of it has a credential's shape ([`key_holds_credential`]).

use super::names::looks_like_credential;
use super::store::{self, placeholder};

/// Longest word of lower-case letters shown: longer ones are as likely a token as a name.
const MAX_LETTERS: usize = 20;
/// Longest run of digits shown (a port, a date, a version, a count; not a card number).
const MAX_DIGITS: usize = 10;
/// Longest word of joined parts shown, and most parts in it.
const MAX_WORD: usize = 64;
const MAX_PARTS: usize = 8;

/// `value` as a placeholder of its length, learned so that it is masked wherever else it
/// appears: as a secret (in part too), or, when it has a plain shape and is hidden only by
/// where it stands (after `--password`), as a plain value (whole only, so that `8080` or a
/// word does not blank the report). After a `:` (`id:secret`, `user:password`), the rest is
/// learned on its own too: a server may echo it alone.
#[must_use]
pub fn hide(value: &str) -> String {
    learn_hidden(value);
    if let Some((_, rest)) = value.split_once(':') {
        learn_hidden(rest);
    }
    placeholder(value.chars().count())
}

/// [`hide`]'s learning (a header's value's too): a secret in part too when a run of its letters and digits is not a
/// plain word (a key: `S3crAAAa02`), else whole only (a value of plain shape, or a piece of
/// a script made of plain words, whose parts are everyday words that a report also holds);
/// and not a port or a count (5 digits at most), which would blank every port in the report.
pub fn learn_hidden(value: &str) {
    if keylike(value) {
        store::learn(value, false);
    } else if value.len() > 5 || !value.bytes().all(|b| b.is_ascii_digit()) {
        store::learn_whole(value);
    }
}

/// Whether a run of `value`'s ASCII letters and digits is not a plain word ([`plain_word`]):
/// a key (`S3crAAAa02`, `ghp_...`), not a name (`github`, `my-server`, `サーバー`).
#[must_use]
pub fn keylike(value: &str) -> bool {
    value
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|run| !run.is_empty() && !plain_word(run))
}

/// Whether a server's `key` (its name, shown everywhere) holds a credential pasted into it:
/// a word of it that [`looks_like_credential`], or a run of 12 letters and digits or more
/// mixing both, of 8 different characters or more, that is not a [`plain_word`]. The names
/// people give servers (`github`, `my-server`, `context7`, a long made-up
/// `shared-prefix-kkkk...`) stay shown.
#[must_use]
pub fn key_holds_credential(key: &str) -> bool {
    let random = |run: &str| {
        let distinct: std::collections::BTreeSet<char> = run.chars().collect();
        run.len() >= 12
            && run.chars().any(|c| c.is_ascii_digit())
            && run.chars().any(|c| c.is_ascii_alphabetic())
            && distinct.len() >= 8
            && !plain_word(run)
    };
    key.split_whitespace().any(looks_like_credential)
        || key.split(|c: char| !c.is_ascii_alphanumeric()).any(random)
}

/// Whether a lower-case word reads as a word, not as random letters: no more than 5
/// consonants in a row (`passphrase` has 5) and, in a long word, one letter in 5 or more a vowel (`y` counts).
/// Words under 6 letters pass (`npm`, `ssh`): too short to be a key.
fn pronounceable(word: &str) -> bool {
    let n = word.len();
    if n < 6 {
        return true;
    }
    let vowel = |c: u8| b"aeiouy".contains(&c.to_ascii_lowercase());
    let mut run = 0;
    let mut vowels = 0;
    for c in word.bytes() {
        if vowel(c) {
            run = 0;
            vowels += 1;
        } else {
            run += 1;
            if run > 5 {
                return false;
            }
        }
    }
    // A long word of `a`-`f` only is a hex blob.
    let hex = n >= 12 && word.bytes().all(|c| c.is_ascii_hexdigit());
    !hex && (n < 10 || vowels * 5 >= n)
}

/// One part of a word (between `.`, `-` and `_`): lower-case letters (a word), digits, a
/// capitalised or upper-case word, camelCase humps of those, letters and a few digits
/// (`utf8`, `es2020`, `cluster0`), or a few digits and letters (`10s`, `512m`, `4o`, `8B`).
fn plain_part(part: &str) -> bool {
    let b = part.as_bytes();
    if b.is_empty() {
        return true;
    }
    if b.iter().all(u8::is_ascii_digit) {
        return b.len() <= MAX_DIGITS;
    }
    if !b.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    let letters_end = b.iter().position(u8::is_ascii_digit).unwrap_or(b.len());
    let (letters, digits) = part.split_at(letters_end);
    if !digits.is_empty() {
        // `utf8`, `sha256`, `v2`: letters then digits.
        if digits.bytes().all(|c| c.is_ascii_digit()) {
            return digits.len() <= 4 && letters.len() <= 8 && plain_letters(letters);
        }
        // `10s`, `4o`: digits then letters.
        let digits_end = b
            .iter()
            .position(|c| !c.is_ascii_digit())
            .unwrap_or(b.len());
        let (digits, letters) = part.split_at(digits_end);
        return !digits.is_empty()
            && digits.len() <= 6
            && letters.len() <= 3
            && (letters.bytes().all(|c| c.is_ascii_lowercase())
                || letters.bytes().all(|c| c.is_ascii_uppercase()));
    }
    plain_letters(letters)
}

/// Letters only: a lower-case, capitalised or upper-case word, or up to 4 camelCase humps
/// of such words (`AppData`, `maxTokens`), each of 3 letters or more but the first (`AbCd`
/// is random).
fn plain_letters(letters: &str) -> bool {
    let b = letters.as_bytes();
    if b.len() > MAX_LETTERS {
        return false;
    }
    let mut humps = Vec::new();
    let mut start = 0;
    for i in 1..b.len() {
        if b[i].is_ascii_uppercase() && b[i - 1].is_ascii_lowercase() {
            humps.push(&letters[start..i]);
            start = i;
        }
    }
    humps.push(&letters[start..]);
    if humps.len() > 4 {
        return false;
    }
    humps.iter().enumerate().all(|(i, hump)| {
        let h = hump.as_bytes();
        let upper = h.iter().all(u8::is_ascii_uppercase);
        let shaped = h.iter().all(u8::is_ascii_lowercase)
            || (h[0].is_ascii_uppercase() && h[1..].iter().all(u8::is_ascii_lowercase))
            || (upper && h.len() <= 8 && humps.len() == 1);
        let long_enough = i == 0 || h.len() >= 3;
        shaped && long_enough && (h.len() < 2 || pronounceable(hump) || upper && h.len() <= 5)
    })
}

/// A plain word: parts ([`plain_part`]) joined by `.`, `-` or `_`, 64 characters at most,
/// with 8 parts at most, and not a credential by its look (`AKIA...`, `ghp_...`).
#[must_use]
pub fn plain_word(word: &str) -> bool {
    !word.is_empty()
        && word.len() <= MAX_WORD
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
        && word
            .split(['.', '-', '_'])
            .filter(|p| !p.is_empty())
            .count()
            <= MAX_PARTS
        && word.split(['.', '-', '_']).all(plain_part)
        && !looks_like_credential(word)
}

/// Characters that join plain words into a name a reader recognises: a package spec
/// (`@scope/pkg@1.2.3`, `pkg==1.0`, `pkg[extra]>=2`), an image (`ghcr.io/org/img:tag`), an
/// e-mail address or ssh remote (`git@github.com:org/repo.git`), `host:port`, a path
/// written without `./`, an LDAP name (`cn=admin,dc=example`).
const JOINERS: &[char] = &[
    '/', '\\', ':', '@', ',', '+', '~', '^', '=', '<', '>', '!', '[', ']', '*',
];

/// Whether `token` (one word, no white space) is shown whole: a plain word, a flag's name,
/// a date or time (`2027-03-01T00:00:00Z`), or plain words joined by [`JOINERS`].
#[must_use]
pub fn plain_token(token: &str) -> bool {
    if token.is_empty() || token.chars().any(char::is_whitespace) || token.len() > 4 * MAX_WORD {
        return false;
    }
    if timestamp(token) {
        return true;
    }
    let words: Vec<&str> = token.split(JOINERS).collect();
    words.len() <= 4 * MAX_PARTS
        && words.iter().any(|w| !w.is_empty())
        && words.iter().all(|w| w.is_empty() || plain_word(w))
}

/// An RFC 3339 date or time: digits in the places of `2027-03-01T00:00:00.5+01:00` (the
/// time, its fraction and its offset optional).
fn timestamp(token: &str) -> bool {
    let shape = |text: &str, pattern: &str| {
        text.len() == pattern.len()
            && text.bytes().zip(pattern.bytes()).all(|(c, p)| {
                if p == b'9' {
                    c.is_ascii_digit()
                } else {
                    c == p
                }
            })
    };
    let (date, time) = match token.split_once(['T', 't']) {
        Some((date, time)) => (date, Some(time)),
        None => (token, None),
    };
    if !shape(date, "9999-99-99") {
        return false;
    }
    let Some(time) = time else {
        return true;
    };
    let (clock, zone) = time.split_at(time.find(['Z', 'z', '+', '-']).unwrap_or(time.len()));
    let clock = clock.split_once('.').map_or(clock, |(whole, fraction)| {
        if !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit()) {
            whole
        } else {
            "x"
        }
    });
    (shape(clock, "99:99:99") || shape(clock, "99:99"))
        && (zone.is_empty()
            || zone.eq_ignore_ascii_case("z")
            || shape(&zone[1..], "99:99")
            || shape(&zone[1..], "9999"))
}

/// A host as a URL names it: labels of letters, digits and `-` (an IP address too), or an
/// IPv6 address in brackets; none of them a credential by its look.
#[must_use]
pub fn plain_host(host: &str) -> bool {
    if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return !v6.is_empty()
            && v6
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
    }
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !looks_like_credential(label)
        })
}

/// A flag's name: `-x`, or one or two `-` and a plain word (`--maxTokens`) or a name of
/// lower-case letters and `-` (`--read-only`, `--passphrase`).
#[must_use]
pub fn flag_name(arg: &str) -> bool {
    let name = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
    name.is_some_and(|n| {
        n.starts_with(char::is_alphabetic)
            && (plain_word(n) || n.chars().all(|c| c.is_lowercase() || c == '-'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server's key is hidden only when it holds a credential: the names people give
    /// servers stay readable.
    #[test]
    fn a_server_key_holds_a_credential_only_when_it_holds_a_token() {
        for name in [
            "github",
            "my-server",
            "brave_search",
            "context7",
            "server1",
            "MCP_DOCKER",
            "Playwright MCP",
            "サーバー",
            "sqlite-2024",
            "gpt-4o-mini",
            "shared-prefix-kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk-one",
            "a-very-long-server-key-that-shares-a-prefix-one",
            "postgres-prod-eu-west-1",
        ] {
            assert!(!key_holds_credential(name), "{name}");
        }
        for token in [
            "ghp_K3yN4m3T0k3nxYz0123456789abcdWq",
            "sk-proj-Qw3rTy8uI9oP0aSdFgHjKlZx",
            "srv-x8yq2lmn4pr7st9v",
            "db Qw3rTy8uI9oP0aSdFgHj",
        ] {
            assert!(key_holds_credential(token), "{token}");
        }
    }

    #[test]
    fn shown() {
        for token in [
            "stdio",
            "true",
            "debug",
            "8080",
            "3.11.2",
            "2024-01-01",
            "2027-03-01T00:00:00Z",
            "2027-03-01T00:00:00.25+01:00",
            "@modelcontextprotocol/server-filesystem",
            "@scope/pkg@1.2.3",
            "mcp-server-fetch==2025.1.0",
            "pkg[cli]>=2.0",
            "ghcr.io/github/github-mcp-server:latest",
            "git@github.com:org/repo.git",
            "me@example.com",
            "127.0.0.1:8080",
            "src/index.js",
            "x86_64",
            "gpt-4o-mini",
            "claude-3-5-sonnet-20241022",
            "AppData",
            "README",
            "postgresql",
            "cn=admin,dc=example,dc=org",
            "us-east-1",
            "utf8",
            "512m",
        ] {
            assert!(plain_token(token), "{token}");
        }
        for flag in ["--port", "-y", "--read-only", "--maxTokens", "-x"] {
            assert!(flag_name(flag), "{flag}");
        }
    }

    #[test]
    fn hidden() {
        for token in [
            "ghp_R4nd0mT0k3nV4lu3xYz0123456789abcd",
            "AKIAIOSFODNN7EXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1bnNpZ25lZCJ9.",
            "qwxzrtvplkmnbvcxzsdfghjq",
            "9f86d081884c7d659a2feaa0c55ad015",
            "deadbeefcafebabe",
            "Xk9#mP2$vL",
            "Qm7Rv2Xt9Lp4Zw8K",
            "c2VjcmV0LXZhbHVl",
            "AbCdEfGh",
            "k3y-value",
            "ab1cd2",
            "",
        ] {
            assert!(!plain_token(token), "{token}");
        }
        assert!(!flag_name("--abc123dashtok"));
    }
}
