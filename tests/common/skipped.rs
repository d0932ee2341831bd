//! A test that cannot run here says so where a reader of the run sees it: on stderr, and in
//! `skipped-tests.txt` of cargo's scratch folder for tests, which `scripts/test.sh` (the
//! README's test command) prints at its end. In CI nothing is skipped: what a test needs is
//! installed there, and a missing part fails the test.

use std::io::Write;

/// Says that the running test did not run, and `why` (the variable to set, the part to
/// install).
///
/// # Panics
/// In CI (`CI` set), where every part the tests need is installed by `.ci/run`.
pub fn skipped(why: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must not skip a test: {why} (see .ci/run and scripts/test-deps.sh)"
    );
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    eprintln!("skipped: {why}");
    let list = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped-tests.txt");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(list)
    {
        let _ = writeln!(file, "{} {test}: {why}", env!("CARGO_CRATE_NAME"));
    }
}
