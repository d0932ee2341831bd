//! What README.md promises about itself: its first server is `examples/quickstart.rs`, its
//! dependency block is enough for it, and the server runs as it says; every code block of it
//! and of the guides under docs/ says what language it is in (the Rust ones are run as
//! doctests through src/lib.rs, which includes every guide).

use crate::common;

use std::collections::BTreeSet;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// Each fenced block: its info string and its lines.
fn blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(info), None) => open = Some((info.trim().to_owned(), Vec::new())),
            (Some(_), Some(block)) => out.push(block),
            (None, Some((info, mut lines))) => {
                lines.push(line.to_owned());
                open = Some((info, lines));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "README.md ends inside a code block");
    out
}

/// The crate names a `[dependencies]` block declares, with `-` read as `_`.
fn declared(block: &[String]) -> BTreeSet<String> {
    block
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.starts_with('#') && !line.starts_with('['))
        .filter_map(|line| line.split_once('='))
        .map(|(name, _)| name.trim().replace('-', "_"))
        .collect()
}

/// The crates a source file names at the start of a path (`use tokio::...`, `tracing::Level`),
/// among `candidates`.
fn used(source: &str, candidates: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in source.match_indices("::") {
        let start = source[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let before = source[..start].chars().next_back();
        let root = &source[start..at];
        // `a::b::c` names the crate once, at `a`; `Self::x`, `self::x` are not crates.
        if before != Some(':') && candidates.contains(root) {
            found.insert(root.to_owned());
        }
    }
    found
}

/// The README's Rust block under "A first server".
fn first_server(readme: &str) -> String {
    let section = &readme[readme.find("## A first server").expect("a first server")..];
    let (_, lines) = blocks(section)
        .into_iter()
        .find(|(info, _)| info.starts_with("rust"))
        .expect("a Rust block");
    lines.join("\n") + "\n"
}

#[test]
fn the_first_server_is_the_quickstart_example() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/quickstart.rs"
    ))
    .unwrap();
    assert_eq!(
        first_server(&readme()),
        example,
        "README.md's first server and examples/quickstart.rs differ: keep them one text"
    );
}

/// The build error the README shows for `name = "add numbers"`: the message the rules give, at
/// the line and column of the first server where that name would be, and that line's text.
#[test]
fn the_error_shown_is_the_first_servers_with_a_space() {
    use mcp_toolname::rules::{MCP, check, message};
    let readme = readme();
    let after = &readme[readme.find("and it fails:").expect("the error shown")..];
    let (_, shown) = blocks(after).into_iter().next().expect("a block");
    let expected = message::name_error(
        "add numbers",
        &check("add numbers", &MCP).unwrap_err(),
        &MCP,
    );
    assert_eq!(shown[0], format!("error: {expected}"));
    let at = shown[2]
        .trim_start()
        .strip_prefix("--> src/main.rs:")
        .expect("a location");
    let (line, column) = at.split_once(':').expect("line:column");
    let (line, column): (usize, usize) = (line.parse().unwrap(), column.parse().unwrap());
    let source =
        first_server(&readme).replacen(r#"name = "add_numbers""#, r#"name = "add numbers""#, 1);
    let text = source
        .lines()
        .nth(line - 1)
        .expect("the line is in the first server");
    assert_eq!(
        shown[4],
        format!("{line} | {text}"),
        "the line shown is not the source's"
    );
    assert!(
        text[column - 1..].starts_with(r#""add numbers""#),
        "column {column} of line {line} is not the name's literal: {text}"
    );
}

/// What the README says of it: `add_numbers` listed, `calc.add` answering, unlisted.
#[tokio::test]
async fn the_first_server_serves_what_the_readme_says() {
    use rmcp::ServiceExt;
    let command = tokio::process::Command::new(common::example("quickstart"));
    let transport = rmcp::transport::TokioChildProcess::new(command).expect("starts");
    let client = ().serve(transport).await.expect("initialize");
    assert_eq!(common::names(&client).await, ["add_numbers"]);
    let args = serde_json::json!({"a": 2, "b": 3}).as_object().cloned();
    let result = common::call(&client, "calc.add", args)
        .await
        .expect("called");
    assert_eq!(common::text(&result), "5");
    assert!(
        result
            .meta
            .is_some_and(|m| m.0.contains_key("mcp-toolname/deprecated")),
        "marked deprecated"
    );
    client.cancel().await.expect("closes");
}

#[test]
fn the_dependency_block_lists_every_crate_the_first_server_uses() {
    let readme = readme();
    let install = &readme[readme.find("## Install").expect("an Install section")..];
    let deps = blocks(install)
        .into_iter()
        .find(|(info, lines)| info == "toml" && lines.iter().any(|l| l == "[dependencies]"))
        .expect("a [dependencies] block under ## Install")
        .1;
    let declared = declared(&deps);
    // Every crate the facade itself or its examples may use.
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let mut candidates: BTreeSet<String> = manifest
        .lines()
        .filter_map(|line| line.split_once(['=', '.']))
        .map(|(name, _)| name.trim().replace('-', "_"))
        .filter(|name| !name.is_empty() && !name.contains(' ') && !name.starts_with('['))
        .collect();
    candidates.insert("mcp_toolname".to_owned());
    let example = first_server(&readme);
    let used = used(&example, &candidates);
    for must in ["mcp_toolname", "rmcp", "tokio", "serde"] {
        assert!(
            used.contains(must),
            "the scan missed `{must}` in the first server: {used:?}"
        );
    }
    let missing: Vec<_> = used.difference(&declared).collect();
    assert!(
        missing.is_empty(),
        "the first server uses {missing:?}, which README.md's dependency block does not list \
         (it lists {declared:?})"
    );
}

#[test]
fn every_code_block_names_its_language() {
    // Rust blocks run as doctests (`rust`, or `rust,compile_fail` / `rust,no_run` /
    // `rust,should_panic`); never `ignore`. Anything else must say it is not Rust.
    let not_rust = ["text", "sh", "console", "toml", "json", "promql", "yaml"];
    let docs = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/docs")).unwrap();
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let mut texts = vec![readme()];
    for entry in docs {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                lib.contains(&format!("include_str!(\"../docs/{file}\")")),
                "docs/{file} is not doc-tested: include it in src/lib.rs as the other guides are"
            );
            texts.push(std::fs::read_to_string(path).unwrap());
        }
    }
    for (info, lines) in texts.iter().flat_map(|t| blocks(t)) {
        let rust = info == "rust"
            || info
                .strip_prefix("rust,")
                .is_some_and(|mode| ["compile_fail", "no_run", "should_panic"].contains(&mode));
        assert!(
            rust || not_rust.contains(&info.as_str()),
            "block fenced as {info:?}: expected `rust` (optionally `,compile_fail`, \
             `,no_run` or `,should_panic`; never `ignore`) or one of {not_rust:?} (an unnamed \
             block is run as Rust): {:?}",
            lines.first()
        );
    }
}

#[test]
fn the_block_scanner_sees_what_a_reader_sees() {
    let text = "a\n```toml\n[dependencies]\nfoo-bar = \"1\"\n# baz = 1\n```\n```rust\nx\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[1], ("rust".to_owned(), vec!["x".to_owned()]));
    assert_eq!(
        declared(&found[0].1),
        BTreeSet::from(["foo_bar".to_owned()])
    );
    let candidates = BTreeSet::from(["tokio".to_owned(), "serde".to_owned()]);
    let source = "use tokio::main; fn f() { self::serde::x(); std::tokio::y(); }";
    assert_eq!(
        used(source, &candidates),
        BTreeSet::from(["tokio".to_owned()])
    );
}
