//! What the servers of one config do to each other: server keys that become one prefix
//! and tools that get one model-facing name under a client, tool names on several servers,
//! and prompts of several servers that become one slash command.

use mcp_toolname_rules::lint;
use std::collections::BTreeMap;

use mcp_toolname_rules::{
    Across, CLIENTS, ClientPreset, Fate, PromptClash, PromptFate, look_alike_key, meets_as,
    message::{self, show},
    namespace_suffix, prompt_clients,
};

use super::cross::{CrossFinding, Member};
use super::{Server, list, qualified, total_cost};
use crate::group::in_order;
use crate::wrap::plural;

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

/// Clients that put the server key in the name (every built-in one).
fn prefixing_clients() -> impl Iterator<Item = &'static ClientPreset> {
    CLIENTS.iter().copied().filter(|c| c.uses_server_key)
}

/// Every cross-server finding: key collisions and name collisions under each client that
/// prefixes the key, then tool names on several servers.
pub(super) fn cross_server(servers: &[Server]) -> Vec<CrossFinding> {
    let mut out = Vec::new();
    key_look_alikes(servers, &mut out);
    for client in prefixing_clients() {
        key_collisions(client, servers, &mut out);
    }
    // Every client: one that shows the bare name (Continue CLI) sends each under it.
    for client in CLIENTS {
        name_collisions(client, servers, &mut out);
    }
    shared_names(servers, &mut out);
    too_many_tools(servers, &mut out);
    for client in prompt_clients().filter(|c| {
        c.prompts
            .is_some_and(|p| p.on_clash != PromptClash::NeverMeet)
    }) {
        prompt_collisions(client, servers, &mut out);
    }
    out
}

/// Prompts of different servers that become one command under `client`, read from the
/// verdicts [`super::prompt_verdicts`] gave them over the whole config: one finding per
/// command they meet at. A client whose command holds no server part meets on the name; one
/// whose command holds the key as it makes it meets where two keys make one (Claude Code: the
/// server that connects first answers; Kilo Code: the one that connects last). Where the
/// client renames the prompt of every server but the one it reads first
/// ([`PromptClash::LaterRenamed`]), each member carries the command its prompt gets when
/// renamed; where it renames every prompt met under another name (Gemini CLI:
/// `/<server>.<command>`), each member carries its new command. Gemini CLI starts every
/// server at once and registers each one's prompts when it has listed them, so the one read
/// first is the one that answers first, not the first in the config.
fn prompt_collisions(client: &ClientPreset, servers: &[Server], out: &mut Vec<CrossFinding>) {
    let Some(rule) = client.prompts else { return };
    let met = super::prompt_verdicts(servers, client)
        .into_iter()
        .filter(|(server, _, v)| {
            matches!(v.fate, PromptFate::Raced | PromptFate::Moved)
                && v.meets_server
                    .is_some_and(|s| !std::ptr::eq(&servers[s], *server))
        })
        .filter_map(|(server, prompt, v)| {
            // The command they meet at: each one's own, before the config is read whole.
            let own = prompt.commands.iter().find(|c| c.client.id == client.id)?;
            Some((own.slash.command.clone(), (server, prompt.name.as_str(), v)))
        });
    for (command, group) in in_order(met) {
        let moved = group.iter().all(|(_, _, v)| v.fate == PromptFate::Moved);
        let members: Vec<Member> = group
            .iter()
            .map(|(server, name, v)| Member {
                server: server.key.clone(),
                tool: Some(message::short(name).into_owned()),
                renamed: if moved {
                    Some(message::short(&v.command).into_owned())
                } else {
                    v.renamed.as_deref().map(|r| message::short(r).into_owned())
                },
            })
            .collect();
        let renamed: Vec<String> = members
            .iter()
            .filter_map(|m| m.renamed.as_deref().map(show))
            .collect();
        let outcome = match rule.on_clash {
            _ if moved => format!(
                "it gives each of them a command with its server in front ({}), so {} runs \
                 none of them: rename the prompts apart",
                message::joined(&renamed, "and"),
                show(&command)
            ),
            PromptClash::LaterRenamed(_) => format!(
                "it keeps {} for the server it reads first, which is the one that answers \
                 first (it starts them all at once), and renames the others' ({}), so which \
                 prompt {} runs can change from one start to the next: rename the prompts \
                 apart",
                show(&command),
                message::joined(&renamed, "or"),
                show(&command)
            ),
            PromptClash::FirstConnected | PromptClash::LastConnected => format!(
                "it runs the prompt of the server that connects {}, so which prompt {} runs \
                 can change from one start to the next, and the others cannot be run: give \
                 the servers keys that stay apart",
                if rule.on_clash == PromptClash::FirstConnected {
                    "first"
                } else {
                    "last"
                },
                show(&command)
            ),
            PromptClash::NeverMeet | PromptClash::Unknown => {
                "which prompt the command runs is not known".to_owned()
            }
        };
        out.push(CrossFinding {
            kind: &lint::PROMPT_COLLISION,
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
/// the clients that send them all in each request; a lone server's own finding says it. What
/// counts is what each client sends, as its cost counts it: a tool it leaves out is not in
/// the request, and of tools that race for one name one is.
fn too_many_tools(servers: &[Server], out: &mut Vec<CrossFinding>) {
    let audited: Vec<&Server> = servers.iter().filter(|s| s.judged().is_some()).collect();
    if audited.len() < 2 {
        return;
    }
    let cost = total_cost(servers);
    let sent = |client: &ClientPreset| {
        let of = cost.clients.iter().find(|c| c.client.id == client.id);
        of.map_or(0, |c| c.tools)
    };
    for found in crate::limits::too_many_tools("the servers of this config give the model", sent) {
        out.push(CrossFinding {
            kind: &lint::TOO_MANY_TOOLS,
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
    let groups = in_order(servers.iter().map(|s| (look_alike_key(&s.key), s)));
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        let members = whole_servers(&group);
        let shown: Vec<String> = members.iter().map(member_text).collect();
        out.push(CrossFinding {
            kind: &lint::KEY_LOOK_ALIKE,
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
        } else if client.across == Across::LaterKeyReplaces {
            let started = group.last().map(|s| show(&s.key)).unwrap_or_default();
            format!(
                "it starts only the server written last ({started}), so no tool of the others \
                 reaches the model"
            )
        } else if client.across == Across::HashesNamespaces {
            let hashed: Vec<String> = group
                .iter()
                .map(|s| {
                    show(&format!(
                        "{}{}",
                        prefix.trim_end_matches(client.separator),
                        namespace_suffix(&s.key)
                    ))
                })
                .collect();
            format!(
                "it tells them apart by a hash after the namespace ({}), so every tool of \
                 theirs reaches the model, under a name the model cannot read",
                list(&hashed)
            )
        } else {
            format!(
                "so their tools share one namespace there; where their tool names meet, {}",
                message::across_outcome(client)
            )
        };
        out.push(CrossFinding {
            kind: &lint::KEY_COLLISION,
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

/// Tools of different servers that get one model-facing name under `client`, read from the
/// fates [`super::judge`] gave them over the whole config: one finding per name. Codex keeps
/// every name apart ([`Across::HashesNamespaces`]); a tool another tool of its own server
/// shadows is that server's own finding.
fn name_collisions(client: &ClientPreset, servers: &[Server], out: &mut Vec<CrossFinding>) {
    if client.across == Across::HashesNamespaces {
        return;
    }
    let named = qualified(servers, client).filter_map(|(server, tool, verdict)| {
        let q = &verdict.qualified;
        let met = match q.fate {
            Fate::Kept | Fate::Normalised | Fate::Cut | Fate::Hashed | Fate::Raced => true,
            Fate::Shadowed => q.meets_server.is_some(),
            Fate::Refused | Fate::Skipped | Fate::KeyRefused | Fate::ArgumentRefused => false,
        };
        met.then(|| {
            let member = Member {
                server: server.key.clone(),
                tool: Some(message::short(&tool.name).into_owned()),
                renamed: None,
            };
            (meets_as(client, &q.name), (member, q.fate, q.name.clone()))
        })
    });
    for (_, members) in in_order(named) {
        // The name the first of them is shown by (Droid shows tools that meet by other names).
        let name = members[0].2.clone();
        let first = &members[0].0.server;
        if members.iter().all(|(m, _, _)| &m.server == first) {
            continue; // within one server: that server's own report has it
        }
        // The one sent, where the rule names one.
        let sent: Vec<String> = members
            .iter()
            .filter(|(_, fate, _)| !matches!(fate, Fate::Shadowed | Fate::Raced))
            .map(|(m, _, _)| member_text(m))
            .collect();
        let members: Vec<Member> = members.into_iter().map(|(m, _, _)| m).collect();
        let outcome = match (client.across, sent.as_slice()) {
            (Across::LastInConfig | Across::LastByKey | Across::LaterKeyReplaces, [one]) => {
                format!(
                    "{}: {one} is sent, the others are left out",
                    message::across_outcome(client),
                )
            }
            _ => message::across_outcome(client),
        };
        out.push(CrossFinding {
            kind: &lint::NAME_COLLISION,
            client: Some(client.id),
            message: format!(
                "tools {} become {} under {}; {outcome}",
                together(&members),
                show(&name),
                client.title,
            ),
            name: Some(message::short(&name).into_owned()),
            members,
        });
    }
}

/// Raw names on several servers: one finding per set of servers.
fn shared_names(servers: &[Server], out: &mut Vec<CrossFinding>) {
    let by_tool = in_order(servers.iter().flat_map(|server| {
        server
            .tools()
            .iter()
            .map(|tool| (tool.name.as_str(), server.key.as_str()))
    }));
    let by_servers = in_order(
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
            kind: &lint::SHARED_NAME,
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
mod tests;
