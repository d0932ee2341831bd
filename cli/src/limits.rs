//! What `audit` finds past the names, from each client's
//! [`mcp_toolname_rules::Limits`]: more tools than the API behind a client takes in one
//! request, a description or instructions a client cuts or never sends, and names a client's
//! tool search cannot load without breaking the session.

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::{CLIENTS, ClientPreset, Fate, Loading, TextRule, caps_passed, message};

use crate::findings::Finding;
use crate::names::NameReport;

/// What one server shows past its names: its tools' names, each description's length and
/// the instructions' length, in UTF-16 units.
pub struct Past<'a> {
    /// The tools as listed, each with its description's length (missing ones count 0).
    pub tools: &'a [crate::listing::ListedTool],
    /// The instructions' length, if the server gave any.
    pub instructions: Option<usize>,
}

impl<'a> Past<'a> {
    /// What `listing` shows past its names.
    #[must_use]
    pub fn of(listing: &'a crate::listing::Listing) -> Self {
        Self {
            tools: &listing.tools,
            instructions: listing.instructions,
        }
    }
}

fn finding(
    kind: &'static Lint,
    tool: &str,
    client: Option<&'static str>,
    message: String,
) -> Finding {
    let tool = message::short(tool).into_owned();
    Finding {
        kind,
        tools: if tool.is_empty() {
            Vec::new()
        } else {
            vec![tool.clone()]
        },
        tool,
        contract: None,
        client,
        message,
        suggestion: None,
        suggested_key: None,
    }
}

/// Every finding past the names for one server: too many tools for one request (per API
/// cap), each description a client cuts, the instructions a client cuts or never sends, and
/// the names a client's tool search cannot load. `reports` carry each client's name for each
/// tool.
#[must_use]
pub fn audit(past: &Past<'_>, reports: &[NameReport]) -> Vec<Finding> {
    let mut out = too_many_tools("this server lists", |_| past.tools.len());
    for client in CLIENTS {
        if let TextRule::Cut { marker, .. } = client.limits.description {
            for (name, units) in past.tools.iter().map(|t| (t.name(), t.description_units)) {
                if let Some(at) = client.limits.description.cut_at(units) {
                    let text = message::description_cut(name, units, client, at, marker);
                    out.push(finding(&lint::DESCRIPTION_CUT, name, Some(client.id), text));
                }
            }
        }
        if let (TextRule::Cut { marker, .. }, Some(units)) =
            (client.limits.instructions, past.instructions)
            && let Some(at) = client.limits.instructions.cut_at(units)
        {
            let text = message::instructions_cut(units, client, at, marker);
            out.push(finding(&lint::INSTRUCTIONS_CUT, "", Some(client.id), text));
        }
        if let Loading::Deferred {
            reference_max,
            source,
        } = client.limits.loading
        {
            out.extend(unloadable(client, reference_max, source, reports));
        }
    }
    let unsent: Vec<&ClientPreset> = CLIENTS
        .iter()
        .copied()
        .filter(|c| c.limits.instructions == TextRule::NotSent)
        .collect();
    if past.instructions.is_some_and(|units| units > 0) && !unsent.is_empty() {
        let text = message::instructions_not_sent(&unsent);
        out.push(finding(&lint::INSTRUCTIONS_NOT_SENT, "", None, text));
    }
    out
}

/// For the tools of one server, or of a config's servers together, `count` of which each
/// client sends: one finding per API cap and count that passes it, naming the clients that
/// send every tool to that API.
#[must_use]
pub fn too_many_tools(whose: &str, count: impl Fn(&ClientPreset) -> usize) -> Vec<Finding> {
    // Clients that send as many tools, in `CLIENTS` order, so that they share one finding.
    let mut by_count: Vec<(usize, Vec<&'static ClientPreset>)> = Vec::new();
    for &client in CLIENTS {
        let n = count(client);
        match by_count.iter_mut().find(|(c, _)| *c == n) {
            Some((_, clients)) => clients.push(client),
            None => by_count.push((n, vec![client])),
        }
    }
    by_count
        .into_iter()
        .flat_map(|(n, clients)| caps_passed(n, &clients).into_iter().map(move |c| (n, c)))
        .map(|(n, (cap, clients))| {
            let client = (clients.len() == 1).then(|| clients[0].id);
            let text = message::too_many_tools(whose, n, &cap, &clients);
            finding(&lint::TOO_MANY_TOOLS, "", client, text)
        })
        .collect()
}

/// The names `client` sends whose form is longer than its tool search takes, as one finding.
fn unloadable(
    client: &'static ClientPreset,
    reference_max: usize,
    source: &str,
    reports: &[NameReport],
) -> Option<Finding> {
    let long: Vec<(&str, &str)> = reports
        .iter()
        .filter_map(|r| {
            let v = r.clients.iter().find(|v| v.client.id == client.id)?;
            let sent = matches!(
                v.qualified.fate,
                Fate::Kept | Fate::Normalised | Fate::Cut | Fate::Hashed
            );
            (sent && v.qualified.name.chars().count() > reference_max)
                .then_some((r.name.as_str(), v.qualified.name.as_str()))
        })
        .collect();
    let (tool, longest) = long
        .iter()
        .max_by_key(|(_, sent)| sent.chars().count())
        .copied()?;
    let text = message::reference_too_long(long.len(), longest, client, reference_max, source);
    let mut found = finding(&lint::TOOL_SEARCH_SESSION, tool, Some(client.id), text);
    found.tools = long
        .iter()
        .map(|(name, _)| message::short(name).into_owned())
        .collect();
    Some(found)
}
