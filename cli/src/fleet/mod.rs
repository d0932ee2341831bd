//! What `audit --config FILE` finds: every server of a client's config, in the order read,
//! each judged under the key the config gives it; then what the servers do to each other
//! under each client: the model-facing name of every (server, tool), the pairs that end up
//! with one name, server keys that become one prefix, and tool names on several servers.
//!
//! This module judges what the audits listed; [`collisions`] finds what the servers do to
//! each other, and [`report`] writes it all out, as text or JSON.

mod collisions;
mod cross;
mod report;
mod server;
mod text;

use mcp_toolname_rules::{CLIENTS, ServerList, message::show, qualify_config};

use crate::args::Output;
use crate::config;
use crate::diag::Found;
use crate::emit::{Doc, Report};
use crate::keys::Keys;
use crate::keys::number_clashes;
use crate::lint::{Level, Levels};
use crate::listing::Listing;
use crate::report::Judged;
pub use cross::CrossFinding;
pub use server::Outcome;
use server::{Server, prompt_verdicts, qualified, total_cost};

impl Fleet {
    /// Judges the servers of `config` over the whole config, each as its listing or what
    /// became of it instead (`outcomes`, in the file's order; `None`: never audited); then
    /// the entries of `lists` against the names the clients give the tools, and those that
    /// match nothing against `baselines`. Its exit code: 2 when a server could not be audited,
    /// else 1 when a finding is at deny level for `out`, else 0.
    #[must_use]
    pub fn new(
        config: config::Config,
        lists: Vec<crate::allowlist::List>,
        outcomes: Vec<Option<Result<Listing, Outcome>>>,
        out: Output,
        baselines: &[crate::surface::Surface],
        now: chrono::DateTime<chrono::Utc>,
    ) -> Self {
        let all_keys: Vec<&str> = config.servers.iter().map(|e| e.key.as_str()).collect();
        let ran = config
            .servers
            .iter()
            .zip(outcomes)
            .map(|(entry, outcome)| {
                let outcome =
                    outcome.unwrap_or_else(|| Err(Outcome::Failed("not audited".to_owned())));
                let announced = outcome.as_ref().ok().and_then(Listing::announced);
                let keys = entry.keys(announced).with_taken(all_keys.iter().copied());
                (entry.key.clone(), keys, outcome)
            })
            .collect();
        let mut servers = judge(ran, &out.levels, now);
        let mut cross = collisions::cross_server(&servers);
        let live = list_names(&servers, &lists, |s| {
            s.tools().iter().map(|t| t.name.clone()).collect()
        });
        let mut resolved = crate::allowlist::resolve(&lists, &live);
        if !baselines.is_empty() {
            past(&servers, &lists, baselines, &live, &mut resolved);
        }
        let mut allowlists = crate::allowlist::report::Findings { lists, resolved };
        suppress(
            &config,
            &mut servers,
            &mut cross,
            &mut allowlists,
            &out.levels,
        );
        let mut code = exit_code(&servers, &cross, &out.levels);
        if code == 0 && allowlists.denied(&out.levels) {
            code = 1;
        }
        Self {
            config,
            servers,
            cross,
            allowlists,
            code,
            out,
        }
    }
}

/// Leaves out the findings the run's suppressions take ([`crate::suppress::keep`]): each
/// server's, those across servers and the list entries', each made as the report makes it
/// ([`report::found`]) so that both give one fingerprint.
fn suppress(
    config: &config::Config,
    servers: &mut [Server],
    cross: &mut Vec<CrossFinding>,
    allowlists: &mut crate::allowlist::report::Findings,
    levels: &Levels,
) {
    use crate::suppress::keep;
    let spot = |key: &str| report::spot(config, key);
    for server in servers.iter_mut() {
        let key = mcp_toolname_rules::message::short(&server.key).into_owned();
        let at = spot(&server.key);
        if let Outcome::Audited(judged) = &mut server.outcome {
            crate::suppress::judged(Some(&key));
            judged.findings.retain(|f| {
                keep(levels, || {
                    crate::diag::describe(f, levels, Some(&key), Some(&at))
                })
            });
        }
    }
    cross.retain(|f| keep(levels, || report::cross_diagnostic(f, levels, spot)));
    if !allowlists.lists.is_empty() {
        // A list entry about no one server.
        crate::suppress::judged(None);
    }
    let kept: Vec<bool> = allowlists
        .resolved
        .findings
        .iter()
        .map(|u| keep(levels, || allowlists.diagnostic(u, levels)))
        .collect();
    let mut kept = kept.into_iter();
    allowlists
        .resolved
        .findings
        .retain(|_| kept.next().unwrap_or(true));
}

/// Holds the entries that match nothing to `baselines`: each snapshot is the past of the
/// servers that announce its server's name.
fn past(
    servers: &[Server],
    lists: &[crate::allowlist::List],
    baselines: &[crate::surface::Surface],
    live: &[crate::allowlist::Names],
    resolved: &mut crate::allowlist::Resolved,
) {
    let baseline_of = |server: &Server| match &server.outcome {
        Outcome::Audited(judged) => baselines
            .iter()
            .find(|b| b.server.name == judged.listing.name)
            .map(|b| (b, judged.listing.surface(false))),
        Outcome::Skipped(_) | Outcome::Failed(_) => None,
    };
    for baseline in baselines {
        if !servers.iter().any(|s| {
            matches!(&s.outcome, Outcome::Audited(judged) if judged.listing.name == baseline.server.name)
        }) {
            say!(
                "note: no audited server of the config announces {}, the server of a --baseline \
                 snapshot; it is not used",
                show(&baseline.server.name)
            );
        }
    }
    let fates: Vec<(String, Vec<(String, crate::allowlist::past::Now)>)> = servers
        .iter()
        .filter_map(|s| {
            let (old, now) = baseline_of(s)?;
            Some((s.key.clone(), crate::allowlist::past::fates(old, &now)))
        })
        .collect();
    let past = list_names(servers, lists, |s| {
        baseline_of(s)
            .map(|(old, _)| {
                old.tools
                    .iter()
                    .filter(|e| e.listed && e.kind == crate::surface::entry::Kind::Tool)
                    .map(|e| e.name.clone())
                    .collect()
            })
            .unwrap_or_default()
    });
    crate::allowlist::past::against(lists, resolved, &past, live, &fates);
}

/// The names each client that reads one of `lists` gives the servers' tools (`tools` of
/// each server: its raw names), as [`judge`] gave them over the whole config: what
/// [`crate::allowlist::resolve`] matches the entries against.
fn list_names(
    servers: &[Server],
    lists: &[crate::allowlist::List],
    tools: impl Fn(&Server) -> Vec<String>,
) -> Vec<crate::allowlist::Names> {
    let mut out: Vec<crate::allowlist::Names> = Vec::new();
    for list in lists {
        let client = list.client;
        if out.iter().any(|n| n.client.id == client.id) {
            continue;
        }
        let servers = servers
            .iter()
            .map(|server| crate::allowlist::Server {
                key: server.key.clone(),
                part: server.keys.part(client).part.clone().ok(),
                listed: matches!(server.outcome, Outcome::Audited(_)),
                tools: tools(server)
                    .into_iter()
                    .map(|tool| {
                        // The name over the whole config where the server lists the tool
                        // (Codex's namespace hash), else the name the server alone gives it.
                        let listed = server
                            .tools()
                            .iter()
                            .find(|r| r.name == tool)
                            .and_then(|r| r.clients.iter().find(|v| v.client.id == client.id))
                            .map(|v| v.qualified.name.clone());
                        let name =
                            listed.unwrap_or_else(|| server.keys.part(client).qualify(&tool).name);
                        (tool, name)
                    })
                    .collect(),
                aliases: aliases(server, client),
            })
            .collect();
        out.push(crate::allowlist::Names { client, servers });
    }
    out
}

/// The old names `server` answers for renamed tools, listed and hidden, as `client` names
/// them.
fn aliases(
    server: &Server,
    client: &'static mcp_toolname_rules::ClientPreset,
) -> Vec<crate::allowlist::Alias> {
    let Some(judged) = server.judged() else {
        return Vec::new();
    };
    judged
        .listing
        .tools
        .iter()
        .map(|t| &t.entry)
        .chain(&judged.hidden)
        .filter_map(|e| crate::allowlist::Alias::of(e, server.keys.part(client)))
        .collect()
}

/// What `audit --config` found: every server of the config, and what they do to each other.
pub struct Fleet {
    config: config::Config,
    servers: Vec<Server>,
    cross: Vec<CrossFinding>,
    allowlists: crate::allowlist::report::Findings,
    code: u8,
    out: Output,
}

impl Report for Fleet {
    fn exit_code(&self) -> u8 {
        self.code
    }

    fn text(&self) -> String {
        let mut text = String::new();
        // Writing into a `String` does not fail.
        let _ = self.write_text(&mut text);
        text
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        let levels = &self.out.levels;
        let lists = &self.allowlists;
        let extra = text::Extra {
            section: &lists.text(levels),
            denied: lists
                .resolved
                .findings
                .iter()
                .filter(|u| lists.level(u, levels) == Level::Deny)
                .map(|u| crate::allowlist::report::lint_of(&u.kind).name)
                .collect(),
        };
        text::write(
            out,
            &self.config,
            &self.servers,
            &self.cross,
            self.code,
            &self.out,
            &extra,
        )
    }

    fn json(&self) -> Doc<'_> {
        report::json_doc(
            &self.config,
            &self.servers,
            &self.cross,
            self.code,
            &self.out.levels,
        )
        .field("allowlists", self.allowlists.json(&self.out.levels))
    }

    fn found(&self) -> Found<'_> {
        let mut found = report::found(&self.config, &self.servers, &self.cross, &self.out);
        found
            .diagnostics
            .extend(self.allowlists.diagnostics(&self.out.levels));
        found
    }
}

fn exit_code(servers: &[Server], cross: &[CrossFinding], levels: &Levels) -> u8 {
    if servers
        .iter()
        .any(|s| matches!(s.outcome, Outcome::Failed(_)))
    {
        2
    } else {
        u8::from(
            servers.iter().any(|s| s.denied(levels))
                || cross.iter().any(|f| f.level(levels) == Level::Deny)
                || !levels.settings_denied().is_empty(),
        )
    }
}

/// Numbers the server parts that clash under a client that numbers them (VS Code), then
/// judges each listed server under its keys and `levels` as `audit` judges one
/// ([`Judged::new`]), then what the clients make of all of them together ([`across`]). Each
/// server comes as its key, its keys and its listing (or what became of it instead).
fn judge(
    mut ran: Vec<(String, Keys, Result<Listing, Outcome>)>,
    levels: &Levels,
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<Server> {
    number_clashes(&mut ran.iter_mut().map(|(_, keys, _)| keys).collect::<Vec<_>>());
    let mut servers: Vec<Server> = ran
        .into_iter()
        .map(|(key, mut keys, outcome)| {
            let outcome = match outcome {
                Ok(listing) => {
                    Outcome::Audited(Box::new(Judged::new(&listing, &mut keys, levels, now)))
                }
                Err(outcome) => outcome,
            };
            Server { key, keys, outcome }
        })
        .collect();
    across(&mut servers);
    servers
}

/// What each client makes of the tools of every server together, where names of different
/// servers meet ([`qualify_config`]): each (server, tool)'s verdict under each client is
/// replaced by its verdict over the whole config, so every view reads one fate.
fn across(servers: &mut [Server]) {
    for (c, client) in CLIENTS.iter().enumerate() {
        let mut lists: Vec<ServerList> = servers
            .iter_mut()
            .filter_map(|server| {
                let part = server.keys.parts.get(c)?;
                let (key, rule) = (&*part.source, part.client);
                let Outcome::Audited(judged) = &mut server.outcome else {
                    return None;
                };
                let tools = judged
                    .reports
                    .iter_mut()
                    .filter_map(|r| Some((r.name.as_str(), &mut r.clients.get_mut(c)?.qualified)))
                    .collect();
                Some(ServerList { key, rule, tools })
            })
            .collect();
        qualify_config(client, &mut lists);
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    mcp_toolname_rules::message::joined(items, "and")
}
