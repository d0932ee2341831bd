//! Each client's rule where names of different servers meet, on what the client was seen to
//! send (run on whole configs: the servers answering at once, and the earlier ones held back).

use super::*;
use crate::client::{CLAUDE_CODE, CLINE, CODEX, CONTINUE_CLI, GEMINI_CLI, OPENCODE};
use crate::list::qualify_list;
use crate::qualify::qualify;

/// Each server's tools qualified and met within the server, then across the config.
fn config(client: &ClientPreset, servers: &[(&str, &[&str])]) -> Vec<Vec<Qualified>> {
    let mut out: Vec<Vec<Qualified>> = servers
        .iter()
        .map(|(key, tools)| tools.iter().map(|t| qualify(client, key, t)).collect())
        .collect();
    for ((key, tools), qs) in servers.iter().zip(out.iter_mut()) {
        let mut list: Vec<(&str, &mut Qualified)> =
            tools.iter().copied().zip(qs.iter_mut()).collect();
        qualify_list(client, key, &mut list);
    }
    let mut lists: Vec<ServerList> = servers
        .iter()
        .zip(out.iter_mut())
        .map(|((key, tools), qs)| ServerList {
            key,
            rule: client,
            tools: tools.iter().copied().zip(qs.iter_mut()).collect(),
        })
        .collect();
    qualify_config(client, &mut lists);
    out
}

fn fates(qs: &[Vec<Qualified>]) -> Vec<Vec<Fate>> {
    qs.iter()
        .map(|s| s.iter().map(|q| q.fate).collect())
        .collect()
}

#[test]
fn codex_hashes_each_namespace_that_several_keys_make() {
    let out = config(
        &CODEX,
        &[
            ("my-server", &["search", "alpha"]),
            ("my_server", &["search"]),
            ("my.server", &["gamma"]),
            ("other", &["search"]),
        ],
    );
    assert_eq!(out[0][0].name, "mcp__my_server_497a8b629ad2__search");
    assert_eq!(out[0][1].name, "mcp__my_server_497a8b629ad2__alpha");
    assert_eq!(out[1][0].name, "mcp__my_server_b7840dcbfd2d__search");
    assert_eq!(out[2][0].name, "mcp__my_server_84cd56981196__gamma");
    assert_eq!(out[3][0].name, "mcp__other__search");
    assert_eq!(out[0][0].fate, Fate::Hashed);
    assert_eq!(out[3][0].fate, Fate::Kept);
    assert_eq!(out[1][0].meets_server.as_deref(), Some("my-server"));
}

#[test]
fn codex_alone_gives_what_one_server_gives() {
    // One server: the whole-config rule must give what the one-server rule gives.
    let tools: &[&str] = &["a.b", "a_b", "a-b", "get user", &"x".repeat(150), "k:v"];
    let one: Vec<Qualified> = {
        let mut qs: Vec<Qualified> = tools.iter().map(|t| qualify(&CODEX, "srv", t)).collect();
        let mut list: Vec<(&str, &mut Qualified)> =
            tools.iter().copied().zip(qs.iter_mut()).collect();
        qualify_list(&CODEX, "srv", &mut list);
        qs
    };
    let whole = config(&CODEX, &[("srv", tools)]);
    for (a, b) in one.iter().zip(&whole[0]) {
        assert_eq!((&a.name, a.fate), (&b.name, b.fate));
    }
}

#[test]
fn codex_keeps_apart_a_key_and_a_tool_that_meet_at_the_separator() {
    let out = config(&CODEX, &[("x", &["y__z"]), ("x__y", &["z"])]);
    // Namespaces `mcp__x` and `mcp__x__y`: the names differ as Codex compares them.
    assert_eq!(out[0][0].name, "mcp__x__y__z");
    assert_eq!(out[1][0].name, "mcp__x__y__z");
    assert_eq!(fates(&out), [[Fate::Kept], [Fate::Kept]]);
}

#[test]
fn claude_code_sends_whichever_connects_first() {
    let out = config(
        &CLAUDE_CODE,
        &[("x", &["y__z"]), ("x__y", &["z"]), ("x__y2", &["z"])],
    );
    assert_eq!(fates(&out), [[Fate::Raced], [Fate::Raced], [Fate::Kept]]);
    assert_eq!(out[0][0].meets.as_deref(), Some("z"));
    assert_eq!(out[0][0].meets_server.as_deref(), Some("x__y"));
    assert_eq!(out[1][0].meets_server.as_deref(), Some("x"));
}

#[test]
fn gemini_and_opencode_race_too() {
    for client in [&GEMINI_CLI, &OPENCODE] {
        let out = config(
            client,
            &[("数据库", &["search", "a"]), ("日志库", &["search", "b"])],
        );
        assert_eq!(
            fates(&out),
            [
                [Fate::Raced, Fate::Normalised],
                [Fate::Raced, Fate::Normalised]
            ],
            "{}",
            client.id
        );
    }
}

#[test]
fn cline_sends_the_later_server_in_the_config() {
    // `z` is written after `z__y` but sorts before it: the order written decides.
    let out = config(&CLINE, &[("z__y", &["w"]), ("z", &["y__w"])]);
    assert_eq!(fates(&out), [[Fate::Shadowed], [Fate::Kept]]);
    assert_eq!(out[0][0].meets.as_deref(), Some("y__w"));
}

#[test]
fn copilot_numbers_cut_names_per_server_then_the_greater_key_replaces() {
    let long = format!("shared-prefix-{}", "k".repeat(55));
    let (one, two) = (format!("{long}-one"), format!("{long}-two"));
    let out = config(
        &crate::client::COPILOT_CLI,
        &[(&two, &["alpha", "gamma"]), (&one, &["alpha", "beta"])],
    );
    let base: String = format!("{long}-").chars().take(64).collect();
    assert_eq!(out[0][0].name, base);
    assert_eq!(out[0][1].name, format!("{}2", &base[..63]));
    assert_eq!(
        fates(&out),
        [[Fate::Cut, Fate::Cut], [Fate::Shadowed, Fate::Shadowed]]
    );
    assert_eq!(out[1][1].meets.as_deref(), Some("gamma"));
}

#[test]
fn continue_sends_all_under_one_name() {
    let out = config(&CONTINUE_CLI, &[("a", &["search"]), ("b", &["search"])]);
    assert_eq!(fates(&out), [[Fate::Kept], [Fate::Kept]]);
    assert_eq!(out[0][0].meets_server.as_deref(), Some("b"));
}

#[test]
fn codex_keeps_every_name_of_many_servers_of_one_namespace_apart() {
    // 125 keys that all make `mcp__a___` (each of `-.:@/` becomes `_`), 40 tools each.
    let marks = ['-', '.', ':', '@', '/'];
    let mut keys: Vec<String> = Vec::new();
    for a in marks {
        for b in marks {
            for c in marks {
                keys.push(format!("a{a}{b}{c}"));
            }
        }
    }
    let tools: Vec<String> = (0..40).map(|i| format!("tool.{i}")).collect();
    let tools: Vec<&str> = tools.iter().map(String::as_str).collect();
    let servers: Vec<(&str, &[&str])> = keys
        .iter()
        .map(|k| (k.as_str(), tools.as_slice()))
        .collect();
    let out = config(&CODEX, &servers);
    let mut names: Vec<&str> = out.iter().flatten().map(|q| q.name.as_str()).collect();
    assert_eq!(names.len(), 125 * 40);
    assert!(
        out.iter()
            .flatten()
            .all(|q| q.fate == Fate::Hashed && q.name.len() <= CODEX.max_len)
    );
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 125 * 40, "every name apart");
}

#[test]
fn droid_keeps_tools_by_part_and_tool_and_starts_the_later_of_one_slug() {
    use crate::client::DROID;
    // Shown as `mcp___x_tool` and `mcp_x___tool`, kept as `mcp_x_tool`: whichever connects
    // last is sent. `k` with `q__r` and `k__q` with `r` stay apart.
    let out = config(
        &DROID,
        &[
            ("mcp", &["x_tool"]),
            ("mcp_x", &["tool"]),
            ("k", &["q__r"]),
            ("k__q", &["r"]),
        ],
    );
    assert_eq!(
        fates(&out),
        [[Fate::Raced], [Fate::Raced], [Fate::Kept], [Fate::Kept]]
    );
    // `my.server` and `my-server` make one slug: only the later is started.
    let out = config(&DROID, &[("my.server", &["a", "b"]), ("my-server", &["c"])]);
    assert_eq!(
        fates(&out),
        [vec![Fate::Shadowed, Fate::Shadowed], vec![Fate::Kept]]
    );
    assert_eq!(out[0][0].meets_server.as_deref(), Some("my-server"));
    assert_eq!(out[0][0].meets, None);
}

#[test]
fn goose_sends_one_of_the_tools_that_meet_in_the_order_of_its_hash_map() {
    use crate::client::GOOSE;
    // `My Server` and `myserver` make one key; `x` with `y__z` and `x__y` with `z` meet at the
    // separator. Which one is sent changes between starts: raced, both ways; `alpha` is
    // sent under the changed key.
    let out = config(
        &GOOSE,
        &[
            ("My Server", &["search", "alpha"]),
            ("myserver", &["search"]),
            ("x", &["y__z"]),
            ("x__y", &["z"]),
        ],
    );
    assert_eq!(
        fates(&out),
        [
            vec![Fate::Raced, Fate::Normalised],
            vec![Fate::Raced],
            vec![Fate::Raced],
            vec![Fate::Raced]
        ]
    );
    assert_eq!(out[1][0].meets_server.as_deref(), Some("My Server"));
    assert!(crate::message::across_outcome(&GOOSE).contains("hash map"));
}
