//! The peak memory of one run of the CLI, read when it is reaped (`wait4`): what a test that
//! bounds memory measures. Each run's own peak, not that of every child this process waited
//! for, so the tests that read it run beside others.
//!
//! On Linux a process's peak starts at the peak of the memory it ran in before `exec` (a
//! spawned child shares its parent's until it runs the binary), and this process holds what
//! every test of the binary running beside holds: a `diff` that holds 37 MB read 122 MB when
//! spawned from it. So each run is started by a launcher, this test binary started again with
//! only its ignored test [`launcher`] run, which holds a few MB when it starts `mcp-toolname`,
//! reaps it with `wait4`, and says its status and peak.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::{Command, Stdio};

use super::Run;

/// Runs `mcp-toolname ARGS...` with stdin closed, as [`super::run`] does: what it gave, and
/// its peak resident set in bytes (0 where it is not measured).
pub fn run<I, S>(args: I) -> (Run, u64)
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let args: Vec<OsString> = args.into_iter().map(|a| a.as_ref().to_owned()).collect();
    let (code, stdout, stderr, peak) = measured(&args, None);
    let run = Run {
        code,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    };
    (run, peak)
}

/// Runs `mcp-toolname ARGS...` with stdin closed, its stdout to the file `out` (not into this
/// process, which would then hold it) and its stderr dropped: its exit code, and its peak
/// resident set in bytes (0 where it is not measured).
pub fn run_to(out: &Path, args: &[&str]) -> (Option<i32>, u64) {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let (code, _, _, peak) = measured(&args, Some(out));
    (code, peak)
}

/// Set, in this test binary started as a launcher ([`launcher`]), to the path its report is
/// written to; the command's arguments are in `PATH.args`, each ended by a NUL byte, and its
/// stdout and stderr go to `PATH.out` (or the file [`STDOUT`] names) and `PATH.err`: libtest
/// writes to the launcher's own.
#[cfg(unix)]
const LAUNCHER: &str = "MCP_TOOLNAME_PEAK_LAUNCHER";

/// Where set, the file the launched command's stdout goes to.
#[cfg(unix)]
const STDOUT: &str = "MCP_TOOLNAME_PEAK_STDOUT";

/// Not a test: this test binary started again by [`measured`], with only this ignored test
/// run (`--ignored --exact`), holds a few MB when it starts `mcp-toolname`, reaps it with
/// `wait4` and writes its wait status and peak to the report [`LAUNCHER`] names. Without that
/// variable (in `cargo test -- --ignored`, say) it does nothing.
#[cfg(unix)]
#[test]
#[ignore = "a launcher for the memory tests, run by them"]
fn launcher() {
    use std::os::unix::ffi::OsStrExt;
    let Some(report) = std::env::var_os(LAUNCHER) else {
        return;
    };
    let report = std::path::PathBuf::from(report);
    let with = |suffix: &str| {
        let mut path = report.clone().into_os_string();
        path.push(suffix);
        std::path::PathBuf::from(path)
    };
    let args = std::fs::read(with(".args")).expect("the launcher's arguments");
    let args = args
        .split(|b| *b == 0)
        .filter(|a| !a.is_empty())
        .map(OsStr::from_bytes);
    let create = |suffix: &str| std::fs::File::create(with(suffix)).expect("an output file");
    #[expect(
        clippy::zombie_processes,
        reason = "reaped by wait4 below, which gives its peak (Child::wait gives none)"
    )]
    let child = Command::new(env!("CARGO_BIN_EXE_mcp-toolname"))
        .args(args)
        .env_remove(LAUNCHER)
        .env_remove(STDOUT)
        .stdin(Stdio::null())
        .stdout(match std::env::var_os(STDOUT) {
            Some(path) => std::fs::File::create(path).expect("the stdout file"),
            None => create(".out"),
        })
        .stderr(create(".err"))
        .spawn()
        .expect("mcp-toolname runs");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is this process's child, not yet reaped (`Child::wait` is never called
        // on it); `status` and `usage` are valid for writes.
        let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
        if reaped == pid {
            break;
        }
        let error = std::io::Error::last_os_error();
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::Interrupted,
            "wait4: {error}"
        );
    }
    // Linux gives kilobytes (macOS bytes; then the bound only gets looser).
    let peak = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    std::fs::write(&report, format!("{status} {peak}")).expect("the report written");
}

/// Runs `mcp-toolname ARGS...` with stdin closed through a launcher ([`launcher`]): its exit
/// code, its stdout and stderr (or, with `out`, stdout copied to that file and stderr
/// dropped), and its own peak resident set in bytes.
#[cfg(unix)]
fn measured(args: &[OsString], out: Option<&Path>) -> (Option<i32>, Vec<u8>, Vec<u8>, u64) {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::ExitStatusExt;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let report = std::env::temp_dir().join(format!(
        "mcp-toolname-peak-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let with = |suffix: &str| {
        let mut path = report.clone().into_os_string();
        path.push(suffix);
        std::path::PathBuf::from(path)
    };
    let mut listed = Vec::new();
    for arg in args {
        listed.extend_from_slice(arg.as_bytes());
        listed.push(0);
    }
    std::fs::write(with(".args"), listed).expect("the launcher's arguments");
    let mut launcher = Command::new(std::env::current_exe().expect("this test binary"));
    launcher
        .args([
            "--ignored",
            "--exact",
            "common::peak::launcher",
            "--test-threads=1",
        ])
        .env(LAUNCHER, &report)
        .stdin(Stdio::null());
    if let Some(out) = out {
        launcher.env(STDOUT, out);
    }
    let output = launcher.output().expect("the launcher runs");
    let said = std::fs::read_to_string(&report);
    let read = |path: &Path| std::fs::read(path).unwrap_or_default();
    let (printed, errors) = (read(&with(".out")), read(&with(".err")));
    for suffix in ["", ".args", ".out", ".err"] {
        let _ = std::fs::remove_file(with(suffix));
    }
    let said = said.unwrap_or_else(|e| {
        panic!(
            "the launcher of `mcp-toolname {args:?}` said nothing ({e}; {}):\n{}",
            output.status,
            super::output_text(&output)
        )
    });
    let (status, peak) = said.split_once(' ').expect("status and peak");
    let status = std::process::ExitStatus::from_raw(status.parse().expect("a wait status"));
    let peak = peak.parse().expect("a peak");
    (status.code(), printed, errors, peak)
}

/// Runs `mcp-toolname ARGS...` with stdin closed and the given stdout and stderr, as
/// `Command::output` does; no peak is measured (0).
#[cfg(not(unix))]
fn measured(args: &[OsString], out: Option<&Path>) -> (Option<i32>, Vec<u8>, Vec<u8>, u64) {
    let stdout = match out {
        Some(out) => std::fs::File::create(out).expect("create").into(),
        None => Stdio::piped(),
    };
    let output = Command::new(env!("CARGO_BIN_EXE_mcp-toolname"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("mcp-toolname runs");
    (output.status.code(), output.stdout, output.stderr, 0)
}

/// Panics when `peak`, the most a run held (the largest of [`run`]'s peaks where a case has
/// several runs), is `fixed` bytes and `times` `input` bytes or more; `of` names the input
/// (`names`, `snapshots`). `fixed`, for an input small beside what every run holds (the
/// binary, its threads), is the peak of a run on a trivial input.
pub fn held_below_plus(peak: u64, fixed: u64, times: usize, input: usize, what: &str, of: &str) {
    #[cfg(unix)]
    {
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
    let _ = (peak, fixed, times, input, what, of);
}

/// Panics when `peak`, the most a run held (the largest of [`run`]'s peaks where a case has
/// several runs), is `times` `input` bytes or more; `of` names the input (`names`,
/// `snapshots`).
pub fn held_below(peak: u64, times: usize, input: usize, what: &str, of: &str) {
    #[cfg(unix)]
    {
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
    let _ = (peak, times, input, what, of);
}
