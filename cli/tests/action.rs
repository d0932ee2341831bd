//! The GitHub Action (`action.yml` at the repository's root), run locally:
//! `ci/run_action.py` reads it with the pinned PyYAML and runs each `run:` step's script with
//! the environment a runner gives it (the step's `env:` from INPUT_*, GITHUB_ACTION_PATH,
//! RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT). The install step meets a stand-in `cargo` that
//! checks the arguments it gets and installs the `mcp-toolname` this test built, so no build
//! and no network, or, given the input `cli`, must not run it; the audit step is run as
//! written. The action is used as docs/cli.md shows,
//! by path from a copy of this repository inside the user's (`uses: ./vendor/mcp-toolname`;
//! here a link to this checkout). Skipped outside CI without PyYAML.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{calculator, output_text, python_with, scratch_dir};

/// `vendor/mcp-toolname` in the user's repository `dir`: this checkout, as a copy of the
/// repository would stand there.
fn vendored(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("root");
    let copy = dir.join("vendor/mcp-toolname");
    if !copy.exists() {
        std::fs::create_dir_all(dir.join("vendor")).expect("vendor folder");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&root, &copy).expect("a link to this checkout");
    }
    copy
}

/// A `cargo` that accepts only `install --locked --quiet --path <ACTION>/cli --root <DIR>` and
/// copies the built binary into `<DIR>/bin`.
fn fake_cargo(dir: &Path) -> PathBuf {
    let bin = dir.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("fake bin");
    let root = vendored(dir);
    let script = format!(
        "#!/bin/sh\nset -eu\n\
         [ \"$1 $2 $3 $4 $5 $6\" = \"install --locked --quiet --path {cli} --root\" ] || \
         {{ echo \"fake cargo: unexpected arguments: $*\" >&2; exit 9; }}\n\
         mkdir -p \"$7/bin\"\ncp {exe} \"$7/bin/mcp-toolname\"\necho \"$*\" >> {log}\n",
        cli = root.join("cli").display(),
        exe = env!("CARGO_BIN_EXE_mcp-toolname"),
        log = dir.join("cargo.log").display(),
    );
    let cargo = bin.join("cargo");
    std::fs::write(&cargo, script).expect("fake cargo");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    bin
}

/// Runs the action in `dir` with `inputs` (INPUT_* variables) and returns what it printed.
fn action(python: &Path, dir: &Path, inputs: &[(&str, &str)]) -> Output {
    let root = vendored(dir);
    let runner = dir.join("runner");
    let _ = std::fs::remove_dir_all(&runner);
    std::fs::create_dir_all(&runner).expect("runner temp");
    let path = format!(
        "{}:{}",
        fake_cargo(dir).display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(python)
        .arg(root.join("cli/tests/ci/run_action.py"))
        .arg(&root)
        .arg(&runner)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("MCP_TOOLNAME_PYTHON")
        .envs(inputs.iter().copied())
        .output()
        .expect("python runs")
}

#[test]
fn the_action_audits_as_its_inputs_say() {
    let Some(python) = python_with(&["yaml"]) else {
        return;
    };
    let dir = scratch_dir("action");

    // No config and no command: the bundled demo, SARIF written to a file for upload-sarif.
    let out = action(
        &python,
        &dir,
        &[
            ("INPUT_FORMAT", "sarif"),
            ("INPUT_OUTPUT", "report.sarif"),
            ("INPUT_DENY", "warnings"),
        ],
    );
    let said = output_text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("exit-code=0\n"), "the demo exits 0: {said}");
    assert!(
        said.contains("mcp-toolname: report written to report.sarif (exit code 0)"),
        "{said}"
    );
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.sarif")).expect("report"))
            .expect("SARIF is JSON");
    assert_eq!(log["version"], "2.1.0");
    assert!(
        log["runs"][0]["results"]
            .as_array()
            .is_some_and(|r| !r.is_empty() && r.iter().all(|r| r["level"] == "error")),
        "`deny: warnings` made every result an error"
    );
    let installs = std::fs::read_to_string(dir.join("cargo.log")).expect("cargo ran");
    assert!(
        installs.contains(&format!(
            "--root {}",
            dir.join("runner/mcp-toolname").display()
        )),
        "{installs}"
    );

    // A config, annotations, lints given with commas, and extra arguments: exit 1 fails the step.
    let calc = calculator();
    let config = serde_json::json!({ "mcpServers": {
        "calc": { "command": calc },
        "calc-too": { "command": calc },
    }});
    std::fs::write(
        dir.join(".mcp.json"),
        serde_json::to_string_pretty(&config).unwrap(),
    )
    .expect("config");
    let out = action(
        &python,
        &dir,
        &[
            ("INPUT_CONFIG", ".mcp.json"),
            ("INPUT_DENY", "shared_name, key_collision"),
            ("INPUT_ALLOW", "key_look_alike"),
            ("INPUT_ARGS", "--timeout 60 --no-config-file"),
        ],
    );
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("exit-code=1\n"), "{said}");
    assert!(
        said.contains("::error file=.mcp.json,line=3,title=mcp-toolname shared_name::tool names"),
        "{said}"
    );
    assert!(
        said.contains("::error file=.mcp.json,line=3,title=mcp-toolname key_collision::"),
        "{said}"
    );

    // A command, as text.
    let command = format!("{} --now 2026-12-01", calc.display());
    let out = action(
        &python,
        &dir,
        &[("INPUT_COMMAND", &command), ("INPUT_FORMAT", "text")],
    );
    let said = output_text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("  ok       `add_numbers`\n"), "{said}");

    // Inputs are words, never shell code; both a config and a command is a mistake.
    let out = action(&python, &dir, &[("INPUT_ALLOW", "$(touch pwned)")]);
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(
        output_text(&out).contains("unknown lint `$(touch`"),
        "{}",
        output_text(&out)
    );
    assert!(!dir.join("pwned").exists());
    let out = action(
        &python,
        &dir,
        &[("INPUT_CONFIG", ".mcp.json"), ("INPUT_COMMAND", "x")],
    );
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(
        output_text(&out).contains(
            "::error title=mcp-toolname::give the action a config or a command, not both"
        )
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_installed_cli_is_run_and_none_is_built() {
    let Some(python) = python_with(&["yaml"]) else {
        return;
    };
    let dir = scratch_dir("action-installed");
    // The installed CLI (as `pip install mcp-toolname` would leave it), off PATH: a wrapper that
    // notes each run and runs the binary this test built.
    let installed = dir.join("installed/bin/mcp-toolname");
    std::fs::create_dir_all(installed.parent().unwrap()).expect("install folder");
    std::fs::write(
        &installed,
        format!(
            "#!/bin/sh\necho \"$*\" >> {log}\nexec {exe} \"$@\"\n",
            log = dir.join("cli.log").display(),
            exe = env!("CARGO_BIN_EXE_mcp-toolname"),
        ),
    )
    .expect("installed CLI");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&installed, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let cli = installed.to_string_lossy().into_owned();
    let out = action(
        &python,
        &dir,
        &[("INPUT_CLI", &cli), ("INPUT_FORMAT", "text")],
    );
    let said = output_text(&out);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains(&format!(
            "mcp-toolname: {cli} is mcp-toolname {}; nothing to build",
            env!("CARGO_PKG_VERSION")
        )),
        "{said}"
    );
    assert!(said.contains("exit-code=0\n"), "{said}");
    assert!(!dir.join("cargo.log").exists(), "cargo was run: {said}");
    let runs = std::fs::read_to_string(dir.join("cli.log")).expect("the installed CLI ran");
    assert_eq!(runs, "--version\naudit --format text\n", "{said}");

    // A name that does not run stops the action before any audit, and builds nothing either.
    let missing = dir.join("nowhere/mcp-toolname");
    let out = action(&python, &dir, &[("INPUT_CLI", &missing.to_string_lossy())]);
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!(
            "::error title=mcp-toolname::the input cli names `{}`, which does not run",
            missing.display()
        )),
        "{said}"
    );
    assert!(!dir.join("cargo.log").exists(), "cargo was run: {said}");
    let _ = std::fs::remove_dir_all(dir);
}
