//! Tool names of one server a model can take for one another (lint `confusable`), where the
//! listing says the tools are alike too: the same arguments (names and types, at least one),
//! or descriptions that share three in five of their words. The rules crate finds the pairs, as it does for
//! the build.

use mcp_toolname_rules::lint;
use mcp_toolname_rules::{Evidence, alike_pairs, message, overlap};

use crate::findings::Finding;
use crate::listing::ListedTool;
use crate::surface::entry::Kind as EntryKind;

/// One finding per confusable pair of `tools` (tools only, each name once, first seen kept:
/// a listed alias that reads like its tool is what a rename is for), in list order.
#[must_use]
pub fn audit(tools: &[ListedTool]) -> Vec<Finding> {
    let mut seen = std::collections::HashSet::new();
    let tools: Vec<&ListedTool> = tools
        .iter()
        .filter(|t| t.entry.kind == EntryKind::Tool && seen.insert(t.name()))
        .collect();
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    alike_pairs(&names)
        .into_iter()
        .filter_map(|(i, j, how)| {
            let (first, later) = (tools[i], tools[j]);
            let evidence = Evidence {
                same_shape: !first.entry.arguments.is_empty()
                    && first.entry.arguments == later.entry.arguments,
                descriptions: overlap(&first.description_words, &later.description_words),
            };
            evidence.holds().then(|| {
                let pair = vec![
                    message::short(names[i]).into_owned(),
                    message::short(names[j]).into_owned(),
                ];
                Finding {
                    kind: &lint::CONFUSABLE,
                    tool: pair[1].clone(),
                    tools: pair,
                    contract: None,
                    client: None,
                    message: message::confusable(names[j], names[i], how, evidence),
                    suggestion: None,
                    suggested_key: None,
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod corpus;

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::Tool;
    use serde_json::json;

    fn tool(name: &str, description: &str, schema: serde_json::Value) -> ListedTool {
        let serde_json::Value::Object(schema) = schema else {
            unreachable!("a schema object")
        };
        ListedTool::of(&Tool::new(
            name.to_owned(),
            description.to_owned(),
            std::sync::Arc::new(schema),
        ))
    }

    fn query() -> serde_json::Value {
        json!({"type": "object", "properties": {"q": {"type": "string"}}})
    }

    #[test]
    fn a_pair_warns_only_with_evidence() {
        let tools = [
            tool("search_items", "Searches the catalogue.", query()),
            tool("item_search", "Finds things by a text.", query()),
            tool(
                "get_stats",
                "Counts requests per day.",
                json!({"type": "object"}),
            ),
            tool("get_status", "Whether the service is up.", query()),
        ];
        let found = audit(&tools);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].tools, ["search_items", "item_search"]);
        assert!(
            found[0].message.contains(
                "have the same words in another order, and the two tools take the same input"
            ),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn near_identical_descriptions_are_evidence_enough() {
        let tools = [
            tool(
                "get_skill",
                "Lists the skills of the current user.",
                json!({"type": "object"}),
            ),
            tool(
                "get_skills",
                "Lists the skills of the current user, by tag.",
                query(),
            ),
        ];
        let found = audit(&tools);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .contains("have near-identical descriptions")
        );
    }
}
