//! What README.md promises about itself: its dependency block is enough for the calculator
//! example, and every code block says what language it is in (the Rust ones are run as
//! doctests through `ReadmeDoctests` in src/lib.rs).

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

#[test]
fn the_dependency_block_lists_every_crate_the_calculator_example_uses() {
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
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/calculator.rs"
    ))
    .unwrap();
    let used = used(&example, &candidates);
    for must in [
        "mcp_toolname",
        "rmcp",
        "tokio",
        "chrono",
        "tracing_subscriber",
    ] {
        assert!(
            used.contains(must),
            "the scan missed `{must}` in calculator.rs: {used:?}"
        );
    }
    let missing: Vec<_> = used.difference(&declared).collect();
    assert!(
        missing.is_empty(),
        "examples/calculator.rs uses {missing:?}, which README.md's dependency block does not list \
         (it lists {declared:?})"
    );
}

#[test]
fn every_code_block_names_its_language() {
    // Rust blocks run as doctests (`rust`, or `rust,compile_fail` / `rust,no_run` /
    // `rust,should_panic`); never `ignore`. Anything else must say it is not Rust.
    let not_rust = ["text", "sh", "console", "toml", "json", "promql"];
    for (info, lines) in blocks(&readme()) {
        let rust = info == "rust"
            || info
                .strip_prefix("rust,")
                .is_some_and(|mode| ["compile_fail", "no_run", "should_panic"].contains(&mode));
        assert!(
            rust || not_rust.contains(&info.as_str()),
            "README.md block fenced as {info:?}: expected `rust` (optionally `,compile_fail`, \
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
