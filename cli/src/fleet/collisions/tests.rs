//! The collisions of configs made for each kind of cross-server finding.

use super::*;
use crate::fleet::Outcome;
use crate::keys::Keys;
use crate::listing::{ListedTool, Listing};
use crate::prompts::ServedPrompt;
use crate::report::Judged;

/// When the tests judge: any instant does, as no alias of theirs has a window.
fn now() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::UNIX_EPOCH
}

/// A server listing `names` and `prompts`, as `audit --config` reaches it.
fn listed(key: &str, names: &[&str], prompts: &[&str]) -> (String, Keys, Result<Listing, Outcome>) {
    let listing = Listing {
        tools: names.iter().map(|name| ListedTool::named(name)).collect(),
        prompts: prompts
            .iter()
            .map(|n| ServedPrompt {
                name: (*n).to_owned(),
                arguments: Vec::new(),
                definition_bytes: 0,
            })
            .collect(),
        ..Listing::default()
    };
    (key.to_owned(), Keys::new(key, None), Ok(listing))
}

/// A server listing `names`, judged on its own.
fn audited(key: &str, names: &[&str]) -> Server {
    judged(listed(key, names, &[]))
}

/// A server with no tools and `prompts`, judged on its own.
fn prompted(key: &str, prompts: &[&str]) -> Server {
    judged(listed(key, &[], prompts))
}

fn judged((key, mut keys, listing): (String, Keys, Result<Listing, Outcome>)) -> Server {
    let Ok(listing) = listing else {
        unreachable!("listed")
    };
    let levels = crate::lint::Levels::default();
    Server {
        outcome: Outcome::Audited(Box::new(Judged::new(&listing, &mut keys, &levels, now()))),
        key,
        keys,
    }
}

#[test]
fn gemini_cli_keeps_one_servers_prompt_and_renames_the_others() {
    let servers = [
        prompted("one", &["plain", "a b"]),
        prompted("two", &["plain", "x"]),
        prompted("three", &["a-b", "plain"]),
    ];
    let found: Vec<CrossFinding> = cross_server(&servers)
        .into_iter()
        .filter(|f| f.kind == &lint::PROMPT_COLLISION)
        .collect();
    // Gemini CLI's two, then Qwen Code's `/plain` (it ends `a b` at the space, so `a-b`
    // meets nothing there).
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[..2].iter().all(|f| f.client == Some("gemini_cli")));
    assert_eq!(found[2].client, Some("qwen_code"));
    assert_eq!(found[2].name.as_deref(), Some("/plain"));
    let plain = &found[0];
    assert_eq!(plain.name.as_deref(), Some("/plain"));
    let renamed: Vec<(&str, Option<&str>)> = plain
        .members
        .iter()
        .map(|m| (m.server.as_str(), m.renamed.as_deref()))
        .collect();
    assert_eq!(
        renamed,
        [
            ("one", Some("/one_plain")),
            ("two", Some("/two_plain")),
            ("three", Some("/three_plain"))
        ]
    );
    assert_eq!(
        plain.message,
        "prompts `plain` of `one`, `plain` of `two` and `plain` of `three` all become the \
         command `/plain` under Gemini CLI; it keeps `/plain` for the server it reads first, \
         which is the one that answers first (it starts them all at once), and renames the \
         others' (`/one_plain`, `/two_plain` or `/three_plain`), so which prompt `/plain` \
         runs can change from one start to the next: rename the prompts apart"
    );
    // `a b` becomes `/a-b` under Gemini CLI, as `a-b` is; two names that make one command are
    // each given their server in front (run: cli/tests/oracle_configs.rs).
    assert_eq!(found[1].name.as_deref(), Some("/a-b"));
    assert_eq!(found[1].members[0].renamed.as_deref(), Some("/one.a-b"));
    assert_eq!(found[1].members[1].renamed.as_deref(), Some("/three.a-b"));
}

#[test]
fn one_servers_prompts_do_not_collide_across_servers() {
    let servers = [prompted("one", &["a b", "a-b"]), prompted("two", &["x"])];
    assert!(
        cross_server(&servers)
            .iter()
            .all(|f| f.kind != &lint::PROMPT_COLLISION)
    );
}

/// Servers as `audit --config` judges them: keys numbered where a client numbers them, then
/// every name's fate over the whole config.
fn config(servers: &[(&str, &[&str])]) -> Vec<Server> {
    let ran = servers.iter().map(|(k, n)| listed(k, n, &[])).collect();
    crate::fleet::judge(ran, &crate::lint::Levels::default(), now())
}

fn collisions(servers: &[Server]) -> Vec<(Option<&'static str>, Option<String>)> {
    cross_server(servers)
        .into_iter()
        .filter(|f| f.kind == &lint::NAME_COLLISION)
        .map(|f| (f.client, f.name))
        .collect()
}

#[test]
fn single_underscores_make_gemini_cli_and_vs_code_names_ambiguous() {
    // `mcp_a_b_c` is key `a` + tool `b_c`, and key `a_b` + tool `c`.
    let found = collisions(&[audited("a", &["b_c"]), audited("a_b", &["c"])]);
    let clients: Vec<_> = found.iter().filter_map(|(c, _)| *c).collect();
    assert!(clients.contains(&"gemini_cli") && clients.contains(&"vscode"));
    assert!(clients.contains(&"cursor"), "{found:?}");
    assert!(!clients.contains(&"claude_code") && !clients.contains(&"codex"));
}

#[test]
fn vs_code_numbers_keys_that_share_13_characters() {
    let servers = config(&[
        ("github-enterprise-us", &["search"]),
        ("github-enterprise-eu", &["search"]),
    ]);
    let found = cross_server(&servers);
    assert!(found.iter().any(|f| f.kind == &lint::KEY_COLLISION
        && f.client == Some("vscode")
        && f.name.as_deref() == Some("mcp_github-enterp_")
        && f.message.contains("`mcp_github-enterp2_`")));
    // Numbered apart, so no name collision under VS Code: only the clients that show the bare
    // name (Continue's CLI, Kiro CLI) send two tools as `search`.
    assert_eq!(
        collisions(&servers),
        [
            (Some("continue_cli"), Some("search".to_owned())),
            (Some("kiro_cli"), Some("search".to_owned()))
        ]
    );
    assert!(found.iter().any(|f| f.kind == &lint::SHARED_NAME));
}

#[test]
fn keys_are_taken_as_written() {
    // `a__b` + `c` and `a` + `b__c` meet in Claude Code.
    let found = collisions(&config(&[("a__b", &["c"]), ("a", &["b__c"])]));
    assert!(found.contains(&(Some("claude_code"), Some("mcp__a__b__c".to_owned()))));
    // Two CJK keys: no client makes both `server`; Roo Code, which deletes every character it
    // does not take, makes both `_unnamed`, and Droid, whose slug keeps none of them, both
    // `invalid-server-name`. Continue's CLI and Kiro CLI show the bare name.
    let servers = config(&[("数据库", &["query"]), ("数据仓库", &["query"])]);
    assert_eq!(
        collisions(&servers),
        [
            (Some("continue_cli"), Some("query".to_owned())),
            (Some("roo_code"), Some("mcp--_unnamed--query".to_owned())),
            (
                Some("droid"),
                Some("invalid-server-name___query".to_owned())
            ),
            (Some("kiro_cli"), Some("query".to_owned())),
        ]
    );
    assert!(
        cross_server(&servers)
            .iter()
            .all(|f| !f.message.contains("server__"))
    );
}

#[test]
fn one_server_collides_with_nothing() {
    assert!(cross_server(&[audited("x", &["a", "b"])]).is_empty());
}
