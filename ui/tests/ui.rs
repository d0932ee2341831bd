//! Compile-time behaviour, one case per failure mode (`ui/tests/ui/**`). Each `.stderr` is the
//! exact message a user reads: what is wrong, where, and what to write instead.
//! Refresh with `TRYBUILD=overwrite cargo test -p mcp-toolname-ui`, then read every changed file.
//!
//! The cases are two runs: trybuild checks every failing case in one `cargo check` only when no
//! case of the run must pass, and otherwise builds each case on its own. `ui/build/` holds the
//! failing cases whose message ends with what only a build adds (the use site of a constant
//! whose evaluation failed); they run with the passing ones.

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
    // The failing cases run here, when the runner is dropped; the built ones after them, in the
    // same trybuild project.
    drop(failing);
    let built = trybuild::TestCases::new();
    built.compile_fail("tests/ui/build/*.rs");
    built.pass("tests/ui/pass/*.rs");
}
