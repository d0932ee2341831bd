//! A snapshot within its size limit (`MAX_SNAPSHOT`) can hold one name of megabytes with many
//! arguments: `diff` and `audit --baseline` then make one change per argument, each about that
//! name. What they hold and write grows with the file, not with the name's length times the
//! number of its arguments.
//!
//! Its own test binary, so that the peak memory of the processes it waits for is this file's.

mod common;

use std::path::{Path, PathBuf};

use common::run;
use serde_json::{Value, json};

/// Characters of the tool's name.
const NAME: usize = 8_000_000;
/// Arguments the old snapshot gives the tool and the new one drops.
const ARGUMENTS: usize = 125;

/// A scratch directory for this test binary.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mcp-toolname-huge-snapshot-{}-{test}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// A snapshot of one tool named `name` taking `arguments` required arguments; its bytes.
fn snapshot(path: &Path, name: &str, arguments: usize) -> usize {
    let arguments: serde_json::Map<String, Value> = (0..arguments)
        .map(|i| {
            (
                format!("a{i}"),
                json!({"types": ["string"], "required": true}),
            )
        })
        .collect();
    let text = json!({
        "schema_version": 2,
        "server": {"name": "s", "version": "1"},
        "hidden_names_asked": true,
        "tools": [{"name": name, "kind": "tool", "listed": true, "arguments": arguments}],
        "prompts": [],
    })
    .to_string();
    std::fs::write(path, &text).expect("write");
    text.len()
}

/// One test, so that no other run is going on while the peak memory is read. Before
/// 2026-12-05 each change held and wrote the name whole: 125 changes of an 8 MB name held
/// 1 GB, and JSON wrote 1 GB.
#[test]
fn changes_to_a_huge_name_are_a_small_multiple_of_the_snapshots() {
    let dir = scratch("diff");
    let name = "t".repeat(NAME);
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    let input = snapshot(&old, &name, ARGUMENTS) + snapshot(&new, &name, 0);
    let paths = [old.to_str().expect("UTF-8"), new.to_str().expect("UTF-8")];

    for format in ["text", "json"] {
        let r = run(["diff", paths[0], paths[1], "--format", format]);
        r.exits(1);
        assert!(
            r.stdout.len() < input,
            "diff --format {format}: {} bytes for {input} bytes of snapshots",
            r.stdout.len()
        );
        if format == "json" {
            let doc = r.json();
            let changes = doc["changes"].as_array().expect("changes");
            assert_eq!(changes.len(), ARGUMENTS, "one change per argument");
            let cut = mcp_toolname_rules::message::short(&name).into_owned();
            assert!(
                changes.iter().all(|c| c["name"] == cut.as_str()),
                "each change carries the name cut: {cut}"
            );
        }
        held_below(
            4,
            input,
            &format!("diff --format {format} of a huge name's arguments"),
        );
    }

    // The live server lists the tool without arguments.
    let init = json!({
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "s", "version": "1"},
    });
    let list = json!({"tools": [{"name": name, "inputSchema": {"type": "object"}}]});
    let (init_file, list_file) = (dir.join("init.json"), dir.join("list.json"));
    std::fs::write(&init_file, init.to_string()).expect("write");
    std::fs::write(&list_file, list.to_string()).expect("write");
    for format in ["sarif", "json"] {
        let r = run([
            "audit",
            "--format",
            format,
            "--baseline",
            paths[0],
            "--",
            "sh",
            "-c",
            common::FILE_SERVER,
            "sh",
            init_file.to_str().expect("UTF-8"),
            list_file.to_str().expect("UTF-8"),
        ]);
        r.exits(1);
        assert!(
            r.stdout.len() < input,
            "audit --baseline --format {format}: {} bytes for {input} bytes of snapshots",
            r.stdout.len()
        );
    }
    // The audit of the live server's huge name holds its own multiple of it (`huge_names`).
    held_below(16, input, "audit --baseline of a huge name's arguments");
    let _ = std::fs::remove_dir_all(dir);
}

/// Panics when a child this process waited for held `times` `input` bytes or more.
fn held_below(times: usize, input: usize, what: &str) {
    common::peak::held_below(times, input, what, "snapshots");
}
