//! What `audit` finds in the tools' input schemas: each argument name an API refuses, said once
//! for every tool it breaks, and each place of a schema an API's rule refuses or drops. The
//! rules, their walk and their words are the rules crate's ([`mcp_toolname_rules::schema`]);
//! the listing keeps what it needs of each tool ([`crate::listing::SchemaSeen`]) and this module
//! groups it.

use std::collections::{BTreeMap, HashMap};

use mcp_toolname_rules::Fate;
use mcp_toolname_rules::lint;
use mcp_toolname_rules::message;
use mcp_toolname_rules::schema::ArgumentRule;

use crate::findings::Finding;
use crate::listing::ListedTool;

/// Under each client that leaves out a tool one of whose argument names it refuses (Claude
/// Code: [`ArgumentKeys::LeavesOut`](mcp_toolname_rules::ArgumentKeys)), that tool's fate is
/// [`Fate::ArgumentRefused`]: its name never reaches the model, so no API judges it. Under
/// each client that drops `$defs` ([`mcp_toolname_rules::Defs::Dropped`]), a tool whose schema
/// has `$ref`s into them is marked `refs_lost`. Each report is matched to the first tool
/// listed under its name (`reports` hold each name once).
pub fn leave_out(tools: &[ListedTool], reports: &mut [crate::names::NameReport]) {
    let mut first: HashMap<&str, &ListedTool> = HashMap::new();
    for tool in tools {
        first.entry(tool.name()).or_insert(tool);
    }
    for report in reports {
        let Some(tool) = first.get(report.name.as_str()) else {
            continue;
        };
        let keys = || tool.schema.refused.iter().map(|(key, _)| key.as_str());
        for verdict in &mut report.clients {
            if verdict.qualified.fate == Fate::KeyRefused {
                continue;
            }
            if verdict.client.limits.arguments.leaves_out(keys()).is_some() {
                verdict.qualified.fate = Fate::ArgumentRefused;
                verdict.api_error = None;
            } else {
                verdict.refs_lost =
                    !tool.schema.refs.is_empty() && verdict.client.limits.schemas.drops_defs();
            }
        }
    }
}

/// The findings of a server's tools' schemas: one per refused argument name (every tool it
/// breaks listed, every API that refuses it named, its kind the lint of the first), then one
/// per schema rule, tool and place. The strict-mode rules only with `strict`: no client run
/// here turns OpenAI's strict mode on, and nearly every schema (schemars' among them) breaks
/// them, so at their default level (allow) they would be one allowed finding per tool of
/// every server; they are looked for once a user raises `schema_strict`.
#[must_use]
pub fn audit(tools: &[ListedTool], strict: bool) -> Vec<Finding> {
    // key -> (the first refusal's rule and words, each API refusing it, the tools).
    type Group = (
        &'static ArgumentRule,
        String,
        Vec<&'static str>,
        Vec<String>,
    );
    let mut groups: BTreeMap<&str, Group> = BTreeMap::new();
    for tool in tools {
        for (key, why) in &tool.schema.refused {
            // The rule of the lint denied first (`ARGUMENT_RULES` lists Anthropic's first).
            let Some((first, text)) = why.first() else {
                continue;
            };
            let group = groups
                .entry(key.as_str())
                .or_insert_with(|| (*first, text.clone(), Vec::new(), Vec::new()));
            for (rule, _) in why {
                if !group.2.contains(&rule.applies_to) {
                    group.2.push(rule.applies_to);
                }
            }
            let shown = message::short(tool.name()).into_owned();
            if !group.3.contains(&shown) {
                group.3.push(shown);
            }
        }
    }
    let mut out = Vec::new();
    for (key, (rule, text, apis, names)) in groups {
        let kind = if rule.lint == &lint::ARGUMENT_NAME {
            &lint::ARGUMENT_NAME
        } else {
            &lint::ARGUMENT_CONTRACT
        };
        let shown: Vec<String> = names.iter().map(|n| message::show(n)).collect();
        let mut also = if apis.len() > 1 {
            format!(" (refused by {} too)", apis[1..].join(", "))
        } else {
            String::new()
        };
        // The clients that check the keys themselves never send the tool (run: Claude Code).
        let leaving: Vec<String> = mcp_toolname_rules::CLIENTS
            .iter()
            .filter(|c| c.limits.arguments.leaves_out([key]).is_some())
            .map(|c| format!("{} {}", c.title, c.verified.version))
            .collect();
        if !leaving.is_empty() {
            also.push_str(&format!(
                "; {} leaves the tool out instead, so the model never sees it",
                message::joined(&leaving, "and")
            ));
        }
        out.push(Finding {
            kind,
            tool: names[0].clone(),
            tools: names,
            contract: Some(rule.contract.id),
            client: None,
            message: format!(
                "{} {}: {text}{also}",
                if shown.len() == 1 { "tool" } else { "tools" },
                message::joined(&shown, "and")
            ),
            suggestion: Some(mcp_toolname_rules::suggest(key, rule.contract)),
            suggested_key: None,
        });
    }
    for tool in tools {
        for (rule, at, what) in &tool.schema.rules {
            let kind = if rule.lint == &lint::SCHEMA_ROOT {
                &lint::SCHEMA_ROOT
            } else if strict {
                &lint::SCHEMA_STRICT
            } else {
                continue;
            };
            let shown = message::short(tool.name()).into_owned();
            let place = if at.is_empty() { "/" } else { at.as_str() };
            out.push(Finding {
                kind,
                tool: shown.clone(),
                tools: vec![shown],
                contract: None,
                client: None,
                message: format!(
                    "tool {}: input schema at {}: {what}; {} requires: {} ({}, read {})",
                    message::show(tool.name()),
                    message::show(place),
                    rule.applies_to,
                    rule.rule,
                    rule.source,
                    rule.checked
                ),
                suggestion: None,
                suggested_key: None,
            });
        }
        out.extend(refs_lost(tool));
    }
    out
}

/// One `schema_ref` finding for `tool` under each client that drops `$defs` while its schema
/// has `$ref`s into them.
fn refs_lost(tool: &ListedTool) -> impl Iterator<Item = Finding> + '_ {
    let refs = &tool.schema.refs;
    mcp_toolname_rules::CLIENTS
        .iter()
        .filter(move |c| !refs.is_empty() && c.limits.schemas.drops_defs())
        .map(move |client| {
            let shown = message::short(tool.name()).into_owned();
            let mut places: Vec<String> = refs.first.iter().map(|at| message::show(at)).collect();
            // Only the first few are kept: a hostile schema can hold thousands.
            let more = refs.count.saturating_sub(places.len());
            if more > 0 {
                places.push(format!("{more} more"));
            }
            Finding {
                kind: &lint::SCHEMA_REF,
                tool: shown.clone(),
                tools: vec![shown],
                contract: None,
                client: Some(client.id),
                message: format!(
                    "tool {}: input schema has a `$ref` into `$defs` at {}; {} {} drops `$defs` \
                     and sends each `$ref` pointing nowhere, so the model gets no shape for \
                     {}; list the schema with each `$ref` replaced by its definition (a \
                     `#[tool_registry]` does, but for a recursive type; elsewhere, \
                     dereference it before `tools/list`)",
                    message::show(tool.name()),
                    message::joined(&places, "and"),
                    client.title,
                    client.verified.version,
                    if refs.count == 1 {
                        "that argument"
                    } else {
                        "those arguments"
                    },
                ),
                suggestion: None,
                suggested_key: None,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::audit_listed;
    use crate::keys::Keys;

    /// A tool named `name` whose one argument is `key`.
    fn tool(name: &str, key: &str) -> ListedTool {
        let serde_json::Value::Object(schema) = serde_json::json!({
            "type": "object",
            "properties": {key: {"type": "string"}}
        }) else {
            unreachable!("an object literal")
        };
        ListedTool::of(&rmcp::model::Tool::new(
            name.to_owned(),
            "",
            std::sync::Arc::new(schema),
        ))
    }

    fn fate(reports: &[crate::names::NameReport], name: &str, client: &str) -> Fate {
        reports
            .iter()
            .find(|r| r.name == name)
            .and_then(|r| r.clients.iter().find(|v| v.client.id == client))
            .map(|v| v.qualified.fate)
            .expect("a verdict")
    }

    #[test]
    fn a_tool_claude_code_leaves_out_meets_no_other_and_each_report_is_its_own_tools() {
        // `dup` twice first: reports hold each name once, so they cannot be matched by place.
        let tools = [
            tool("dup", "q"),
            tool("dup", "q"),
            tool("a.b", "rule_name[]"),
            tool("a_b", "q"),
        ];
        let names: Vec<String> = tools.iter().map(|t| t.name().to_owned()).collect();
        let (reports, findings) = audit_listed(&names, &Keys::new("k", None), |reports| {
            leave_out(&tools, reports);
        });
        assert_eq!(fate(&reports, "a.b", "claude_code"), Fate::ArgumentRefused);
        assert_eq!(fate(&reports, "a_b", "claude_code"), Fate::Kept);
        assert_eq!(fate(&reports, "dup", "claude_code"), Fate::Kept);
        // Codex sends the schema as written: there `a.b` and `a_b` still meet.
        assert_ne!(fate(&reports, "a.b", "codex"), Fate::ArgumentRefused);
        let collisions: Vec<_> = findings
            .iter()
            .filter(|f| f.kind == &lint::NORMALISATION_COLLISION)
            .map(|f| f.client.unwrap_or_default())
            .collect();
        assert!(!collisions.contains(&"claude_code"), "{collisions:?}");
        assert!(collisions.contains(&"codex"), "{collisions:?}");
        assert!(
            !findings
                .iter()
                .any(|f| f.client == Some("claude_code") && f.tool == "a.b"),
            "{findings:#?}"
        );
    }

    #[test]
    fn a_schema_ref_finding_names_the_first_refs_and_counts_the_rest() {
        let properties: serde_json::Map<String, serde_json::Value> = (0..10_000)
            .map(|i| (format!("p{i}"), serde_json::json!({"$ref": "#/$defs/A"})))
            .collect();
        let serde_json::Value::Object(schema) = serde_json::json!({
            "type": "object",
            "properties": properties,
            "$defs": {"A": {"type": "integer", "properties": {"x": {"$ref": "#/$defs/A"}}}}
        }) else {
            unreachable!("an object literal")
        };
        let listed = ListedTool::of(&rmcp::model::Tool::new(
            "many",
            "",
            std::sync::Arc::new(schema),
        ));
        let findings = audit(&[listed], false);
        let finding = findings
            .iter()
            .find(|f| f.kind == &lint::SCHEMA_REF)
            .expect("a schema_ref finding");
        // The walk reads 10,000 subschemas: the root, the two of `$defs` and 9,997 of the
        // properties; the `$ref` inside `$defs` is dropped with them, not left pointing nowhere.
        assert!(
            finding
                .message
                .contains("`/properties/p1025` and 9965 more;"),
            "{}",
            finding.message
        );
        assert!(!finding.message.contains("$defs/A"), "{}", finding.message);
        assert!(finding.message.len() < 2_000, "{}", finding.message.len());
    }
}
