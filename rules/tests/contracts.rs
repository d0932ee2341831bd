//! The edges of every contract and client preset: length at the limit and one past, the
//! first-character rule, and every ASCII character, in and out of the charset.

use mcp_toolname_rules::{
    ALL, CLAUDE_CODE, CLIENTS, CLINE, CODEX, CURSOR, Fate, FirstChar, GEMINI_CLI, NameError,
    VSCODE, check, client_by_id, qualify, tool_budget,
};

#[test]
fn every_contract_takes_its_limit_and_refuses_one_more() {
    for c in ALL {
        let at = "a".repeat(c.max_len);
        assert_eq!(check(&at, c), Ok(()), "{} at {}", c.id, c.max_len);
        let past = "a".repeat(c.max_len + 1);
        assert_eq!(
            check(&past, c),
            Err(NameError::TooLong {
                len: c.max_len + 1,
                max: c.max_len
            }),
            "{}",
            c.id
        );
        assert_eq!(check("", c), Err(NameError::Empty), "{}", c.id);
    }
}

#[test]
fn every_ascii_character_is_judged_by_the_charset_in_the_body_and_the_rule_first() {
    for c in ALL {
        for code in 0u8..128 {
            let ch = char::from(code);
            let body = format!("a{ch}b");
            let expected_body = c.charset.contains(ch);
            assert_eq!(
                check(&body, c).is_ok(),
                expected_body,
                "{} body {ch:?}",
                c.id
            );
            if !expected_body {
                assert_eq!(
                    check(&body, c),
                    Err(NameError::InvalidChar { ch, index: 1 }),
                    "{}",
                    c.id
                );
            }
            let first = format!("{ch}ab");
            let expected_first = c.charset.contains(ch)
                && match c.first {
                    FirstChar::Any => true,
                    FirstChar::Letter => ch.is_ascii_alphabetic(),
                    FirstChar::LetterOrUnderscore => ch.is_ascii_alphabetic() || ch == '_',
                };
            assert_eq!(
                check(&first, c).is_ok(),
                expected_first,
                "{} first {ch:?}",
                c.id
            );
        }
    }
}

#[test]
fn the_contracts_say_what_their_sources_say() {
    let verdicts = |name: &str| {
        ALL.iter()
            .filter(|c| check(name, c).is_ok())
            .map(|c| c.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(verdicts("user-profile/update"), ["sep_986"]);
    assert_eq!(verdicts("admin.tools.list"), ["mcp", "sep_986", "gemini"]);
    assert_eq!(verdicts("x:y"), ["gemini"]);
    assert_eq!(
        verdicts(&"a".repeat(100)),
        ["mcp", "anthropic"],
        "only the spec and Anthropic take 100 characters"
    );
    assert_eq!(
        verdicts("_private"),
        [
            "mcp",
            "sep_986",
            "anthropic",
            "openai",
            "gemini",
            "bedrock",
            "deepseek",
            "llm_common"
        ]
    );
}

#[test]
fn clients_are_found_by_id_with_dashes_or_underscores() {
    assert_eq!(client_by_id("claude-code"), Some(&CLAUDE_CODE));
    assert_eq!(client_by_id("gemini_cli"), Some(&GEMINI_CLI));
    assert_eq!(client_by_id("zed"), None);
    // Every preset is found by its own id, so no two share one.
    for client in CLIENTS {
        assert_eq!(client_by_id(client.id), Some(*client), "{}", client.id);
        assert_eq!(client_by_id(&client.id.replace('_', "-")), Some(*client));
    }
}

// qualify.jsonl: the prefix pushes a valid 44-character name past 64.
#[test]
fn a_valid_name_pushed_past_the_budget_by_the_prefix_meets_each_clients_fate() {
    let (key, tool) = (
        "claude-mem-search",
        "progressive_description_of_the_whole_history",
    );
    let fate = |client| qualify(client, key, tool).fate;
    // Claude Code and Codex send 68 characters whole (both run: their limit is 128), past
    // what tool search and OpenAI's documented function names take.
    assert_eq!(fate(&CLAUDE_CODE), Fate::Kept);
    let claude = qualify(&CLAUDE_CODE, key, tool);
    assert!(mcp_toolname_rules::check(&claude.name, CLAUDE_CODE.contract).is_err());
    assert_eq!(fate(&CODEX), Fate::Normalised);
    assert_eq!(fate(&GEMINI_CLI), Fate::Cut);
    assert_eq!(
        fate(&VSCODE),
        Fate::Kept,
        "VS Code keeps 13 characters of the key: 62 characters, inside 64"
    );
    assert_eq!(fate(&CURSOR), Fate::Skipped);
    assert_eq!(fate(&CLINE), Fate::Kept);
    let codex = qualify(&CODEX, key, tool);
    assert_eq!(codex.name.chars().count(), 68, "{}", codex.name);
    assert!(
        codex.name.starts_with("mcp__claude_mem_search__"),
        "codex turns `-` into `_`: {}",
        codex.name
    );
    let gemini = qualify(&GEMINI_CLI, key, tool);
    assert!(
        gemini.name.contains("...") && gemini.name.chars().count() == 63,
        "{}",
        gemini.name
    );
}

#[test]
fn the_budget_is_what_is_left_after_prefix_key_and_separator() {
    for client in CLIENTS {
        for key_len in [1, 6, 20] {
            let budget = tool_budget(client, key_len);
            let key = "k".repeat(key_len);
            // Fine: sent unchanged, and inside the contract of the API behind the client.
            let fine = |len| {
                let q = qualify(client, &key, &"t".repeat(len));
                q.fate.is_fine() && mcp_toolname_rules::check(&q.name, client.contract).is_ok()
            };
            assert!(fine(budget), "{} key {key_len}", client.id);
            assert!(!fine(budget + 1), "{} key {key_len}", client.id);
        }
    }
}

#[test]
fn characters_are_replaced_as_each_client_does() {
    assert_eq!(
        qualify(&CODEX, "srv", "get-user").name,
        "mcp__srv__get_user"
    );
    assert_eq!(
        qualify(&CLAUDE_CODE, "srv", "get-user").name,
        "mcp__srv__get-user"
    );
    assert_eq!(qualify(&GEMINI_CLI, "srv", "a.b:c").fate, Fate::Kept);
    assert_eq!(
        qualify(&VSCODE, "My-Server", "a.b").name,
        "mcp_my-server_a_b"
    );
    let cline = qualify(&CLINE, "srv", "a.b");
    assert_eq!(
        (cline.name.as_str(), cline.fate),
        ("srv__a_b_ec32a867", Fate::Hashed),
        "Cline hashes a name that replacing changed"
    );
}

#[test]
fn the_docs_tables_list_every_contract_and_client() {
    let contracts = mcp_toolname_rules::table::contracts_markdown();
    let clients = mcp_toolname_rules::table::clients_markdown();
    let limits = mcp_toolname_rules::table::limits_markdown();
    for c in ALL {
        assert!(
            contracts.contains(&format!("`{}`", c.id)) && contracts.contains(c.source),
            "{}",
            c.id
        );
    }
    for c in CLIENTS {
        assert!(clients.contains(&format!("`{}`", c.id)), "{}", c.id);
        assert!(limits.contains(&format!("`{}`", c.id)), "{}", c.id);
    }
    // docs/rules.md carries these tables between markers; regenerate with
    // `UPDATE_DOCS=1 cargo test -p mcp-toolname-rules --test contracts`.
    let readme_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md");
    let readme = std::fs::read_to_string(readme_path).unwrap();
    let generated =
        format!("<!-- generated:start -->\n{contracts}\n{clients}\n{limits}<!-- generated:end -->");
    let (start, end) = (
        readme.find("<!-- generated:start -->").unwrap(),
        readme.find("<!-- generated:end -->").unwrap(),
    );
    let current = &readme[start..end + "<!-- generated:end -->".len()];
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(readme_path, readme.replace(current, &generated)).unwrap();
    } else {
        assert_eq!(
            current, generated,
            "docs/rules.md tables are stale: run with UPDATE_DOCS=1"
        );
    }
}
