//! Each client turns the config key, as written, into its server part under its own rule
//! (`rules/src/client/presets.rs`, from the clients run and their sources): the first
//! cases collected, and vectors of the clients added since.

use mcp_toolname_rules::{
    CLAUDE_CODE, CLIENTS, CLINE, CODEX, CODEX_NON_PREFIXED, CONTINUE_CLI, COPILOT_CLI, CURSOR,
    Fate, GEMINI_CLI, OPENCODE, ROO_CODE, VSCODE, check, client_key, message, qualify,
};

#[test]
fn a_35_character_plugin_key_pushes_claude_code_past_what_tool_search_loads() {
    let q = qualify(
        &CLAUDE_CODE,
        "plugin_claude-mem_claude-mem-search",
        "progressive_description",
    );
    assert_eq!(
        q.name,
        "mcp__plugin_claude-mem_claude-mem-search__progressive_description"
    );
    // Claude Code 2.1.332 sends it (run); tool search's `tool_reference` takes 64.
    assert_eq!((q.measured, q.fate), (65, Fate::Kept));
    assert!(check(&q.name, CLAUDE_CODE.contract).is_err());
}

#[test]
fn claude_code_leaves_out_a_name_over_128_and_counts_utf16() {
    let fits = 128 - "mcp__k__".len();
    assert_eq!(
        qualify(&CLAUDE_CODE, "k", &"t".repeat(fits)).fate,
        Fate::Kept
    );
    assert_eq!(
        qualify(&CLAUDE_CODE, "k", &"t".repeat(fits + 1)).fate,
        Fate::Skipped
    );
    // One `_` per UTF-16 unit: an emoji is two; NFKC first for non-ASCII tool names.
    assert_eq!(qualify(&CLAUDE_CODE, "k😀", "x😀y").name, "mcp__k____x__y");
    assert_eq!(
        qualify(&CLAUDE_CODE, "k", "\u{FF21}\u{202E}b").name,
        "mcp__k__Ab"
    );
}

#[test]
fn codex_appends_the_sha1_of_the_tool_identity_past_128() {
    // Vectors from codex-cli 0.171.0, run.
    let q = qualify(&CODEX, "L2", &"a".repeat(120));
    assert_eq!(q.fate, Fate::Hashed);
    assert_eq!(q.name, format!("mcp__L2__{}_ca45b1921585", "a".repeat(106)));
    let q = qualify(&CODEX, "L4", &"é".repeat(120));
    assert_eq!(q.name, format!("mcp__L4__{}_d58e6cad0ccd", "_".repeat(106)));
    // No second `mcp__` for a key that has it; 128, not 64.
    assert_eq!(qualify(&CODEX, "mcp__x", "t").name, "mcp__x__t");
    assert_eq!(
        qualify(&CODEX, "my.server", "a-b").name,
        "mcp__my_server__a_b"
    );
    let long = "t".repeat(128 - "mcp__k__".len());
    assert_eq!(qualify(&CODEX, "k", &long).fate, Fate::Kept);
}

#[test]
fn cline_appends_the_sha1_of_the_raw_name() {
    // `sha1("srv__my.tool")` starts 628c9080 (cline 3.0.65, run).
    assert_eq!(
        qualify(&CLINE, "srv", "my.tool").name,
        "srv__my_tool_628c9080"
    );
}

#[test]
fn gemini_cli_writes_mcp_once_and_counts_utf16() {
    assert_eq!(qualify(&GEMINI_CLI, "mcp_x", "t").name, "mcp_x_t");
    assert_eq!(qualify(&GEMINI_CLI, "mcp", "x_t").name, "mcp_x_t");
    assert_eq!(qualify(&GEMINI_CLI, "k", "x😀y").name, "mcp_k_x__y");
}

#[test]
fn cjk_keys_are_kept_apart_or_refused_never_renamed_server() {
    let forms = |key| {
        CLIENTS
            .iter()
            .map(|c| (c.id, qualify(c, key, "query")))
            .collect::<Vec<_>>()
    };
    let (a, b) = (forms("数据库"), forms("数据仓库"));
    for ((id, qa), (_, qb)) in a.iter().zip(&b) {
        if *id != "droid" {
            assert!(!qa.name.contains("server"), "{id}: {}", qa.name);
        }
        match *id {
            // Droid's slug deletes every character of both, and names what is left empty
            // `invalid-server-name`: both keys meet, and the later server replaces the first.
            "droid" => assert_eq!(
                (qa.name.as_str(), qb.name.as_str()),
                ("invalid-server-name___query", "invalid-server-name___query")
            ),
            "codex" => {
                assert_eq!((qa.fate, qb.fate), (Fate::KeyRefused, Fate::KeyRefused));
            }
            // VS Code collapses each key to one `_`; it numbers the clash (the CLI does).
            "vscode" => assert_eq!(qa.name, qb.name),
            // Replacing changed the name, so Cline hashes the raw `S__T`: apart by hash.
            "cline" => assert_eq!((qa.fate, qb.fate), (Fate::Hashed, Fate::Hashed)),
            // No key in the name: the tool alone.
            "continue_cli" | "kiro_cli" => {
                assert_eq!((qa.name.as_str(), qb.name.as_str()), ("query", "query"));
            }
            // Every character of both keys is deleted: one `_unnamed` for both.
            "roo_code" => assert_eq!(qa.name, "mcp--_unnamed--query"),
            _ => assert_ne!(qa.name, qb.name, "{id}"),
        }
    }
    // One `_` per character replaced: three for the key, then the separators.
    assert_eq!(
        qualify(&CLAUDE_CODE, "数据库", "query").name,
        format!("mcp__{}__query", "_".repeat(3))
    );
    assert_eq!(
        qualify(&GEMINI_CLI, "数据仓库", "query").name,
        format!("mcp_{}_query", "_".repeat(4))
    );
    assert_eq!(client_key(&VSCODE, "数据库").as_deref(), Ok("_"));
    let refusal = client_key(&CODEX, "数据库").unwrap_err();
    assert!(
        message::key_refused(&CODEX, "数据库", refusal)
            .contains("`数` (U+6570, not ASCII) at index 0"),
    );
}

#[test]
fn double_underscore_keys_meet_a_double_underscore_tool_in_claude_code() {
    let one = qualify(&CLAUDE_CODE, "a__b", "c");
    let two = qualify(&CLAUDE_CODE, "a", "b__c");
    assert_eq!(one.name, "mcp__a__b__c");
    assert_eq!(one.name, two.name);
    assert_eq!(one.fate, Fate::Kept);
}

#[test]
fn cursor_drops_a_tool_when_key_and_tool_reach_60() {
    let tool = "t".repeat(59);
    assert_eq!(qualify(&CURSOR, "g", &tool).fate, Fate::Skipped);
    assert_eq!(qualify(&CURSOR, "g", &tool[..58]).fate, Fate::Kept);
}

#[test]
fn each_limit_takes_its_last_character_and_refuses_the_next() {
    // (client, key, longest tool kept)
    for (client, fits) in [
        (&CLAUDE_CODE, 128 - "mcp__k__".len()),
        (&CODEX, 128 - "mcp__k__".len()),
        (&GEMINI_CLI, 63 - "mcp_k_".len()),
        (&VSCODE, 64 - "mcp_k_".len()),
        (&CURSOR, 59 - 1),
        (&CLINE, 64 - "k__".len()),
    ] {
        let q = qualify(client, "k", &"t".repeat(fits));
        assert_eq!(q.fate, Fate::Kept, "{}", client.id);
        let q = qualify(client, "k", &"t".repeat(fits + 1));
        assert!(!q.fate.is_fine(), "{}", client.id);
        if matches!(q.fate, Fate::Hashed | Fate::Cut) {
            assert_eq!(q.name.chars().count(), client.max_len, "{}", client.id);
        }
    }
}

#[test]
fn codex_refuses_keys_outside_its_pattern_and_replaces_dashes() {
    assert_eq!(qualify(&CODEX, "my server", "t").fate, Fate::KeyRefused);
    assert_eq!(qualify(&CODEX, "", "t").fate, Fate::KeyRefused);
    let q = qualify(&CODEX, "my-server", "t");
    assert_eq!(
        (q.name.as_str(), q.fate),
        ("mcp__my_server__t", Fate::Normalised)
    );
}

#[test]
fn vs_code_lowercases_collapses_and_keeps_13() {
    // `MaxPrefixLen` 18 counts `mcp_` and the trailing `_` (mcpServer.ts, as stored).
    assert_eq!(
        client_key(&VSCODE, "GitHub Enterprise (EU) mirror").as_deref(),
        Ok("github_enterp")
    );
    // Every `.` of the id becomes `_` (mcpTypes.ts).
    assert_eq!(client_key(&VSCODE, "a.b").as_deref(), Ok("a_b"));
    assert_eq!(qualify(&VSCODE, "a.b", "c.d").name, "mcp_a_b_c_d");
}

// Vectors the clients produced when run (opencode-ai 1.18.33, @github/copilot 1.0.102,
// @continuedev/cli 1.5.47); the oracles (cli/tests/oracles.rs) hold the whole corpus.
#[test]
fn opencode_joins_with_one_underscore_and_never_cuts() {
    assert_eq!(qualify(&OPENCODE, "srv", "my.tool").name, "srv_my_tool");
    assert_eq!(qualify(&OPENCODE, "服务", "tool").name, "___tool");
    assert_eq!(qualify(&OPENCODE, "🔧srv", "tool").name, "__srv_tool");
    assert_eq!(qualify(&OPENCODE, "Ünï", "tool").name, "_n__tool");
    let long = qualify(&OPENCODE, "k", &"t".repeat(129));
    assert_eq!((long.name.len(), long.fate), (131, Fate::Kept));
}

#[test]
fn copilot_cli_punycodes_each_part_then_writes_hyphens() {
    assert_eq!(qualify(&COPILOT_CLI, "Ünï", "t").name, "xn--n-jfa2d-t");
    assert_eq!(
        qualify(&COPILOT_CLI, "服务", "tool").name,
        "xn--zfr188b-tool"
    );
    assert_eq!(qualify(&COPILOT_CLI, "srv", "a..b").name, "srv-a--b");
    assert_eq!(qualify(&COPILOT_CLI, "srv", ".工").name, "srv--xn--est");
    assert_eq!(
        qualify(&COPILOT_CLI, "mcp__srv", "tool").name,
        "mcp__srv-tool"
    );
    let cut = qualify(&COPILOT_CLI, "srv", &"x".repeat(70));
    assert_eq!((cut.name.len(), cut.fate), (64, Fate::Cut));
}

#[test]
fn continue_cli_sends_the_tool_name_alone() {
    for tool in ["工具", "my tool", "a/b", "🔧tool"] {
        let q = qualify(&CONTINUE_CLI, "srv", tool);
        assert_eq!((q.name.as_str(), q.fate), (tool, Fate::Kept));
    }
}

// Read from Roo Code's source at cb836567 (src/utils/mcp-name.ts).
#[test]
fn roo_code_deletes_what_it_does_not_take() {
    assert_eq!(
        qualify(&ROO_CODE, "my server", "search.issues").name,
        "mcp--my_server--searchissues"
    );
    assert_eq!(qualify(&ROO_CODE, "a--b", "1x").name, "mcp--a-b--_1x");
    assert_eq!(qualify(&ROO_CODE, "srv", "query").fate, Fate::Kept);
    assert_eq!(qualify(&ROO_CODE, "srv", "a.b").fate, Fate::Normalised);
}

/// What Codex 0.171.0 sent with `[features] non_prefixed_mcp_tool_names = true` (run,
/// 2026-12-03): the namespace is the key alone, the rest as without it.
#[test]
fn codex_without_its_prefix() {
    let name = |key: &str, tool: &str| qualify(&CODEX_NON_PREFIXED, key, tool).name;
    assert_eq!(name("alpha", "t"), "alpha__t");
    assert_eq!(name("my-srv.x", "a.b"), "my_srv_x__a_b");
    assert_eq!(name("mcp__pre", "t"), "mcp__pre__t");
    let fits = 128 - "long__".len();
    let q = qualify(&CODEX_NON_PREFIXED, "long", &"x".repeat(fits));
    assert_eq!((q.name.len(), q.fate), (128, Fate::Kept));
    let q = qualify(&CODEX_NON_PREFIXED, "long", &"y".repeat(fits + 1));
    assert_eq!(q.fate, Fate::Hashed);
    assert_eq!(
        q.name,
        format!("long__{}_25c9bf51d825", "y".repeat(fits - 13))
    );
    assert!(qualify(&CODEX_NON_PREFIXED, "数据库", "q").fate == Fate::KeyRefused);
    assert_eq!(qualify(&CODEX, "alpha", "t").name, "mcp__alpha__t");
}
