//! `mcp-toolname check NAME...`: each name against each contract, its form under each
//! client preset, and the suggested fix.

use mcp_toolname_rules::lint::{self, Lint};
use std::ffi::OsString;

use mcp_toolname_rules::{ALL, MCP, SetFix, message, suggest_all};
use serde_json::{Value, json};

use crate::args::Output;
use crate::diag::Found;
use crate::emit::{Doc, Report};
use crate::findings::{Finding, key_refusals, per_tool};
use crate::keys::Keys;
use crate::names::{NameReport, fate_word, fix_set, qualify_set};
use crate::verdict;

mod text;

/// Width of the first column (contract and client ids).
const ID_WIDTH: usize = 12;

/// One command-line name: text, or bytes that are not UTF-8.
#[derive(Debug, Clone)]
pub enum Input {
    /// A UTF-8 name, checked in full.
    Name(NameReport),
    /// Not UTF-8, so no contract can pass it (a tool name travels in a JSON string).
    NotUtf8 {
        /// The name with each invalid sequence replaced by U+FFFD.
        lossy: String,
        /// Why it is refused, naming the first invalid byte.
        reason: String,
        /// The nearest name that passes every contract, from the lossy form; `None` when no
        /// readable one can be made.
        suggestion: Option<String>,
    },
}

impl Input {
    /// Reads argument `position` (1-based, for messages) of the command line.
    #[must_use]
    pub fn read(arg: &OsString, position: usize, keys: &Keys) -> Self {
        let what = "a tool name travels in a JSON string, so no contract can pass it";
        match crate::args::read_name(arg, position, what) {
            Ok(name) => Self::Name(NameReport::new(name, keys)),
            Err(reason) => {
                let lossy = arg.to_string_lossy().into_owned();
                let suggestion = Some(suggest_all(&lossy, ALL));
                Self::NotUtf8 {
                    lossy,
                    reason,
                    suggestion,
                }
            }
        }
    }

    /// Whether the name breaks the MCP spec.
    #[must_use]
    pub fn breaks_spec(&self) -> bool {
        match self {
            Self::Name(report) => report.breaks_spec(),
            Self::NotUtf8 { .. } => true,
        }
    }
}

/// What `check` found: each name's verdicts and findings, and the server key's.
pub struct Checked {
    inputs: Vec<Input>,
    keys: Keys,
    key_findings: Vec<Finding>,
    per_name: Vec<Vec<Finding>>,
    out: Output,
    code: u8,
}

impl Report for Checked {
    fn exit_code(&self) -> u8 {
        self.code
    }

    fn text(&self) -> String {
        text::text(
            &self.inputs,
            &self.keys,
            &self.key_findings,
            &self.per_name,
            &self.out,
        )
    }

    fn json(&self) -> Doc<'_> {
        Doc::new(json(&self.inputs, &self.keys))
    }

    fn found(&self) -> Found<'_> {
        let findings = self
            .key_findings
            .iter()
            .chain(self.per_name.iter().flatten());
        Found::of(findings, &self.out.levels)
    }
}

/// Runs `check` on `names` and returns its report; its exit code is 1 when a finding is at
/// deny level (by default, a name that breaks the MCP spec).
#[must_use]
pub fn run(names: &[OsString], keys: Keys, out: &Output) -> Checked {
    let keys = keys.with_targets(out.levels.targets());
    let mut inputs: Vec<Input> = names
        .iter()
        .enumerate()
        .map(|(i, arg)| Input::read(arg, i + 1, &keys))
        .collect();
    fix_all(&mut inputs, &keys);
    let mut key_findings = Vec::new();
    key_refusals(&keys, &mut key_findings);
    let per_name: Vec<Vec<Finding>> = inputs.iter().map(Input::findings).collect();
    let code = exit_code(std::iter::once(&key_findings).chain(&per_name), out);
    Checked {
        inputs,
        keys,
        key_findings,
        per_name,
        out: out.clone(),
        code,
    }
}

impl Input {
    /// The findings of this name on its own: as `audit` makes them for a tool, and for a name
    /// that is not UTF-8, one `spec` finding.
    fn findings(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        match self {
            Self::Name(report) => per_tool(report, &mut out),
            Self::NotUtf8 {
                lossy,
                reason,
                suggestion,
            } => out.push(not_utf8(
                &lint::SPEC,
                MCP.id,
                lossy,
                reason,
                suggestion.clone(),
            )),
        }
        out
    }
}

/// The exit code of `check` and `check --prompt`: 1 when one of `findings` (a list per name)
/// is at deny level for this run, else 0.
pub(crate) fn exit_code<'a>(findings: impl Iterator<Item = &'a Vec<Finding>>, out: &Output) -> u8 {
    u8::from(
        findings
            .flat_map(|f| verdict::visible(f, &out.levels))
            .any(|s| s.level == crate::lint::Level::Deny),
    )
}

/// The one finding of a command-line name that is not UTF-8: of `kind`, under the contract
/// `contract`, saying `reason`.
pub(crate) fn not_utf8(
    kind: &'static Lint,
    contract: &'static str,
    lossy: &str,
    reason: &str,
    suggestion: Option<String>,
) -> Finding {
    let shown = message::short(lossy).into_owned();
    Finding {
        kind,
        tool: shown.clone(),
        tools: vec![shown],
        contract: Some(contract),
        client: None,
        message: reason.to_owned(),
        suggestion,
        suggested_key: None,
    }
}

/// Decides every input's fix as one set: no two names of one `check` get the same
/// suggestion, and none gets a name another input already has.
fn fix_all(inputs: &mut [Input], keys: &Keys) {
    let lossy: Vec<String> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::NotUtf8 { lossy, .. } => Some(lossy.clone()),
            Input::Name(_) => None,
        })
        .collect();
    let lossy: Vec<&str> = lossy.iter().map(String::as_str).collect();
    let mut reports: Vec<NameReport> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::Name(r) => Some(r.clone()),
            Input::NotUtf8 { .. } => None,
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
            Input::NotUtf8 {
                lossy, suggestion, ..
            } => {
                let in_use: Vec<&str> = taken.iter().map(String::as_str).collect();
                let fix = keys.fix_rules().fixes(&[lossy.as_str()], &in_use);
                *suggestion = match fix.into_iter().next() {
                    Some(SetFix::Rename(name)) => Some(name),
                    _ => None,
                };
                taken.extend(suggestion.clone());
            }
        }
    }
}

/// The JSON report: `{server_key, server_key_advice, plugin, connector, codex_non_prefixed, names: [{name, utf8, breaks_spec, contracts, clients,
/// suggestion}], breaks_spec}`.
#[must_use]
pub fn json(inputs: &[Input], keys: &Keys) -> Value {
    let names: Vec<Value> = inputs
        .iter()
        .map(|input| match input {
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
            Input::NotUtf8 {
                lossy,
                reason,
                suggestion,
            } => json!({
                "name": lossy,
                "utf8": false,
                "breaks_spec": true,
                "contracts": ALL.iter().map(|c| json!({
                    "id": c.id,
                    "pass": false,
                    "message": reason,
                })).collect::<Vec<_>>(),
                "clients": [],
                "suggestion": suggestion,
                "no_readable_suggestion": suggestion.is_none(),
            }),
        })
        .collect();
    json!({
        "server_key": keys.key,
        "server_key_advice": keys.advice(),
        "plugin": keys.plugin,
        "connector": keys.connector,
        "codex_non_prefixed": keys.codex_non_prefixed,
        "names": names,
        "breaks_spec": inputs.iter().any(Input::breaks_spec),
    })
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use mcp_toolname_rules::{ALL, CLIENTS, FixRules};
    use proptest::prelude::*;

    use super::{Input, fix_all};
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
            let mut inputs: Vec<Input> = names
                .iter()
                .enumerate()
                .map(|(i, n)| Input::read(&OsString::from(n), i + 1, &keys))
                .collect();
            fix_all(&mut inputs, &keys);
            for (input, fix) in inputs.iter().zip(&expected) {
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
