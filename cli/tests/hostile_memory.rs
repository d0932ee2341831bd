//! `audit -v` of a server whose names and descriptions are made of what a text report must
//! escape (controls, bidi and invisible characters, runner commands): what it holds grows with
//! the tools it lists at a bounded rate, and the text report is never held whole.
//!
//! Its own test binary with one test, so that the peak memory of the processes it waits for
//! is this test's.

mod common;

use common::run;
use serde_json::json;

/// Pieces of what a text report escapes or breaks, as `benches/support/report_growth.py
/// hostile` repeats them.
const CORPUS: &[&str] = &[
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
    "azure ##vso[task.setvariable variable=verdict]pass",
    "format\u{206a}vs\u{e0100}mongol\u{180b}beam\u{1d173}",
];

/// Tools listed: about 100 characters of name and description each.
const TOOLS: usize = 3_000;

/// The most a run holds, in bytes per byte of the tools' list as the server sends it.
///
/// A debug build holds 160 times (79 MB for the 518 KB list), the same in every run. It held
/// 229 times (113 MB) with each contract's and each client API's refusal of every name held
/// in words, and the confusable pairs found through a map of owned keys, each spelling
/// neighbour a copy; with the text report made whole and copied twice on its way out
/// (masked, then escaped), 275 times. Most of what is left is each tool's findings and each
/// client's verdict on its name; the bound leaves 15% for a loaded machine.
const TIMES: usize = 185;

/// One test: the peak read after it is this run's.
#[test]
fn audit_v_of_hostile_names_holds_a_bounded_multiple_of_them() {
    let dir = std::env::temp_dir().join(format!(
        "mcp-toolname-hostile-memory-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    let body: String = CORPUS.concat().repeat(4).chars().take(50).collect();
    let tools: Vec<_> = (0..TOOLS)
        .map(|i| {
            json!({"name": format!("{i}{body}"), "description": body,
                   "inputSchema": {"type": "object"}})
        })
        .collect();
    let init = json!({"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "s", "version": "1"}});
    let list = json!({ "tools": tools }).to_string();
    let (init_file, list_file) = (dir.join("init.json"), dir.join("list.json"));
    std::fs::write(&init_file, init.to_string()).expect("write");
    std::fs::write(&list_file, &list).expect("write");
    eprintln!("tools/list of {} bytes", list.len());
    let r = run([
        "audit",
        "-v",
        "--",
        "sh",
        "-c",
        common::FILE_SERVER,
        "sh",
        init_file.to_str().expect("UTF-8 temp path"),
        list_file.to_str().expect("UTF-8 temp path"),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    // Names a client refuses are errors: the run exits 1, with a report of every tool.
    r.exits(1);
    r.out_has(&format!("{TOOLS} tools in 1 page"));
    common::peak::held_below(TIMES, list.len(), "audit -v of hostile names", "tools/list");
}
