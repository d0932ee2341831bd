//! One server of a client config and what became of it, and the verdicts every view of the
//! report reads across the servers.

use mcp_toolname_rules::{ClientPreset, PromptVerdict, prompts_across};

use crate::findings::Finding;
use crate::keys::Keys;
use crate::lint::Levels;
use crate::names::{ClientVerdict, NameReport};
use crate::prompts::PromptReport;
use crate::report::Judged;

/// What became of one server of the config.
#[derive(Debug)]
pub enum Outcome {
    Audited(Box<Judged>),
    Skipped(String),
    Failed(String),
}

/// One server of the config and its audit.
#[derive(Debug)]
pub(super) struct Server {
    /// The config's name for it, as written.
    pub(super) key: String,
    /// What each client makes of it (clashes numbered across the config).
    pub(super) keys: Keys,
    pub(super) outcome: Outcome,
}

impl Server {
    /// What was judged of it, when it was audited.
    pub(super) fn judged(&self) -> Option<&Judged> {
        match &self.outcome {
            Outcome::Audited(judged) => Some(judged),
            Outcome::Skipped(_) | Outcome::Failed(_) => None,
        }
    }

    /// Its tools' verdicts (none when it was not audited).
    pub(super) fn tools(&self) -> &[NameReport] {
        self.judged().map_or(&[], |j| &j.reports)
    }

    /// Its prompts' verdicts (none when it was not audited).
    pub(super) fn prompts(&self) -> &[PromptReport] {
        self.judged().map_or(&[], |j| &j.prompts)
    }

    /// Its findings (none when it was not audited).
    pub(super) fn findings(&self) -> &[Finding] {
        self.judged().map_or(&[], |j| &j.findings)
    }

    /// Whether a finding of this server is at deny level.
    pub(super) fn denied(&self, levels: &Levels) -> bool {
        crate::report::denies(self.findings(), levels)
    }
}

/// Every audited (server, tool) of `servers`, in order, with its verdict (model-facing name,
/// fate, `refs_lost`) under `client`: the one verdict [`super::judge`] computed over the whole config, which every view
/// of the report reads.
pub(super) fn qualified<'a>(
    servers: &'a [Server],
    client: &'a ClientPreset,
) -> impl Iterator<Item = (&'a Server, &'a NameReport, &'a ClientVerdict)> {
    servers.iter().flat_map(move |server| {
        server.tools().iter().filter_map(move |tool| {
            let verdict = tool.clients.iter().find(|v| v.client.id == client.id)?;
            Some((server, tool, verdict))
        })
    })
}

/// What the audited servers of `servers` together cost each client's model, each tool as its
/// verdict over the whole config has it ([`crate::cost::Cost::of_servers`]).
pub(super) fn total_cost(servers: &[Server]) -> crate::cost::Cost {
    let judged: Vec<(&crate::listing::Listing, &[NameReport])> = servers
        .iter()
        .filter_map(Server::judged)
        .map(|j| (&j.listing, j.reports.as_slice()))
        .collect();
    crate::cost::Cost::of_servers(&judged)
}

/// Every audited (server, prompt) of `servers`, in order, with its command and fate under
/// `client` over the whole config ([`prompts_across`]): the one verdict every prompt view
/// across servers reads.
pub(super) fn prompt_verdicts<'a>(
    servers: &'a [Server],
    client: &ClientPreset,
) -> Vec<(&'a Server, &'a PromptReport, PromptVerdict)> {
    let names: Vec<(&str, Vec<&str>)> = servers
        .iter()
        .map(|s| {
            let prompts = s.prompts().iter().map(|p| p.name.as_str()).collect();
            (s.key.as_str(), prompts)
        })
        .collect();
    let verdicts = prompts_across(client, &names).unwrap_or_default();
    servers
        .iter()
        .zip(verdicts)
        .flat_map(|(server, verdicts)| {
            server
                .prompts()
                .iter()
                .zip(verdicts)
                .map(move |(prompt, verdict)| (server, prompt, verdict))
        })
        .collect()
}
