//! The rules of the coding agents added as oracles on 2026-12-03 (Kilo Code, Qwen Code,
//! Droid): each expectation below is a name the client itself sent in a run
//! (`cli/tests/oracles.rs`), so the hashes are the client's, not recomputed from this crate.

use mcp_toolname_rules::{
    DROID, Fate, GOOSE, KILO_CODE, QWEN_CODE, client_key, qualify, qualify_list,
};

#[test]
fn kilo_code_replaces_each_utf16_unit_and_never_cuts() {
    assert_eq!(
        qualify(&KILO_CODE, "my-server", "x😀y").name,
        "my-server_x__y"
    );
    assert_eq!(
        qualify(&KILO_CODE, "srv.two", "search").name,
        "srv_two_search"
    );
    let long = "t".repeat(1000);
    let q = qualify(&KILO_CODE, "a", &long);
    assert_eq!((q.name.len(), q.fate), (1002, Fate::Kept));
}

#[test]
fn qwen_code_hashes_every_changed_or_long_name_with_fnv1a_in_base_36() {
    // Sent by qwen 0.24.4 for these pairs.
    assert_eq!(
        qualify(&QWEN_CODE, "my-server", "search").name,
        "mcp__my-server__search"
    );
    assert_eq!(
        qualify(&QWEN_CODE, "my-server", "a.b").name,
        "mcp__my-server__a_b_0elwp36"
    );
    assert_eq!(
        qualify(&QWEN_CODE, "my-server", "x😀y").name,
        "mcp__my-server__x__y_0ddpcbv"
    );
    assert_eq!(
        qualify(&QWEN_CODE, "srv.two", "search").name,
        "mcp__srv_two__search_0uqq6ek"
    );
    assert_eq!(
        qualify(&QWEN_CODE, "my-server", "Ａb").name,
        "mcp__my-server___b_19nei5s"
    );
    // 63 whole is kept; 64 is cut to 55 and hashed, to 63.
    let fits = "t".repeat(63 - "mcp__k__".len());
    assert_eq!(qualify(&QWEN_CODE, "k", &fits).fate, Fate::Kept);
    let over = qualify(&QWEN_CODE, "k", &format!("{fits}t"));
    assert_eq!((over.name.len(), over.fate), (63, Fate::Hashed));
    assert_eq!(
        over.name[..56],
        format!("{}_", &format!("mcp__k__{fits}")[..55])
    );
}

#[test]
fn droid_makes_a_slug_of_the_key() {
    fn slug(key: &str) -> String {
        client_key(&DROID, key).expect("Droid takes every key")
    }
    assert_eq!(slug("my.server"), "my-server");
    assert_eq!(slug("a b"), "a-b");
    assert_eq!(slug("@scope/pkg"), "scope-pkg");
    assert_eq!(slug("k:colon"), "k-colon");
    assert_eq!(slug("😀key"), "key");
    assert_eq!(slug("café"), "caf");
    assert_eq!(slug("srv\u{202E}x"), "srvx");
    assert_eq!(slug("数据库"), "invalid-server-name");
    assert_eq!(slug("--a..b--"), "a-b");
    // Cut to 32, and a `-` the cut leaves at the end trimmed.
    assert_eq!(slug(&"a".repeat(40)), "a".repeat(32));
    assert_eq!(slug(&format!("{}.b", "a".repeat(31))), "a".repeat(31));
}

#[test]
fn droid_hashes_long_names_with_sha256_of_the_slug_and_the_tool_as_written() {
    // Sent by droid 0.225.2: `k-colon___` + the 60-character tool, cut to 55, + the hash.
    let tool = "long60_export_customer_invoices_as_pdfs_with_line_item_detai";
    assert_eq!(
        qualify(&DROID, "k:colon", tool).name,
        "k-colon___long60_export_customer_invoices_as_pdfs_with__9b0d27aa"
    );
    let fits = "t".repeat(64 - "g___".len());
    assert_eq!(qualify(&DROID, "g", &fits).fate, Fate::Kept);
    assert_eq!(qualify(&DROID, "g", &format!("{fits}t")).fate, Fate::Hashed);
}

#[test]
fn droid_hashes_the_changed_tools_whose_names_meet() {
    let tools = ["a.b", "a_b", "p.q", "p q", "r.s"];
    let mut qs: Vec<_> = tools.iter().map(|t| qualify(&DROID, "c", t)).collect();
    let mut list: Vec<(&str, &mut _)> = tools.iter().copied().zip(qs.iter_mut()).collect();
    qualify_list(&DROID, "c", &mut list);
    let names: Vec<&str> = qs.iter().map(|q| q.name.as_str()).collect();
    // Sent by droid 0.225.2 (`c___a_b_…` from a run with key `clash`, the others from `c`).
    assert_eq!(names[1], "c___a_b", "unchanged: kept");
    assert!(names[0].starts_with("c___a_b_") && names[0].len() == "c___a_b_".len() + 8);
    assert_eq!(names[2], "c___p_q_ec22d248");
    assert_eq!(names[3], "c___p_q_632a046c");
    assert_eq!(names[4], "c___r_s", "changed but meets nothing: no hash");
}

// Goose is read from its source, not run (see the preset): these hold the rule as read.
#[test]
fn goose_deletes_white_space_in_the_key_lower_cases_it_and_sends_the_tool_as_listed() {
    assert_eq!(
        qualify(&GOOSE, "My Server", "search").name,
        "myserver__search"
    );
    assert_eq!(
        qualify(&GOOSE, "my.server", "a.b c").name,
        "my_server__a.b c"
    );
    // The ideographic space is deleted; each CJK character becomes `_`.
    assert_eq!(qualify(&GOOSE, "数据\u{3000}库", "q").name, "_____q");
    let long = "t".repeat(300);
    let q = qualify(&GOOSE, "k", &long);
    assert_eq!((q.name.len(), q.fate), (303, Fate::Kept));
}
