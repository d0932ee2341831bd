//! The pre-commit hook (`.pre-commit-hooks.yaml` at the repository's root), run
//! by a pinned pre-commit (`.ci/run` installs it and names it in `MCP_TOOLNAME_PRE_COMMIT`;
//! skipped without it, except in CI): `pre-commit try-repo` against a scratch git repository
//! whose client configs list a server with a tool name that breaks the spec, and a clean one;
//! then as docs/cli.md tells a user to install it: a `.pre-commit-config.yaml` naming a clone of
//! this repository by its path and a commit of it, and `pre-commit run`.

use crate::common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{calculator, output_text, scratch_dir};

fn pre_commit() -> Option<PathBuf> {
    match std::env::var_os("MCP_TOOLNAME_PRE_COMMIT").filter(|v| !v.is_empty()) {
        Some(bin) => Some(bin.into()),
        None => {
            common::skipped("set MCP_TOOLNAME_PRE_COMMIT to an installed pre-commit");
            None
        }
    }
}

fn git(repo: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(repo)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository's root")
}

/// `pre-commit ARGS...` in `repo`, with the `mcp-toolname` this test built first on PATH.
fn pre_commit_in(bin: &Path, repo: &Path, home: &Path, args: &[&OsStr]) -> Output {
    let exe_dir = Path::new(env!("CARGO_BIN_EXE_mcp-toolname"))
        .parent()
        .expect("the binary's folder");
    let path = format!(
        "{}:{}",
        exe_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(bin)
        .args(args)
        .current_dir(repo)
        .env("PATH", path)
        .env("PRE_COMMIT_HOME", home)
        .env_remove("GIT_DIR")
        .env_remove("GIT_INDEX_FILE")
        .output()
        .expect("pre-commit runs")
}

/// `pre-commit try-repo <this repository> mcp-toolname-audit --all-files` in `repo`.
fn try_repo(bin: &Path, repo: &Path, home: &Path) -> Output {
    let root = root();
    let args = ["try-repo".as_ref(), root.as_os_str()];
    let rest = ["mcp-toolname-audit", "--all-files", "--verbose"].map(OsStr::new);
    pre_commit_in(bin, repo, home, &[&args[..], &rest[..]].concat())
}

/// `pre-commit run --all-files` in `repo`, whose `.pre-commit-config.yaml` names this
/// repository by its path at its current commit (`git rev-parse HEAD`), as docs/cli.md shows.
fn run_as_documented(bin: &Path, repo: &Path, home: &Path) -> Output {
    let root = root();
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(&root)
        .output()
        .expect("git runs");
    assert!(head.status.success(), "this repository has a commit");
    let rev = String::from_utf8_lossy(&head.stdout).trim().to_owned();
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: mcp-toolname-audit\n",
        root.display()
    );
    std::fs::write(repo.join(".pre-commit-config.yaml"), config).expect("pre-commit config");
    git(repo, &["add", ".pre-commit-config.yaml"]);
    let args = ["run", "--all-files", "--verbose"].map(OsStr::new);
    pre_commit_in(bin, repo, home, &args)
}

#[test]
fn the_hook_audits_each_config_a_commit_holds() {
    let Some(bin) = pre_commit() else {
        return;
    };
    let dir = scratch_dir("pre-commit");
    let repo = dir.join("repo");
    std::fs::create_dir_all(repo.join("good")).expect("repo");
    git(&repo, &["init", "--quiet"]);
    git(&repo, &["config", "user.email", "test@example.invalid"]);
    git(&repo, &["config", "user.name", "test"]);
    let tools = serde_json::json!({"tools": ["search documents", "list_files"]});
    let server = common::fixture_server_in(&repo, "tools.json", &tools);
    let bad = serde_json::json!({ "mcpServers": { "docs": {
        "command": server[0],
        "args": server[1..],
    }}});
    std::fs::write(repo.join(".mcp.json"), bad.to_string()).expect("config");
    let good = serde_json::json!({ "mcpServers": { "calc": { "command": calculator() } } });
    std::fs::write(repo.join("good/.mcp.json"), good.to_string()).expect("config");
    git(&repo, &["add", "."]);

    let out = try_repo(&bin, &repo, &dir.join("home"));
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("mcp-toolname audit"), "{said}");
    assert!(said.contains("Failed"), "{said}");
    assert!(
        said.contains("error    `search documents` [spec, contract, client]"),
        "{said}"
    );
    assert!(
        said.contains("== server `calc` (1 of 1)"),
        "both configs audited: {said}"
    );

    // The same, installed as docs/cli.md says: the repository by path and commit.
    let out = run_as_documented(&bin, &repo, &dir.join("home"));
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("error    `search documents` [spec, contract, client]"),
        "{said}"
    );

    // The clean config alone passes.
    git(&repo, &["rm", "--quiet", "--force", ".mcp.json"]);
    let out = try_repo(&bin, &repo, &dir.join("home"));
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("Passed"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_config_in_a_folder_named_like_a_flag_is_still_audited() {
    let Some(bin) = pre_commit() else {
        return;
    };
    let dir = scratch_dir("pre-commit-dash");
    let repo = dir.join("repo");
    std::fs::create_dir_all(repo.join("-dir")).expect("repo");
    git(&repo, &["init", "--quiet"]);
    git(&repo, &["config", "user.email", "test@example.invalid"]);
    git(&repo, &["config", "user.name", "test"]);
    let tools = serde_json::json!({"tools": ["search documents"]});
    let server = common::fixture_server_in(&repo, "tools.json", &tools);
    let bad = serde_json::json!({ "mcpServers": { "docs": {
        "command": server[0],
        "args": server[1..],
    }}});
    std::fs::write(repo.join("-dir/.mcp.json"), bad.to_string()).expect("config");
    git(&repo, &["add", "--", "."]);

    // Taken as a flag, the file was never read and the hook passed.
    let out = try_repo(&bin, &repo, &dir.join("home"));
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("error    `search documents` [spec, contract, client]"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
