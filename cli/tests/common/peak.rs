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

/// Panics when a child this process waited for held `fixed` bytes and `times` `input` bytes or
/// more; `of` names the input (`names`, `snapshots`). For an input small beside what every run
/// holds (the binary, its threads), read as [`children_peak`] of a run on a trivial input.
pub fn held_below_plus(fixed: u64, times: usize, input: usize, what: &str, of: &str) {
    #[cfg(unix)]
    {
        let peak = children_peak();
        let bound = fixed + u64::try_from(times * input).expect("fits");
        eprintln!(
            "{what}: peak {} MB for {} MB of {of} ({} MB fixed)",
            peak >> 20,
            input >> 20,
            fixed >> 20
        );
        assert!(
            peak < bound,
            "{what}: a process held {} MB for {} MB of {of} (bound {} MB: {} MB fixed and {times} \
             times the {of})",
            peak >> 20,
            input >> 20,
            bound >> 20,
            fixed >> 20
        );
    }
    #[cfg(not(unix))]
    let _ = (fixed, times, input, what, of);
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
