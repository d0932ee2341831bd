//! The words of a name, as a fix reads them, and the vocabulary a fix shortens by: the
//! abbreviations programmers already write (`implementation` to `impl`), the little words a
//! name can lose (`the`, `of`), the verbs a tool name usually starts with, and the words that
//! open a qualifier (`by_id`, `without_modifying`).
//!
//! The word lists are this project's own, drawn from the tool names of public MCP servers
//! and the abbreviations common in Rust, Python and JavaScript code (2026-12); they only
//! decide which words a shortened fix keeps, never whether a name passes.

/// The words of `name`: its runs of letters and digits, split at every other character
/// (`_`, `-`, `.`, `:`, spaces), at a change of case (`getUser`: `get` `User`;
/// `HTTPServer`: `HTTP` `Server`) and between letters and digits (`v2`: `v` `2`).
///
/// ```
/// use mcp_toolname_rules::words;
/// assert_eq!(words("approve_official-mirror.queue"), ["approve", "official", "mirror", "queue"]);
/// assert_eq!(words("getHTTPServer2FA"), ["get", "HTTP", "Server", "2", "FA"]);
/// assert!(words("__").is_empty());
/// ```
#[must_use]
pub fn words(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for unit in units(name).0 {
        let mut start = 0;
        for (i, boundary) in boundaries(unit.text) {
            if boundary != Boundary::None {
                out.push(&unit.text[start..i]);
                start = i;
            }
        }
        out.push(&unit.text[start..]);
    }
    out
}

/// What kind of character, for finding word boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Upper,
    Lower,
    Digit,
    Other,
}

fn class(c: char) -> Class {
    if c.is_ascii_digit() || (c.is_numeric() && !c.is_alphabetic()) {
        Class::Digit
    } else if c.is_uppercase() {
        Class::Upper
    } else if c.is_alphanumeric() {
        Class::Lower
    } else {
        Class::Other
    }
}

/// A boundary inside a run of letters and digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Boundary {
    None,
    /// A change of case: `get|User`, `HTTP|Server`.
    Case,
    /// Between a letter and a digit: `v|2`, `2|FA`.
    Digit,
}

/// Each character of `run` (letters and digits only) after the first, by byte index, with
/// the boundary before it.
fn boundaries(run: &str) -> impl Iterator<Item = (usize, Boundary)> + '_ {
    let chars: Vec<(usize, Class)> = run.char_indices().map(|(i, c)| (i, class(c))).collect();
    (1..chars.len()).map(move |k| {
        let (i, cur) = chars[k];
        let prev = chars[k - 1].1;
        let next = chars.get(k + 1).map(|c| c.1);
        let boundary = match (prev, cur) {
            (Class::Digit, Class::Upper | Class::Lower)
            | (Class::Upper | Class::Lower, Class::Digit) => Boundary::Digit,
            (Class::Lower, Class::Upper) => Boundary::Case,
            (Class::Upper, Class::Upper) if next == Some(Class::Lower) => Boundary::Case,
            _ => Boundary::None,
        };
        (i, boundary)
    })
}

/// A piece of a name that a fix keeps or drops whole: one word, or words glued across a
/// letter-digit boundary (`v2`, `s3`, `k8s`, `HTTP2`), which read as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unit<'a> {
    /// What stands between the previous unit and this one (`_`, `.`, or nothing at a
    /// change of case); before the first unit, what the name starts with.
    pub joiner: &'a str,
    /// The unit itself.
    pub text: &'a str,
}

/// The units of `name`, and what follows the last one (`name_` ends in `_`).
pub(crate) fn units<'a>(name: &'a str) -> (Vec<Unit<'a>>, &'a str) {
    let mut out = Vec::new();
    let mut gap_start = 0;
    let mut run_start: Option<usize> = None;
    let close = |out: &mut Vec<Unit<'a>>, gap_start: usize, start: usize, end: usize| {
        let run = &name[start..end];
        let mut joiner = &name[gap_start..start];
        let mut from = 0;
        for (i, boundary) in boundaries(run) {
            if boundary == Boundary::Case {
                out.push(Unit {
                    joiner,
                    text: &run[from..i],
                });
                joiner = "";
                from = i;
            }
        }
        out.push(Unit {
            joiner,
            text: &run[from..],
        });
    };
    for (i, c) in name.char_indices() {
        let word = class(c) != Class::Other;
        match (word, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(start)) => {
                close(&mut out, gap_start, start, i);
                run_start = None;
                gap_start = i;
            }
            _ => {}
        }
    }
    match run_start {
        Some(start) => {
            close(&mut out, gap_start, start, name.len());
            (out, "")
        }
        None => (out, &name[gap_start..]),
    }
}

/// Abbreviations programmers write, by the lower-case word; sorted for a binary search.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("administration", "admin"),
    ("administrator", "admin"),
    ("application", "app"),
    ("applications", "apps"),
    ("argument", "arg"),
    ("arguments", "args"),
    ("attribute", "attr"),
    ("attributes", "attrs"),
    ("authentication", "auth"),
    ("authorization", "authz"),
    ("calculate", "calc"),
    ("calculator", "calc"),
    ("command", "cmd"),
    ("commands", "cmds"),
    ("configuration", "config"),
    ("configurations", "configs"),
    ("configure", "config"),
    ("database", "db"),
    ("databases", "dbs"),
    ("definition", "def"),
    ("definitions", "defs"),
    ("description", "desc"),
    ("destination", "dest"),
    ("development", "dev"),
    ("directories", "dirs"),
    ("directory", "dir"),
    ("document", "doc"),
    ("documentation", "docs"),
    ("documents", "docs"),
    ("environment", "env"),
    ("environments", "envs"),
    ("execute", "exec"),
    ("execution", "exec"),
    ("expression", "expr"),
    ("function", "func"),
    ("functions", "funcs"),
    ("generate", "gen"),
    ("identifier", "id"),
    ("identifiers", "ids"),
    ("image", "img"),
    ("images", "imgs"),
    ("implementation", "impl"),
    ("implementations", "impls"),
    ("information", "info"),
    ("initialise", "init"),
    ("initialize", "init"),
    ("kubernetes", "k8s"),
    ("language", "lang"),
    ("libraries", "libs"),
    ("library", "lib"),
    ("management", "mgmt"),
    ("maximum", "max"),
    ("message", "msg"),
    ("messages", "msgs"),
    ("metadata", "meta"),
    ("minimum", "min"),
    ("notification", "notif"),
    ("notifications", "notifs"),
    ("number", "num"),
    ("numbers", "nums"),
    ("object", "obj"),
    ("objects", "objs"),
    ("operation", "op"),
    ("operations", "ops"),
    ("organisation", "org"),
    ("organisations", "orgs"),
    ("organization", "org"),
    ("organizations", "orgs"),
    ("package", "pkg"),
    ("packages", "pkgs"),
    ("parameter", "param"),
    ("parameters", "params"),
    ("position", "pos"),
    ("previous", "prev"),
    ("production", "prod"),
    ("properties", "props"),
    ("property", "prop"),
    ("reference", "ref"),
    ("references", "refs"),
    ("repositories", "repos"),
    ("repository", "repo"),
    ("request", "req"),
    ("requests", "reqs"),
    ("response", "resp"),
    ("responses", "resps"),
    ("sequence", "seq"),
    ("source", "src"),
    ("specification", "spec"),
    ("specifications", "specs"),
    ("statistics", "stats"),
    ("synchronise", "sync"),
    ("synchronize", "sync"),
    ("template", "tmpl"),
    ("templates", "tmpls"),
    ("temporary", "tmp"),
    ("transaction", "txn"),
    ("transactions", "txns"),
    ("utilities", "utils"),
    ("utility", "util"),
    ("variable", "var"),
    ("variables", "vars"),
    ("without", "no"),
];

/// The abbreviation programmers write for `word`, in its case (`Implementation` gives
/// `Impl`, `CONFIGURATION` gives `CONFIG`); `None` for a word without one.
///
/// ```
/// use mcp_toolname_rules::abbreviation;
/// assert_eq!(abbreviation("implementation").as_deref(), Some("impl"));
/// assert_eq!(abbreviation("Notification").as_deref(), Some("Notif"));
/// assert_eq!(abbreviation("QUEUE"), None);
/// ```
#[must_use]
pub fn abbreviation(word: &str) -> Option<String> {
    if !word.is_ascii() || word.len() > 16 {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    let i = ABBREVIATIONS
        .binary_search_by(|(w, _)| (*w).cmp(lower.as_str()))
        .ok()?;
    let short = ABBREVIATIONS[i].1;
    let mut chars = word.chars();
    let first_upper = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    Some(
        if first_upper && word.len() > 1 && chars.all(|c| c.is_ascii_uppercase()) {
            short.to_ascii_uppercase()
        } else if first_upper {
            let mut out = short.to_owned();
            out[..1].make_ascii_uppercase();
            out
        } else {
            short.to_owned()
        },
    )
}

/// Words a name loses first: they carry no meaning of their own.
const FILLERS: &[&str] = &[
    "a", "an", "and", "any", "its", "just", "my", "of", "or", "our", "please", "some", "that",
    "the", "their", "these", "this", "those", "your",
];

/// Words that open a qualifier of the object (`get_user_by_id`, `approve_item_without_modifying`).
const OPENERS: &[&str] = &[
    "about", "across", "after", "against", "as", "at", "before", "between", "by", "for", "from",
    "in", "into", "on", "onto", "over", "per", "since", "through", "to", "under", "until", "using",
    "via", "with", "within", "without",
];

/// Verbs tool names start with; a name's verb is the first of its first three words found
/// here (`browser_generate_test`: `generate`), else its first word.
const VERBS: &[&str] = &[
    "add",
    "analyse",
    "analyze",
    "append",
    "apply",
    "approve",
    "archive",
    "assign",
    "browse",
    "build",
    "calculate",
    "call",
    "cancel",
    "capture",
    "check",
    "clear",
    "click",
    "clone",
    "close",
    "commit",
    "compare",
    "compute",
    "convert",
    "copy",
    "count",
    "create",
    "debug",
    "delete",
    "deploy",
    "describe",
    "diff",
    "disable",
    "download",
    "drop",
    "edit",
    "enable",
    "evaluate",
    "exec",
    "execute",
    "explain",
    "export",
    "extract",
    "fetch",
    "fill",
    "find",
    "fix",
    "format",
    "gen",
    "generate",
    "get",
    "import",
    "insert",
    "inspect",
    "install",
    "invite",
    "invoke",
    "list",
    "load",
    "lookup",
    "merge",
    "modify",
    "move",
    "navigate",
    "notify",
    "open",
    "parse",
    "patch",
    "post",
    "preview",
    "print",
    "publish",
    "pull",
    "push",
    "put",
    "query",
    "read",
    "reject",
    "reload",
    "remove",
    "rename",
    "render",
    "replace",
    "reply",
    "reset",
    "resolve",
    "restart",
    "restore",
    "review",
    "run",
    "save",
    "scan",
    "search",
    "select",
    "send",
    "set",
    "show",
    "start",
    "stop",
    "submit",
    "subscribe",
    "summarise",
    "summarize",
    "sync",
    "take",
    "test",
    "translate",
    "trigger",
    "type",
    "uninstall",
    "unsubscribe",
    "update",
    "upload",
    "upsert",
    "validate",
    "verify",
    "view",
    "wait",
    "watch",
    "write",
];

fn listed(list: &[&str], word: &str) -> bool {
    word.len() <= 16 && list.contains(&word.to_ascii_lowercase().as_str())
}

/// Whether a fix may drop `word` first.
pub(crate) fn is_filler(word: &str) -> bool {
    listed(FILLERS, word)
}

/// Whether `word` opens a qualifier.
pub(crate) fn is_opener(word: &str) -> bool {
    listed(OPENERS, word)
}

/// Whether `word` is a verb a tool name starts with.
pub(crate) fn is_verb(word: &str) -> bool {
    listed(VERBS, word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_lower_case_and_abbreviate() {
        assert!(ABBREVIATIONS.windows(2).all(|w| w[0].0 < w[1].0));
        for (long, short) in ABBREVIATIONS {
            assert!(short.len() < long.len(), "{long}");
            assert_eq!(*long, long.to_ascii_lowercase());
        }
        for list in [FILLERS, OPENERS, VERBS] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
    }

    #[test]
    fn units_keep_letters_and_digits_together() {
        let (found, tail) = units("_s3_listBuckets2FA__");
        let texts: Vec<&str> = found.iter().map(|u| u.text).collect();
        let joiners: Vec<&str> = found.iter().map(|u| u.joiner).collect();
        assert_eq!(texts, ["s3", "list", "Buckets2FA"]);
        assert_eq!(joiners, ["_", "_", ""]);
        assert_eq!(tail, "__");
        assert_eq!(units("").0, []);
    }

    #[test]
    fn words_split_where_the_issue_says() {
        assert_eq!(words("DATA_EXPORT_v2"), ["DATA", "EXPORT", "v", "2"]);
        assert_eq!(words("getUserByID"), ["get", "User", "By", "ID"]);
        assert_eq!(words("a.b-c:d e"), ["a", "b", "c", "d", "e"]);
    }
}
