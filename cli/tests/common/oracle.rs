//! Running a real client for the oracle tests (`oracles.rs`, `oracle_limits.rs`): its
//! executable, one run of `oracles/run.mjs` over a corpus, and the counts `.ci/run` prints.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use serde_json::Value;

/// The client's executable, from its environment variable: required in CI.
pub fn client_bin(id: &str) -> Option<PathBuf> {
    let var = format!("MCP_TOOLNAME_ORACLE_{}", id.to_uppercase());
    match std::env::var_os(&var).filter(|v| !v.is_empty()) {
        Some(bin) => Some(bin.into()),
        None => {
            super::skipped(&format!("set {var} to the client's installed executable"));
            None
        }
    }
}

/// A scratch folder for one client's run.
pub fn scratch(what: &str, id: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcp-toolname-{what}-{}-{id}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs the client once over `corpus` (`{"servers": [...]}`, as `run.mjs` reads it) and
/// returns what `run.mjs` wrote.
pub fn observe(id: &str, bin: &Path, corpus: &Value, dir: &Path) -> Value {
    let corpus_file = dir.join(format!("corpus-{id}.json"));
    let out_file = dir.join(format!("observed-{id}.json"));
    std::fs::write(&corpus_file, corpus.to_string()).expect("corpus written");
    let runner = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/run.mjs");
    let mut command = Command::new(std::env::var_os("MCP_TOOLNAME_NODE").unwrap_or("node".into()));
    command
        .arg(runner)
        .arg(id)
        .arg(bin)
        .arg(&corpus_file)
        .arg(&out_file);
    // The version an earlier run of this executable read: `--version` is not run again.
    let known = VERSIONS.lock().expect("versions").get(bin).cloned();
    if let Some(version) = known {
        command.env("MCP_TOOLNAME_ORACLE_VERSION", version);
    }
    let status = command.status().expect("node runs");
    assert!(status.success(), "run.mjs {id} failed");
    let observed: Value =
        serde_json::from_str(&std::fs::read_to_string(&out_file).expect("observed")).expect("JSON");
    if let Some(version) = observed["version"].as_str().filter(|v| !v.is_empty()) {
        VERSIONS
            .lock()
            .expect("versions")
            .insert(bin.to_owned(), version.to_owned());
    }
    observed
}

/// What one thing said to a client brought: the prompt bodies (`S.I`: prompt I of server S)
/// and the prompt arguments (`S.I.J=value`) that reached the model.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Said {
    pub bodies: Vec<String>,
    pub args: Vec<String>,
}

/// Runs the client over `corpus`'s servers saying each of `says` in turn (`run.mjs`'s
/// `says`: one run each, or one Kilo Code server for them all) and returns the client's
/// version and what each brought.
pub fn observe_says(
    id: &str,
    bin: &Path,
    corpus: &Value,
    says: &[String],
    dir: &Path,
) -> (String, BTreeMap<String, Said>) {
    if says.is_empty() {
        return (String::new(), BTreeMap::new());
    }
    let mut corpus = corpus.clone();
    corpus["says"] = Value::from(says.to_vec());
    let observed = observe(id, bin, &corpus, dir);
    let list = |said: &Value, field: &str| -> Vec<String> {
        said[field]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let said = says
        .iter()
        .map(|say| {
            let said = &observed["said"][say.as_str()];
            assert!(
                said.is_object(),
                "run.mjs {id}: nothing recorded for {say:?}"
            );
            let got = Said {
                bodies: list(said, "prompt_bodies"),
                args: list(said, "prompt_args"),
            };
            (say.clone(), got)
        })
        .collect();
    let version = observed["version"].as_str().unwrap_or_default().to_owned();
    (version, said)
}

/// Each client executable's version line, as the first run of it in this process read it.
static VERSIONS: Mutex<BTreeMap<PathBuf, String>> = Mutex::new(BTreeMap::new());

/// Prints `line` and appends it to `MCP_TOOLNAME_ORACLE_REPORT`, which `.ci/run` prints after
/// the workspace tests (they capture stdout).
pub fn report(line: &str) {
    println!("{line}");
    if let Some(report) = std::env::var_os("MCP_TOOLNAME_ORACLE_REPORT") {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(report)
            .expect("the oracle report opens");
        writeln!(file, "{line}").expect("the oracle report is written");
    }
}

/// `audit --format json` of a fixture server of `spec` (as `server.mjs` reads it), under
/// server key `key`, written into `dir`.
pub fn audit_fixture(dir: &Path, key: &str, spec: &Value) -> Value {
    let command = super::fixture_server_in(dir, "spec.json", spec);
    let mut args = vec!["audit", "--format", "json", "--server-key", key, "--"];
    args.extend(command.iter().map(String::as_str));
    let audited = super::run(&args);
    serde_json::from_str(&audited.stdout).expect("audit JSON")
}

/// The verdict of `doc` (an `audit` JSON report) on tool `tool` under client `id`.
pub fn verdict<'a>(doc: &'a Value, tool: &str, id: &str) -> &'a Value {
    doc["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|e| e["name"] == tool)
        .and_then(|e| e["clients"].as_array())
        .and_then(|c| c.iter().find(|c| c["id"] == id))
        .unwrap_or_else(|| panic!("a verdict on {tool} for {id}"))
}

/// One `#[test]` for each client run here, named by its preset id, calling `$judge(id)`.
macro_rules! each_client {
    ($judge:path) => {
        #[test]
        fn claude_code() {
            $judge("claude_code");
        }
        #[test]
        fn codex() {
            $judge("codex");
        }
        #[test]
        fn gemini_cli() {
            $judge("gemini_cli");
        }
        #[test]
        fn cline() {
            $judge("cline");
        }
        #[test]
        fn opencode() {
            $judge("opencode");
        }
        #[test]
        fn continue_cli() {
            $judge("continue_cli");
        }
        #[test]
        fn copilot_cli() {
            $judge("copilot_cli");
        }
        #[test]
        fn kilo_code() {
            $judge("kilo_code");
        }
        #[test]
        fn qwen_code() {
            $judge("qwen_code");
        }
        #[test]
        fn droid() {
            $judge("droid");
        }
    };
}
pub(crate) use each_client;
