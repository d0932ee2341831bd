//! Compile-time behaviour, one case per failure mode (`ui/tests/ui/**`). Each `.stderr` is the
//! exact message a user reads: what is wrong, where, and what to write instead.
//! Refresh with `TRYBUILD=overwrite cargo test -p mcp-toolname-ui`, then read every changed file.
//!
//! trybuild checks every failing case in one `cargo check`. The cases that must build and run
//! (`ui/pass/`) are test targets of this crate (`Cargo.toml`), built with the workspace's tests:
//! a passing case in trybuild would make it build every case on its own, and its dependencies
//! a second time.

#[test]
fn ui() {
    let failing = trybuild::TestCases::new();
    for topic in [
        "name",
        "warn",
        "duplicate",
        "alias",
        "args",
        "tool_name",
        "targets",
        "standalone",
        "prompt",
        "map",
        "arguments",
    ] {
        failing.compile_fail(format!("tests/ui/{topic}/*.rs"));
    }
}

/// Every case of `ui/pass/` is a test target (`pass_<file>`, run without libtest: its `main`
/// must end well), and every such target is a case there.
#[test]
fn every_passing_case_is_a_test_target() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(here.join("Cargo.toml")).expect("Cargo.toml");
    let mut cases: Vec<String> = std::fs::read_dir(here.join("tests/ui/pass"))
        .expect("tests/ui/pass")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".rs")?.to_owned())
        })
        .collect();
    cases.sort();
    let mut targets: Vec<String> = manifest
        .lines()
        .filter_map(|line| line.strip_prefix("path = \"tests/ui/pass/"))
        .filter_map(|rest| rest.strip_suffix(".rs\""))
        .map(str::to_owned)
        .collect();
    targets.sort();
    assert_eq!(
        cases, targets,
        "tests/ui/pass/*.rs and the [[test]] targets of ui/Cargo.toml"
    );
    for case in &cases {
        let target =
            format!("name = \"pass_{case}\"\npath = \"tests/ui/pass/{case}.rs\"\nharness = false");
        assert!(manifest.contains(&target), "ui/Cargo.toml lacks:\n{target}");
    }
}
