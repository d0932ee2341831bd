//! What a server costs the model: per client, the bytes of the tool definitions the client
//! hands its model (each tool's name as that client sends it, its description and its input
//! schema, as JSON text), an estimate of the tokens, their share of a context window, and how
//! the client loads tools (all in each request, deferred behind a tool search, capped by its
//! API). The texts are measured while listing ([`crate::listing`]).
//!
//! The tokens are an estimate: one token per 4 bytes, rounded up. No tokenizer of Anthropic's
//! or Google's models is public, and one method for every client keeps the figures
//! comparable; a provider's own count can differ either way. The growth from one surface to
//! another ([`growth`]), a gate in CI, counts with the tokenizer of a client's models where it
//! is public ([`tokens`]), against a threshold ([`threshold`]).

pub mod growth;
pub mod threshold;
pub mod tokens;

use std::collections::HashMap;

use mcp_toolname_rules::message::thousands;
use mcp_toolname_rules::{AutoDefer, CLIENTS, ClientPreset, Fate, Loading, meets_as};
use serde_json::{Value, json};

use crate::listing::{Listing, json_len};
use crate::names::NameReport;
use crate::wrap::plural;

/// Bytes per token of the estimate.
pub const BYTES_PER_TOKEN: usize = 4;

/// The context window the share is of for a client whose code gives none
/// ([`mcp_toolname_rules::Window`]): the model behind it is the user's choice, and windows run
/// from 128,000 tokens to over 1,000,000, so the smallest common one.
pub const WINDOW_TOKENS: usize = 128_000;

/// How the figures are made, in one sentence (text and JSON).
pub const METHOD: &str = "estimate: the JSON text of each tool's name as the client sends it, \
                          its description and its input schema, in bytes; tokens at ~4 bytes \
                          per token, rounded up (no public tokenizer for Anthropic or Gemini \
                          models); the share is of the window of the client's default models \
                          where its code gives one, else of a typical 128,000-token window";

/// The window `client`'s share is of: its default models' where known, else [`WINDOW_TOKENS`].
fn window_of(client: &ClientPreset) -> usize {
    client.limits.window.map_or(WINDOW_TOKENS, |w| w.tokens)
}

impl ClientCost {
    /// Where the client's size-dependent tool search ([`AutoDefer`]) would start deferring, in
    /// tokens of its window, and whether these tools reach it; `None` for a client without one.
    fn auto_defer(&self) -> Option<(AutoDefer, usize, bool)> {
        let auto = self.client.limits.auto_defer?;
        let at = auto.threshold(window_of(self.client));
        Some((auto, at, tokens(self.bytes) >= at))
    }
}

/// `bytes` as estimated tokens: ceil(bytes / 4).
#[must_use]
pub const fn tokens(bytes: usize) -> usize {
    bytes.div_ceil(BYTES_PER_TOKEN)
}

/// What one client is handed of a server's (or a config's) tools.
#[derive(Debug, Clone)]
pub struct ClientCost {
    /// The client.
    pub client: &'static ClientPreset,
    /// Tools it sends: those whose name it keeps, normalises, cuts or hashes, and one of the
    /// tools that race for each name ([`Fate::Raced`]).
    pub tools: usize,
    /// Bytes of their definitions.
    pub bytes: usize,
}

/// What a server (or a config's servers together) costs each client's model.
#[derive(Debug, Clone, Default)]
pub struct Cost {
    /// One per client preset, in [`CLIENTS`] order.
    pub clients: Vec<ClientCost>,
    /// Prompts listed, and the bytes of their names, descriptions and arguments as JSON.
    pub prompts: usize,
    /// See [`Self::prompts`].
    pub prompt_bytes: usize,
}

/// Whether a client sends a tool whose name has this fate ([`Fate::Raced`] aside: one tool
/// of each raced name is sent).
const fn sent(fate: Fate) -> bool {
    matches!(
        fate,
        Fate::Kept | Fate::Normalised | Fate::Cut | Fate::Hashed
    )
}

impl Cost {
    /// The cost of `listing`'s tools, each named as `reports` say each client names it (a
    /// tool listed twice counts twice: the client is handed both).
    #[must_use]
    pub fn of(listing: &Listing, reports: &[NameReport]) -> Self {
        Self::of_servers(&[(listing, reports)])
    }

    /// The cost of the tools of `servers` together (one config's, each its listing and the
    /// reports on its names), as [`Self::of`] counts one server's. Tools of different servers
    /// that race for one name ([`Fate::Raced`]) are one tool sent, the client keeping one of
    /// them, and which one changes from start to start; their bytes are the largest of theirs,
    /// so the figure is what a start can cost at most.
    #[must_use]
    pub fn of_servers(servers: &[(&Listing, &[NameReport])]) -> Self {
        let named: Vec<(&Listing, HashMap<&str, &NameReport>)> = servers
            .iter()
            .map(|(listing, reports)| {
                let by_name = reports.iter().map(|r| (r.name.as_str(), r)).collect();
                (*listing, by_name)
            })
            .collect();
        let clients = CLIENTS
            .iter()
            .map(|client| {
                let mut cost = ClientCost {
                    client,
                    tools: 0,
                    bytes: 0,
                };
                // Each name raced for, as the client keeps tools apart, and its largest tool.
                let mut raced: HashMap<String, usize> = HashMap::new();
                for (listing, by_name) in &named {
                    for tool in &listing.tools {
                        let Some(verdict) = by_name.get(tool.name()).and_then(|report| {
                            report.clients.iter().find(|v| v.client.id == client.id)
                        }) else {
                            continue;
                        };
                        let q = &verdict.qualified;
                        let bytes = json_len(q.name.as_str()) + tool.definition_bytes;
                        if q.fate == Fate::Raced {
                            let largest = raced.entry(meets_as(client, &q.name)).or_default();
                            *largest = (*largest).max(bytes);
                        } else if sent(q.fate) {
                            cost.tools += 1;
                            cost.bytes += bytes;
                        }
                    }
                }
                cost.tools += raced.len();
                cost.bytes += raced.values().sum::<usize>();
                cost
            })
            .collect();
        Self {
            clients,
            prompts: servers.iter().map(|(l, _)| l.prompts.len()).sum(),
            prompt_bytes: servers
                .iter()
                .flat_map(|(l, _)| &l.prompts)
                .map(|p| p.definition_bytes)
                .sum(),
        }
    }

    /// The text block: a heading, one line per client, the prompts, and the method.
    #[must_use]
    pub fn text(&self, heading: &str) -> String {
        let mut out = format!("\n{heading}\n");
        let width = self
            .clients
            .iter()
            .map(|c| c.client.id.len())
            .max()
            .unwrap_or(0);
        for c in &self.clients {
            let head = format!("  {:<width$}  ", c.client.id);
            let window = match c.client.limits.window {
                Some(w) => format!("its models' {}-token window", thousands(w.tokens)),
                None => format!("a typical {}-token window", thousands(WINDOW_TOKENS)),
            };
            let body = format!(
                "{} {}, {} bytes, ~{} tokens ({} of {window}); {}",
                thousands(c.tools),
                plural(c.tools, "tool", "tools"),
                thousands(c.bytes),
                thousands(tokens(c.bytes)),
                percent(tokens(c.bytes), window_of(c.client)),
                loading_words(c)
            );
            out.push_str(&crate::wrap::hanging(&head, &body, head.len()));
        }
        if self.prompts > 0 {
            out.push_str(&crate::wrap::hanging(
                "  ",
                &format!(
                    "prompts: {} {}, {} bytes, ~{} tokens, offered to the user (counted apart: \
                     whether a client shows them to the model is not modelled)",
                    thousands(self.prompts),
                    plural(self.prompts, "prompt", "prompts"),
                    thousands(self.prompt_bytes),
                    thousands(tokens(self.prompt_bytes))
                ),
                4,
            ));
        }
        out.push_str(&crate::wrap::hanging("  ", METHOD, 4));
        out
    }

    /// The JSON object: `method`, `bytes_per_token`, `window_tokens`, `clients[]`, `prompts`.
    #[must_use]
    pub fn json(&self) -> Value {
        json!({
            "method": METHOD,
            "bytes_per_token": BYTES_PER_TOKEN,
            "window_tokens": WINDOW_TOKENS,
            "clients": self.clients.iter().map(|c| {
                let cap = c.client.limits.tools_per_request;
                json!({
                    "id": c.client.id,
                    "tools": c.tools,
                    "bytes": c.bytes,
                    "tokens": tokens(c.bytes),
                    "window_share": share(tokens(c.bytes), window_of(c.client)),
                    "window": c.client.limits.window.map(|w| json!({
                        "tokens": w.tokens,
                        "models": w.models,
                        "source": w.source,
                        "checked": w.checked,
                    })),
                    "loading": loading_id(c.client.limits.loading),
                    "auto_defer": c.auto_defer().map(|(auto, at, over)| json!({
                        "percent": auto.percent,
                        "threshold_tokens": at,
                        "over": over,
                        "setting": auto.setting,
                        "otherwise": auto.otherwise,
                        "source": auto.source,
                    })),
                    "tool_cap": cap.map(|cap| json!({
                        "max": cap.max,
                        "over": c.client.limits.loading == Loading::SendsAll && c.tools > cap.max,
                        "source": cap.source,
                    })),
                })
            }).collect::<Vec<_>>(),
            "prompts": {
                "count": self.prompts,
                "bytes": self.prompt_bytes,
                "tokens": tokens(self.prompt_bytes),
            },
        })
    }
}

/// `tokens` as a fraction of a `window`, to 4 places.
fn share(tokens: usize, window: usize) -> f64 {
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let raw = tokens as f64 / window.max(1) as f64;
    (raw * 10_000.0).round() / 10_000.0
}

/// `2.4%`, `<0.1%`.
fn percent(tokens: usize, window: usize) -> String {
    let pct = share(tokens, window) * 100.0;
    if tokens > 0 && pct < 0.1 {
        "<0.1%".to_owned()
    } else {
        format!("{pct:.1}%")
    }
}

/// The JSON word for how a client loads tools.
const fn loading_id(loading: Loading) -> &'static str {
    match loading {
        Loading::SendsAll => "sends_all",
        Loading::Deferred { .. } => "deferred",
        Loading::Listed => "listed",
        Loading::Unknown => "unknown",
    }
}

/// How `c`'s client loads tools, and where it stops, in words.
fn loading_words(c: &ClientCost) -> String {
    let limits = c.client.limits;
    match limits.loading {
        Loading::SendsAll => match limits.tools_per_request {
            Some(cap) if c.tools > cap.max => format!(
                "sent in every request, past the {} tools {} takes: the request is refused",
                cap.max, cap.api
            ),
            Some(cap) => format!(
                "sent in every request ({} takes at most {} tools)",
                cap.api, cap.max
            ),
            None => "sent in every request".to_owned(),
        },
        Loading::Deferred { .. } => match c.auto_defer() {
            None => "deferred behind its tool search: names up front, a definition once found"
                .to_owned(),
            Some((auto, at, over)) => {
                let side = if over {
                    "these are over it, so still deferred"
                } else {
                    "these are under it, so all would be sent in each request"
                };
                format!(
                    "deferred behind its tool search by default: names up front, a definition \
                     once found. With {}, only from {}% of the window, ~{} tokens: {side}. \
                     `false` sends them all",
                    auto.setting,
                    auto.percent,
                    thousands(at)
                )
            }
        },
        Loading::Listed => {
            "names listed in each request; definitions loaded when the model asks".to_owned()
        }
        Loading::Unknown => "how it loads tools is not known (not run)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Keys;
    use crate::listing::{ListedTool, ServedPrompt};

    /// A listing of `names`, each tool's description and schema `defined` bytes, and the
    /// reports on its names under the key `k`.
    fn listed(names: &[String], defined: usize) -> (Listing, Vec<NameReport>) {
        let keys = Keys::new("k", None);
        let (reports, _) = crate::findings::audit_names(names, &keys);
        let tools = names
            .iter()
            .map(|name| ListedTool {
                definition_bytes: defined,
                ..ListedTool::named(name)
            })
            .collect();
        let listing = Listing {
            tools,
            ..Listing::default()
        };
        (listing, reports)
    }

    /// Client `id`'s object in the JSON `doc`.
    fn client_json(doc: &Value, id: &str) -> Value {
        doc["clients"]
            .as_array()
            .and_then(|a| a.iter().find(|c| c["id"] == id))
            .cloned()
            .expect("a client")
    }

    fn client<'a>(cost: &'a Cost, id: &str) -> &'a ClientCost {
        cost.clients
            .iter()
            .find(|c| c.client.id == id)
            .expect("a preset")
    }

    #[test]
    fn json_len_is_the_length_of_the_json_text() {
        assert_eq!(json_len("a\"b"), "\"a\\\"b\"".len());
        assert_eq!(json_len(&json!({"type": "object"})), 17);
        assert_eq!(tokens(0), 0);
        assert_eq!(tokens(1), 1);
        assert_eq!(tokens(8), 2);
        assert_eq!(tokens(9), 3);
    }

    #[test]
    fn a_tool_listed_twice_counts_twice_and_each_client_names_it_its_way() {
        let names = vec!["get".to_owned(), "get".to_owned(), "put".to_owned()];
        let (listing, reports) = listed(&names, 10);
        let cost = Cost::of(&listing, &reports);
        // Claude Code sends `mcp__k__get`: 13 bytes as JSON text, quotes included.
        let claude = client(&cost, "claude_code");
        assert_eq!(claude.tools, 3);
        assert_eq!(claude.bytes, 2 * (13 + 10) + (13 + 10));
        // Gemini CLI sends `mcp_k_get`: 11.
        assert_eq!(client(&cost, "gemini_cli").bytes, 3 * (11 + 10));
    }

    #[test]
    fn the_cap_says_over_only_past_it_and_only_where_every_tool_is_sent() {
        let names: Vec<String> = (0..130).map(|i| format!("t{i:03}")).collect();
        let (listing, reports) = listed(&names, 0);
        let doc = Cost::of(&listing, &reports).json();
        let find = |id: &str| client_json(&doc, id);
        assert_eq!(find("opencode")["tool_cap"]["over"], true);
        assert_eq!(find("gemini_cli")["tool_cap"]["over"], false);
        assert!(find("claude_code")["tool_cap"].is_null());
        let text = Cost::of(&listing, &reports).text("cost");
        let spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(spaced.contains("the request is refused"), "{text}");
        let (listing, reports) = listed(&names[..128], 0);
        let doc = Cost::of(&listing, &reports).json();
        assert_eq!(client_json(&doc, "opencode")["tool_cap"]["over"], false);
    }

    #[test]
    fn configs_add_up_and_prompts_are_counted_apart() {
        let (mut one, reports) = listed(&["a".to_owned()], 5);
        one.prompts = vec![ServedPrompt {
            name: "p".to_owned(),
            arguments: Vec::new(),
            definition_bytes: 7,
        }];
        let single = Cost::of(&one, &reports);
        let total = Cost::of_servers(&[(&one, &reports), (&one, &reports)]);
        let claude = client(&total, "claude_code");
        assert_eq!(claude.tools, 2);
        assert_eq!(claude.bytes, 2 * client(&single, "claude_code").bytes);
        assert_eq!((total.prompts, total.prompt_bytes), (2, 14));
        assert!(total.text("cost").contains("prompts: 2 prompts, 14 bytes"));
    }

    #[test]
    fn each_share_is_of_the_clients_window_and_claude_codes_auto_threshold_is_said() {
        // 100 tools of 4,000 bytes: ~100,000 tokens plus the names.
        let names: Vec<String> = (0..100).map(|i| format!("t{i:03}")).collect();
        let (listing, reports) = listed(&names, 4_000);
        let cost = Cost::of(&listing, &reports);
        let doc = cost.json();
        let find = |id: &str| client_json(&doc, id);
        let claude = find("claude_code");
        let tokens = claude["tokens"].as_u64().expect("tokens");
        assert!(tokens > 100_000, "{claude}");
        assert_eq!(claude["window"]["tokens"], 1_000_000);
        assert_eq!(claude["auto_defer"]["threshold_tokens"], 100_000);
        assert_eq!(claude["auto_defer"]["over"], true);
        #[allow(clippy::cast_precision_loss)]
        let expected = (tokens as f64 / 100.0).round() / 10_000.0;
        assert_eq!(claude["window_share"].as_f64(), Some(expected));
        assert_eq!(find("gemini_cli")["window"]["tokens"], 1_048_576);
        // A client whose code gives no window: the typical one, and no auto threshold.
        let cline = find("cline");
        assert!(cline["window"].is_null());
        assert!(cline["auto_defer"].is_null());
        #[allow(clippy::cast_precision_loss)]
        let typical = (cline["tokens"].as_u64().expect("tokens") as f64 / 12.8).round() / 10_000.0;
        assert_eq!(cline["window_share"].as_f64(), Some(typical));
        let spaced = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let text = spaced(cost.text("cost"));
        assert!(
            text.contains("of its models' 1,000,000-token window"),
            "{text}"
        );
        assert!(
            text.contains("~100,000 tokens: these are over it, so still deferred"),
            "{text}"
        );
        assert!(text.contains("of a typical 128,000-token window"), "{text}");
        // One tool: under the threshold.
        let (listing, reports) = listed(&names[..1], 4_000);
        let text = spaced(Cost::of(&listing, &reports).text("cost"));
        assert!(
            text.contains("these are under it, so all would be sent in each request"),
            "{text}"
        );
    }
}
