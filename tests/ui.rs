//! Compile-time behaviour, one case per failure mode (`tests/ui/**`). Each `.stderr` is the
//! exact message a user reads: what is wrong, where, and what to write instead.
//! Refresh with `TRYBUILD=overwrite cargo test --test ui`, then read every changed file.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
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
        t.compile_fail(format!("tests/ui/{topic}/*.rs"));
    }
    t.pass("tests/ui/pass/*.rs");
}
