//! What says "secret": a name (of a flag, variable, parameter, header or JSON key), and a
//! value that looks like a credential whatever its name.

/// Words that make a name a secret's name wherever they appear in it, ignoring case
/// (`--api-key`, `GITHUB_TOKEN`, `X-Amz-Signature`, `Set-Cookie`).
const SECRET_PARTS: &[&str] = &[
    "mnemonic",
    "licence",
    "token",
    "key",
    "secret",
    "password",
    "passwd",
    "auth",
    "credential",
    "bearer",
    "signature",
    "cookie",
    "jwt",
];

/// Words that make a name a secret's name only as a whole word of it (`sig`, `db_pass`,
/// `userPwd`, `--pin`): inside longer words they are ordinary (`signal`, `compass`, `spin`).
const SECRET_WORDS: &[&str] = &[
    "sig",
    "pass",
    "pwd",
    "pw",
    "pin",
    "otp",
    "sas",
    "hmac",
    "webhook",
    "totp",
    "mfa",
    "2fa",
    "phrase",
    "recovery",
    "license",
    "codes",
    // Other languages' word for a password, a key or a token.
    "passe",
    "contraseña",
    "clave",
    "senha",
    "passwort",
    "kennwort",
    "wachtwoord",
    "parola",
    "hasło",
    "haslo",
    "lösenord",
    "salasana",
    "пароль",
    "токен",
    "密码",
    "パスワード",
    "clé",
    "llave",
    "chiave",
    "schlüssel",
    "sleutel",
];

/// Names that are a secret's as a whole (`--code 482913`), though inside a longer name the
/// word is ordinary (`--code-dir`).
const SECRET_NAMES: &[&str] = &["code", "mdp"];

/// Ordinary words that hold a secret's word (`author`, `keyword`, `passthrough`): a name
/// made of them says nothing secret.
const ORDINARY_WORDS: &[&str] = &[
    "author",
    "authors",
    "authority",
    "keyword",
    "keywords",
    "keyboard",
    "keyspace",
    "passthrough",
    "passage",
    "compass",
    "bypass",
    "monkey",
    "turkey",
    "tokens",
];

/// Last words of a name that say its value is a count, a mode, a time, a version or a
/// name, not the secret the words before it name (`--max-tokens`, `--auth-mode`,
/// `--session-timeout`, `--token-type`, `--secret-name`).
const PLAIN_LAST_WORDS: &[&str] = &[
    "limit", "max", "min", "count", "mode", "type", "method", "scheme", "timeout", "ttl",
    "interval", "version", "provider", "url", "uri", "endpoint", "name", "length", "size",
    "enabled",
];

/// Beginnings of a word that make a name a secret's name (`--passphrase`, `--passcode`,
/// `--creds`, `--session-id`); a name that only looks so (`--passthrough`) has its value
/// hidden, which costs little.
const SECRET_WORD_STARTS: &[&str] = &["pass", "cred", "session"];

/// Prefixes of the credentials services issue in a recognisable form (GitHub, GitLab,
/// OpenAI and Anthropic, Stripe, Slack, AWS, Google, npm, PyPI, Hugging Face, DigitalOcean,
/// Shopify, SendGrid).
const TOKEN_PREFIXES: &[&str] = &[
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "sk-",
    "sk_live_",
    "sk_test_",
    "rk_live_",
    "xoxb-",
    "xoxp-",
    "xoxa-",
    "xoxr-",
    "xapp-",
    "AKIA",
    "ASIA",
    "AIza",
    "ya29.",
    "npm_",
    "pypi-",
    "hf_",
    "dop_v1_",
];

/// Whether `name` (a flag, variable, query parameter, header or JSON key) says it holds a
/// secret.
#[must_use]
pub fn names_secret(name: &str) -> bool {
    let lower = name.to_lowercase();
    let words: Vec<String> = words(name).into_iter().map(str::to_lowercase).collect();
    if words
        .last()
        .is_some_and(|w| words.len() > 1 && PLAIN_LAST_WORDS.contains(&w.as_str()))
    {
        return false;
    }
    let words: Vec<&String> = words
        .iter()
        .filter(|w| !ORDINARY_WORDS.contains(&w.as_str()))
        .collect();
    words
        .iter()
        .any(|w| SECRET_PARTS.iter().any(|part| w.contains(part)))
        || SECRET_NAMES.contains(&lower.trim_start_matches(['-', '/']))
        || words.iter().any(|w| {
            SECRET_WORDS.contains(&w.as_str())
                || SECRET_WORD_STARTS.iter().any(|s| w.starts_with(s))
        })
}

/// A secret's name as a word of its own (`password`, `api_key`, `--contraseña` without its
/// dashes): letters of any script, digits and `_ - .`, 64 characters at most, and
/// [`names_secret`].
#[must_use]
pub fn secret_key(word: &str) -> bool {
    !word.is_empty()
        && word.chars().count() <= 64
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "_-.".contains(c))
        && word.starts_with(char::is_alphabetic)
        && names_secret(word)
}

/// The words of a name: split at each character that is not a letter or digit, and where a
/// lower-case letter meets an upper-case one (`dbPass` is `db`, `Pass`).
fn words(name: &str) -> Vec<&str> {
    let bytes = name.as_bytes();
    let mut cuts = vec![0];
    cuts.extend(
        (1..bytes.len())
            .filter(|&i| bytes[i - 1].is_ascii_lowercase() && bytes[i].is_ascii_uppercase()),
    );
    cuts.push(bytes.len());
    cuts.windows(2)
        .flat_map(|w| name[w[0]..w[1]].split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A name of a flag, variable, parameter or header: non-empty, of `A-Z a-z 0-9 _ - .`.
#[must_use]
pub fn is_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(is_name_char)
}

/// A character of a [`is_name`] name.
#[must_use]
pub fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-.".contains(c)
}

/// Whether `value` looks like a credential whatever names it: a token with a known prefix
/// (`ghp_...`, `sk-...`, `AKIA...`) and 12 characters or more; a JSON Web Token
/// (`eyJ...` in three parts); a Telegram bot token (`123456:ABC...`); 20 characters or more
/// of letters, digits and `_ - + =` mixing upper case, lower case and digits; or 32 hex
/// digits or more (with `-`, as in a UUID).
#[must_use]
pub fn looks_like_credential(value: &str) -> bool {
    let token_char = |c: char| c.is_ascii_alphanumeric() || "_-+=".contains(c);
    if value.contains(char::is_whitespace) {
        return false;
    }
    if value.len() >= 12
        && TOKEN_PREFIXES.iter().any(|p| {
            value.starts_with(p) && value[p.len()..].chars().all(|c| token_char(c) || c == '.')
        })
    {
        return true;
    }
    let parts: Vec<&str> = value.split('.').collect();
    if value.starts_with("eyJ")
        && parts.len() == 3
        && parts
            .iter()
            .all(|p| p.len() >= 4 && p.chars().all(token_char))
    {
        return true;
    }
    if is_bot_token(value) {
        return true;
    }
    if value.len() < 20 || value.starts_with('-') || !value.chars().all(token_char) {
        return false;
    }
    let has = |f: fn(&char) -> bool| value.chars().any(|c| f(&c));
    let mixed =
        has(char::is_ascii_digit) && has(char::is_ascii_uppercase) && has(char::is_ascii_lowercase);
    let hex = value.chars().all(|c| c.is_ascii_hexdigit() || c == '-')
        && value.chars().filter(char::is_ascii_hexdigit).count() >= 32
        && has(char::is_ascii_digit)
        && has(char::is_ascii_alphabetic);
    mixed || hex
}

/// A Telegram bot token: the bot's number, `:`, and 30 characters or more of letters,
/// digits, `_` and `-`.
#[must_use]
pub fn is_bot_token(value: &str) -> bool {
    value.split_once(':').is_some_and(|(id, secret)| {
        id.len() >= 6
            && id.bytes().all(|b| b.is_ascii_digit())
            && secret.len() >= 30
            && secret
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names() {
        for name in [
            "--api-key",
            "GITHUB_TOKEN",
            "X-Amz-Signature",
            "X-Goog-Signature",
            "sig",
            "Set-Cookie",
            "db_pass",
            "userPwd",
            "PGPASSWORD",
            "apiKey",
            "--passphrase",
            "--pass-phrase",
            "-passphrase",
            "--passcode",
            "--db-pass",
            "--creds",
        ] {
            assert!(names_secret(name), "{name}");
        }
        for name in [
            "--port",
            "signal",
            "compass",
            "--verbose",
            "design",
            "page",
            "PATH",
        ] {
            assert!(!names_secret(name), "{name}");
        }
    }

    #[test]
    fn credential_shapes() {
        for value in [
            "ghp_0123456789abcdefXYZ",
            "sk-proj-abcdefghijkl",
            "AKIAIOSFODNN7EXAMPLE",
            "eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl",
            "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
            "S3crAbCdEfGh0123wxyz",
            "0123456789abcdef0123456789abcdef",
            "123e4567-e89b-12d3-a456-426614174000",
        ] {
            assert!(looks_like_credential(value), "{value}");
        }
        for value in [
            "production",
            "/usr/local/bin/server",
            "server-config-2024.json",
            "modelcontextprotocol",
            "https://example.com/x",
            "--read-only-mode-for-everyone",
            "2024-01-01",
        ] {
            assert!(!looks_like_credential(value), "{value}");
        }
    }
}
