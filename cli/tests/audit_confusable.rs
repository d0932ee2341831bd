//! `audit` and names a model can take for one another (lint `confusable`): a pair is a
//! warning only where the server's listing says the tools are alike too (here, their
//! descriptions). The server is the oracles' fixture (`oracles/server.mjs`), which gives
//! every tool the same empty input, so only the descriptions can say it.

use crate::common;

use common::run;
use serde_json::json;

#[test]
fn alike_names_warn_only_with_near_identical_descriptions() {
    // `get_skill`/`get_skills` (a plural) are described alike; `search_items`/`item_search`
    // (word order) and `get_stats`/`get_status` (one letter) are not.
    let spec = json!({
        "tools": ["get_skill", "get_skills", "search_items", "item_search", "get_stats", "get_status"],
        "descriptions": [
            " Lists the skills of the current user.",
            " Lists the skills of the current user, by tag.",
            " Searches the catalogue for a text.",
            " Recent searches of this account.",
            " Requests per day.",
            " Whether the service is up.",
        ],
    });
    let (dir, server) = common::fixture_server("confusable", "pairs", &spec);
    let mut args = vec!["audit", "--format", "json", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    r.exits(0);
    let doc = r.json();
    let found: Vec<&serde_json::Value> = doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"] == "confusable")
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["tools"], json!(["get_skill", "get_skills"]));
    assert_eq!(found[0]["level"], "warn");
    let message = found[0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(
            "differ only in a plural, and the two tools have near-identical descriptions"
        ),
        "{message}"
    );

    // The text report says it as a warning, with what to do; `--allow confusable` silences it.
    let mut args = vec!["audit", "--"];
    args.extend(server.iter().map(String::as_str));
    run(&args).exits(0).out_has(
        "warning  [confusable] tool names `get_skills` and `get_skill` differ only in a plural",
    );
    let mut args = vec!["audit", "--allow", "confusable", "--"];
    args.extend(server.iter().map(String::as_str));
    let quiet = run(&args);
    quiet.exits(0);
    assert!(!quiet.stdout.contains("[confusable]"));
    let _ = std::fs::remove_dir_all(dir);
}
