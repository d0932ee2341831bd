//! Lint levels: `--deny`, `--warn`, `--allow` and `--target`, the config file
//! `mcp-toolname.toml` found from the working directory up, exit codes that follow the levels,
//! and clear errors for names, keys and values that do not exist.

use crate::common;

use common::{run, run_in, scratch_dir};

#[test]
fn the_config_file_is_found_from_the_working_directory_up() {
    let dir = scratch_dir("levels-found");
    let deep = dir.join("a/b");
    std::fs::create_dir_all(&deep).expect("dirs");
    std::fs::write(dir.join("mcp-toolname.toml"), "[lints]\nspec = \"warn\"\n").expect("file");
    // The conformance suite's severity for a spec breach: shown, exit 0.
    run_in(&deep, ["check", "search documents"])
        .exits(0)
        .err_has("lint settings from `")
        .err_has("mcp-toolname.toml`")
        .out_has("warning  `search documents` [spec, contract, client]")
        .out_has("exit code 0: nothing at deny level");
    // Flags win over the file; of two flags naming one lint, the last.
    run_in(&deep, ["check", "--deny", "spec", "search documents"]).exits(1);
    run_in(
        &deep,
        ["check", "-D", "spec", "-W", "spec", "search documents"],
    )
    .exits(0);
    run_in(
        &deep,
        ["check", "--warn=spec", "--deny=spec", "search documents"],
    )
    .exits(1);
    // No file read on request; another file by path.
    run_in(&deep, ["check", "--no-config-file", "search documents"]).exits(1);
    std::fs::write(deep.join("strict.toml"), "[lints]\ncontract = \"deny\"\n").expect("file");
    run_in(
        &deep,
        ["check", "--config-file", "strict.toml", "admin.tools.list"],
    )
    .exits(1)
    .out_has("error    `admin.tools.list` [contract, client]");
    // `lints` shows the levels in force here.
    let r = run_in(&deep, ["lints", "--format", "json"]);
    r.exits(0);
    let doc = r.json();
    let spec = doc["lints"]
        .as_array()
        .and_then(|l| l.iter().find(|l| l["name"] == "spec"))
        .expect("spec")
        .clone();
    assert_eq!(spec["level"], "warn");
    assert_eq!(spec["default"], "deny");
    assert_eq!(spec["help_uri"], "docs/lints.md#spec");
    run_in(&deep, ["lints"])
        .exits(0)
        .out_has("spec                     warn   deny     a tool name breaks the MCP spec's rule")
        .out_has("shared_name              allow  allow    one raw tool name on several servers");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn targets_narrow_what_is_looked_at_and_deny_what_is_promised() {
    let dir = scratch_dir("levels-targets");
    std::fs::write(dir.join("mcp-toolname.toml"), "targets = [\"gemini\"]\n").expect("file");
    // Gemini takes a dot, and no targeted client handles the name badly: nothing to say.
    run_in(&dir, ["check", "admin.tools.list"])
        .exits(0)
        .out_has("ok       `admin.tools.list`\n");
    // Gemini refuses a leading digit: a target's finding is denied by default.
    run_in(&dir, ["check", "1c_reload"])
        .exits(1)
        .out_has("error    `1c_reload` [contract]: starts with the digit `1`, refused by `gemini`");
    // A level set by hand wins over the targets' default; `--target` replaces the file's list.
    run_in(&dir, ["check", "--warn", "contract", "1c_reload"]).exits(0);
    run_in(&dir, ["check", "--target", "openai", "1c_reload"])
        .exits(0)
        .out_has("ok       `1c_reload`\n");
    // The spec is always in force.
    run_in(&dir, ["check", "search documents"])
        .exits(1)
        .out_has(
            "error    `search documents` [spec, contract]: contains a space at index 6, refused \
             by `mcp` and `gemini`; write `search_documents` instead\n",
        );
    // The JSON keeps every finding, each with its level under the targets.
    let r = run_in(&dir, ["audit", "--format", "json"]);
    r.exits(0);
    let findings = r.json()["findings"].as_array().expect("findings").clone();
    let level = |contract: &str| {
        findings
            .iter()
            .find(|f| {
                f["kind"] == "contract"
                    && f["contracts"]
                        .as_array()
                        .is_some_and(|c| c.contains(&contract.into()))
            })
            .map(|f| f["level"].clone())
    };
    assert_eq!(
        level("gemini"),
        Some("deny".into()),
        "the demo's 70 characters"
    );
    assert_eq!(level("openai"), Some("allow".into()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn warnings_is_every_lint_at_warn() {
    run(["check", "--no-config-file", "admin.tools.list"]).exits(0);
    run([
        "check",
        "--no-config-file",
        "--deny",
        "warnings",
        "admin.tools.list",
    ])
    .exits(1)
    .out_has("error    `admin.tools.list` [contract, client]");
    run([
        "check",
        "--no-config-file",
        "--allow",
        "contract",
        "--allow",
        "client",
        "admin.tools.list",
    ])
    .exits(0)
    .out_has("ok       `admin.tools.list`\n");
}

#[test]
fn mistakes_are_usage_errors_naming_the_file_and_line() {
    let dir = scratch_dir("levels-errors");
    let file = dir.join("mcp-toolname.toml");
    for (text, said) in [
        (
            "targets = [\"openai\"]\n[lints]\nclinet = \"deny\"\n",
            "mcp-toolname.toml`, line 3: unknown lint `clinet`; did you mean `client`?",
        ),
        (
            "[lint]\nspec = \"warn\"\n",
            "mcp-toolname.toml`, line 1: unknown key `lint`; did you mean `lints`?",
        ),
        (
            "[lints]\n\nspec = \"error\"\n",
            "mcp-toolname.toml`, line 3: the level of `spec` is `\"deny\"`, `\"warn\"` or \
             `\"allow\"`; did you mean `\"deny\"`?",
        ),
        (
            "targets = [\"claude\"]\n",
            "mcp-toolname.toml`, line 1: unknown target `claude`; did you mean `claude_code`?",
        ),
    ] {
        std::fs::write(&file, text).expect("file");
        let r = run_in(&dir, ["check", "x"]);
        r.exits(2).err_has(said);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        run_in(&dir, ["audit", "--format", "json"])
            .exits(2)
            .err_has(said);
    }
    run(["check", "--deny", "clinet", "x"])
        .exits(2)
        .err_has("error: --deny: unknown lint `clinet`; did you mean `client`?");
    // A 100 KB value is named, cut, not echoed whole.
    let huge = "x".repeat(100_000);
    let r = run(["check", "--deny", &huge, "x"]);
    r.exits(2).err_has("error: --deny: unknown lint `xxxx");
    assert!(r.stderr.len() < 4_000, "{} bytes on stderr", r.stderr.len());
    run(["audit", "--allow", "nothing_like_it"])
        .exits(2)
        .err_has("unknown lint `nothing_like_it`; the lints are `spec`, `contract`");
    run(["check", "--target", "open_ai", "x"])
        .exits(2)
        .err_has("error: --target: unknown target `open_ai`; did you mean `openai`?");
    run([
        "check",
        "--config-file",
        "/nonexistent/mcp-toolname.toml",
        "x",
    ])
    .exits(2)
    .err_has("cannot read `/nonexistent/mcp-toolname.toml`");
    let _ = std::fs::remove_dir_all(dir);
}

/// The build's names before the lints had one table work for one release, in the flags and
/// in `[lints]`, each with a note on stderr naming the new name; a lint only the build
/// reports is taken, with a note saying its level here changes nothing.
#[test]
fn old_names_still_set_their_lint_with_a_note() {
    run([
        "check",
        "--no-config-file",
        "--allow",
        "tool_name_refused_by_llm_apis",
        "--allow",
        "tool_name_over_client_budget",
        "admin.tools.list",
    ])
    .exits(0)
    .err_has(
        "note: --allow `tool_name_refused_by_llm_apis`: lint `tool_name_refused_by_llm_apis` is \
         now called `contract`; the old name is accepted in this release only",
    )
    .out_has("ok       `admin.tools.list`\n");
    let dir = scratch_dir("levels-old-names");
    std::fs::write(
        dir.join("mcp-toolname.toml"),
        "[lints]\ntool_name_refused_by_llm_apis = \"deny\"\ntombstone_target = \"deny\"\n",
    )
    .expect("file");
    run_in(&dir, ["check", "admin.tools.list"])
        .exits(1)
        .err_has("note: `")
        .err_has(
            "mcp-toolname.toml`, line 2: lint `tool_name_refused_by_llm_apis` is now called \
             `contract`",
        )
        .err_has("mcp-toolname.toml`, line 3: only the build reports lint `tombstone_target`");
    let _ = std::fs::remove_dir_all(dir);
}
