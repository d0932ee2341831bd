use super::*;
use crate::lint::Lint;

fn diagnostic(
    lint: &str,
    level: Level,
    server: &str,
    name: &str,
    client: Option<&'static str>,
) -> Diagnostic {
    Diagnostic::new(
        Lint::by_name(lint).unwrap(),
        level,
        format!("{name} is refused"),
        crate::diag::places(Some(server), &[name.to_owned()]),
        None,
        client,
    )
}

/// The fingerprint changes with each of lint, server, name and client, and not with the
/// order of the places or the words of the message.
#[test]
fn fingerprint_is_the_findings_identity() {
    let base = diagnostic("client", Level::Warn, "github", "a.b", Some("cursor"));
    let mut reworded = base.clone();
    reworded.message = "other words".to_owned();
    assert_eq!(
        fingerprint(
            reworded.lint.name,
            &reworded.places,
            None,
            Some("cursor"),
            None
        ),
        base.fingerprint
    );
    for other in [
        diagnostic("contract", Level::Warn, "github", "a.b", Some("cursor")),
        diagnostic("client", Level::Warn, "gitlab", "a.b", Some("cursor")),
        diagnostic("client", Level::Warn, "github", "a.c", Some("cursor")),
        diagnostic("client", Level::Warn, "github", "a.b", Some("cline")),
        diagnostic("client", Level::Warn, "github", "a.b", None),
    ] {
        assert_ne!(other.fingerprint, base.fingerprint, "{other:?}");
    }
    let two = crate::diag::places(Some("s"), &["x".to_owned(), "y".to_owned()]);
    let mut swapped = two.clone();
    swapped.reverse();
    assert_eq!(
        fingerprint("duplicate", &two, None, None, None),
        fingerprint("duplicate", &swapped, None, None, None)
    );
    assert_eq!(base.fingerprint.len(), 32);
}

/// A listed finding is left out and recorded with the entry's reason; `--suppress-all` takes
/// deny-level findings only; an allowed finding stays, recorded when a row with a reason
/// allows it.
#[test]
fn judge_leaves_out_what_the_file_lists_and_what_suppress_all_takes() {
    let listed = diagnostic("spec", Level::Deny, "s", "a b", None);
    let mut entry = file::Entry::of(&listed);
    entry.reason = Some("vendor server".to_owned());
    let mut run = Run {
        file: file::Suppressions::default(),
        ..Run::default()
    };
    run.file.entries = vec![entry];
    run.file.index_for_tests();
    assert!(!run.judge(listed.clone(), None));
    assert!(run.matched.contains(&listed.fingerprint));
    assert_eq!(
        run.suppressed[0]
            .suppressed
            .as_ref()
            .unwrap()
            .justification
            .as_deref(),
        Some("vendor server")
    );
    let new = diagnostic("spec", Level::Deny, "s", "c d", None);
    assert!(
        run.judge(new.clone(), None),
        "not listed, no --suppress-all"
    );
    run.suppress_all = true;
    assert!(!run.judge(new.clone(), None));
    assert!(run.judge(
        diagnostic("client", Level::Warn, "s", "e.f", Some("cursor")),
        None
    ));
    assert_eq!(run.added.len(), 1);
    assert_eq!(run.added[0].fingerprint, new.fingerprint);
    let row = Reason {
        text: Some("names differ by design".to_owned()),
        path: "mcp-toolname.toml".to_owned(),
        line: 3,
    };
    let allowed = diagnostic("look_alike", Level::Allow, "s", "g", None);
    assert!(run.judge(allowed, Some(&row)));
    let last = run.suppressed.last().unwrap().suppressed.clone().unwrap();
    assert_eq!(
        last.justification.as_deref(),
        Some("names differ by design")
    );
    assert_eq!(last.by, By::Config("mcp-toolname.toml".to_owned(), 3));
}

/// The file's entries are written sorted and read back with the same fingerprints; an entry
/// naming no lint is an error naming its index.
#[test]
fn the_file_round_trips_sorted() {
    let a = file::Entry::of(&diagnostic("spec", Level::Deny, "z", "a b", None));
    let b = file::Entry::of(&diagnostic("contract", Level::Deny, "a", "x.y", None));
    let text = file::Suppressions::text(&[a.clone(), b.clone()]);
    assert!(text.find("\"contract\"").unwrap() < text.find("\"spec\"").unwrap());
    let read = file::parse(&text).unwrap();
    assert_eq!(read, vec![b, a]);
    let bad = text.replace("\"spec\"", "\"spek\"");
    let err = file::parse(&bad).unwrap_err();
    assert!(
        err.starts_with("suppressions[1]: no lint is named `spek`"),
        "{err}"
    );
}

/// Fields are told apart whatever bytes a name holds (a server names itself), and findings
/// that only their message tells apart (two bad arguments of one tool) are two.
#[test]
fn no_name_makes_two_findings_one() {
    let place = |server: &str, item: &str| {
        vec![Place {
            server: Some(server.to_owned()),
            item: Some(item.to_owned()),
        }]
    };
    assert_ne!(
        fingerprint("spec", &place("k", "x\u{1e}y z"), None, None, None),
        fingerprint("spec", &place("k\u{1e}x", "y z"), None, None, None)
    );
    assert_ne!(
        fingerprint("spec", &place("a", ""), None, None, None),
        fingerprint(
            "spec",
            &[Place {
                server: Some("a".to_owned()),
                item: None
            }],
            None,
            None,
            None
        )
    );
    let arg = |message: &str| {
        Diagnostic::new(
            Lint::by_name("argument_name").unwrap(),
            Level::Deny,
            message.to_owned(),
            place("s", "t1"),
            None,
            Some("claude_code"),
        )
    };
    assert_ne!(
        arg("argument `bad name` of tool `t1`").fingerprint,
        arg("argument `other[]` of tool `t1`").fingerprint
    );
    // Another lint's message is not part of it: rewording keeps the fingerprint.
    assert_eq!(
        diagnostic("spec", Level::Deny, "s", "a b", None).fingerprint,
        {
            let mut d = diagnostic("spec", Level::Deny, "s", "a b", None);
            d.message = "reworded".to_owned();
            fingerprint(d.lint.name, &d.places, None, None, d.detail.as_deref())
        }
    );
}

/// A file given as `./x` and as `x` is one file to a fingerprint.
#[test]
fn a_path_is_one_however_it_is_given() {
    assert_eq!(plain_path("./.mcp.json"), plain_path(".mcp.json"));
    assert_eq!(plain_path("./a/./b.json"), "a/b.json");
    assert_ne!(plain_path("a/b.json"), plain_path("b.json"));
}
