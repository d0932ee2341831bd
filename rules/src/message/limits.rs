//! Limits past the name ([`crate::Limits`]): too many tools for one request, a description or
//! instructions a client cuts or never sends, names a client's tool search cannot load. Each
//! sentence says what the client or API does, with which version it was seen, and what to do.

use super::{joined, show};
use crate::client::{ClientPreset, ToolCap};

/// `1,234`.
#[must_use]
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The clients by title, `A`, `A and B`, `A, B and C`.
fn titles(clients: &[&ClientPreset]) -> String {
    let names: Vec<String> = clients.iter().map(|c| c.title.to_owned()).collect();
    joined(&names, "and")
}

/// `count` tools for one request, past `cap` of the API behind `clients`, which send every
/// tool in each request. `whose`: `this server lists` or (the tools each client sends of a
/// config's servers) `the servers of this config give the model`.
///
/// ```
/// use mcp_toolname_rules::{message, CLINE, OPENAI_CHAT_TOOLS};
/// let text = message::too_many_tools("this server lists", 150, &OPENAI_CHAT_TOOLS, &[&CLINE]);
/// assert!(text.starts_with("this server lists 150 tools; Cline sends every tool in each request"));
/// assert!(text.contains("refuses more than 128"));
/// ```
#[must_use]
pub fn too_many_tools(
    whose: &str,
    count: usize,
    cap: &ToolCap,
    clients: &[&ClientPreset],
) -> String {
    let sends = if clients.len() == 1 { "sends" } else { "send" };
    format!(
        "{whose} {} tools; {} {sends} every tool in each request, beside {} own, and {} refuses \
         more than {} ({}), so no request gets through: serve fewer tools (split the server, or \
         leave out what a session does not need)",
        thousands(count),
        titles(clients),
        if clients.len() == 1 { "its" } else { "their" },
        cap.api,
        cap.max,
        cap.refusal,
    )
}

/// A description of `units` UTF-16 units that `client` cuts after `at`, appending `marker`.
///
/// ```
/// use mcp_toolname_rules::{message, CLAUDE_CODE};
/// let text = message::description_cut("search", 20_000, &CLAUDE_CODE, 16_384, "… [truncated]");
/// assert!(text.starts_with("Claude Code cuts the description of tool `search` (20,000 characters) after 16,384"));
/// ```
#[must_use]
pub fn description_cut(
    tool: &str,
    units: usize,
    client: &ClientPreset,
    at: usize,
    marker: &str,
) -> String {
    format!(
        "{} cuts the description of tool {} ({} characters) after {} and appends `{marker}`, so \
         the model never reads the rest: put what it needs first, or shorten the description",
        client.title,
        show(tool),
        thousands(units),
        thousands(at),
    )
}

/// Server instructions of `units` UTF-16 units that `client` cuts after `at`.
#[must_use]
pub fn instructions_cut(units: usize, client: &ClientPreset, at: usize, marker: &str) -> String {
    format!(
        "{} cuts this server's instructions ({} characters) after {} and appends `{marker}`, so \
         the model never reads the rest: put what it needs first, or move detail into the tool \
         descriptions",
        client.title,
        thousands(units),
        thousands(at),
    )
}

/// Server instructions that `clients` never pass to the model.
///
/// ```
/// use mcp_toolname_rules::{message, CLINE, CONTINUE_CLI};
/// assert!(message::instructions_not_sent(&[&CLINE, &CONTINUE_CLI])
///     .starts_with("Cline and Continue CLI never pass a server's instructions to the model"));
/// ```
#[must_use]
pub fn instructions_not_sent(clients: &[&ClientPreset]) -> String {
    format!(
        "{} never pass{} a server's instructions to the model: what it must know belongs in the \
         tool descriptions too",
        titles(clients),
        if clients.len() == 1 { "es" } else { "" },
    )
}

/// `count` names that `client`'s tool search would name in a reference longer than
/// `reference_max`, the longest being `longest` (as the client names it).
#[must_use]
pub fn reference_too_long(
    count: usize,
    longest: &str,
    client: &ClientPreset,
    reference_max: usize,
    source: &str,
) -> String {
    let (these, are) = if count == 1 {
        ("1 tool name".to_owned(), "is")
    } else {
        (format!("{count} tool names"), "are")
    };
    // `show` gives the length of a name it cuts; say it here only for a name shown whole.
    let count = longest.chars().count();
    let longest = if count > super::SHOWN_CHARS {
        show(longest)
    } else {
        format!("{}, {count} characters", show(longest))
    };
    format!(
        "{} loads tools by tool search, and {these} of this server {are} longer than \
         {reference_max} characters as it names them (the longest: {longest}); the API \
         refuses a search answer that names one, and that answer stays in the conversation, so \
         the rest of the session fails ({source}): shorten them to fit {reference_max} with the \
         key (`mcp-toolname check --server-key KEY NAME` gives fixes)",
        client.title,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::CLAUDE_CODE;

    /// The longest name's length is said once: by `show` for a name it cuts, else here.
    #[test]
    fn the_longest_names_length_is_said_once() {
        for len in [70, 83] {
            let name = "n".repeat(len);
            let text = reference_too_long(2, &name, &CLAUDE_CODE, 64, "src");
            let said = format!("{len} characters");
            assert_eq!(text.matches(&said).count(), 1, "{text}");
        }
    }
}
