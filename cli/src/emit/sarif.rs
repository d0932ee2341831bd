//! `--format sarif`: one SARIF 2.1.0 log (OASIS, errata 01) with one run of `mcp-toolname`:
//! every lint as a rule (id, descriptions, help and its page in `docs/lints.md`, default
//! level), one result per finding that is not allowed, and the run's exit code and failures as
//! its invocation. A finding of `audit --config` points at the config file and the line of its
//! server's entry; every finding names its server and tools as logical locations.

use serde_json::{Value, json};

use mcp_toolname_rules::message::short;

use super::Doc;
use crate::diag::{Diagnostic, Failure, Found, Spot, grouped};
use crate::lint::{LINTS, Level, Lint, help_uri};

/// The schema the log declares.
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// SARIF's word for a level: `error`, `warning`, or `none` for an allowed lint.
const fn level(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        Level::Warn => "warning",
        Level::Allow => "none",
    }
}

fn rule(lint: &Lint) -> Value {
    json!({
        "id": lint.name,
        "name": lint.pascal_name(),
        "shortDescription": { "text": lint.summary },
        "fullDescription": { "text": lint.finds, "markdown": lint.finds },
        // The page itself, since it has no public address: what to do, then why the level.
        "help": {
            "text": format!("{} {} (More: {}.)", lint.fix, lint.why, help_uri(lint)),
            "markdown": format!("{}\n\n{}\n\nMore: `{}`.", lint.fix, lint.why, help_uri(lint)),
        },
        "defaultConfiguration": { "level": level(lint.level) },
        "properties": { "tags": ["mcp", "tool-names"] },
    })
}

/// A path as a URI reference: relative ones as they are (with `/`), absolute ones as
/// `file://` URIs, the characters a URI cannot hold percent-encoded.
#[must_use]
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte));
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    if out.starts_with('/') {
        format!("file://{out}")
    } else {
        out
    }
}

fn physical(spot: &Spot) -> Value {
    let mut location = json!({ "artifactLocation": { "uri": uri(&spot.path) } });
    if let Some(line) = spot.line {
        location["region"] = json!({ "startLine": line });
        if let Some(column) = spot.column {
            location["region"]["startColumn"] = json!(column);
        }
    }
    location
}

fn location(d: &Diagnostic) -> Value {
    let logical: Vec<Value> = d
        .places
        .iter()
        .map(|place| match (&place.server, &place.item) {
            (Some(server), Some(item)) => json!({
                "name": item,
                "fullyQualifiedName": format!("{}/{item}", short(server)),
                "kind": "function",
            }),
            (None, Some(item)) => json!({ "name": item, "kind": "function" }),
            (Some(server), None) => json!({ "name": short(server), "kind": "module" }),
            (None, None) => json!({}),
        })
        .filter(|v| v.as_object().is_some_and(|o| !o.is_empty()))
        .collect();
    let mut location = json!({});
    if let Some(spot) = &d.spot {
        location["physicalLocation"] = physical(spot);
    }
    if !logical.is_empty() {
        location["logicalLocations"] = Value::Array(logical);
    }
    location
}

fn result(d: &Diagnostic) -> Value {
    let index = LINTS
        .iter()
        .position(|l| l.name == d.lint.name)
        .unwrap_or_default();
    let mut result = json!({
        "ruleId": d.lint.name,
        "ruleIndex": index,
        "level": level(d.level),
        "message": { "text": d.text() },
    });
    let location = location(d);
    if location.as_object().is_some_and(|o| !o.is_empty()) {
        result["locations"] = json!([location]);
    }
    // Code scanning tracks a result across runs by this, whatever line it moves to.
    result["partialFingerprints"] = json!({ FINGERPRINT: d.fingerprint });
    if let Some(s) = &d.suppressed {
        // Both kinds are outside the code the result points at: a file of suppressions, or a
        // row of the lint config file.
        let mut suppression = json!({ "kind": "external", "status": "accepted" });
        if let Some(reason) = &s.justification {
            suppression["justification"] = json!(reason);
        }
        let at = match &s.by {
            crate::suppress::By::File(path) => path.clone(),
            crate::suppress::By::Config(path, line) => format!("{path}:{line}"),
        };
        suppression["properties"] = json!({ "suppressedBy": at });
        result["suppressions"] = json!([suppression]);
    }
    result
}

/// The key of [`Diagnostic::fingerprint`] in each result's `partialFingerprints`: the name
/// and version of the scheme, so that a change of scheme is a new key, not a new value.
pub const FINGERPRINT: &str = "mcpToolname/v1";

/// A failure as a notification of the run's invocation.
fn notification(f: &Failure) -> Value {
    let mut n = json!({ "level": "error", "message": { "text": f.message } });
    if let Some(spot) = &f.spot {
        n["locations"] = json!([{ "physicalLocation": physical(spot) }]);
    }
    n
}

/// The SARIF log of what a run `found`, and its exit code: its results and notifications
/// made as they are written ([`Doc`]).
#[must_use]
pub fn log(found: Found<'_>, exit_code: u8) -> Doc<'_> {
    let invocation = Doc::new(json!({
        "executionSuccessful": exit_code < 2,
        "exitCode": exit_code,
    }))
    .array(
        "toolExecutionNotifications",
        found.failures.map(|f| notification(&f)),
    );
    let run = Doc::new(json!({
        "tool": { "driver": {
            "name": "mcp-toolname",
            "version": env!("CARGO_PKG_VERSION"),
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "rules": LINTS.iter().map(rule).collect::<Vec<_>>(),
        }},
        // Columns count characters, as the finding's own text does.
        "columnKind": "unicodeCodePoints",
    }))
    .objects("invocations", vec![invocation])
    .array(
        "results",
        grouped(&found.diagnostics).into_iter().map(|d| result(&d)),
    );
    Doc::new(json!({ "$schema": SCHEMA, "version": "2.1.0" })).objects("runs", vec![run])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_and_names() {
        assert_eq!(uri(".vscode/mcp.json"), ".vscode/mcp.json");
        assert_eq!(uri("/home/a b/.mcp.json"), "file:///home/a%20b/.mcp.json");
        assert_eq!(uri("c:\\x#y.json"), "c%3A/x%23y.json");
    }
}
