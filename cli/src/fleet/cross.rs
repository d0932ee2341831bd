//! What a finding across the servers of one config is: its kind (and lint), the servers and
//! tools it is about, and its words. [`super::collisions`] finds them.

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::message;
use serde::Serialize;

/// A server and, for tool-level findings, one of its tools (for a prompt collision, one of
/// its prompts).
#[derive(Debug, Clone, Serialize)]
pub struct Member {
    /// The server's key in the config.
    pub server: String,
    /// The tool's raw name (the prompt's, for a prompt collision), as [`message::short`]
    /// gives it.
    pub tool: Option<String>,
    /// For a prompt collision under a client known to rename all but one, the command this
    /// server's prompt gets when another server's takes the shared one (`/<key>_<command>`);
    /// else `None`, and not written (other kinds keep their shape).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub renamed: Option<String>,
}

/// A finding across servers. Field names are stable: they are the JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct CrossFinding {
    /// What kind of problem.
    pub kind: &'static Lint,
    /// The client preset id, for collisions.
    pub client: Option<&'static str>,
    /// The model-facing name (or prefix) they share, for collisions.
    pub name: Option<String>,
    /// The servers (and tools) involved.
    pub members: Vec<Member>,
    /// The problem in words; every name in it is escaped.
    pub message: String,
}

impl CrossFinding {
    /// Its level in this run.
    #[must_use]
    pub fn level(&self, levels: &crate::lint::Levels) -> crate::lint::Level {
        levels.of_about(self.kind, None, self.client)
    }
}

/// The text view's folding of repeated tool collisions. For each finding of `shown`: `None`
/// when it is said with another; else the tools of the collisions said with it, in order
/// (empty for most). A `name_collision` whose servers all share one prefix under its client by
/// a `key_collision` also shown is said with that (its tools meet because the keys do); the
/// other `name_collision`s of one client and the same servers are said with the first.
fn fold(shown: &[&CrossFinding]) -> Vec<Option<Vec<String>>> {
    let mut out: Vec<Option<Vec<String>>> = vec![Some(Vec::new()); shown.len()];
    for (i, f) in shown.iter().enumerate() {
        if f.kind != &lint::NAME_COLLISION {
            continue;
        }
        let mine = servers(f);
        let by_key = shown.iter().position(|k| {
            k.kind == &lint::KEY_COLLISION
                && k.client == f.client
                && mine.iter().all(|s| servers(k).contains(s))
        });
        let with = by_key.or_else(|| {
            shown[..i].iter().enumerate().position(|(j, g)| {
                g.kind == &lint::NAME_COLLISION
                    && g.client == f.client
                    && servers(g) == mine
                    && out[j].is_some()
            })
        });
        if let Some(k) = with {
            out[i] = None;
            let tools = out[k].get_or_insert_with(Vec::new);
            for tool in f.members.iter().filter_map(|m| m.tool.as_ref()) {
                if !tools.contains(tool) {
                    tools.push(tool.clone());
                }
            }
        }
    }
    out
}

/// The servers of `finding`'s members, in order.
fn servers(finding: &CrossFinding) -> Vec<&str> {
    finding.members.iter().map(|m| m.server.as_str()).collect()
}

/// The message of each finding of `shown` as the text view says it: `None` for one said with
/// another ([`fold`]), else its message and the tools said with it. `verbose` says each alone.
#[must_use]
pub fn folded_messages(shown: &[&CrossFinding], verbose: bool) -> Vec<Option<String>> {
    if verbose {
        return shown.iter().map(|f| Some(f.message.clone())).collect();
    }
    shown
        .iter()
        .zip(fold(shown))
        .map(|(finding, tools)| {
            let tools = tools?;
            let message = &finding.message;
            if tools.is_empty() {
                return Some(message.clone());
            }
            let tools: Vec<String> = tools.iter().map(|t| message::show(t)).collect();
            let tools = message::joined(&tools, "and");
            Some(if finding.kind == &lint::KEY_COLLISION {
                format!(
                    "{message}; of their tools, {tools} meet so (each a `name_collision`; \
                     `--verbose` says each)"
                )
            } else {
                format!("{message}; so do {tools} of the same servers (`--verbose` says each)")
            })
        })
        .collect()
}
