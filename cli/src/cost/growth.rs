//! How much the tool definitions each client hands its model grew from one surface to the next
//! (`diff OLD NEW`, `audit --baseline`): per client, the tokens before and after and the tools
//! that grew most, and a [`token_growth`](lint::TOKEN_GROWTH) finding for each client past the
//! threshold, if one is set. What a client is handed is what `audit`'s cost counts
//! ([`super::Cost`]): each tool it sends, under the name it sends it, with its description and
//! input schema; a snapshot holds them from `schema_version` 3 on.

use std::collections::HashMap;

use mcp_toolname_rules::message::{show, thousands};
use mcp_toolname_rules::{CLIENTS, ClientPreset, Fate, lint};
use serde_json::{Value, json};

use super::threshold::Threshold;
use super::tokens::{Method, TIKTOKEN_RS, count_json};
use crate::findings::Finding;
use crate::keys::Keys;
use crate::listing::{ListedTool, json_len};
use crate::surface::Surface;
use crate::wrap::plural;

/// The most tools named per client, in the text and in JSON (the rest are counted).
pub const TOP: usize = 5;

/// One tool's tokens under one client: before, after (0 where it was not sent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolGrowth {
    /// Its name, as a report carries it ([`mcp_toolname_rules::message::short`]).
    pub name: String,
    /// Tokens in the old surface.
    pub before: usize,
    /// Tokens in the new one.
    pub after: usize,
}

/// What one client is handed, before and after.
#[derive(Debug, Clone)]
pub struct ClientGrowth {
    /// The client.
    pub client: &'static ClientPreset,
    /// How its tokens are counted.
    pub method: Method,
    /// Tokens of its tool definitions in the old surface.
    pub before: usize,
    /// In the new one.
    pub after: usize,
    /// The tools that grew most, biggest growth first, at most [`TOP`].
    pub grew: Vec<ToolGrowth>,
    /// How many more tools grew.
    pub more: usize,
    /// Whether the growth passes the threshold.
    pub over: bool,
}

impl ClientGrowth {
    /// Tokens more (less when negative).
    #[must_use]
    pub fn delta(&self) -> i128 {
        self.after as i128 - self.before as i128
    }
}

/// The growth from one surface to another, or why it cannot be counted.
#[derive(Debug, Clone)]
pub struct Growth {
    /// Per client in [`CLIENTS`] order; `Err` with why it is not counted (a snapshot older
    /// than `schema_version` 3 holds no definitions).
    pub clients: Result<Vec<ClientGrowth>, String>,
    /// The threshold, if set.
    pub threshold: Option<Threshold>,
}

/// One tool a client is handed: its name and size.
struct Sent {
    name: String,
    bytes: usize,
    tokens: usize,
}

/// What each client (in [`CLIENTS`] order) is handed of `surface`'s listed tools, the server
/// under `key`; `Err` naming the first listed name without a definition.
fn handed(surface: &Surface, key: &str) -> Result<Vec<Vec<Sent>>, String> {
    let (mut tools, mut definitions) = (Vec::new(), Vec::new());
    for entry in surface.tools.iter().filter(|e| e.listed) {
        let Some(definition) = &entry.definition else {
            return Err(format!("gives no definition of {}", show(&entry.name)));
        };
        tools.push(ListedTool::of(&definition.tool(&entry.name)));
        definitions.push(&**definition);
    }
    let names: Vec<String> = tools.iter().map(|t| t.name().to_owned()).collect();
    // As `audit` judges the server: the clients that leave a tool out for its argument names
    // hand their model nothing of it.
    let keys = Keys::new(key, Some(&surface.server.name));
    let (reports, _) = crate::findings::audit_listed(&names, &keys, |reports| {
        crate::arguments::leave_out(&tools, reports);
    });
    let by_name: HashMap<&str, _> = reports.iter().map(|r| (r.name.as_str(), r)).collect();
    // A definition's tokens are the same under every client that counts with one encoding:
    // counted once, when first asked.
    let mut defined: Vec<Option<usize>> = vec![None; tools.len()];
    let out = CLIENTS
        .iter()
        .map(|client| {
            let method = Method::of(client);
            let mut sent = Vec::new();
            for (i, tool) in tools.iter().enumerate() {
                let Some(verdict) = by_name
                    .get(tool.name())
                    .and_then(|r| r.clients.iter().find(|v| v.client.id == client.id))
                else {
                    continue;
                };
                let q = &verdict.qualified;
                // One server's tools race for no name; a raced one would be sent once.
                if !(super::sent(q.fate) || q.fate == Fate::Raced) {
                    continue;
                }
                let bytes = json_len(q.name.as_str()) + tool.definition_bytes;
                let tokens = match method {
                    Method::Estimate => super::tokens(bytes),
                    Method::Tokenizer(encoding) => {
                        let definition = *defined[i].get_or_insert_with(|| {
                            let d = definitions[i];
                            d.description
                                .as_ref()
                                .map_or(0, |text| count_json(encoding, text))
                                + count_json(encoding, &d.input_schema)
                        });
                        count_json(encoding, q.name.as_str()) + definition
                    }
                };
                sent.push(Sent {
                    name: tool.name().to_owned(),
                    bytes,
                    tokens,
                });
            }
            sent
        })
        .collect();
    Ok(out)
}

/// A client's total: the sum of its tools' tokens where a tokenizer counts them, else the
/// estimate of all their bytes together (as `audit --verbose`'s cost rounds it).
fn total(method: Method, sent: &[Sent]) -> usize {
    match method {
        Method::Estimate => super::tokens(sent.iter().map(|s| s.bytes).sum()),
        Method::Tokenizer(_) => sent.iter().map(|s| s.tokens).sum(),
    }
}

impl Growth {
    /// The growth from `old` to `new`, the server keyed `key` in the clients' configs, held
    /// to `threshold`; `labels` name the two surfaces in why it is not counted (`` snapshot
    /// `v1.json` ``, `the baseline`).
    #[must_use]
    pub fn between(
        old: &Surface,
        new: &Surface,
        key: &str,
        threshold: Option<Threshold>,
        labels: [&str; 2],
    ) -> Self {
        let clients = Self::count(old, new, key, labels, threshold.as_ref());
        Self { clients, threshold }
    }

    fn count(
        old: &Surface,
        new: &Surface,
        key: &str,
        labels: [&str; 2],
        threshold: Option<&Threshold>,
    ) -> Result<Vec<ClientGrowth>, String> {
        for (surface, label) in [(old, labels[0]), (new, labels[1])] {
            if !surface.has_definitions() {
                return Err(format!(
                    "{label} has schema_version {}, which holds no tool definitions (take it \
                     again with this mcp-toolname)",
                    surface.schema_version
                ));
            }
        }
        let before = handed(old, key).map_err(|e| format!("{} {e}", labels[0]))?;
        let after = handed(new, key).map_err(|e| format!("{} {e}", labels[1]))?;
        let clients = CLIENTS
            .iter()
            .zip(before.iter().zip(&after))
            .map(|(client, (was, now))| {
                let method = Method::of(client);
                let mut tools: HashMap<&str, ToolGrowth> = HashMap::new();
                for (sent, after) in was
                    .iter()
                    .map(|s| (s, false))
                    .chain(now.iter().map(|s| (s, true)))
                {
                    let tool = tools.entry(&sent.name).or_insert_with(|| ToolGrowth {
                        name: mcp_toolname_rules::message::short(&sent.name).into_owned(),
                        before: 0,
                        after: 0,
                    });
                    if after {
                        tool.after = sent.tokens;
                    } else {
                        tool.before = sent.tokens;
                    }
                }
                let mut grew: Vec<ToolGrowth> =
                    tools.into_values().filter(|t| t.after > t.before).collect();
                grew.sort_by(|a, b| {
                    (b.after - b.before)
                        .cmp(&(a.after - a.before))
                        .then_with(|| a.name.cmp(&b.name))
                });
                let more = grew.len().saturating_sub(TOP);
                grew.truncate(TOP);
                let (before, after) = (total(method, was), total(method, now));
                ClientGrowth {
                    client,
                    method,
                    before,
                    after,
                    grew,
                    more,
                    over: threshold.is_some_and(|t| t.limit.passed(before, after)),
                }
            })
            .collect();
        Ok(clients)
    }

    /// A [`lint::TOKEN_GROWTH`] finding for each client past the threshold.
    #[must_use]
    pub fn findings(&self) -> Vec<Finding> {
        let (Ok(clients), Some(threshold)) = (&self.clients, &self.threshold) else {
            return Vec::new();
        };
        clients
            .iter()
            .filter(|c| c.over)
            .map(|c| Finding {
                kind: &lint::TOKEN_GROWTH,
                tool: c.grew.first().map(|t| t.name.clone()).unwrap_or_default(),
                tools: c.grew.iter().map(|t| t.name.clone()).collect(),
                contract: None,
                client: Some(c.client.id),
                message: format!(
                    "the tool definitions grew by {}{} tokens ({}), from {} to {}{}, past the \
                     threshold of {} set by {}{}; shorten what grew, or raise the threshold",
                    approx(c.method),
                    thousands(usize::try_from(c.delta()).unwrap_or(usize::MAX)),
                    c.method.id(),
                    count(c.method, c.before),
                    count(c.method, c.after),
                    percent(c).map_or_else(String::new, |p| format!(" ({p})")),
                    threshold.limit.words(),
                    threshold.set_by,
                    grew_words(c).map_or_else(String::new, |w| format!("; most by {w}")),
                ),
                suggestion: None,
                suggested_key: None,
            })
            .collect()
    }

    /// The text block: a line per client, then the threshold and how tokens are counted; or
    /// why nothing is counted.
    #[must_use]
    pub fn text(&self) -> String {
        let clients = match &self.clients {
            Ok(clients) => clients,
            Err(why) => {
                return crate::wrap::hanging(
                    "",
                    &format!("\ntoken growth of the tool definitions: not counted: {why}"),
                    2,
                );
            }
        };
        let mut out =
            "\ntoken growth of the tool definitions, per client (before → after)\n".to_owned();
        let width = clients.iter().map(|c| c.client.id.len()).max().unwrap_or(0);
        for c in clients {
            let head = format!("  {:<width$}  ", c.client.id);
            let mut body = format!(
                "{} → {} tokens ({}; {})",
                count(c.method, c.before),
                count(c.method, c.after),
                signed(c),
                c.method.id()
            );
            if let Some(grew) = grew_words(c) {
                body.push_str(&format!(": {grew}"));
            }
            out.push_str(&crate::wrap::hanging(&head, &body, head.len()));
        }
        let over = clients.iter().filter(|c| c.over).count();
        let threshold = match &self.threshold {
            Some(t) => format!(
                "threshold: {} more, set by {}: exceeded by {over} {}",
                t.limit.words(),
                t.set_by,
                plural(over, "client", "clients")
            ),
            None => "no threshold: the growth is reported, never a failure (set one with \
                     `--max-token-growth`, or `max_token_growth` in `mcp-toolname.toml`)"
                .to_owned(),
        };
        out.push_str(&crate::wrap::hanging("  ", &threshold, 4));
        out.push_str(&crate::wrap::hanging("  ", &method_words(clients), 4));
        out
    }

    /// The JSON object: `{counted, why_not, threshold, tokenizer, clients[]}`.
    #[must_use]
    pub fn json(&self) -> Value {
        let threshold = self.threshold.as_ref().map(|t| {
            let mut v = t.limit.json();
            v["set_by"] = t.set_by.clone().into();
            v
        });
        let clients: Vec<Value> = self.clients.as_ref().map_or_else(
            |_| Vec::new(),
            |clients| {
                clients
                    .iter()
                    .map(|c| {
                        json!({
                            "id": c.client.id,
                            "method": c.method.id(),
                            "before": c.before,
                            "after": c.after,
                            "delta": c.delta(),
                            "percent": share(c),
                            "over": c.over,
                            "tools": c.grew.iter().map(|t| json!({
                                "name": t.name,
                                "before": t.before,
                                "after": t.after,
                                "delta": t.after - t.before,
                            })).collect::<Vec<_>>(),
                            "more_tools": c.more,
                        })
                    })
                    .collect()
            },
        );
        json!({
            "counted": self.clients.is_ok(),
            "why_not": self.clients.as_ref().err(),
            "threshold": threshold,
            "tokenizer": format!("tiktoken-rs {TIKTOKEN_RS}"),
            "clients": clients,
        })
    }
}

/// `~` for an estimate, nothing for a count.
const fn approx(method: Method) -> &'static str {
    match method {
        Method::Estimate => "~",
        Method::Tokenizer(_) => "",
    }
}

/// `1,234`, or `~1,234` for an estimate.
fn count(method: Method, tokens: usize) -> String {
    format!("{}{}", approx(method), thousands(tokens))
}

/// The growth as a share of what it was, in percent to one decimal; `None` from nothing.
fn share(c: &ClientGrowth) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let raw = c.delta() as f64 / c.before as f64 * 100.0;
    (c.before > 0).then(|| (raw * 10.0).round() / 10.0)
}

/// `+37.6%`, `-2.0%`; `None` from nothing.
fn percent(c: &ClientGrowth) -> Option<String> {
    share(c).map(|p| format!("{p:+.1}%"))
}

/// `+376, +37.6%`, `-12, -1.0%`, `+40, from none`, `no change`.
fn signed(c: &ClientGrowth) -> String {
    let delta = c.delta();
    if delta == 0 {
        return "no change".to_owned();
    }
    let sign = if delta > 0 { "+" } else { "-" };
    let amount = thousands(usize::try_from(delta.unsigned_abs()).unwrap_or(usize::MAX));
    let of = percent(c).unwrap_or_else(|| "from none".to_owned());
    format!("{sign}{amount}, {of}")
}

/// `` `search_adrs` +300, `list_adrs` +60 and 2 more ``; `None` when no tool grew.
fn grew_words(c: &ClientGrowth) -> Option<String> {
    if c.grew.is_empty() {
        return None;
    }
    let named: Vec<String> = c
        .grew
        .iter()
        .map(|t| format!("{} +{}", show(&t.name), thousands(t.after - t.before)))
        .collect();
    let more = if c.more > 0 {
        format!(" and {} more", thousands(c.more))
    } else {
        String::new()
    };
    Some(format!("{}{more}", named.join(", ")))
}

/// How the tokens are counted, naming the clients of each method.
fn method_words(clients: &[ClientGrowth]) -> String {
    let counted: Vec<String> = clients
        .iter()
        .filter(|c| c.method != Method::Estimate)
        .map(|c| format!("{}'s with `{}`", c.client.id, c.method.id()))
        .collect();
    let counted = if counted.is_empty() {
        String::new()
    } else {
        format!(
            "{}, the tokenizer of its models (tiktoken-rs {TIKTOKEN_RS}); ",
            counted.join(", ")
        )
    };
    format!(
        "tokens of the JSON text of each tool's name as the client sends it, its description and \
         its input schema, counted: {counted}the others' estimated at ~4 bytes a token, rounded \
         up (no public tokenizer for Anthropic's or Google's models; the other clients run \
         whichever model the user picks)"
    )
}

#[cfg(test)]
mod tests;
