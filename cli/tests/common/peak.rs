//! The peak memory of the CLI's runs, read after they end: what a test that bounds memory
//! measures.

/// The largest resident set, in bytes, of any child this process has waited for.
#[cfg(unix)]
#[must_use]
pub fn children_peak() -> u64 {
    use nix::sys::resource::{UsageWho, getrusage};
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    // Linux gives kilobytes (macOS bytes; then the bound only gets looser).
    u64::try_from(usage.max_rss()).unwrap_or(0) * 1024
}

/// Panics when a child this process waited for held `times` `input` bytes or more; `of`
/// names the input (`names`, `snapshots`).
pub fn held_below(times: usize, input: usize, what: &str, of: &str) {
    #[cfg(unix)]
    {
        let peak = children_peak();
        let bound = u64::try_from(times * input).expect("fits");
        eprintln!(
            "{what}: peak {} MB for {} MB of {of}",
            peak >> 20,
            input >> 20
        );
        assert!(
            peak < bound,
            "{what}: a process held {} MB for {} MB of {of} (bound {} MB)",
            peak >> 20,
            input >> 20,
            bound >> 20
        );
    }
    #[cfg(not(unix))]
    let _ = (times, input, what, of);
}
