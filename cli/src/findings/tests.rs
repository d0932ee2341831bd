use super::*;

fn kinds(names: &[&str]) -> Vec<Finding> {
    let names: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    audit_names(&names, &Keys::new("server", None)).1
}

/// Copilot CLI numbers cut names that meet (`...abcd`, `...abc2`): both tools are sent,
/// so no finding may say it sends one; a client that cuts without numbering sends one.
#[test]
fn collisions_follow_the_whole_list_fates() {
    let names: Vec<String> = ["1", "2"]
        .iter()
        .map(|end| format!("{}{end}", "abcd".repeat(17)))
        .collect();
    let (reports, found) = audit_names(&names, &Keys::new("k-k", None));
    let copilot = |r: &NameReport| {
        r.clients
            .iter()
            .find(|v| v.client.id == "copilot_cli")
            .map(|v| (v.qualified.name.clone(), v.qualified.fate))
    };
    let (a, b) = (copilot(&reports[0]), copilot(&reports[1]));
    assert!(
        a.is_some() && a != b,
        "Copilot CLI sends two names: {a:?} {b:?}"
    );
    let collisions: Vec<&Finding> = found
        .iter()
        .filter(|f| f.kind == &lint::NORMALISATION_COLLISION)
        .collect();
    assert!(
        !collisions.iter().any(|f| f.client == Some("copilot_cli")),
        "{collisions:#?}"
    );
    for f in &collisions {
        let sent: Vec<Option<String>> = reports
            .iter()
            .map(|r| {
                r.clients
                    .iter()
                    .find(|v| Some(v.client.id) == f.client)
                    .map(|v| v.qualified.name.clone())
            })
            .collect();
        assert!(sent.windows(2).all(|w| w[0] == w[1]), "{f:?}: {sent:?}");
    }
}

#[test]
fn duplicates_are_counted_once_each() {
    let f = kinds(&["a", "b", "a", "a"]);
    let dups: Vec<&Finding> = f.iter().filter(|f| f.kind == &lint::DUPLICATE).collect();
    assert_eq!(dups.len(), 1);
    assert!(
        dups[0].message.contains("`a` 3 times"),
        "{}",
        dups[0].message
    );
}

#[test]
fn case_and_normalisation_pairs() {
    let f = kinds(&["getUser", "GetUser", "admin.tools.list", "admin_tools_list"]);
    assert!(
        f.iter()
            .any(|f| f.kind == &lint::CASE_COLLISION
                && f.message.contains("`getUser` and `GetUser`"))
    );
    let clients: Vec<_> = f
        .iter()
        .filter(|f| f.kind == &lint::NORMALISATION_COLLISION)
        .filter_map(|f| f.client)
        .collect();
    assert!(clients.contains(&"claude_code") && clients.contains(&"codex"));
    assert!(!clients.contains(&"gemini_cli"), "{clients:?}");
}

/// keurcien/auxilia #254: `run_query` and `Run-Query` on one server passed unremarked.
#[test]
fn look_alikes_are_one_finding_naming_each() {
    let f = kinds(&["run_query", "Run-Query", "runquery", "list"]);
    let alike: Vec<&Finding> = f.iter().filter(|f| f.kind == &lint::LOOK_ALIKE).collect();
    assert_eq!(alike.len(), 1, "{f:#?}");
    assert_eq!(alike[0].tools, ["run_query", "Run-Query"]);
    assert!(
        alike[0].message.starts_with(
            "tool names `run_query` and `Run-Query` differ only in case and in `_`, `-` and \
             `.`"
        ),
        "{}",
        alike[0].message
    );
    assert!(
        !f.iter().any(|f| f.kind == &lint::CASE_COLLISION),
        "a group that differs in more than case is not called case-only"
    );
    let f = kinds(&["Ärger", "ärger"]);
    assert!(f.iter().any(|f| f.kind == &lint::CASE_COLLISION), "{f:#?}");
    // `admin.tools.list` and `admin_tools_list` become one name in Claude Code: said once.
    let f = kinds(&["admin.tools.list", "admin_tools_list"]);
    assert!(!f.iter().any(|f| f.kind == &lint::LOOK_ALIKE), "{f:#?}");
    assert!(f.iter().any(|f| f.kind == &lint::NORMALISATION_COLLISION));
}

#[test]
fn a_clean_name_has_no_findings() {
    assert!(kinds(&["list_files"]).is_empty());
}

#[test]
fn spec_failures_break_the_spec() {
    let f = kinds(&["search documents"]);
    assert!(
        f.iter()
            .any(|f| f.kind == &lint::SPEC && f.kind.level == crate::lint::Level::Deny)
    );
    assert!(
        f.iter()
            .all(|f| f.suggestion.as_deref() == Some("search_documents") || f.kind == &lint::CLIENT)
    );
}
