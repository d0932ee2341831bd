//! Allow, deny and filter lists that name tools: does each entry still match a tool?
//!
//! Users write tool names into lists: Claude Code's `permissions` rules and its agents' and
//! skills' `tools` front matter (model-facing names, `mcp__<server>__<tool>`), and per-server
//! filters that take the tool's name as the server lists it (Gemini CLI's `includeTools` and
//! `excludeTools`, Codex's `enabled_tools` and `disabled_tools`, Copilot CLI's `tools`). A
//! client says nothing about an entry that matches no tool: the tool it meant is then left
//! out, keeps asking, or is not blocked. [`resolve`] matches each entry against the names a
//! client really gives the audited servers' tools and returns the entries that match nothing,
//! each with the nearest real name.
//!
//! The input is the client and, per server, its raw tool names and their model-facing names
//! ([`Names`]), however they were computed: `audit --config` builds them from each server's
//! keys ([`crate::fleet`]). [`read`] finds the lists in a config's server entries, a settings
//! file and an agents folder; [`report`] writes the findings.

mod decide;
mod lang;
pub mod past;
mod qwen;
pub mod read;
pub mod report;
pub mod rules;
pub mod settings;
#[cfg(test)]
mod tests;

use mcp_toolname_rules::ClientPreset;

#[cfg(test)]
pub(crate) use lang::glob;
pub(crate) use lang::{Pattern, qualified, raw};

/// Entries read from one list at most: past it the rest is counted, not matched, so a huge
/// list costs a bounded time.
pub const MAX_ENTRIES: usize = 4096;
/// Entries longer than this (in characters) are matched, but no nearest name is looked for
/// (that costs time in their length times the number of names).
pub const MAX_NEAREST_CHARS: usize = 512;

/// What a list does with the tools its entries name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Allowed without asking (`permissions.allow`).
    Allow,
    /// Asked about each time (`permissions.ask`).
    Ask,
    /// Blocked (`permissions.deny`, `disallowedTools`, `excludeTools`, `disabled_tools`).
    Deny,
    /// The only tools kept (`includeTools`, `enabled_tools`, Copilot CLI's `tools`, an
    /// agent's `tools`).
    Only,
}

impl Effect {
    /// Its name in JSON.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Ask => "ask",
            Self::Deny => "deny",
            Self::Only => "only",
        }
    }

    /// What an entry that matches nothing does, in words.
    #[must_use]
    pub const fn consequence(self) -> &'static str {
        match self {
            Self::Allow => "the tool it meant still asks for permission",
            Self::Ask => "the tool it meant is not asked about",
            Self::Deny => "the tool it meant is not blocked",
            Self::Only => "the tool it meant is left out",
        }
    }
}

/// How a list's entries name tools.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Form {
    /// Model-facing names of any server (Claude Code): `<prefix><part><sep><tool>`, the whole
    /// server as `<prefix><part>`, and `*` standing for any run of characters anywhere in
    /// the name (case counts; `?` is itself). Entries that do not start with the client's prefix are not about MCP tools
    /// (`Bash(npm test)`, `Read`) and are left alone.
    Qualified,
    /// The raw names of one server's tools, exactly as it lists them.
    Raw {
        /// The server's key in the config.
        server: String,
    },
    /// Servers' keys, each standing for every tool of its server, `*` for every server
    /// (Gemini CLI's `mcp.allowed`, `mcp.excluded`, a server's `trust`).
    Servers,
}

/// One list of tool names, for one client.
#[derive(Debug, Clone)]
pub struct List {
    /// The client that reads it.
    pub client: &'static ClientPreset,
    /// The file it is in, as given.
    pub file: String,
    /// What the list is: `permissions.deny`, `includeTools of server alpha`, `tools of agent
    /// reviewer`.
    pub field: String,
    /// What it does with the tools it names.
    pub effect: Effect,
    /// How its entries name tools.
    pub form: Form,
    /// Its entries (at most [`MAX_ENTRIES`]).
    pub entries: Vec<Entry>,
    /// Entries past [`MAX_ENTRIES`], not matched.
    pub dropped: usize,
    /// Whether the list holds permission rules that the client merges with the others of
    /// their kind, checking each when it reads the file and skipping one it finds invalid
    /// (Claude Code's and Qwen Code's `permissions`, Gemini CLI's policy settings;
    /// [`rules::skipped`], [`decide::decisions`]).
    pub checked: bool,
    /// Where its rules stand among the client's: of the rules that match a tool, one of the
    /// highest rank decides (Claude Code and Qwen Code: deny 3, ask 2, allow 1; Gemini CLI:
    /// its priorities, times 1000).
    pub rank: u32,
}

/// One entry of a list, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The entry as written (unquoted).
    pub text: String,
    /// Its 1-based line in the list's file, when known.
    pub line: Option<usize>,
    /// Its 1-based column there (in characters, at its opening quote where it has one), when
    /// known.
    pub column: Option<usize>,
}

impl Entry {
    /// An entry with no place.
    #[cfg(test)]
    #[must_use]
    pub fn bare(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            line: None,
            column: None,
        }
    }
}

/// One server's tools under one client.
#[derive(Debug, Clone)]
pub struct Server {
    /// The server's key in the config.
    pub key: String,
    /// The client's server part (the key as the client rewrites it); `None` when the client
    /// does not start the server.
    pub part: Option<String>,
    /// Whether its tools are known (it was audited); `false` for a server skipped or that
    /// could not be audited: entries about it are not judged.
    pub listed: bool,
    /// Each tool: its raw name, and its model-facing name under the client.
    pub tools: Vec<(String, String)>,
    /// The old names the server answers for a renamed tool (a server built with
    /// mcp-toolname says which, in surface mode).
    pub aliases: Vec<Alias>,
}

/// An old name a server answers for a renamed tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alias {
    /// The old name, raw.
    pub name: String,
    /// Its model-facing name under the client.
    pub qualified: String,
    /// The tool it now names, raw.
    pub of: String,
    /// The last day it is served, when the server says.
    pub until: Option<String>,
    /// Whether `tools/list` lists it (a hidden alias is answered, never listed).
    pub listed: bool,
}

impl Alias {
    /// The alias a snapshot or listing entry declares, named under the client's server part
    /// `part`; `None` for an entry that is no alias (or names no tool).
    #[must_use]
    pub fn of(entry: &crate::surface::Entry, part: &crate::keys::Part) -> Option<Self> {
        (entry.kind == crate::surface::entry::Kind::Alias).then_some(())?;
        Some(Self {
            name: entry.name.clone(),
            qualified: part.qualify(&entry.name).name,
            of: entry.of.as_deref()?.to_owned(),
            until: entry.until.as_deref().map(str::to_owned),
            listed: entry.listed,
        })
    }
}

/// Every server's tools under one client.
#[derive(Debug, Clone)]
pub struct Names {
    /// The client.
    pub client: &'static ClientPreset,
    /// The servers of the config, in order.
    pub servers: Vec<Server>,
}

/// What is wrong with an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// It matches no tool (`allowlist_entry_unmatched`).
    Unmatched,
    /// The client skips it when it reads the file (`allowlist_entry_skipped`): `message` is
    /// what the client says, `write` the entries that would do what it meant.
    Skipped {
        /// The client's own message, as it prints it.
        message: String,
        /// Why, in the client's words, without the entry (so a report can show the entry
        /// escaped beside it).
        reason: String,
        /// The entries to write instead (none when nothing it meant can be written).
        write: Vec<String>,
    },
    /// It grants tools beyond the server it names (`allowlist_entry_too_broad`).
    TooBroad {
        /// The keys of the other servers whose tools it grants.
        others: Vec<String>,
        /// How many tools of those servers it grants.
        tools: usize,
        /// Whether it grants every MCP tool of every server.
        every: bool,
        /// The entries that grant the named server's tools and no other's.
        write: Vec<String>,
    },
    /// Every tool it matches is an old name the server serves for a window
    /// (`allowlist_entry_alias`): when the window ends it matches nothing.
    Alias {
        /// The alias it matches.
        alias: String,
        /// The tool's name now, in the list's form: what to write.
        now: String,
        /// The alias's last day, when the server says.
        until: Option<String>,
    },
    /// A stronger rule takes every tool it matches, or it repeats an entry
    /// (`allowlist_entry_shadowed`).
    Shadowed {
        /// The entry that takes them (or that it repeats).
        by: String,
        /// That entry's list's field and file.
        field: String,
        /// Its file.
        file: String,
        /// Its line.
        line: Option<usize>,
        /// Whether it repeats `by` (same list kind) rather than being overruled by it.
        repeat: bool,
    },
}

/// An entry with something wrong.
#[derive(Debug, Clone)]
pub struct Finding {
    /// What is wrong.
    pub kind: Kind,
    /// The index of its list in the lists given to [`resolve`].
    pub list: usize,
    /// The entry as written.
    pub entry: String,
    /// Its line in the list's file, when known.
    pub line: Option<usize>,
    /// Its column there, when known.
    pub column: Option<usize>,
    /// The server it is about, when one can be told.
    pub server: Option<String>,
    /// The real name it most likely meant, in the form the list takes.
    pub nearest: Option<String>,
    /// Why it matches nothing, when more can be said than that (a model-facing name in a
    /// list that takes raw names, a wildcard the client does not read).
    pub why: Option<String>,
    /// With a baseline snapshot: the tool it matched there, and what became of it
    /// ([`past::against`]).
    pub was: Option<past::Was>,
}

/// What [`resolve`] found.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    /// Every entry with something wrong, in list order (entries shadowed after the rest).
    pub findings: Vec<Finding>,
    /// Entries that match at least one tool.
    pub matched: usize,
    /// Entries not judged: about a server not audited, or not in the config.
    pub unjudged: usize,
    /// Entries not about MCP tools (`Bash(...)`, `Read`), left alone.
    pub other: usize,
    /// What each client's permission rules decide for each tool ([`decide::decisions`]).
    pub decisions: Vec<decide::Decision>,
}

impl Resolved {
    /// The findings of entries that match nothing.
    #[must_use]
    pub fn unmatched(&self) -> Vec<&Finding> {
        self.findings
            .iter()
            .filter(|f| f.kind == Kind::Unmatched)
            .collect()
    }
}

/// Matches each entry of each list against `names` (one [`Names`] per client; a list whose
/// client has none is not judged).
#[must_use]
pub fn resolve(lists: &[List], names: &[Names]) -> Resolved {
    let mut out = Resolved::default();
    type Judged = (
        Option<(Kind, Option<String>)>,
        Option<Verdict>,
        Option<(Kind, Option<String>)>,
    );
    let mut judged: std::collections::HashMap<(&str, &Form, Effect, &str), Judged> =
        std::collections::HashMap::new();
    for (i, list) in lists.iter().enumerate() {
        out.unjudged += list.dropped;
        let Some(names) = names.iter().find(|n| n.client.id == list.client.id) else {
            out.unjudged += list.entries.len();
            continue;
        };
        for entry in &list.entries {
            let found = |kind, server, nearest, why| Finding {
                kind,
                list: i,
                entry: entry.text.clone(),
                line: entry.line,
                column: entry.column,
                server,
                nearest,
                why,
                was: None,
            };
            // An entry written many times is judged once (its copies are then shadowed).
            let (skipped, judged, broad) = judged
                .entry((list.client.id, &list.form, list.effect, &entry.text))
                .or_insert_with(|| {
                    let skipped = rules::skipped(list, names, &entry.text);
                    let judged = skipped.is_none().then(|| verdict(list, names, &entry.text));
                    let broad = (judged == Some(Verdict::Matched))
                        .then(|| rules::too_broad(list, names, &entry.text))
                        .flatten();
                    (skipped, judged, broad)
                })
                .clone();
            if let Some((kind, server)) = skipped {
                out.findings.push(found(kind, server, None, None));
                continue;
            }
            match judged.unwrap_or(Verdict::Other) {
                Verdict::Matched => {
                    out.matched += 1;
                    if let Some((kind, server)) = broad {
                        out.findings.push(found(kind, server, None, None));
                    }
                }
                Verdict::Unjudged => out.unjudged += 1,
                Verdict::Other => out.other += 1,
                Verdict::Unmatched {
                    server,
                    nearest,
                    why,
                } => out
                    .findings
                    .push(found(Kind::Unmatched, server, nearest, why)),
            }
        }
    }
    // Each client's valid permission rules with the tools each matches, found once for both.
    let mut decisions = Vec::new();
    for n in names {
        let rules = rules::rules_of(lists, n);
        out.findings.extend(rules::shadowed(lists, &rules));
        decisions.extend(decide::decisions(lists, n, rules));
    }
    past::aliases(lists, names, &mut out);
    out.decisions = decisions;
    out
}

/// What `entry` of `list` matches under `names`, as the list's client reads it.
pub(crate) fn verdict(list: &List, names: &Names, entry: &str) -> Verdict {
    match &list.form {
        Form::Qualified if names.client.id == mcp_toolname_rules::QWEN_CODE.id => {
            qwen::qwen(list, names, entry)
        }
        Form::Qualified if names.client.id == mcp_toolname_rules::GEMINI_CLI.id => {
            lang::gemini(names, entry)
        }
        Form::Qualified
            if [
                mcp_toolname_rules::OPENCODE.id,
                mcp_toolname_rules::KILO_CODE.id,
            ]
            .contains(&names.client.id) =>
        {
            lang::opencode(names, entry)
        }
        Form::Servers => lang::servers(names, entry),
        Form::Qualified => qualified(names, entry),
        Form::Raw { server } => raw(names, server, entry),
    }
}

/// What became of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    Matched,
    Unjudged,
    Other,
    Unmatched {
        server: Option<String>,
        nearest: Option<String>,
        why: Option<String>,
    },
}
