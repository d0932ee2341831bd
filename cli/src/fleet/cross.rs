//! What a finding across the servers of one config is: its kind (and lint), the servers and
//! tools it is about, and its words. [`super::collisions`] finds them.

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::message;
use serde::Serialize;

/// The kind of a cross-server finding; serialised in snake case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CrossKind {
    /// Two server keys become one prefix under a client: their tools share a namespace.
    KeyCollision,
    /// Tools of different servers get one model-facing name under a client.
    NameCollision,
    /// One raw tool name on several servers (fine for clients that prefix the key).
    SharedName,
    /// Server keys that differ only in case and in `_`, `-` and `.`: often one server
    /// configured twice (github/copilot-cli #4478: `MCPBrowser` and `mcpbrowser`).
    KeyLookAlike,
    /// The servers' tools together are more than the API behind a client takes in one
    /// request, where the client sends every tool of every server in each request.
    TooManyTools,
    /// Prompts of different servers that become one slash command under a client whose
    /// command holds no server part (Gemini CLI): one keeps it, the others are renamed, and
    /// which one keeps it depends on which server answers first.
    PromptCollision,
}

impl CrossKind {
    /// Every kind.
    #[cfg(test)]
    pub const ALL: [Self; 6] = [
        Self::KeyCollision,
        Self::NameCollision,
        Self::SharedName,
        Self::KeyLookAlike,
        Self::TooManyTools,
        Self::PromptCollision,
    ];

    /// The kind's name, as JSON writes it: its lint's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.lint().name
    }

    /// The lint that sets this kind's level: a value, so no kind can reach another's.
    #[must_use]
    pub const fn lint(self) -> &'static Lint {
        match self {
            Self::KeyCollision => &lint::KEY_COLLISION,
            Self::NameCollision => &lint::NAME_COLLISION,
            Self::SharedName => &lint::SHARED_NAME,
            Self::KeyLookAlike => &lint::KEY_LOOK_ALIKE,
            Self::TooManyTools => &lint::TOO_MANY_TOOLS,
            Self::PromptCollision => &lint::PROMPT_COLLISION,
        }
    }
}

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
    pub kind: CrossKind,
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
        levels.of_about(self.kind.lint(), None, self.client)
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
        if f.kind != CrossKind::NameCollision {
            continue;
        }
        let mine = servers(f);
        let by_key = shown.iter().position(|k| {
            k.kind == CrossKind::KeyCollision
                && k.client == f.client
                && mine.iter().all(|s| servers(k).contains(s))
        });
        let with = by_key.or_else(|| {
            shown[..i].iter().enumerate().position(|(j, g)| {
                g.kind == CrossKind::NameCollision
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
            Some(if finding.kind == CrossKind::KeyCollision {
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
