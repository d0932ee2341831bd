//! How command lines are shown: flags, short flags, scripts, JSON, URLs and headers.
use super::*;
use crate::redact::store::text;

fn shown(args: &[&str]) -> Vec<String> {
    show_argv(&args.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
}

#[test]
fn secret_flags_in_both_forms_and_any_case() {
    assert_eq!(
        shown(&[
            "srv",
            "--token=abc",
            "--API-KEY",
            "def",
            "--github_token",
            "x"
        ]),
        [
            "srv",
            "--token=<hidden, 3 chars>",
            "--API-KEY",
            "<hidden, 3 chars>",
            "--github_token",
            "<hidden, 1 chars>"
        ]
    );
    assert_eq!(
        shown(&["-e", "GITHUB_TOKEN=ghp_1", "--verbose", "--auth", "--debug"]),
        [
            "-e",
            "GITHUB_TOKEN=<hidden, 5 chars>",
            "--verbose",
            "--auth",
            "--debug"
        ]
    );
    assert_eq!(
        shown(&[
            "--passphrase",
            "correct-horse-battery",
            "--name=x",
            "--port",
            "80"
        ]),
        [
            "--passphrase",
            "<hidden, 21 chars>",
            "--name=x",
            "--port",
            "80"
        ]
    );
    // A plain value hidden by its flag alone is learned whole, as a plain value.
    assert_eq!(text("got correct-horse-battery"), "got <hidden, 21 chars>");
}

/// A secret may start with `--`; a lower-case flag of letters after a secret flag is a
/// flag.
#[test]
fn a_secret_that_starts_with_dashes() {
    assert_eq!(
        shown(&[
            "--token",
            "--abc123",
            "--api-key",
            "--Xy_z",
            "--auth",
            "--read-only"
        ]),
        [
            "--token",
            "<hidden, 8 chars>",
            "--api-key",
            "<hidden, 6 chars>",
            "--auth",
            "--read-only"
        ]
    );
    assert_eq!(text("got --abc123"), "got <hidden, 8 chars>");
}

#[test]
fn short_flags() {
    assert_eq!(
        shown(&[
            "redis-cli",
            "-h",
            "127.0.0.1",
            "-a",
            "foobaredpass",
            "-w",
            "ldappw"
        ]),
        [
            "redis-cli",
            "-h",
            "127.0.0.1",
            "-a",
            "<hidden, 12 chars>",
            "-w",
            "<hidden, 6 chars>"
        ]
    );
    assert_eq!(
        shown(&[
            "mysql",
            "-uroot",
            "-pHunter99",
            "-p=x",
            "-passphrase",
            "amber",
            "-u",
            "me:pw-5521"
        ]),
        [
            "mysql",
            "-uroot",
            "-p<hidden, 8 chars>",
            "-p=<hidden, 1 chars>",
            "-p<hidden, 9 chars>",
            "<hidden, 5 chars>",
            "-u",
            "me:<hidden, 7 chars>"
        ]
    );
    assert_eq!(
        text("Hunter99 pw-5521"),
        "<hidden, 8 chars> <hidden, 7 chars>"
    );
}

#[test]
fn plain_words_stay_and_others_go() {
    assert_eq!(
        shown(&[
            "npx",
            "-y",
            "@modelcontextprotocol/server-filesystem@1.2.0",
            "/home/me/projects",
            "--transport",
            "stdio",
            "--db",
            "Xk9#mP2$vL",
            "Qm7Rv2Xt9Lp4Zw8K",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ]),
        [
            "npx",
            "-y",
            "@modelcontextprotocol/server-filesystem@1.2.0",
            "/home/me/projects",
            "--transport",
            "stdio",
            "--db",
            "<hidden, 10 chars>",
            "<hidden, 16 chars>",
            "<hidden, 40 chars>"
        ]
    );
}

#[test]
fn inside_a_script() {
    assert_eq!(
        shown(&[
            "sh",
            "-c",
            "mysql -p 'Hunter33pw'; curl --token abc-551 -u me:pwq-77 -H 'X-Api-Key: k9z' x"
        ]),
        [
            "sh",
            "-c",
            "mysql -p '<hidden, 10 chars>'; curl --token <hidden, 7 chars> -u me:<hidden, 6 chars> -H 'X-Api-Key: <hidden, 3 chars>' x"
        ]
    );
    assert_eq!(
        shown(&[
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----"
        ]),
        ["-----BEGIN PRIVATE KEY-----\n<hidden, 32 chars>\n-----END PRIVATE KEY-----"]
    );
}

#[test]
fn json_arguments() {
    assert_eq!(
        shown(&[
            "--config",
            r#"{"apiKey": "k-json-81", "db": {"url": "pg://u:pw-j2@h/d"}, "auth": {"user": "u", "n": 5}, "v": "Vj8kLq2Zm4Np6Rt", "mode": "fast"}"#
        ]),
        [
            "--config",
            r#"{"apiKey":"<hidden, 9 chars>","auth":{"n":"<hidden, 1 chars>","user":"<hidden, 1 chars>"},"db":{"url":"pg://u:<hidden, 5 chars>@h/d"},"mode":"fast","v":"<hidden, 15 chars>"}"#
        ]
    );
    assert_eq!(shown(&[r#"{"name": "x"}"#]), [r#"{"name": "x"}"#]);
    assert_eq!(
        text("k-json-81 pw-j2"),
        "<hidden, 9 chars> <hidden, 5 chars>"
    );
}

#[test]
fn urls_headers_and_bearer() {
    assert_eq!(
        shown(&[
            "--header=Set-Cookie: sid=plainsid; Path=/",
            "-H",
            "X-Mode:plain"
        ]),
        [
            "--header=Set-Cookie: <hidden, 20 chars>",
            "-H",
            "X-Mode:<hidden, 5 chars>"
        ]
    );
    assert_eq!(
        shown(&["postgresql://user:pw1234@host:5432/db?sslmode=require"]),
        ["postgresql://user:<hidden, 6 chars>@host:5432/db?sslmode=require"]
    );
    assert_eq!(
        shown(&["-H", "Authorization: Bearer tok9", "X-Api-Key: zz"]),
        [
            "-H",
            "Authorization: Bearer <hidden, 4 chars>",
            "X-Api-Key: <hidden, 2 chars>"
        ]
    );
    assert_eq!(
        shown(&[
            "--header",
            "bearer abc",
            "Bearer",
            "t0k",
            "-H",
            "Cookie: a=b"
        ]),
        [
            "--header",
            "bearer <hidden, 3 chars>",
            "Bearer",
            "<hidden, 3 chars>",
            "-H",
            "Cookie: <hidden, 3 chars>"
        ]
    );
}

/// Pieces the rules look for, and characters of more than one byte: random words of them
/// reach every branch. (None of them makes a value another test looks for in `text`.)
const PIECES: &[&str] = &[
    "token",
    "Key",
    "sig",
    "-p",
    "-a",
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
    ";",
];

fn words() -> impl proptest::strategy::Strategy<Value = Vec<String>> {
    use proptest::prelude::*;
    let word = prop::collection::vec(prop::sample::select(PIECES), 0..12)
        .prop_map(|pieces| pieces.concat());
    prop::collection::vec(word, 0..6)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

    /// Any words made of those pieces: no panic (a cut inside a character, an index past
    /// the end), and the JSON and script passes end.
    #[test]
    fn never_panics(args in words()) {
        let shown = show_argv(&args);
        let _ = text(&shown.concat());
    }
}
