//! What a position says of the value in it, before its shape is read: a program's own
//! convention for its short flags (`mysql -pX` is a password, `docker -w /app` a folder,
//! `npx -p pkg` a package), and the flags whose names say the value is an identifier (a
//! host, a model, a commit, a resource's id) or a file's path, which are not secrets though
//! their look may be random.

use super::names::{is_bot_token, is_name, looks_like_credential, names_secret};
use super::shape::{plain_host, plain_token};

/// Short flags whose value is a secret in the programs named (their manuals): a password
/// (`mysql -pX`, `sshpass -p X`, `zip -P X`, `7z -pX`), a passphrase (`ssh-keygen -N X -P
/// X`), Redis's `-a`, LDAP's bind password `-w`.
const SECRET_SHORT: &[(&str, &[&str])] = &[
    (
        "-p",
        &[
            "mysql",
            "mysqldump",
            "mysqladmin",
            "mysqlimport",
            "mysqlshow",
            "mysqlcheck",
            "mariadb",
            "mariadb-dump",
            "mariadb-admin",
            "sshpass",
            "7z",
            "7za",
            "7zr",
        ],
    ),
    ("-P", &["zip", "unzip", "ssh-keygen"]),
    ("-N", &["ssh-keygen"]),
    ("-a", &["redis-cli", "valkey-cli", "keydb-cli"]),
    (
        "-w",
        &[
            "ldapsearch",
            "ldapmodify",
            "ldapadd",
            "ldapdelete",
            "ldapwhoami",
            "ldappasswd",
            "ldapcompare",
            "ldapmodrdn",
            "ldapexop",
        ],
    ),
];

/// Short flags whose value some program takes for a secret: elsewhere, the value is shown
/// only where it is one of the plain kinds [`plain_after_short`] lists.
const DOUBTFUL_SHORT: &[&str] = &["-p", "-a", "-w", "-k", "-t", "-N", "-P"];

/// Programs that read Oracle's connect string, `user/password@database`, as a word of their
/// command line.
const CONNECT_STRING: &[&str] = &["sqlplus", "sql", "rman", "expdp", "impdp", "exp", "imp"];

/// Words a transport, a stream or a mode is named by after a short flag (`-t stdio`,
/// `docker -a stdin`).
const MODES: &[&str] = &[
    "stdio",
    "sse",
    "http",
    "https",
    "streamable-http",
    "streamablehttp",
    "ws",
    "websocket",
    "stdin",
    "stdout",
    "stderr",
    "tcp",
    "udp",
    "unix",
];

/// What a short flag's value is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Short {
    /// A secret, by the program's convention.
    Secret,
    /// A secret in some program: shown only when [`plain_after_short`].
    Doubtful,
}

/// The program a command line runs, as its first word names it: the base name, lower case,
/// without `.exe`.
#[must_use]
pub fn program(word: &str) -> String {
    let base = word
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(word)
        .to_ascii_lowercase();
    base.strip_suffix(".exe").map(str::to_owned).unwrap_or(base)
}

/// What `flag` (`-p`) says of its value in `program`; `None` for another flag.
#[must_use]
pub fn short_flag(program: Option<&str>, flag: &str) -> Option<Short> {
    let secret = SECRET_SHORT
        .iter()
        .any(|(f, programs)| *f == flag && program.is_some_and(|p| programs.contains(&p)));
    if secret {
        Some(Short::Secret)
    } else {
        DOUBTFUL_SHORT.contains(&flag).then_some(Short::Doubtful)
    }
}

/// The doubtful short flag `arg` starts with and its attached value (`-p8080`, `-p=x`; a
/// single-dash word such as `-port` too: [`single_dash_name`] tells a secret's flag apart).
#[must_use]
pub fn attached(arg: &str) -> Option<(&'static str, &str)> {
    let flag = DOUBTFUL_SHORT
        .iter()
        .find(|f| arg.len() > f.len() && arg.starts_with(**f))?;
    let value = &arg[flag.len()..];
    let value = value.strip_prefix('=').unwrap_or(value);
    Some((flag, value))
}

/// Whether a single-dash word is a secret's flag rather than a short flag with its value
/// (`-token X`, `-passphrase X`, as Go's flags and others write them). Any other word after
/// a doubtful short flag's letter is taken for its attached value (`-pmysqlrootpass`): a
/// `-port` is shown as `-p<hidden, 3 chars>`, which costs little.
#[must_use]
pub fn single_dash_name(arg: &str) -> bool {
    arg.strip_prefix('-')
        .is_some_and(|n| n.len() >= 4 && is_name(n) && names_secret(n))
}

/// Whether the value after a doubtful short flag is of a kind that is not a secret: a port
/// or ports (`8080`, `3000:3000`), a version (`3.12`), a path, a package (`@scope/pkg`,
/// `pkg@1.2`), or a transport or stream (`stdio`, `stdin`).
#[must_use]
pub fn plain_after_short(value: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.len() <= 5 && s.bytes().all(|b| b.is_ascii_digit());
    let address =
        |s: &str| s.split('.').count() == 4 && s.split('.').all(|o| digits(o) && o.len() <= 3);
    // `8080`, `3000:3000`, `127.0.0.1:8080:80`.
    let ports = value.split(':').any(digits) && value.split(':').all(|p| digits(p) || address(p));
    let version = value.split('.').count() >= 2 && value.split('.').all(digits);
    let path = value.starts_with(['/', '~']) || value.starts_with("./") || value.starts_with("../");
    let package = (value.starts_with('@') || value.contains('/')) && plain_token(value);
    ports || version || path || package || MODES.contains(&value.to_ascii_lowercase().as_str())
}

/// Whether `program` reads `user/password@database` connect strings.
#[must_use]
pub fn reads_connect_strings(program: Option<&str>) -> bool {
    program.is_some_and(|p| CONNECT_STRING.contains(&p))
}

/// An Oracle connect string's user and password (`scott/tiger@orcl`, `app/pw`), for the
/// programs that [`reads_connect_strings`].
#[must_use]
pub fn connect_string(word: &str) -> Option<(&str, &str, &str)> {
    let (credentials, rest) = match word.find('@') {
        Some(at) => (&word[..at], &word[at..]),
        None => (word, ""),
    };
    let (user, password) = credentials.split_once('/')?;
    (!user.is_empty() && !password.is_empty() && !user.starts_with('-'))
        .then_some((user, password, rest))
}

/// Name words that say the value is an identifier, not a secret, though it may look random:
/// a host, a model, an image, a commit, a channel, a resource's id.
const IDENTIFIER_WORDS: &[&str] = &[
    "host",
    "hostname",
    "server",
    "endpoint",
    "region",
    "zone",
    "model",
    "image",
    "ref",
    "rev",
    "revision",
    "commit",
    "sha",
    "branch",
    "tag",
    "channel",
    "context",
    "cluster",
    "namespace",
    "project",
    "workspace",
    "org",
    "repo",
    "bucket",
    "id",
    "uuid",
];

/// Name words that say the value is where a file is, not what it holds (`--key-file`,
/// `--credentials-path`).
const PATH_WORDS: &[&str] = &["file", "path", "dir", "directory", "folder", "location"];

/// The last word of a flag's name (`--workspace-id` is `id`), lower case.
fn last_word(name: &str) -> String {
    name.trim_start_matches('-')
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase()
}

/// Whether the flag `name` says its value is an identifier ([`IDENTIFIER_WORDS`]) and does
/// not say secret.
#[must_use]
pub fn names_identifier(name: &str) -> bool {
    IDENTIFIER_WORDS.contains(&last_word(name).as_str()) && !names_secret(name)
}

/// Whether the flag `name` says its value is a file's path ([`PATH_WORDS`]).
#[must_use]
pub fn names_path(name: &str) -> bool {
    PATH_WORDS.contains(&last_word(name).as_str())
}

/// Whether `value`, after a flag that [`names_identifier`], is shown: a host, or a word of
/// letters, digits and `. _ : / @ + -` up to 200 characters that no service issues as a
/// credential (`meta-llama/Llama-3.1-8B-Instruct`, `C0123ABCD45`, a UUID, an ARN).
#[must_use]
pub fn plain_identifier(value: &str) -> bool {
    let uuid = value.len() == 36
        && value.bytes().enumerate().all(|(i, b)| {
            if [8, 13, 18, 23].contains(&i) {
                b == b'-'
            } else {
                b.is_ascii_hexdigit()
            }
        });
    if uuid || plain_host(value) && value.contains('.') {
        return true;
    }
    // Base64 of JSON (`eyJ...`, a token's header) is never an identifier.
    !value.is_empty()
        && !value.starts_with("eyJ")
        && value.len() <= 200
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._:/@+-".contains(c))
        && !value
            .split(['/', ':', '@'])
            .any(|part| looks_like_credential(part) || is_bot_token(part))
        && !is_bot_token(value)
}

/// Whether `value` is a content digest or a commit (`sha256:` and 64 hex digits, 7 to 40 hex
/// digits after `@` in a pin): a name of what is fetched, not a secret.
#[must_use]
pub fn digest(value: &str) -> bool {
    let hex = |s: &str, min: usize, max: usize| {
        (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit())
    };
    match value.split_once(':') {
        Some((algorithm, sum)) if ["sha256", "sha512", "sha1"].contains(&algorithm) => {
            hex(sum, 40, 128)
        }
        _ => hex(value, 7, 40),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions() {
        assert_eq!(short_flag(Some("mysql"), "-p"), Some(Short::Secret));
        assert_eq!(short_flag(Some("mysql"), "-P"), Some(Short::Doubtful));
        assert_eq!(short_flag(Some("npx"), "-p"), Some(Short::Doubtful));
        assert_eq!(short_flag(None, "-v"), None);
        assert_eq!(program("C:\\Tools\\SQLPlus.EXE"), "sqlplus");
        for plain in [
            "8080",
            "3000:3000",
            "3.12",
            "/app",
            "@scope/pkg",
            "stdio",
            "stdin",
        ] {
            assert!(plain_after_short(plain), "{plain}");
        }
        for secret in ["hunter2", "orange", "Sshp4ss-2024", "x", "pwabcdef1234"] {
            assert!(!plain_after_short(secret), "{secret}");
        }
        assert_eq!(
            connect_string("scott/tiger@orcl"),
            Some(("scott", "tiger", "@orcl"))
        );
        assert_eq!(connect_string("-S"), None);
        assert!(single_dash_name("-token") && !single_dash_name("-pmysqlroot"));
        assert!(!single_dash_name("-port") && !single_dash_name("-p"));
        assert!(names_identifier("--workspace-id") && !names_identifier("--token-id"));
        assert!(names_path("--key-file") && !names_path("--key"));
        assert!(plain_identifier("meta-llama/Llama-3.1-8B-Instruct"));
        assert!(!plain_identifier("ghp_R4nd0mT0k3nV4lu3xYz0123456789abcd"));
        assert!(digest("a1b2c3d") && digest(&format!("sha256:{}", "ab".repeat(32))));
    }
}
