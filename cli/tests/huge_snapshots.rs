//! A snapshot within its size limit (`MAX_SNAPSHOT`) can hold one name of megabytes with many
//! arguments: `diff` and `audit --baseline` then make one change per argument, each about that
//! name. What they hold and write grows with the file, not with the name's length times the
//! number of its arguments. A snapshot of a million short arguments, or of a million small
//! tools, makes a million changes: what `diff` and `audit --baseline` hold is a small multiple
//! of the file in every format, since each change is said as it is written.
//!
//! Each memory bound is that of a run's own peak, read when it is reaped (`common::peak`), so
//! the tests run beside others.

use crate::common;

use std::path::{Path, PathBuf};

use common::peak::{run, run_to};
use serde_json::{Value, json};

/// Characters of the tool's name.
const NAME: usize = 8_000_000;
/// Arguments the old snapshot gives the tool and the new one drops.
const ARGUMENTS: usize = 125;

/// A scratch directory for this file's test `test`.
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

/// A snapshot of one tool named `name` with `arguments` short required arguments, or of
/// `tools` small tools without any, written as text: this process, which runs the binary's
/// other tests beside, never holds a document of them.
fn written(path: &Path, name: &str, arguments: usize, tools: usize) -> usize {
    use std::fmt::Write as _;
    let mut text = String::from(
        r#"{"schema_version":2,"server":{"name":"s","version":"1"},"hidden_names_asked":true,"tools":["#,
    );
    if tools == 0 {
        let _ = write!(
            text,
            r#"{{"name":"{name}","kind":"tool","listed":true,"arguments":{{"#
        );
        for i in 0..arguments {
            let comma = if i == 0 { "" } else { "," };
            let _ = write!(
                text,
                r#"{comma}"a{i}":{{"types":["string"],"required":true}}"#
            );
        }
        text.push_str("}}");
    }
    for i in 0..tools {
        let comma = if i == 0 { "" } else { "," };
        let _ = write!(
            text,
            r#"{comma}{{"name":"t{i}","kind":"tool","listed":true}}"#
        );
    }
    text.push_str(r#"],"prompts":[]}"#);
    std::fs::write(path, &text).expect("write");
    text.len()
}

/// A stdio server listing `tools` (each without arguments), as `audit -- sh -c FILE_SERVER`
/// arguments.
fn serving(dir: &Path, tools: &[&str]) -> Vec<String> {
    let tools: Vec<Value> = tools
        .iter()
        .map(|name| json!({"name": name, "inputSchema": {"type": "object"}}))
        .collect();
    let mut args = vec!["--".to_owned()];
    args.extend(common::listing_server(dir, &tools).0);
    args
}

/// How often `text` occurs in the file `path`, read a piece at a time.
fn times_in(path: &Path, text: &str) -> usize {
    use std::io::Read as _;
    // Read in small pieces, keeping the end of each that could start `text`: a compact JSON
    // report is one line, and reading it whole would hold it in this process, beside the
    // binary's other tests.
    let mut file = std::fs::File::open(path).expect("open");
    let (mut count, mut held) = (0, Vec::new());
    let mut piece = vec![0; 64 * 1024];
    loop {
        let read = file.read(&mut piece).expect("read");
        if read == 0 {
            return count;
        }
        held.extend_from_slice(&piece[..read]);
        let whole = held
            .windows(text.len())
            .filter(|w| *w == text.as_bytes())
            .count();
        count += whole;
        let keep = held.len().min(text.len() - 1);
        held.drain(..held.len() - keep);
    }
}

/// Short arguments of one tool, and small tools, in the snapshots of the many-changes part.
const MANY: usize = 85_000;

/// What a run beyond its fixed cost may hold per byte of a snapshot of a change every 46 bytes
/// or so (85,000 changes here; 1.66 million in a file at the 64 MiB limit).
/// Measured on the debug build for 3.9 MB of snapshot, beyond a fixed cost of 20 MB (the audit
/// of a one-tool baseline): one tool's 85,000 arguments, `diff` in text 15 MB (3.8 times the
/// snapshot) and `audit --baseline` in SARIF 21 MB (5.4 times); 85,000 small tools, `audit
/// --baseline` in JSON and in GitHub 22 MB (5.6 times). The release build holds 5.2 to 5.5
/// times 64 MB snapshots in all. A message held as a string per change held 35 MB in text (9
/// times), the notifications of SARIF gathered before they are written 46 MB (12 times).
const PER_BYTE: usize = 8;

/// The peak of a run with millions of changes is its fixed cost and [`PER_BYTE`] times the
/// snapshot: each change is said as it is written, never held in words.
#[test]
fn many_changes_held_below_their_bound() {
    let dir = scratch("many");
    let name = "t".repeat(256);
    let (old, new, out) = (dir.join("old.json"), dir.join("new.json"), dir.join("out"));
    let paths = [old.to_str().expect("UTF-8"), new.to_str().expect("UTF-8")];
    written(&new, &name, 0, 0);
    let live = serving(&dir, &[&name]);
    let live: Vec<&str> = live.iter().map(String::as_str).collect();
    // The fixed cost: the peak of an audit of the live tool against a snapshot of it.
    let (_, fixed) = run_to(
        &out,
        &[&["audit", "--baseline", paths[1]][..], &live].concat(),
    );
    let bound = |peak: u64, input: usize, what: &str| {
        common::peak::held_below_plus(peak, fixed, PER_BYTE, input, what, "snapshots");
    };

    let input = written(&old, &name, MANY, 0);
    let (code, peak) = run_to(&out, &["diff", paths[0], paths[1]]);
    assert_eq!(code, Some(1));
    let said = times_in(&out, "no longer takes the argument");
    assert_eq!(said, MANY, "one line per change");
    bound(peak, input, "diff of one tool's arguments, in text");
    let sarif = [
        &["audit", "--format", "sarif", "--baseline", paths[0]][..],
        &live,
    ]
    .concat();
    let (code, peak) = run_to(&out, &sarif);
    assert_eq!(code, Some(1));
    let said = times_in(&out, "against the baseline:");
    assert_eq!(said, MANY, "one notification per change");
    bound(
        peak,
        input,
        "audit --baseline of one tool's arguments, in SARIF",
    );

    let input = written(&old, &name, 0, MANY);
    let nothing = serving(&dir, &[]);
    let nothing: Vec<&str> = nothing.iter().map(String::as_str).collect();
    for (format, each) in [("json", "\"removed\""), ("github", "::error ")] {
        let args = [
            &["audit", "--format", format, "--baseline", paths[0]][..],
            &nothing,
        ]
        .concat();
        let (code, peak) = run_to(&out, &args);
        assert_eq!(code, Some(1));
        assert_eq!(times_in(&out, each), MANY, "one per removed tool");
        bound(
            peak,
            input,
            &format!("audit --baseline of many tools, in {format}"),
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `diff` and `audit --baseline` of a snapshot whose tool has a huge name and many arguments
/// against one where it has none. Before 2026-12-05 each change held and wrote the name whole:
/// 125 changes of an 8 MB name held 1 GB, and JSON wrote 1 GB.
#[test]
fn changes_to_a_huge_name_are_a_small_multiple_of_the_snapshots() {
    let dir = scratch("diff");
    let name = "t".repeat(NAME);
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    let input = snapshot(&old, &name, ARGUMENTS) + snapshot(&new, &name, 0);
    let paths = [old.to_str().expect("UTF-8"), new.to_str().expect("UTF-8")];

    for format in ["text", "json"] {
        let (r, peak) = run(["diff", paths[0], paths[1], "--format", format]);
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
            peak,
            4,
            input,
            &format!("diff --format {format} of a huge name's arguments"),
        );
    }

    // The live server lists the tool without arguments.
    let live = serving(&dir, &[&name]);
    let live: Vec<&str> = live.iter().map(String::as_str).collect();
    let mut peak = 0;
    for format in ["sarif", "json"] {
        let (r, held) = run([
            &["audit", "--format", format, "--baseline", paths[0]][..],
            &live,
        ]
        .concat());
        peak = peak.max(held);
        r.exits(1);
        assert!(
            r.stdout.len() < input,
            "audit --baseline --format {format}: {} bytes for {input} bytes of snapshots",
            r.stdout.len()
        );
    }
    // The audit of the live server's huge name holds its own multiple of it (`huge_names`).
    held_below(
        peak,
        16,
        input,
        "audit --baseline of a huge name's arguments",
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Panics when `peak`, the most a run held, is `times` `input` bytes or more.
fn held_below(peak: u64, times: usize, input: usize, what: &str) {
    common::peak::held_below(peak, times, input, what, "snapshots");
}
