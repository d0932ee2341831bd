//! `audit -v` of a server whose names and descriptions are made of what a text report must
//! escape (controls, bidi and invisible characters, runner commands): what it holds grows with
//! the tools it lists at a bounded rate, and the text report is never held whole.
//!
//! The peak memory bound is the run's own, read when it is reaped (`common::peak`), so the
//! test runs beside others.

use crate::common;

use serde_json::json;

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

#[test]
fn audit_v_of_hostile_names_holds_a_bounded_multiple_of_them() {
    let dir = std::env::temp_dir().join(format!(
        "mcp-toolname-hostile-memory-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    let body: String = common::HOSTILE
        .concat()
        .repeat(4)
        .chars()
        .take(50)
        .collect();
    let tools: Vec<_> = (0..TOOLS)
        .map(|i| {
            json!({"name": format!("{i}{body}"), "description": body,
                   "inputSchema": {"type": "object"}})
        })
        .collect();
    let (server, sent) = common::listing_server(&dir, &tools);
    eprintln!("tools/list of {sent} bytes");
    let mut args = vec!["audit".to_owned(), "-v".to_owned(), "--".to_owned()];
    args.extend(server);
    let (r, peak) = common::peak::run(&args);
    let _ = std::fs::remove_dir_all(&dir);
    // Names a client refuses are errors: the run exits 1, with a report of every tool.
    r.exits(1);
    r.out_has(&format!("{TOOLS} tools in 1 page"));
    common::peak::held_below(peak, TIMES, sent, "audit -v of hostile names", "tools/list");
}
