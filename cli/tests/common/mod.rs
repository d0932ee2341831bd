//! Shared by the CLI integration tests: run the built binary and read what it printed.
#![allow(dead_code)] // each test binary uses part of this module

#[path = "../../../tests/common/cargo.rs"]
pub mod cargo;
pub mod oracle;
pub mod peak;
#[path = "../../../tests/common/skipped.rs"]
pub mod skipped;

pub use skipped::skipped;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, PoisonError};

/// A `sh` server that answers `initialize` with the file `$1` and every later request with
/// the file `$2`, each as the `result` of the request's id.
pub const FILE_SERVER: &str = r#"reply() { read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":' "$id"; cat "$1"; printf '}\n'; }
reply "$1"
read -r l
while :; do reply "$2"; done"#;

/// Every kind of string a hostile server may send, each short: line breaks, `%0A`, lines that
/// start with `::`, ESC and OSC sequences, BEL, C1 controls, bidi controls, zero-width
/// characters, U+2028/2029, runner commands (`benches/support/report_growth.py` repeats them).
pub const HOSTILE: &[&str] = &[
    "line\nfeed",
    "carriage\rreturn",
    "crlf\r\nend",
    "percent%0Aencoded%0D",
    "\n::warning::injected",
    "::error file=x::injected",
    "  ::notice::indented",
    "esc\u{1b}[2Jclear",
    "osc\u{1b}]0;title\u{7}bel",
    "bell\u{7}",
    "nel\u{85}c1",
    "csi\u{9b}31m",
    "rlo\u{202e}txt.exe",
    "isolate\u{2067}x\u{2069}",
    "zero\u{200b}width\u{feff}",
    "line\u{2028}sep\u{2029}para",
    "tab\tdel\u{7f}",
    "legacy ##[set-output name=verdict;]pass",
    "azure ##vso[task.setvariable variable=verdict]pass ##VSO[task.complete result=Failed]",
    "format\u{206a}vs\u{e0100}mongol\u{180b}beam\u{1d173}",
];

/// The command that starts [`FILE_SERVER`] answering `initialize` with the file `init` and
/// every later request with the file `list`: `sh -c FILE_SERVER sh INIT LIST`.
pub fn file_server(init: &std::path::Path, list: &std::path::Path) -> Vec<String> {
    ["sh", "-c", FILE_SERVER, "sh"]
        .into_iter()
        .map(str::to_owned)
        .chain([init, list].map(|p| p.to_string_lossy().into_owned()))
        .collect()
}

/// Writes a stdio server into `dir` (`init.json`, answering `initialize` as server `s` with
/// tools, and `list.json`, listing `tools`) and returns the command that starts it
/// ([`file_server`]) and the bytes of its `tools/list` result.
pub fn listing_server(dir: &std::path::Path, tools: &[serde_json::Value]) -> (Vec<String>, usize) {
    let init = serde_json::json!({"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
        "serverInfo": {"name": "s", "version": "1"}});
    let list = serde_json::json!({ "tools": tools }).to_string();
    let (init_file, list_file) = (dir.join("init.json"), dir.join("list.json"));
    std::fs::write(&init_file, init.to_string()).expect("write init.json");
    std::fs::write(&list_file, &list).expect("write list.json");
    (file_server(&init_file, &list_file), list.len())
}

/// What one run of `mcp-toolname` gave.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Panics with both streams when `needle` is not in stdout, as written or (the text
    /// report being wrapped at 100 columns) with every run of white space read as one space.
    pub fn out_has(&self, needle: &str) -> &Self {
        assert!(
            self.stdout.contains(needle) || spaced(&self.stdout).contains(&spaced(needle)),
            "stdout lacks {needle:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    /// Panics with both streams when `needle` is not in stderr.
    pub fn err_has(&self, needle: &str) -> &Self {
        assert!(
            self.stderr.contains(needle),
            "stderr lacks {needle:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    /// Panics with both streams when the exit code is not `code`.
    pub fn exits(&self, code: i32) -> &Self {
        assert_eq!(
            self.code,
            Some(code),
            "exit code\n--- stdout\n{}\n--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    /// stdout as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }
}

/// `text` with every run of white space (a line break and the indent after it too) as one
/// space.
pub fn spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs `mcp-toolname ARGS...` with stdin closed.
pub fn run<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    run_env(args, &[])
}

/// Runs `mcp-toolname ARGS...` with stdin closed and `env` added to the environment.
pub fn run_env<I, S>(args: I, env: &[(&str, &OsStr)]) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-toolname"));
    command.args(args).envs(env.iter().copied());
    finish(command)
}

/// `target/<profile>/examples/calculator`, built (or found up to date) by cargo first.
pub fn calculator() -> PathBuf {
    example("calculator")
}

/// `target/<profile>/examples/<name>`, built (or found up to date) by cargo first, as the
/// workspace's own end-to-end tests do; once per example and test binary.
pub fn example(name: &str) -> PathBuf {
    static BUILT: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/<test>");
    let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    if !built.iter().any(|b| b == name) {
        let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut build = cargo::cargo();
        build
            .args(["build", "--quiet", "--example", name])
            .current_dir(workspace);
        // The root Cargo.toml's `required-features` of the examples that have some.
        if name == "http" {
            build.args(["--features", "mcp-toolname/metrics"]);
        }
        if profile_dir.file_name().is_some_and(|p| p == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "`cargo build --example {name}` failed");
        built.push(name.to_owned());
    }
    profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// A server process, killed when dropped.
pub struct Server(pub std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The workspace's `http` example on a free loopback port, and its URL
/// (`http://127.0.0.1:PORT/mcp`).
pub fn http_example() -> (Server, String) {
    use std::io::BufRead;
    let mut child = Command::new(example("http"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("the http example starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("its address");
    let url = line.trim().trim_start_matches("listening on ").to_owned();
    (Server(child), url)
}

/// The npm reference server `mcp-server-everything`, which `.ci/run` installs and names in
/// `MCP_TOOLNAME_NPM_SERVER`: required in CI; elsewhere `None`, the skip said on stderr.
pub fn npm_server() -> Option<String> {
    let Some(server) = std::env::var_os("MCP_TOOLNAME_NPM_SERVER") else {
        skipped("set MCP_TOOLNAME_NPM_SERVER to an installed mcp-server-everything");
        return None;
    };
    Some(server.to_str().expect("UTF-8 path").to_owned())
}

/// The Python of `.ci/run`'s venv (`MCP_TOOLNAME_PYTHON`), when it imports every one of
/// `modules` (the pinned packages `.ci/run` installs): required in CI; elsewhere `None`, the
/// skip said on stderr.
pub fn python_with(modules: &[&str]) -> Option<PathBuf> {
    let Some(python) = std::env::var_os("MCP_TOOLNAME_PYTHON").filter(|p| !p.is_empty()) else {
        skipped(&format!(
            "set MCP_TOOLNAME_PYTHON to a Python with {} (scripts/test-deps.sh installs them)",
            modules.join(", ")
        ));
        return None;
    };
    let imports = Command::new(&python)
        .arg("-c")
        .arg(format!("import {}", modules.join(", ")))
        .stdin(Stdio::null())
        .output();
    match imports {
        Ok(out) if out.status.success() => Some(PathBuf::from(python)),
        Ok(out) => {
            let why = String::from_utf8_lossy(&out.stderr);
            skipped(&format!("{python:?} cannot import {modules:?}: {why}"));
            None
        }
        Err(e) => {
            skipped(&format!("{python:?} does not run: {e}"));
            None
        }
    }
}

/// Runs `mcp-toolname ARGS...` in `dir`, with stdin closed.
pub fn run_in<I, S>(dir: &std::path::Path, args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-toolname"));
    command.args(args).current_dir(dir);
    finish(command)
}

/// Runs `command` with stdin closed, to its end.
fn finish(mut command: Command) -> Run {
    let output = command
        .stdin(Stdio::null())
        .output()
        .expect("mcp-toolname runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A process's standard output, then its standard error after a `--- stderr` line.
pub fn output_text(out: &std::process::Output) -> String {
    format!(
        "{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The fixture server (`tests/oracles/server.mjs`) serving `spec`, written as `dir/NAME`: the
/// command that starts it (`node server.mjs FILE`; `MCP_TOOLNAME_NODE` names another node).
pub fn fixture_server_in(
    dir: &std::path::Path,
    name: &str,
    spec: &serde_json::Value,
) -> Vec<String> {
    let file = dir.join(name);
    std::fs::write(&file, spec.to_string()).expect("spec written");
    let server = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/server.mjs");
    let node = std::env::var("MCP_TOOLNAME_NODE").unwrap_or_else(|_| "node".to_owned());
    vec![
        node,
        server.to_string_lossy().into_owned(),
        file.to_string_lossy().into_owned(),
    ]
}

/// [`fixture_server_in`] a fresh folder of this test process (`mcp-toolname-WHAT-PID-TEST`):
/// the folder, and the command.
pub fn fixture_server(what: &str, test: &str, spec: &serde_json::Value) -> (PathBuf, Vec<String>) {
    let dir =
        std::env::temp_dir().join(format!("mcp-toolname-{what}-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let command = fixture_server_in(&dir, "spec.json", spec);
    (dir, command)
}

/// A scratch folder of this test process, made empty.
pub fn scratch_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcp-toolname-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A scratch folder for one test (`mcp-toolname-WHAT-PID-TEST`), made empty, removed when
/// dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// The folder for test `test` of binary `what`.
    pub fn new(what: &str, test: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("mcp-toolname-{what}-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Self(dir)
    }

    /// The path of `name` in it, as a string.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What client `id` sends for each tool of an `audit --config` JSON document, server by
/// server in the config's order: `{server, tool, name, fate, meets, meets_server}`, read from
/// each audited server's `tools[].clients[]`.
pub fn client_names(doc: &serde_json::Value, id: &str) -> Vec<serde_json::Value> {
    let servers = doc["servers"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    servers
        .iter()
        .flat_map(|server| {
            let tools = server["tools"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default();
            tools.iter().filter_map(move |tool| {
                let client = tool["clients"].as_array()?.iter().find(|c| c["id"] == id)?;
                Some(serde_json::json!({
                    "server": server["key"],
                    "tool": tool["name"],
                    "name": client["name"],
                    "fate": client["fate"],
                    "meets": client["meets"],
                    "meets_server": client["meets_server"],
                }))
            })
        })
        .collect()
}

/// The clients a JSON finding is about, each as `Some`, or one `None` when it is about none: a
/// finding said alike under several clients is one, listing them.
pub fn finding_clients(finding: &serde_json::Value) -> Vec<Option<String>> {
    let clients: Vec<Option<String>> = finding["clients"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|c| c.as_str().map(str::to_owned))
        .collect();
    if clients.is_empty() {
        vec![None]
    } else {
        clients
    }
}

/// Writes `mcp.json` into `dir`, a stdio entry for each `(key, command)` of `servers`, and runs
/// `audit --format json --config` on it.
pub fn audit_config_of(dir: &std::path::Path, servers: &[(&str, &[String])]) -> Run {
    let entries: serde_json::Map<String, serde_json::Value> = servers
        .iter()
        .map(|(key, args)| {
            let entry = serde_json::json!({"command": args[0], "args": args[1..]});
            ((*key).to_owned(), entry)
        })
        .collect();
    let config = dir.join("mcp.json");
    let text = serde_json::json!({ "mcpServers": entries }).to_string();
    std::fs::write(&config, text).expect("config written");
    let path = config.to_str().expect("UTF-8 path");
    run(["audit", "--format", "json", "--config", path])
}
