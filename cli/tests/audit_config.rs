//! `mcp-toolname audit --config FILE`: real client configs naming the workspace's calculator
//! example (written at test time, with its real path) and `sh -c` servers, and broken configs
//! from `tests/configs/`. Each error must name the file, the server and the field.

use crate::common;

use std::path::{Path, PathBuf};

use common::{calculator, run};
use serde_json::json;

/// A fresh directory for one test's config files, removed when dropped.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(test: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("mcp-toolname-config-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    Scratch(dir)
}

fn write(path: &Path, text: &str) -> String {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("create the config's dir");
    }
    std::fs::write(path, text).expect("write the config");
    path.to_str().expect("UTF-8 temp path").to_owned()
}

/// A path as the CLI's messages show it: in backticks, escaped, and shortened past 80
/// characters, as a checkout in a long directory makes it.
fn shown(path: &str) -> String {
    mcp_toolname_rules::message::show(path)
}

fn fixture(name: &str) -> String {
    format!("{}/tests/configs/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn calc() -> String {
    calculator().to_str().expect("UTF-8 target path").to_owned()
}

/// A key with a dot (`a.b`) is why Cursor, Cline and Qwen Code handle every tool of its
/// server badly: the key is blamed once, each tool's line points at it, and no line tells
/// the user to shorten a 6-character name.
#[test]
fn a_bad_key_is_blamed_once_not_each_tool_name() {
    let dir = scratch("dotted-key");
    let config = json!({ "mcpServers": {
        "a.b": { "command": calc() },
        "a_b": { "command": calc() },
    }});
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let r = run(["audit", "--config", &file]);
    r.exits(0)
        .out_has(
            "the server key `a.b` is why 5 tools are handled badly by 3 clients (`cursor`, \
             `cline` and\n  `qwen_code`)",
        )
        .out_has("`divide` [client]: 3 clients handle it badly, for the server key `a.b` (above)");
    assert!(!r.stdout.contains("shorten the name"), "{}", r.stdout);
    let section = r.stdout.split("== server `a_b`").nth(1).unwrap_or_default();
    assert!(
        !section.contains("the server key"),
        "a good key is not blamed:\n{section}"
    );
    // The tool collisions the keys cause are said with the key collision, and those of one
    // client and the same servers once: two lines, not one a tool and client.
    let cross = r
        .stdout
        .split("cross-server findings")
        .nth(1)
        .unwrap_or_default();
    assert_eq!(cross.matches("[name_collision]").count(), 1, "{cross}");
    assert_eq!(cross.matches("[key_collision]").count(), 1, "{cross}");
    assert!(
        cross.replace("\n           ", " ").contains(
            "of their tools, `add_numbers`, `divide`, `minus`, `multiply` and `subtract` meet so"
        ),
        "{cross}"
    );
    assert!(
        cross
            .replace("\n           ", " ")
            .contains("so do `divide`, `minus`, `multiply` and `subtract` of the same servers"),
        "{cross}"
    );
    // The same in every format: the findings carry the key to use, and no name to write.
    let doc = run(["audit", "--config", &file, "--format", "json"]).json();
    let findings = |key: &str| {
        doc["servers"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["key"] == key))
            .map(|s| s["findings"].as_array().cloned().unwrap_or_default())
            .unwrap_or_default()
    };
    let blamed = findings("a.b");
    assert_eq!(blamed.len(), 15, "5 tools, 3 clients each: {blamed:?}");
    for f in &blamed {
        // `a_b` is the other server's key: the one suggested is clear of it.
        assert_eq!(f["suggested_key"], "a_b_2", "{f}");
        assert!(f["suggestion"].is_null(), "{f}");
    }
    assert!(findings("a_b").is_empty());
    for format in ["sarif", "github"] {
        let said = run(["audit", "--config", &file, "--format", format]).stdout;
        assert!(!said.contains("shorten the name"), "{format}:\n{said}");
        assert_eq!(
            said.matches("the key, not the tool's name, is why").count(),
            5,
            "{format}: one result a tool:\n{said}"
        );
    }
}

#[test]
fn two_calculators_that_vs_code_numbers_apart() {
    let dir = scratch("two");
    let config = json!({ "mcpServers": {
        "Calc": { "command": calc() },
        "calc": { "type": "stdio", "command": calc(), "args": [], "env": { "UNUSED": "1" } },
        "remote": { "type": "http", "url": "https://example.com/mcp", "oauth": { "clientId": "x" } },
    }});
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let r = run(["audit", "--config", &file, "-v", "--warn", "shared_name"]);
    r.exits(0)
        .out_has("(Claude Code `.mcp.json`): 3 servers")
        .out_has("`remote`  skipped: its auth is OAuth, which needs a browser; not audited")
        .out_has("== server `Calc` (1 of 3)")
        .out_has("5 tools in 1 page; server key `calc` (its name in the config)")
        .out_has("`mcp__Calc__add_numbers`  `add_numbers` of `Calc`")
        // VS Code names a server by its `serverInfo` (both say `calculator`) and numbers
        // the second; the other clients use the key as written.
        .out_has("`mcp_calculator_add_numbers`   `add_numbers` of `Calc`")
        .out_has("`mcp_calculator2_add_numbers`  `add_numbers` of `calc`")
        .out_has("`mcp_Calc_add_numbers`  `add_numbers` of `Calc`")
        .out_has(
            "  warning  [key_collision] vscode: servers (by the name they announce, else their \
             key) `Calc` and `calc` both become the prefix `mcp_calculator_` under VS Code; it \
             numbers the later one (`mcp_calculator2_`)",
        )
        .out_has(
            "  warning  [shared_name] tool names `add_numbers`, `divide`, `minus`, `multiply` and \
             `subtract` are on servers `Calc` and `calc`",
        )
        .out_has("2 audited, 1 skipped, 0 could not be audited; 10 tools")
        .out_has("exit code 0: nothing at deny level")
        // github/copilot-cli #4478: `MCPBrowser` and `mcpbrowser`, one server set up twice.
        .out_has(
            "server keys `Calc` and `calc` differ only in case and in `_`, `-` and `.`: often \
             one server configured twice",
        );
    // Of the clients that prefix the key only Goose, which lower-cases it, gives two tools one
    // name: VS Code numbers, the others keep the case. Continue's CLI and Kiro CLI show the bare
    // name, so each tool's name meets the other server's.
    assert_eq!(
        r.stdout.matches("[name_collision]").count(),
        r.stdout.matches("[name_collision] continue_cli:").count()
            + r.stdout.matches("[name_collision] kiro_cli:").count()
            + r.stdout.matches("[name_collision] goose:").count(),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("[name_collision] continue_cli:")
            && r.stdout.contains("[name_collision] goose:")
            && r.stdout.contains("[key_collision] goose:")
            && !r.stdout.contains("[key_collision] codex"),
        "{}",
        r.stdout
    );

    let r = run(["audit", "--config", &file, "--format", "json"]);
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["config"]["format"], "claude_code");
    let servers = doc["servers"].as_array().expect("servers[]");
    assert_eq!(servers.len(), 3);
    assert_eq!(servers[0]["key"], "Calc");
    assert_eq!(servers[0]["status"], "audited");
    assert_eq!(servers[0]["server"]["name"], "calculator");
    assert_eq!(servers[0]["tools"].as_array().map(Vec::len), Some(5));
    assert_eq!(servers[2]["status"], "skipped");
    let cross = doc["cross_server"].as_array().expect("cross_server[]");
    assert!(
        cross
            .iter()
            .filter(|f| f["kind"] == "name_collision")
            .all(|f| ["continue_cli", "kiro_cli", "goose"]
                .contains(&f["client"].as_str().unwrap_or(""))),
        "{cross:#?}"
    );
    assert!(cross.iter().any(|f| f["kind"] == "key_collision"
        && f["client"] == "vscode"
        && f["name"] == "mcp_calculator_"
        && f["members"]
            == json!([{ "server": "Calc", "tool": null }, { "server": "calc", "tool": null }])));
    // Each finding says its lint and its level: `shared_name` is allowed by default, so the
    // text leaves it out, and the JSON keeps it.
    assert!(cross.iter().all(|f| f["lint"] == f["kind"]));
    assert!(
        cross
            .iter()
            .any(|f| f["kind"] == "shared_name" && f["level"] == "allow")
    );
    assert!(
        cross
            .iter()
            .any(|f| f["kind"] == "key_collision" && f["level"] == "warn")
    );
    assert!(cross.iter().any(|f| f["kind"] == "key_look_alike"
        && f["client"].is_null()
        && f["members"]
            == json!([{ "server": "Calc", "tool": null }, { "server": "calc", "tool": null }])));
    let vscode = doc["clients"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["id"] == "vscode"))
        .expect("clients[vscode]");
    assert_eq!(vscode["verified"]["how"], "source");
    let names = common::client_names(&doc, "vscode");
    assert_eq!(names[0]["name"], "mcp_calculator_add_numbers");
    assert_eq!(names[5]["name"], "mcp_calculator2_add_numbers");
    assert_eq!(doc["summary"]["exit_code"], 0);
}

/// The server refuses to start unless `MCP_TOOLNAME_PROBE=yes` is in its environment.
const PROBE: &str = r#"test "$MCP_TOOLNAME_PROBE" = yes || { echo 'MCP_TOOLNAME_PROBE is not set' >&2; exit 7; }; exec "$0""#;

#[test]
fn a_vs_code_mcp_json_with_comments_inputs_and_workspace_folder() {
    let dir = scratch("vscode");
    let text = format!(
        r#"{{
  // VS Code reads this file as JSON with comments.
  "inputs": [{{ "type": "promptString", "id": "token", "description": "API token" }}],
  "servers": {{
    "calculator": {{ "type": "stdio", "command": {calc}, "cwd": "${{workspaceFolder}}" }},
    "probe": {{ "command": "sh", "args": ["-c", {probe}, {calc}], "envFile": "${{workspaceFolder}}/.env" }},
    "needs-token": {{ "type": "stdio", "command": "npx", "env": {{ "TOKEN": "${{input:token}}" }} }},
    "remote": {{ "type": "http", "url": "https://example.com/mcp", "headers": {{ "Authorization": "Bearer ${{input:token}}" }} }},
  }},
}}"#,
        calc = json!(calc()),
        probe = json!(PROBE),
    );
    write(
        &dir.join(".env"),
        "# read through envFile\nexport MCP_TOOLNAME_PROBE=\"yes\"\n",
    );
    let file = write(&dir.join(".vscode").join("mcp.json"), &text);
    let r = run(["audit", "--config", &file, "--verbose"]);
    r.exits(0)
        .out_has("(VS Code `mcp.json`): 4 servers")
        .out_has("note: the file has comments or trailing commas, which VS Code accepts")
        .out_has("`calculator`   audited: 5 tools")
        .out_has(
            "skipped: `env.TOKEN` uses `${input:token}`, which VS Code asks the user for when it \
             starts the server",
        )
        .out_has("`mcp_calculator_add_numbers`")
        .out_has("`probe`        audited: 5 tools")
        .out_has("`remote`       skipped: `headers.Authorization` uses `${input:token}`")
        .out_has("2 audited, 2 skipped");
}

#[test]
fn a_codex_config_passes_env_to_its_server() {
    let dir = scratch("codex");
    let cmd = |extra: &str| {
        format!(
            "command = \"sh\"\nargs = [\"-c\", {}, {}]\n{extra}",
            json!(PROBE),
            json!(calc())
        )
    };
    let text = format!(
        "model = \"o3\"\n\n[mcp_servers.with_env]\n{}\n[mcp_servers.with_env.env]\n\
         MCP_TOOLNAME_PROBE = \"yes\"\n\n[mcp_servers.without_env]\n{}\n\
         [mcp_servers.off]\ncommand = \"npx\"\nenabled = false\n\n\
         [mcp_servers.web]\nurl = \"https://example.com/mcp\"\nscopes = [\"read\"]\n",
        cmd("startup_timeout_sec = 20\ntool_timeout_sec = 60\n"),
        cmd("")
    );
    let file = write(&dir.join("config.toml"), &text);
    let r = run(["audit", "--config", &file, "--verbose"]);
    // One server could not start (no env), so exit 2; the other was still audited.
    r.exits(2)
        .out_has("(Codex `config.toml`): 4 servers")
        .out_has("`with_env`     audited: 5 tools")
        .out_has("`off`          skipped: disabled (`enabled = false`)")
        .out_has(
            "`web`          skipped: its auth is OAuth (`scopes`), which needs a browser; not audited",
        )
        .out_has("exited with code 7 before answering `initialize`")
        .out_has("  | MCP_TOOLNAME_PROBE is not set")
        .out_has("`mcp__with_env__add_numbers`")
        .out_has("exit code 2: 1 server could not be audited")
        .err_has("error: server `without_env` could not be audited: server `sh -c ");
}

#[test]
fn a_server_that_crashes_while_the_other_works() {
    let dir = scratch("crash");
    let config = json!({ "mcpServers": {
        "my calc": { "command": calc() },
        "crashy": { "command": "sh", "args": ["-c", "echo 'panicked at main.rs:3' >&2; exit 101"] },
    }});
    let file = write(&dir.join("claude_desktop_config.json"), &config.to_string());
    let r = run(["audit", "--config", &file, "--format", "json"]);
    r.exits(2);
    let doc = r.json();
    assert_eq!(doc["config"]["format"], "claude_desktop");
    // `json!` sorts keys: `crashy` comes first in the file.
    let servers = &doc["servers"];
    assert_eq!(servers[1]["key"], "my calc");
    assert_eq!(servers[1]["status"], "audited");
    // A key outside our rule is advice; each client reads the key as written, by its rule.
    assert!(
        servers[1]["key_advice"]
            .as_str()
            .is_some_and(|p| p.starts_with("advice: server key `my calc` contains a space")),
        "{servers:#}"
    );
    assert_eq!(doc["clients"][0]["id"], "claude_code");
    assert_eq!(
        common::client_names(&doc, "claude_code")[0]["name"],
        "mcp__my_calc__add_numbers"
    );
    assert_eq!(doc["clients"][1]["id"], "codex");
    assert_eq!(
        common::client_names(&doc, "codex")[0]["fate"],
        "key_refused"
    );
    assert!(
        servers[1]["findings"]
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["kind"] == "key_refused"
                && f["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("Codex CLI does not start server `my calc`")))),
        "{servers:#}"
    );
    assert_eq!(servers[0]["status"], "error");
    assert!(
        servers[0]["error"].as_str().is_some_and(|e| e
            .contains("exited with code 101 before answering `initialize`")
            && e.contains("panicked at main.rs:3")),
        "{servers:#}"
    );
    assert_eq!(doc["summary"]["exit_code"], 2);
}

#[test]
fn invalid_json_names_the_file_line_and_column() {
    let file = fixture("invalid.json");
    let r = run(["audit", "--config", &file]);
    r.exits(2).err_has(&format!(
        "error: config {} is not valid JSON: expected ',' or '}}' at line 4, column 5",
        shown(&file)
    ));
    assert_eq!(r.stdout, "", "no report on stdout");
    let r = run(["audit", "--config", &file, "--format", "json"]);
    r.exits(2);
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("line 4, column 5"))
    );
}

#[test]
fn invalid_toml_names_the_file_line_and_column() {
    let file = fixture("invalid.toml");
    run(["audit", "--config", &file]).exits(2).err_has(&format!(
        "error: config {} is not valid TOML: invalid basic string, expected '\"' at line 4, \
         column 15",
        shown(&file)
    ));
}

#[test]
fn a_missing_command_names_the_file_and_server() {
    let file = fixture("missing-command/.mcp.json");
    let r = run(["audit", "--config", &file]);
    r.exits(2)
        .err_has(&format!(
            "error: config {}, server `github`: missing `command`: a stdio server needs \
             the program to start",
            shown(&file)
        ))
        .out_has("exit code 2: 1 server could not be audited");
}

#[test]
fn an_unknown_field_names_the_file_server_and_field() {
    let file = fixture("unknown-field/claude_desktop_config.json");
    run(["audit", "--config", &file]).exits(2).err_has(&format!(
        "error: config {}, server `files`: unknown field `arg` (did you mean `args`?); a \
         server entry for Claude Desktop has `type`, `command`, `args`",
        shown(&file)
    ));
    let file = fixture("unknown-field.toml");
    run(["audit", "--config", &file]).exits(2).err_has(&format!(
        "error: config {}, server `files`: unknown field `comand` (did you mean \
         `command`?); a server entry for Codex has",
        shown(&file)
    ));
}

#[test]
fn an_unknown_format_says_what_was_expected() {
    let file = fixture("unknown-format.json");
    let r = run(["audit", "--config", &file]);
    r.exits(2).err_has(&format!(
        "error: config {} is not a known MCP client config: expected a JSON object with \
         `mcpServers` (Claude Desktop `claude_desktop_config.json`, Claude Code `.mcp.json`) or \
         `servers` (VS Code `mcp.json`), a TOML file with `[mcp_servers.<name>]` tables \
         (Codex `config.toml`), or a Claude Code plugin's folder (with \
         `.claude-plugin/plugin.json`); its top-level keys are `servers_list`",
        shown(&file)
    ));
    run(["audit", "--config", "/nonexistent/mcp.json"])
        .exits(2)
        .err_has("error: cannot read config `/nonexistent/mcp.json`: ");
}

#[test]
fn config_takes_no_command_or_server_key() {
    run(["audit", "--config", "x.json", "--", "sh"])
        .exits(2)
        .err_has("cannot be used with");
    run(["audit", "--config", "x.json", "--server-key", "k"])
        .exits(2)
        .err_has("cannot be used with");
}

/// A Claude Code plugin's folder: its server audited under the key Claude Code gives it
/// (`plugin:<name>:<key>`), the other clients keeping the key; and a Codex `config.toml` whose
/// `non_prefixed_mcp_tool_names` names one server.
#[test]
fn a_plugin_folder_and_codex_without_its_prefix() {
    let dir = common::scratch_dir("audit-plugin");
    let root = dir.join("my-plugin");
    std::fs::create_dir_all(root.join(".claude-plugin")).expect("plugin folder");
    let argv = common::fixture_server_in(&root, "tools.json", &json!({"tools": ["a.b"]}));
    std::fs::write(
        root.join(".claude-plugin/plugin.json"),
        json!({"name": "my-Plugin", "mcpServers": {"db.x": {"command": argv[0], "args": argv[1..]}}})
            .to_string(),
    )
    .expect("manifest");
    let names = |report: &serde_json::Value, client: &str| -> Vec<String> {
        Some(common::client_names(report, client))
            .map(|n| {
                n.iter()
                    .filter_map(|n| n["name"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let r = run([
        "audit",
        "--config",
        &root.to_string_lossy(),
        "--format",
        "json",
    ]);
    r.exits(0);
    let report = r.json();
    assert_eq!(report["config"]["format"], "claude_plugin");
    assert_eq!(
        names(&report, "claude_code"),
        ["mcp__plugin_my-Plugin_db_x__a_b"]
    );
    assert_eq!(names(&report, "codex"), ["mcp__db_x__a_b"]);

    let mut config = String::new();
    for key in ["alpha", "my-srv"] {
        config.push_str(&format!(
            "[mcp_servers.{}]\ncommand = {}\nargs = {}\n",
            json!(key),
            json!(argv[0]),
            json!(argv[1..])
        ));
    }
    config.push_str(
        "[features.non_prefixed_mcp_tool_names]\nenabled = true\nserver_names = [\"my-srv\"]\n",
    );
    let file = dir.join("config.toml");
    std::fs::write(&file, config).expect("config.toml");
    let r = run([
        "audit",
        "--config",
        &file.to_string_lossy(),
        "--format",
        "json",
    ]);
    let report = r.json();
    assert_eq!(names(&report, "codex"), ["mcp__alpha__a_b", "my_srv__a_b"]);
    assert!(
        report["config"]["notes"]
            .to_string()
            .contains("non_prefixed_mcp_tool_names")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_names_table_says_where_a_client_sends_refs_pointing_nowhere() {
    let nested = json!({"type": "object", "properties": {"at": {"$ref": "#/$defs/P"}},
                        "$defs": {"P": {"type": "object"}}});
    let spec = json!({"tools": ["pin", "plain"], "schemas": [nested, {"type": "object"}]});
    let (dir, server) = common::fixture_server("refs", "names-table", &spec);
    let config = dir.join("mcp.json");
    let entry = json!({"command": server[0], "args": server[1..]});
    std::fs::write(&config, json!({"mcpServers": {"s": entry}}).to_string()).expect("config");
    let r = run([
        "audit",
        "--config",
        config.to_str().expect("UTF-8"),
        "--verbose",
    ]);
    let marked: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.contains("(`$ref`s point nowhere)"))
        .collect();
    // Only the Continue CLI drops `$defs`, and only `pin` has a `$ref`.
    assert_eq!(marked.len(), 1, "{}", r.stdout);
    assert!(marked[0].contains("`pin` of `s`"), "{}", marked[0]);
    let _ = std::fs::remove_dir_all(dir);
}

/// Tools that begin with their server's key: allowed by default; raised, one finding for the
/// server saying which clients prefix the key (Claude Code's name) and which send bare names.
#[test]
fn tools_that_begin_with_their_key_stutter_in_prefixing_clients() {
    let dir = scratch("stutter");
    let argv = common::fixture_server_in(
        &dir,
        "tools.json",
        &json!({"tools": ["fleet_exec", "fleet-list", "status", "fleet", "fleetwood"]}),
    );
    let config = write(
        &dir.join(".mcp.json"),
        &json!({"mcpServers": {"fleet": {"command": argv[0], "args": argv[1..]}}}).to_string(),
    );
    let quiet = run(["audit", "--config", &config]);
    quiet.exits(0);
    assert!(!quiet.stdout.contains("[key_stutter]"), "{}", quiet.stdout);
    run(["audit", "--config", &config, "--warn", "key_stutter"])
        .exits(0)
        .out_has("[key_stutter] 2 tool names begin with the server's key `fleet`")
        .out_has("Claude Code sends `mcp__fleet__fleet_exec`")
        .out_has("Continue CLI and Kiro CLI send the bare name, where the key in it is what keeps `fleet_exec` apart from another server's `exec`");
}
