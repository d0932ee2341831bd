//! Tool names under `check`: every contract, each client's model-facing name under the
//! server key, and one fixer's fixes for the whole set.

use mcp_toolname_rules::lint;
use mcp_toolname_rules::{ALL, MCP, SetFix, message};
use serde_json::{Value, json};

use super::{Detail, Fix, Input, Judged, Row};
use crate::findings::{Finding, per_tool};
use crate::keys::Keys;
use crate::lint::Level;
use crate::names::{NameReport, fate_word, fix_set, qualify_set};
use crate::verdict::{self, Seen};

impl Judged for NameReport {
    const NOT_UTF8: (&'static lint::Lint, &'static str) = (&lint::SPEC, MCP.id);
    const NOT_UTF8_WHY: &'static str =
        "a tool name travels in a JSON string, so no contract can pass it";
    const NOT_UTF8_MARK: &'static str = " (not valid UTF-8)";
    const KEYED: bool = true;
    const NOUNS: (&'static str, &'static str) = ("name", "names");
    const VERBOSE_SHOWS: &'static str = "each contract and each client's name";

    fn judge(read: Vec<Input<&str>>, keys: &Keys) -> Vec<Input<Self>> {
        let mut inputs: Vec<Input<Self>> = read
            .into_iter()
            .map(|input| input.map(|name| Self::new(name, keys)))
            .collect();
        fix_all(&mut inputs, keys);
        inputs
    }

    fn findings(&self, out: &mut Vec<Finding>) {
        per_tool(self, out);
        crate::findings::underscores(&self.name, out);
    }

    fn verdict(&self, own: &[Seen<'_>]) -> (Option<Level>, String) {
        verdict::tool(self, own)
    }

    fn unreadable(lossy: &str) -> String {
        message::no_readable_fix(lossy)
    }

    fn detail(input: &Input<Self>) -> Detail {
        let report = match input {
            Input::Name(report) => report,
            Input::NotUtf8(bad) => {
                let fix = bad.suggestion.as_deref().map_or(Fix::Needless, |s| {
                    let passes = "passes every contract".to_owned();
                    Fix::Write(message::write_instead(s), Some(passes))
                });
                return Detail {
                    contracts: "contracts",
                    rows: vec![("all", bad.reason.clone())],
                    clients: None,
                    fix: Some(fix),
                };
            }
        };
        // Each reason once, then the contracts (and clients) it breaks.
        let passing: Vec<&str> = report
            .contracts
            .iter()
            .filter(|v| v.error.is_none())
            .map(|v| v.contract.id)
            .collect();
        let passing = match passing.len() {
            0 => "none".to_owned(),
            n if n == report.contracts.len() => "every contract".to_owned(),
            _ => passing.join(", "),
        };
        let mut rows = vec![("pass", passing)];
        for reason in report.reasons() {
            rows.push(("problem", reason.problem));
            rows.push(("", reason.detail));
        }
        let clients = report.clients.iter().map(|verdict| Row {
            id: verdict.client.id,
            word: fate_word(verdict.qualified.fate),
            name: verdict.qualified.name.clone(),
            problem: verdict.problem(&report.name),
        });
        // The fix `audit` gives too: within every client's budget when a prefix pushes the
        // name over one, else the nearest name that passes every contract.
        let fix = match report.fix() {
            Some(fix) => {
                let passes = if report.over_a_budget() {
                    "passes every contract and fits every client's budget"
                } else {
                    "passes every contract"
                };
                Fix::Write(message::write_instead(&fix), Some(passes.to_owned()))
            }
            None if report.no_readable_fix() => {
                Fix::Write(message::no_readable_fix(&report.name), None)
            }
            None => Fix::Needless,
        };
        Detail {
            contracts: "contracts",
            rows,
            clients: Some(clients.collect()),
            fix: Some(fix),
        }
    }

    fn verified() -> String {
        verdict::verified_line()
    }

    /// `{server_key, server_key_advice, plugin, connector, codex_non_prefixed, names: [{name,
    /// utf8, breaks_spec, contracts, clients, suggestion}], breaks_spec}`.
    fn json(inputs: &[Input<Self>], keys: &Keys) -> Value {
        let names: Vec<Value> = inputs.iter().map(name_json).collect();
        json!({
            "server_key": keys.key,
            "server_key_advice": keys.advice(),
            "plugin": keys.plugin,
            "connector": keys.connector,
            "codex_non_prefixed": keys.codex_non_prefixed,
            "names": names,
            "breaks_spec": inputs.iter().any(breaks_spec),
        })
    }
}

/// Whether the name breaks the MCP spec (one that is not UTF-8 always does).
fn breaks_spec(input: &Input<NameReport>) -> bool {
    match input {
        Input::Name(report) => report.breaks_spec(),
        Input::NotUtf8(_) => true,
    }
}

fn name_json(input: &Input<NameReport>) -> Value {
    match input {
        Input::Name(r) => json!({
            "name": r.name,
            "utf8": true,
            "breaks_spec": r.breaks_spec(),
            "contracts": r.contracts.iter().map(|v| json!({
                "id": v.contract.id,
                "pass": v.error.is_none(),
                "message": v.refusal(&r.name),
            })).collect::<Vec<_>>(),
            "clients": r.clients.iter().map(|v| json!({
                "id": v.client.id,
                "name": message::short(&v.qualified.name),
                "fate": fate_word(v.qualified.fate),
                "meets": v.qualified.meets.as_deref().map(message::short),
                "fine": v.is_fine(),
                "message": v.problem(&r.name),
                "verified": verdict::verified_json(&v.client.verified),
            })).collect::<Vec<_>>(),
            "suggestion": r.fix(),
            "no_readable_suggestion": r.no_readable_fix(),
        }),
        Input::NotUtf8(bad) => json!({
            "name": bad.lossy,
            "utf8": false,
            "breaks_spec": true,
            "contracts": ALL.iter().map(|c| json!({
                "id": c.id,
                "pass": false,
                "message": bad.reason,
            })).collect::<Vec<_>>(),
            "clients": [],
            "suggestion": bad.suggestion,
            "no_readable_suggestion": bad.suggestion.is_none(),
        }),
    }
}

/// Decides every input's fix as one set: no two names of one `check` get the same
/// suggestion, and none gets a name another input already has.
fn fix_all(inputs: &mut [Input<NameReport>], keys: &Keys) {
    let lossy: Vec<&str> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::NotUtf8(bad) => Some(bad.lossy.as_str()),
            Input::Name(_) => None,
        })
        .collect();
    let mut reports: Vec<NameReport> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::Name(r) => Some(r.clone()),
            Input::NotUtf8(_) => None,
        })
        .collect();
    qualify_set(&mut reports, keys);
    fix_set(&mut reports, keys, &lossy);
    let mut taken: Vec<String> = reports.iter().map(|r| r.name.clone()).collect();
    taken.extend(reports.iter().filter_map(NameReport::fix));
    let mut reports = reports.into_iter();
    for input in inputs.iter_mut() {
        match input {
            Input::Name(report) => {
                if let Some(fixed) = reports.next() {
                    *report = fixed;
                }
            }
            Input::NotUtf8(bad) => {
                let in_use: Vec<&str> = taken.iter().map(String::as_str).collect();
                let fix = keys.fix_rules().fixes(&[bad.lossy.as_str()], &in_use);
                bad.suggestion = match fix.into_iter().next() {
                    Some(SetFix::Rename(name)) => Some(name),
                    _ => None,
                };
                taken.extend(bad.suggestion.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use mcp_toolname_rules::{ALL, CLIENTS, FixRules};
    use proptest::prelude::*;

    use super::{Input, Judged, NameReport};
    use crate::findings::audit_names;
    use crate::keys::Keys;

    fn name() -> impl Strategy<Value = String> {
        let word = prop_oneof![
            prop::sample::select(vec![
                "get",
                "approve",
                "official",
                "mirror",
                "queue",
                "item",
                "without",
                "send",
                "implementation",
                "notification",
                "the",
                "by",
                "id",
                "v2",
            ])
            .prop_map(str::to_owned),
            "[a-zA-Z]{1,8}",
        ];
        (
            prop::collection::vec(word, 1..8),
            prop::sample::select(vec!["_", ".", " ", "-"]),
        )
            .prop_map(|(w, sep)| w.join(sep))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// `check` and `audit` give the rules crate's one fixer's fixes for the same names
        /// and key; the macros' own test holds them to the same.
        #[test]
        fn check_and_audit_fix_as_the_fixer_does(
            names in prop::collection::hash_set(name(), 1..6),
            key in "[a-zA-Z][a-zA-Z0-9_-]{0,40}",
        ) {
            let names: Vec<String> = names.into_iter().collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let expected = FixRules::new(ALL, CLIENTS, Some(&key)).fixes(&refs, &[]);
            let keys = Keys::new(&key, None);
            let args: Vec<OsString> = names.iter().map(OsString::from).collect();
            let read = args
                .iter()
                .enumerate()
                .map(|(i, arg)| super::super::read(arg, i + 1, NameReport::NOT_UTF8_WHY))
                .collect();
            for (input, fix) in NameReport::judge(read, &keys).iter().zip(&expected) {
                let Input::Name(report) = input else { panic!("all UTF-8") };
                prop_assert_eq!(&report.set_fix, fix, "check: {}", report.name);
            }
            let (reports, _) = audit_names(&names, &keys);
            for (report, fix) in reports.iter().zip(&expected) {
                prop_assert_eq!(&report.set_fix, fix, "audit: {}", report.name);
            }
        }
    }
}
