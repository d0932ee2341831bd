//! The CLI's half of the corpus test that holds the build's fixes to `check`'s.
//! `tests/data/build_fixes.jsonl` holds what the build says of each corpus name, with no key
//! and under named keys (the macros crate's `corpus` test holds the file to the build); here
//! `mcp-toolname check` is run on each line:
//! - a fix made with no key named is clean (exit 0, every contract passes, every client
//!   handles it) under a key of the length it says it leaves room for, and under a shorter
//!   one;
//! - under a named key, `check --server-key` offers the build's fix for the name, its fix is
//!   clean under that key, and where the build said nothing of the name `check` finds no
//!   client that handles it badly;
//! - under declared targets and a key, `check --target ... --server-key` fails exactly where
//!   the build fails, offers the build's fix, and finds no target refusing that fix.

use crate::common;

use common::run;
use serde_json::Value;

/// The file the build's half writes.
fn lines() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/build_fixes.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

/// `check --format json --server-key key name`: the exit code and the one name's report.
fn check(name: &str, key: &str) -> (Option<i32>, Value) {
    check_targets(name, key, &[])
}

/// [`check`] with `--target` for each of `targets`.
fn check_targets(name: &str, key: &str, targets: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec![
        "check",
        "--no-config-file",
        "--format",
        "json",
        "--server-key",
        key,
    ];
    for target in targets {
        args.extend(["--target", target]);
    }
    args.extend(["--", name]);
    let r = run(args);
    let json = r.json();
    (r.code, json["names"][0].clone())
}

/// What is not clean in one name's report: each contract that refuses it, each client that
/// handles it badly.
fn problems(report: &Value) -> Vec<String> {
    problems_in(report, &[])
}

/// [`problems`] of the contracts and clients of `targets` alone (all of them when empty).
fn problems_in(report: &Value, targets: &[&str]) -> Vec<String> {
    let looked_at =
        |item: &Value| targets.is_empty() || targets.iter().any(|t| item["id"].as_str() == Some(t));
    let mut out: Vec<String> = report["contracts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["pass"] != true && looked_at(c))
        .map(|c| format!("contract {}: {}", c["id"], c["message"]))
        .collect();
    out.extend(
        report["clients"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["fine"] != true && looked_at(c))
            .map(|c| format!("client {}: {}", c["id"], c["message"])),
    );
    out
}

fn clients_unfine(report: &Value) -> usize {
    report["clients"]
        .as_array()
        .map_or(0, |a| a.iter().filter(|c| c["fine"] != true).count())
}

#[test]
fn every_fix_the_build_offers_is_clean_in_check_and_check_offers_it_too() {
    let lines = lines();
    assert!(
        lines.len() > 500,
        "{} lines: the corpus went missing",
        lines.len()
    );
    let mut failures: Vec<String> = Vec::new();
    let (mut assumed, mut named, mut same, mut silent, mut contract_only, mut skipped) =
        (0, 0, 0, 0, 0, 0);
    let (mut targeted, mut same_targeted) = (0, 0);
    for line in &lines {
        let name = line["name"].as_str().expect("name");
        let fix = line["fix"].as_str();
        let targets: Vec<&str> = line["targets"]
            .as_array()
            .expect("targets")
            .iter()
            .map(|t| t.as_str().expect("an id"))
            .collect();
        if !targets.is_empty() {
            // With no client among the targets the key changes nothing; `check` needs one.
            let key = line["key"].as_str().unwrap_or("server");
            if name.contains('\0') || name.is_empty() {
                skipped += 1;
                continue;
            }
            targeted += 1;
            let (code, report) = check_targets(name, key, &targets);
            if (code == Some(1)) != (line["errored"] == true) {
                failures.push(format!(
                    "{name:?} under {key:?} and {targets:?}: the build fails {}, check exits {code:?}",
                    line["errored"]
                ));
            }
            if let Some(fix) = fix {
                let (code, fixed) = check_targets(fix, key, &targets);
                if code != Some(0) || !problems_in(&fixed, &targets).is_empty() {
                    failures.push(format!(
                        "{name:?} -> {fix:?} under {key:?} and {targets:?}: {:?}",
                        problems_in(&fixed, &targets)
                    ));
                }
                if report["suggestion"].as_str() == Some(fix) {
                    same_targeted += 1;
                } else {
                    failures.push(format!(
                        "{name:?} under {key:?} and {targets:?}: the build offers {fix:?}, \
                         check {}",
                        report["suggestion"]
                    ));
                }
            }
            continue;
        }
        match (line["key"].as_str(), fix) {
            (None, None) => {}
            (None, Some(fix)) => {
                assumed += 1;
                // Room is said only where the name does not fit under the assumed key; a fix
                // that only cleans a name is checked under the shortest key.
                let room = line["room"]
                    .as_u64()
                    .map_or(1, |r| usize::try_from(r).expect("len"));
                for key in ["k".repeat(room), "calc".to_owned()] {
                    let (code, report) = check(fix, &key);
                    if code != Some(0) || !problems(&report).is_empty() {
                        failures.push(format!(
                            "{name:?} -> {fix:?} under {key:?} (exit {code:?}): {:?}",
                            problems(&report)
                        ));
                    }
                }
            }
            (Some(key), fix) => {
                // A NUL cannot be passed on a command line; an empty name's fix is made from
                // its fn's name, which `check` is not given.
                if name.contains('\0') || name.is_empty() {
                    skipped += 1;
                    continue;
                }
                let (_, report) = check(name, key);
                if let Some(fix) = fix {
                    named += 1;
                    let (code, fixed) = check(fix, key);
                    if code != Some(0) || !problems(&fixed).is_empty() {
                        failures.push(format!(
                            "{name:?} -> {fix:?} under {key:?}: {:?}",
                            problems(&fixed)
                        ));
                    }
                    if report["suggestion"].as_str() == Some(fix) {
                        same += 1;
                    } else {
                        failures.push(format!(
                            "{name:?} under {key:?}: the build offers {fix:?}, check {}",
                            report["suggestion"]
                        ));
                    }
                }
                if line["finding"] == false {
                    silent += 1;
                    if clients_unfine(&report) > 0 {
                        failures.push(format!(
                            "{name:?} under {key:?}: the build says nothing, but check says {:?}",
                            problems(&report)
                        ));
                    } else if !problems(&report).is_empty() {
                        contract_only += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{} lines: {assumed} fixes made with no key, {named} under a named key ({same} the \
         same in check); {silent} names under a named key the build says nothing of (of \
         them {contract_only} refused by a contract the build does not check without targets, \
         none by a client); {targeted} under declared targets, each failing the build exactly \
         where check --target exits 1, {same_targeted} fixes the same in check; {skipped} not \
         given to check (empty, or holding a NUL)",
        lines.len()
    );
    assert!(
        failures.is_empty(),
        "{} of the build's fixes disagree with check:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
