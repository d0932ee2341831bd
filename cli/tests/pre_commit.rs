//! The pre-commit hooks (`.pre-commit-hooks.yaml` at the repository's root), run
//! by a pinned pre-commit (`.ci/run` installs it and names it in `MCP_TOOLNAME_PRE_COMMIT`;
//! skipped without it, except in CI): `pre-commit try-repo` against a scratch git repository
//! whose client configs list a server with a tool name that breaks the spec, and a clean one;
//! then as docs/cli.md tells a user to install it: a `.pre-commit-config.yaml` naming a clone of
//! this repository by its path and a commit of it, and `pre-commit run`. The `language: python`
//! hook installs the CLI's wheel (`MCP_TOOLNAME_WHEELS`, built by scripts/packages.sh) through
//! the root pyproject.toml, whose build backend pip finds in `MCP_TOOLNAME_HOOK_WHEELS`
//! (scripts/test-deps.sh downloads it): pip reads only those two folders, no index.

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
    pre_commit_with(bin, repo, home, args, exe_dir, &[])
}

/// `pre-commit ARGS...` in `repo`, with `first` first on PATH and `env` set.
fn pre_commit_with(
    bin: &Path,
    repo: &Path,
    home: &Path,
    args: &[&OsStr],
    first: &Path,
    env: &[(&str, &str)],
) -> Output {
    let path = format!(
        "{}:{}",
        first.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(bin)
        .args(args)
        .current_dir(repo)
        .env("PATH", path)
        .env("PRE_COMMIT_HOME", home)
        .env_remove("GIT_DIR")
        .env_remove("GIT_INDEX_FILE")
        .envs(env.iter().copied())
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
    configure(repo, "mcp-toolname-audit");
    let args = ["run", "--all-files", "--verbose"].map(OsStr::new);
    pre_commit_in(bin, repo, home, &args)
}

/// A `.pre-commit-config.yaml` in `repo` with the hook `id` of this repository at its current
/// commit, added to the index.
fn configure(repo: &Path, id: &str) {
    let root = root();
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(&root)
        .output()
        .expect("git runs");
    assert!(head.status.success(), "this repository has a commit");
    let rev = String::from_utf8_lossy(&head.stdout).trim().to_owned();
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: {id}\n",
        root.display()
    );
    std::fs::write(repo.join(".pre-commit-config.yaml"), config).expect("pre-commit config");
    git(repo, &["add", ".pre-commit-config.yaml"]);
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

/// The folders pip is to find the CLI's wheel and the hook package's build backend in, as
/// PIP_FIND_LINKS takes them.
fn hook_wheels() -> Option<String> {
    let folder = |var: &str| std::env::var(var).ok().filter(|v| !v.is_empty());
    match (
        folder("MCP_TOOLNAME_WHEELS"),
        folder("MCP_TOOLNAME_HOOK_WHEELS"),
    ) {
        (Some(cli), Some(backend)) => Some(format!("{cli} {backend}")),
        _ => {
            common::skipped(
                "set MCP_TOOLNAME_WHEELS to a folder with the CLI's wheel (scripts/packages.sh \
                 builds it) and MCP_TOOLNAME_HOOK_WHEELS to one with the build backend of \
                 pyproject.toml (scripts/test-deps.sh downloads it)",
            );
            None
        }
    }
}

#[test]
fn the_python_hook_runs_the_cli_of_the_wheel_it_installs() {
    let Some(bin) = pre_commit() else {
        return;
    };
    let Some(find_links) = hook_wheels() else {
        return;
    };
    let dir = scratch_dir("pre-commit-wheel");
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).expect("repo");
    git(&repo, &["init", "--quiet"]);
    let tools = serde_json::json!({"tools": ["search documents"]});
    let server = common::fixture_server_in(&repo, "tools.json", &tools);
    let bad = serde_json::json!({ "mcpServers": { "docs": {
        "command": server[0],
        "args": server[1..],
    }}});
    std::fs::write(repo.join(".mcp.json"), bad.to_string()).expect("config");
    git(&repo, &["add", "."]);
    // First on PATH, an `mcp-toolname` that is not the wheel's: the hook must not run it.
    let decoy = dir.join("decoy");
    std::fs::create_dir_all(&decoy).expect("decoy folder");
    std::fs::write(
        decoy.join("mcp-toolname"),
        "#!/bin/sh\necho 'the mcp-toolname on PATH ran, not the wheel'\"'\"'s'\nexit 3\n",
    )
    .expect("decoy");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            decoy.join("mcp-toolname"),
            std::fs::Permissions::from_mode(0o755),
        )
        .expect("chmod");
    }

    // Installed as docs/cli.md says: pre-commit keeps the hook's environment in its home.
    configure(&repo, "mcp-toolname-audit-wheel");
    let home = dir.join("home");
    let args = ["run", "--all-files", "--verbose"].map(OsStr::new);
    let env = [
        ("PIP_NO_INDEX", "1"),
        ("PIP_FIND_LINKS", find_links.as_str()),
        ("PIP_DISABLE_PIP_VERSION_CHECK", "1"),
        ("VIRTUALENV_NO_PERIODIC_UPDATE", "1"),
    ];
    let out = pre_commit_with(&bin, &repo, &home, &args, &decoy, &env);
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("error    `search documents` [spec, contract, client]"),
        "{said}"
    );
    assert!(!said.contains("the mcp-toolname on PATH ran"), "{said}");
    // The command that ran is the wheel's, in the hook's environment.
    let envs: Vec<PathBuf> = std::fs::read_dir(&home)
        .expect("pre-commit's home")
        .flatten()
        .flat_map(|repo| {
            std::fs::read_dir(repo.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|entry| entry.path())
        .filter(|path| path.join("bin/mcp-toolname").is_file())
        .collect();
    assert_eq!(
        envs.len(),
        1,
        "one environment with the wheel's command: {envs:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_hook_package_pins_the_cli_wheel_of_the_same_version() {
    let text = std::fs::read_to_string(root().join("pyproject.toml")).expect("pyproject.toml");
    let pyproject: toml::Table = toml::from_str(&text).expect("pyproject.toml is TOML");
    let project = pyproject["project"].as_table().expect("[project]");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(project["version"].as_str(), Some(version));
    assert_eq!(
        project["dependencies"],
        toml::Value::Array(vec![format!("mcp-toolname=={version}").into()]),
        "the root pyproject.toml must pin the CLI's wheel of this version"
    );
}
