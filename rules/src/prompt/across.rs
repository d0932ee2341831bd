//! Prompts over a whole config: what the prompts of other servers do to each one's command
//! under a client, as [`crate::qualify_config`] says it for tools.

use super::slash_command;
use crate::client::{ClientPreset, CommandTaken, PromptClash};

/// What becomes of one prompt of a config under one client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromptFate {
    /// Its command runs it, whatever the order the servers answer in.
    Runs,
    /// Its command met another server's prompt under another name, and the client renamed it
    /// to the command given, which runs it (Gemini CLI: `/<server>.<command>`).
    Moved,
    /// It shares its command with other servers' prompts, and the order the servers answer in
    /// decides which one the command runs; where the client renames the others, `renamed` is
    /// the command it gets then, else it cannot be run then.
    Raced,
    /// Another prompt of its server takes the command, always: it cannot be run.
    Shadowed,
    /// The client cannot run it at all (its name, or a built-in command that keeps its
    /// command).
    CannotRun,
    /// The client was not run: not known.
    Unknown,
}

impl PromptFate {
    /// The word the JSON report and the tests use: `runs`, `moved`, `raced`, `shadowed`,
    /// `cannot_run`, `unknown`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Runs => "runs",
            Self::Moved => "moved",
            Self::Raced => "raced",
            Self::Shadowed => "shadowed",
            Self::CannotRun => "cannot_run",
            Self::Unknown => "unknown",
        }
    }
}

/// One prompt of a config under one client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptVerdict {
    /// The command a user types for it.
    pub command: String,
    /// What becomes of it.
    pub fate: PromptFate,
    /// For [`PromptFate::Raced`] under a client that renames: the command it gets when
    /// another server's prompt keeps `command`.
    pub renamed: Option<String>,
    /// The first other server (by index into the config) whose prompt shares or took its
    /// command.
    pub meets_server: Option<usize>,
}

/// Every prompt of a config under `client`: `servers` is each server's key and distinct prompt
/// names, in config order; the answer has one verdict per name, in the same shape, or is
/// `None` for a client with no prompt rule ([`ClientPreset::prompts`]).
///
/// Prompts of different servers that make one command meet as the client's rule says
/// ([`PromptClash`]); a command met under different names is renamed where the client does
/// that ([`CommandTaken::RenamedWithServer`]). Prompts of one server that make one command
/// are that server's own look-alikes: the later one listed keeps it where the client gathers
/// them by command (Kilo Code), else both keep their verdicts.
///
/// ```
/// use mcp_toolname_rules::{prompts_across, PromptFate, GEMINI_CLI, KILO_CODE};
/// let servers = [("one", vec!["plain", "review pr"]), ("two", vec!["plain", "review-pr"])];
/// let g = prompts_across(&GEMINI_CLI, &servers).unwrap();
/// assert_eq!(g[1][0].fate, PromptFate::Raced);
/// assert_eq!(g[1][0].renamed.as_deref(), Some("/two_plain"));
/// assert_eq!((g[0][1].command.as_str(), g[0][1].fate), ("/one.review-pr", PromptFate::Moved));
/// let k = prompts_across(&KILO_CODE, &servers).unwrap();
/// assert_eq!((k[1][1].command.as_str(), k[1][1].fate), ("/two:review-pr", PromptFate::Runs));
/// ```
#[must_use]
pub fn prompts_across(
    client: &ClientPreset,
    servers: &[(&str, Vec<&str>)],
) -> Option<Vec<Vec<PromptVerdict>>> {
    let rule = client.prompts.as_ref()?;
    let mut out: Vec<Vec<PromptVerdict>> = servers
        .iter()
        .map(|(key, names)| {
            names
                .iter()
                .filter_map(|name| {
                    let slash = slash_command(client, key, name)?;
                    let fate = match slash.runs {
                        Some(true) => PromptFate::Runs,
                        Some(false) => PromptFate::CannotRun,
                        None => PromptFate::Unknown,
                    };
                    Some(PromptVerdict {
                        command: slash.command,
                        fate,
                        renamed: None,
                        meets_server: None,
                    })
                })
                .collect()
        })
        .collect();
    // Runnable prompts by command, in config order.
    let mut groups: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for (s, verdicts) in out.iter().enumerate() {
        for (i, v) in verdicts.iter().enumerate() {
            if v.fate != PromptFate::Runs {
                continue;
            }
            match groups.iter_mut().find(|(c, _)| *c == v.command) {
                Some((_, members)) => members.push((s, i)),
                None => groups.push((v.command.clone(), vec![(s, i)])),
            }
        }
    }
    for (command, members) in groups {
        if members.len() < 2 {
            continue;
        }
        // Within one server: a client that gathers prompts by command keeps the last listed.
        let mut per_server: Vec<(usize, usize)> = Vec::new();
        for &(s, i) in &members {
            match per_server.iter_mut().find(|(t, _)| *t == s) {
                Some(kept) => {
                    if rule.sanitized {
                        out[s][kept.1].fate = PromptFate::Shadowed;
                        out[s][kept.1].meets_server = Some(s);
                        kept.1 = i;
                    }
                }
                None => per_server.push((s, i)),
            }
        }
        if per_server.len() < 2 {
            continue;
        }
        let other = |s: usize| per_server.iter().map(|(t, _)| *t).find(|t| *t != s);
        let name_of = |s: usize, i: usize| servers[s].1[i];
        let one_name = per_server
            .iter()
            .all(|&(s, i)| name_of(s, i) == name_of(per_server[0].0, per_server[0].1));
        for &(s, i) in &per_server {
            let verdict = &mut out[s][i];
            verdict.meets_server = other(s);
            match (rule.on_clash, rule.on_taken) {
                (PromptClash::LaterRenamed(_), CommandTaken::RenamedWithServer(sep))
                    if !one_name =>
                {
                    let bare = command.strip_prefix(rule.prefix).unwrap_or(&command);
                    verdict.command = format!("{}{}{sep}{bare}", rule.prefix, servers[s].0);
                    verdict.fate = PromptFate::Moved;
                }
                (PromptClash::LaterRenamed(sep), _) => {
                    verdict.fate = PromptFate::Raced;
                    // The client renames the prompt, then makes the command of the new name.
                    let renamed = format!("{}{sep}{}", servers[s].0, name_of(s, i));
                    verdict.renamed = slash_command(client, "", &renamed).map(|c| c.command);
                }
                (PromptClash::FirstConnected | PromptClash::LastConnected, _) => {
                    verdict.fate = PromptFate::Raced;
                }
                (PromptClash::Unknown, _) => verdict.fate = PromptFate::Unknown,
                (PromptClash::NeverMeet, _) => {}
            }
        }
    }
    Some(out)
}
