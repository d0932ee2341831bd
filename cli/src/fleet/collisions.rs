//! What the servers of one config do to each other: server keys that become one prefix
//! and tools that get one model-facing name under a client, tool names on several servers,
//! and prompts of several servers that become one slash command.

use std::collections::BTreeMap;

use mcp_toolname_rules::{
    CLIENTS, ClientPreset, Fate, PROMPT_CLIENTS, PromptClash, PromptClient, look_alike_key,
    message::{self, show},
};
use serde::Serialize;

use super::{Outcome, Server, list, qualified};
use crate::check::plural;

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

    /// The kind's name, as JSON writes it: its lint's name too.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::KeyCollision => "key_collision",
            Self::NameCollision => "name_collision",
            Self::SharedName => "shared_name",
            Self::KeyLookAlike => "key_look_alike",
            Self::TooManyTools => "too_many_tools",
            Self::PromptCollision => "prompt_collision",
        }
    }

    /// The lint that sets this kind's level.
    #[must_use]
    pub fn lint(self) -> &'static crate::lint::Lint {
        crate::lint::Lint::by_name(self.name()).unwrap_or(&crate::lint::LINTS[0])
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
        levels.level(self.kind.name(), None, self.client)
    }
}

/// `` `tool` of `server` ``.
fn member_text(m: &Member) -> String {
    match &m.tool {
        Some(tool) => format!("{} of {}", show(tool), show(&m.server)),
        None => show(&m.server),
    }
}

/// `` `a` and `b` both `` or `` `a`, `b` and `c` all ``: the members, for a message.
fn together(members: &[Member]) -> String {
    let shown: Vec<String> = members.iter().map(member_text).collect();
    format!(
        "{} {}",
        list(&shown),
        if members.len() == 2 { "both" } else { "all" }
    )
}

/// `pairs` grouped by key: the groups in the order their keys first appear, each with its
/// values in order.
fn group_in_order<K: Ord + Clone, V>(pairs: impl IntoIterator<Item = (K, V)>) -> Vec<(K, Vec<V>)> {
    let mut index: BTreeMap<K, usize> = BTreeMap::new();
    let mut groups: Vec<(K, Vec<V>)> = Vec::new();
    for (key, value) in pairs {
        match index.get(&key) {
            Some(&i) => groups[i].1.push(value),
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, vec![value]));
            }
        }
    }
    groups
}

/// Clients that put the server key in the name (every built-in one).
fn prefixing_clients() -> impl Iterator<Item = &'static ClientPreset> {
    CLIENTS.into_iter().filter(|c| c.uses_server_key)
}

/// Every cross-server finding: key collisions and name collisions under each client that
/// prefixes the key, then tool names on several servers.
pub(super) fn cross_server(servers: &[Server]) -> Vec<CrossFinding> {
    let mut out = Vec::new();
    key_look_alikes(servers, &mut out);
    for client in prefixing_clients() {
        key_collisions(client, servers, &mut out);
    }
    for client in prefixing_clients() {
        name_collisions(client, servers, &mut out);
    }
    shared_names(servers, &mut out);
    too_many_tools(servers, &mut out);
    for client in PROMPT_CLIENTS.into_iter().filter(|c| !c.uses_server_key) {
        prompt_collisions(client, servers, &mut out);
    }
    out
}

/// Prompts of different servers that become one command under `client`, whose command holds
/// no server part. Servers whose keys meet under a client that holds the key are the key
/// collision's finding. Where the client renames the prompt of every server but the one it
/// reads first ([`PromptClash::LaterRenamed`]), each member carries the command its prompt
/// gets when it is renamed. Gemini CLI starts every server at once and registers each one's
/// prompts when it has listed them, so the one read first is the one that answers first, not
/// the first in the config: either can keep the command.
fn prompt_collisions(client: &PromptClient, servers: &[Server], out: &mut Vec<CrossFinding>) {
    let commands = servers.iter().flat_map(|server| {
        server.prompts().iter().filter_map(move |prompt| {
            let command = prompt.commands.iter().find(|c| c.client.id == client.id)?;
            (command.slash.runs != Some(false)).then(|| {
                (
                    command.slash.command.clone(),
                    (server, prompt.name.as_str()),
                )
            })
        })
    });
    for (command, all) in group_in_order(commands) {
        // One prompt per server: a server's own look-alikes are its own report's finding.
        let mut group: Vec<(&Server, &str)> = Vec::new();
        for (server, name) in all {
            if !group.iter().any(|(s, _)| std::ptr::eq(*s, server)) {
                group.push((server, name));
            }
        }
        if group.len() < 2 {
            continue;
        }
        let bare = command.strip_prefix(client.prefix).unwrap_or(&command);
        let members: Vec<Member> = group
            .iter()
            .map(|(server, name)| Member {
                server: server.key.clone(),
                tool: Some(message::short(name).into_owned()),
                renamed: match client.on_clash {
                    PromptClash::LaterRenamed(sep) => Some(
                        message::short(&format!("{}{}{sep}{bare}", client.prefix, server.key))
                            .into_owned(),
                    ),
                    PromptClash::NeverMeet | PromptClash::Unknown => None,
                },
            })
            .collect();
        let outcome = match client.on_clash {
            PromptClash::LaterRenamed(_) => {
                let renamed: Vec<String> = members
                    .iter()
                    .map(|m| show(m.renamed.as_deref().unwrap_or_default()))
                    .collect();
                format!(
                    "it keeps {} for the server it reads first, which is the one that answers \
                     first (it starts them all at once), and renames the others' ({}), so \
                     which prompt {} runs can change from one start to the next: rename the \
                     prompts apart",
                    show(&command),
                    message::joined(&renamed, "or"),
                    show(&command)
                )
            }
            PromptClash::NeverMeet | PromptClash::Unknown => {
                "which prompt the command runs is not known".to_owned()
            }
        };
        out.push(CrossFinding {
            kind: CrossKind::PromptCollision,
            client: Some(client.id),
            name: Some(message::short(&command).into_owned()),
            message: format!(
                "prompts {} become the command {} under {}; {outcome}",
                together(&members),
                show(&command),
                client.title
            ),
            members,
        });
    }
}

/// The tools of every audited server together, past an API's cap on tools per request, for
/// the clients that send them all in each request; a lone server's own finding says it.
fn too_many_tools(servers: &[Server], out: &mut Vec<CrossFinding>) {
    let audited: Vec<&Server> = servers
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Audited { .. }))
        .collect();
    let total: usize = audited
        .iter()
        .map(|s| match &s.outcome {
            Outcome::Audited { listing, .. } => listing.names.len(),
            _ => 0,
        })
        .sum();
    if audited.len() < 2 {
        return;
    }
    for found in crate::limits::too_many_tools("the servers of this config list", total) {
        out.push(CrossFinding {
            kind: CrossKind::TooManyTools,
            client: found.client,
            name: None,
            members: whole_servers(&audited),
            message: found.message,
        });
    }
}

/// Each of `group` as a member without a tool.
fn whole_servers(group: &[&Server]) -> Vec<Member> {
    group
        .iter()
        .map(|s| Member {
            server: s.key.clone(),
            tool: None,
            renamed: None,
        })
        .collect()
}

/// Keys of the config that are one under [`look_alike_key`], whatever a client makes of them:
/// one finding per group, before any client's.
fn key_look_alikes(servers: &[Server], out: &mut Vec<CrossFinding>) {
    let groups = group_in_order(servers.iter().map(|s| (look_alike_key(&s.key), s)));
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        let members = whole_servers(&group);
        let shown: Vec<String> = members.iter().map(member_text).collect();
        out.push(CrossFinding {
            kind: CrossKind::KeyLookAlike,
            client: None,
            name: None,
            message: format!(
                "server keys {} differ only in case and in `_`, `-` and `.`: often one server \
                 configured twice, whose tools then reach the model twice; keep one, or give \
                 the other a key of its own",
                list(&shown)
            ),
            members,
        });
    }
}

/// Keys that become one prefix under `client`: every server of the config, audited or not.
/// A client that numbers clashes keeps them apart, but by start order.
fn key_collisions(client: &ClientPreset, servers: &[Server], out: &mut Vec<CrossFinding>) {
    let mut by_prefix: BTreeMap<String, Vec<&Server>> = BTreeMap::new();
    for server in servers {
        if let Ok(base) = &server.keys.part(client).base {
            let prefix = format!("{}{base}{}", client.prefix, client.separator);
            by_prefix.entry(prefix).or_default().push(server);
        }
    }
    for (prefix, group) in by_prefix {
        if group.len() < 2 {
            continue;
        }
        let members = whole_servers(&group);
        let source = if client.key.from_server_info {
            "servers (by the name they announce, else their key)"
        } else {
            "server keys"
        };
        let outcome = if client.key.numbers_clashes {
            let numbered: Vec<String> = group
                .iter()
                .skip(1)
                .filter_map(|s| s.keys.part(client).part.as_ref().ok())
                .map(|p| show(&format!("{}{p}{}", client.prefix, client.separator)))
                .collect();
            format!(
                "it numbers the later {} ({}), so which server the model reaches by which name \
                 depends on the order {} starts them",
                plural(numbered.len(), "one", "ones"),
                list(&numbered),
                client.title
            )
        } else {
            "so their tools share one namespace there; a tool name they have in common reaches \
             only one server"
                .to_owned()
        };
        out.push(CrossFinding {
            kind: CrossKind::KeyCollision,
            client: Some(client.id),
            name: Some(prefix.clone()),
            message: format!(
                "{source} {} become the prefix {} under {}; {outcome}",
                together(&members),
                show(&prefix),
                client.title
            ),
            members,
        });
    }
}

/// Tools of different servers that get one model-facing name under `client`.
fn name_collisions(client: &ClientPreset, servers: &[Server], out: &mut Vec<CrossFinding>) {
    let named = qualified(servers, client).filter_map(|(server, tool, q)| {
        // A hash suffix keeps names apart; a refused or skipped name is not shown.
        matches!(q.fate, Fate::Kept | Fate::Normalised | Fate::Cut).then(|| {
            let member = Member {
                server: server.key.clone(),
                tool: Some(message::short(&tool.name).into_owned()),
                renamed: None,
            };
            (q.name, member)
        })
    });
    for (name, members) in group_in_order(named) {
        let first = &members[0].server;
        if members.iter().all(|m| &m.server == first) {
            continue; // within one server: that server's own report has it
        }
        out.push(CrossFinding {
            kind: CrossKind::NameCollision,
            client: Some(client.id),
            message: format!(
                "tools {} become {} under {}; {}",
                together(&members),
                show(&name),
                client.title,
                message::clash_outcome(client, true)
            ),
            name: Some(message::short(&name).into_owned()),
            members,
        });
    }
}

/// Raw names on several servers: one finding per set of servers.
fn shared_names(servers: &[Server], out: &mut Vec<CrossFinding>) {
    let by_tool = group_in_order(servers.iter().flat_map(|server| {
        server
            .tools()
            .iter()
            .map(|tool| (tool.name.as_str(), server.key.as_str()))
    }));
    let by_servers = group_in_order(
        by_tool
            .into_iter()
            .filter(|(_, keys)| keys.len() >= 2)
            .map(|(tool, keys)| (keys, tool)),
    );
    for (keys, tools) in by_servers {
        let members: Vec<Member> = tools
            .iter()
            .flat_map(|tool| {
                keys.iter().map(|key| Member {
                    server: (*key).to_owned(),
                    tool: Some(message::short(tool).into_owned()),
                    renamed: None,
                })
            })
            .collect();
        let shown_tools: Vec<String> = tools.iter().map(|t| show(t)).collect();
        let shown_keys: Vec<String> = keys.iter().map(|k| show(k)).collect();
        out.push(CrossFinding {
            kind: CrossKind::SharedName,
            client: None,
            name: (tools.len() == 1).then(|| message::short(tools[0]).into_owned()),
            message: format!(
                "tool {} {} {} on servers {}; clients that prefix the server key keep them \
                 apart, but a client or agent that shows tools by bare name keeps only one of \
                 each",
                plural(tools.len(), "name", "names"),
                list(&shown_tools),
                plural(tools.len(), "is", "are"),
                list(&shown_keys)
            ),
            members,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Listing;
    use crate::findings;
    use crate::fleet::Outcome;
    use crate::keys::{Keys, number_clashes};
    use crate::prompts::ServedPrompt;

    fn audited(key: &str, names: &[&str]) -> Server {
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let keys = Keys::new(key, None);
        let (reports, findings) = findings::audit_names(&names, &keys);
        Server {
            key: key.to_owned(),
            keys,
            outcome: Outcome::Audited {
                listing: Box::new(Listing {
                    names,
                    ..Listing::default()
                }),
                reports,
                prompts: Vec::new(),
                findings,
            },
        }
    }

    /// A server with no tools and `prompts`, audited.
    fn prompted(key: &str, prompts: &[&str]) -> Server {
        let mut server = audited(key, &[]);
        let served: Vec<ServedPrompt> = prompts
            .iter()
            .map(|n| ServedPrompt {
                name: (*n).to_owned(),
                arguments: Vec::new(),
            })
            .collect();
        if let Outcome::Audited { prompts, .. } = &mut server.outcome {
            *prompts = crate::prompts::audit::audit(&served, key).0;
        }
        server
    }

    #[test]
    fn every_lint_is_a_kind_and_every_kind_a_lint() {
        for kind in CrossKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
            assert_eq!(kind.lint().name, kind.name());
        }
        for lint in &crate::lint::LINTS {
            assert!(
                findings::Kind::ALL.iter().any(|k| k.name() == lint.name)
                    || CrossKind::ALL.iter().any(|k| k.name() == lint.name),
                "no finding kind has lint `{}`",
                lint.name
            );
        }
    }

    #[test]
    fn gemini_cli_keeps_one_servers_prompt_and_renames_the_others() {
        let servers = [
            prompted("one", &["plain", "a b"]),
            prompted("two", &["plain", "x"]),
            prompted("three", &["a-b", "plain"]),
        ];
        let found: Vec<CrossFinding> = cross_server(&servers)
            .into_iter()
            .filter(|f| f.kind == CrossKind::PromptCollision)
            .collect();
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found.iter().all(|f| f.client == Some("gemini_cli")));
        let plain = &found[0];
        assert_eq!(plain.name.as_deref(), Some("/plain"));
        let renamed: Vec<(&str, Option<&str>)> = plain
            .members
            .iter()
            .map(|m| (m.server.as_str(), m.renamed.as_deref()))
            .collect();
        assert_eq!(
            renamed,
            [
                ("one", Some("/one_plain")),
                ("two", Some("/two_plain")),
                ("three", Some("/three_plain"))
            ]
        );
        assert_eq!(
            plain.message,
            "prompts `plain` of `one`, `plain` of `two` and `plain` of `three` all become the \
             command `/plain` under Gemini CLI; it keeps `/plain` for the server it reads first, \
             which is the one that answers first (it starts them all at once), and renames the \
             others' (`/one_plain`, `/two_plain` or `/three_plain`), so which prompt `/plain` \
             runs can change from one start to the next: rename the prompts apart"
        );
        // `a b` becomes `/a-b` under Gemini CLI, as `a-b` is.
        assert_eq!(found[1].name.as_deref(), Some("/a-b"));
        assert_eq!(found[1].members[1].renamed.as_deref(), Some("/three_a-b"));
    }

    #[test]
    fn one_servers_prompts_do_not_collide_across_servers() {
        let servers = [prompted("one", &["a b", "a-b"]), prompted("two", &["x"])];
        assert!(
            cross_server(&servers)
                .iter()
                .all(|f| f.kind != CrossKind::PromptCollision)
        );
    }

    /// `audited` for each, then clashes numbered as `audit --config` does.
    fn config(servers: &[(&str, &[&str])]) -> Vec<Server> {
        let mut servers: Vec<Server> = servers.iter().map(|(k, n)| audited(k, n)).collect();
        number_clashes(&mut servers.iter_mut().map(|s| &mut s.keys).collect::<Vec<_>>());
        servers
    }

    fn collisions(servers: &[Server]) -> Vec<(Option<&'static str>, Option<String>)> {
        cross_server(servers)
            .into_iter()
            .filter(|f| f.kind == CrossKind::NameCollision)
            .map(|f| (f.client, f.name))
            .collect()
    }

    #[test]
    fn single_underscores_make_gemini_cli_and_vs_code_names_ambiguous() {
        // `mcp_a_b_c` is key `a` + tool `b_c`, and key `a_b` + tool `c`.
        let found = collisions(&[audited("a", &["b_c"]), audited("a_b", &["c"])]);
        let clients: Vec<_> = found.iter().filter_map(|(c, _)| *c).collect();
        assert!(clients.contains(&"gemini_cli") && clients.contains(&"vscode"));
        assert!(clients.contains(&"cursor"), "{found:?}");
        assert!(!clients.contains(&"claude_code") && !clients.contains(&"codex"));
    }

    #[test]
    fn vs_code_numbers_keys_that_share_13_characters() {
        let servers = config(&[
            ("github-enterprise-us", &["search"]),
            ("github-enterprise-eu", &["search"]),
        ]);
        let found = cross_server(&servers);
        assert!(found.iter().any(|f| f.kind == CrossKind::KeyCollision
            && f.client == Some("vscode")
            && f.name.as_deref() == Some("mcp_github-enterp_")
            && f.message.contains("`mcp_github-enterp2_`")));
        // Numbered apart, so no name collision under VS Code.
        assert!(
            collisions(&servers).is_empty(),
            "{:?}",
            collisions(&servers)
        );
        assert!(found.iter().any(|f| f.kind == CrossKind::SharedName));
    }

    #[test]
    fn keys_are_taken_as_written() {
        // Issue 10: `a__b` + `c` and `a` + `b__c` meet in Claude Code.
        let found = collisions(&config(&[("a__b", &["c"]), ("a", &["b__c"])]));
        assert!(found.contains(&(Some("claude_code"), Some("mcp__a__b__c".to_owned()))));
        // Two CJK keys: no client makes both `server`; only Roo Code, which deletes every
        // character it does not take, makes both `_unnamed`.
        let servers = config(&[("数据库", &["query"]), ("数据仓库", &["query"])]);
        assert_eq!(
            collisions(&servers),
            [(Some("roo_code"), Some("mcp--_unnamed--query".to_owned()))]
        );
        assert!(
            cross_server(&servers)
                .iter()
                .all(|f| !f.message.contains("server__"))
        );
    }

    #[test]
    fn one_server_collides_with_nothing() {
        assert!(cross_server(&[audited("x", &["a", "b"])]).is_empty());
    }
}
