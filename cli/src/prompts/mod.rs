//! Prompt names: clients turn a server's prompts into slash commands, and a name
//! breaks there the way a tool name breaks an LLM request. Every verdict comes from the rules
//! crate: the contract ([`PROMPT`]), each client's command and whether it runs
//! ([`slash_command`]), the fix ([`suggest_set`]). This module judges a set of names, for
//! `check --prompt` and for [`audit`], the prompts section of `audit`.

pub mod audit;

use mcp_toolname_rules::lint;
use mcp_toolname_rules::{
    ClientPreset, CommandTaken, PROMPT, SetFix, SlashCommand, Whitespace, builtin_met, check,
    message, prompt_clients, slash_command, suggest_set,
};

use crate::lint::Level;
pub use crate::listing::ServedPrompt;
use crate::verdict::{self, Seen};
use crate::wrap::plural;

/// What one client makes of a prompt.
#[derive(Debug, Clone)]
pub struct Command {
    /// The client.
    pub client: &'static ClientPreset,
    /// The command a user types, and whether it runs.
    pub slash: SlashCommand,
}

impl Command {
    /// `runs`, `cannot run` or `unknown` (the client was not run).
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self.slash.runs {
            Some(true) => "runs",
            Some(false) => "cannot run",
            None => "unknown",
        }
    }
}

/// One prompt name judged: against [`PROMPT`], under each prompt client, and its fix as one
/// name of its set.
#[derive(Debug, Clone)]
pub struct PromptReport {
    /// The name.
    pub name: String,
    /// Its arguments' names (empty for `check`).
    pub arguments: Vec<String>,
    /// Why [`PROMPT`] refuses it, in the rules crate's words; `None` when it passes.
    pub problem: Option<String>,
    /// Its command under each client of [`prompt_clients`], in that order.
    pub commands: Vec<Command>,
    /// Its fix, as one name of the set judged.
    pub fix: SetFix,
}

impl PromptReport {
    /// Whether the name passes [`PROMPT`].
    #[must_use]
    pub fn passes(&self) -> bool {
        self.problem.is_none()
    }

    /// The name to write instead, if one is offered.
    #[must_use]
    pub fn suggestion(&self) -> Option<String> {
        match &self.fix {
            SetFix::Rename(to) => Some(to.clone()),
            SetFix::Keep | SetFix::NoReadable => None,
        }
    }

    /// The fix as users read it (``write `x` instead``, or that no name can be made), when
    /// the name needs one.
    #[must_use]
    pub fn help(&self) -> Option<String> {
        match &self.fix {
            SetFix::Rename(to) => Some(message::write_instead(to)),
            SetFix::NoReadable => Some(no_fix(&self.name)),
            SetFix::Keep => None,
        }
    }

    /// The commands a client was run and found not to run.
    pub fn not_run(&self) -> impl Iterator<Item = &Command> {
        self.commands.iter().filter(|c| c.slash.runs == Some(false))
    }
}

/// Judges `names` (distinct) as one set of a server with key `key`: each against [`PROMPT`],
/// its command under every prompt client, and fixes none of which repeats another, a name of
/// `names` or one of `in_use` ([`suggest_set`] with [`PROMPT`] alone, no length budget).
#[must_use]
pub fn judge_set(names: &[&str], key: &str, in_use: &[&str]) -> Vec<PromptReport> {
    let fixes = suggest_set(names, in_use, &[&PROMPT], usize::MAX);
    names
        .iter()
        .zip(fixes)
        .map(|(name, fix)| PromptReport {
            name: (*name).to_owned(),
            arguments: Vec::new(),
            problem: check(name, &PROMPT)
                .err()
                .map(|err| message::item_name_error(&message::Kind::PROMPT, name, &err, &PROMPT)),
            commands: prompt_clients()
                .filter_map(|client| {
                    let slash = slash_command(client, key, name)?;
                    Some(Command { client, slash })
                })
                .collect(),
            fix,
        })
        .collect()
}

/// Why `client` cannot run prompt `name` as `command`, in one line: from what the client does
/// with white space ([`Whitespace`]), or because an empty name leaves no command.
#[must_use]
pub fn cannot_run(client: &ClientPreset, name: &str, command: &str) -> String {
    let head = format!(
        "{} cannot run prompt {} as {}",
        client.title,
        message::show(name),
        message::show(command)
    );
    let Some(rule) = client.prompts else {
        return head;
    };
    if name.is_empty() {
        return format!("{head}: an empty name leaves only the prefix, which names no prompt");
    }
    if let Some(builtin) = builtin_met(client, name)
        && rule.on_taken == CommandTaken::BuiltinKeeps
    {
        return format!(
            "{head}: that is its built-in command {}, which keeps it",
            message::show(&format!("{}{builtin}", rule.prefix))
        );
    }
    if let Some(ch) = name.chars().find(|ch| rule.path_chars.contains(ch)) {
        return format!(
            "{head}: the {} in it makes it read the command as a file path",
            message::show(&ch.to_string())
        );
    }
    match rule.whitespace {
        Whitespace::EndsCommand if name.chars().any(char::is_whitespace) => {
            let read = command.split(char::is_whitespace).next().unwrap_or(command);
            format!(
                "{head}: white space ends its command, so it reads {} and takes the rest as \
                 arguments; no prompt has that name",
                message::show(read)
            )
        }
        _ => head,
    }
}

/// No readable fix for prompt `name`: the rules crate's [`message::no_readable_fix`] speaks of
/// tools and ASCII names, which prompt names need not be.
#[must_use]
pub fn no_fix(name: &str) -> String {
    format!(
        "no readable name can be made from {}: name the prompt yourself ({} allows {})",
        message::show(name),
        PROMPT.title,
        PROMPT.allowed
    )
}

/// A prompt's verdict at its level for this run, as [`verdict::tool`] gives a tool's.
#[must_use]
pub fn verdict_of(report: &PromptReport, own: &[Seen<'_>]) -> (Option<Level>, String) {
    let name = message::show(&report.name);
    let Some(level) = verdict::worst(own) else {
        return (None, name);
    };
    let mut parts = Vec::new();
    if own.iter().any(|s| s.finding.kind == &lint::PROMPT_NAME)
        && let Some(problem) = &report.problem
    {
        parts.push(verdict::without_name(problem, "prompt", &report.name));
    }
    let clients: Vec<String> = own
        .iter()
        .filter(|s| s.finding.kind == &lint::PROMPT_COMMAND)
        .filter_map(|s| {
            report
                .commands
                .iter()
                .find(|c| Some(c.client.id) == s.finding.client)
                .map(|c| c.client.title.to_owned())
        })
        .collect();
    if !clients.is_empty() {
        parts.push(format!(
            "{} cannot run it as a slash command",
            message::joined(&clients, "and")
        ));
    }
    let arguments = own
        .iter()
        .filter(|s| s.finding.kind == &lint::PROMPT_ARGUMENT)
        .count();
    if arguments > 0 {
        parts.push(format!(
            "{arguments} {} about its arguments (under `prompt arguments`)",
            plural(arguments, "finding", "findings")
        ));
    }
    parts.push(report.help().unwrap_or_else(|| {
        own.iter()
            .max_by_key(|s| s.level)
            .map(|s| s.finding.kind.help.to_owned())
            .unwrap_or_default()
    }));
    (
        Some(level),
        format!("{name} {}: {}", verdict::lints(own), parts.join("; ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_space_is_a_problem_and_claude_code_and_qwen_code_cannot_run_it() {
        let reports = judge_set(&["review pr", "plain"], "github", &[]);
        let spaced = &reports[0];
        assert!(!spaced.passes());
        assert_eq!(spaced.suggestion().as_deref(), Some("review_pr"));
        let not_run: Vec<&str> = spaced.not_run().map(|c| c.client.id).collect();
        assert_eq!(not_run, ["claude_code", "qwen_code"]);
        let c = spaced.not_run().next().unwrap();
        assert_eq!(
            cannot_run(c.client, &spaced.name, &c.slash.command),
            "Claude Code cannot run prompt `review pr` as `/mcp__github__review pr`: white \
             space ends its command, so it reads `/mcp__github__review` and takes the rest as \
             arguments; no prompt has that name"
        );
        assert!(reports[1].passes() && reports[1].not_run().next().is_none());
        assert_eq!(reports[1].help(), None);
    }

    #[test]
    fn a_built_in_command_name_is_moved_or_kept_by_the_client() {
        let reports = judge_set(&["help"], "srv", &[]);
        let not_run: Vec<&Command> = reports[0].not_run().collect();
        assert_eq!(not_run.len(), 1);
        assert_eq!(
            cannot_run(not_run[0].client, "help", &not_run[0].slash.command),
            "Qwen Code cannot run prompt `help` as `/help`: that is its built-in command \
             `/help`, which keeps it"
        );
        let gemini = reports[0]
            .commands
            .iter()
            .find(|c| c.client.id == "gemini_cli")
            .unwrap();
        assert_eq!(
            (gemini.slash.command.as_str(), gemini.slash.runs),
            ("/srv.help", Some(true))
        );
    }

    #[test]
    fn fixes_are_one_set() {
        let reports = judge_set(&["a b", "a\tb"], "s", &["a_b"]);
        let fixes: Vec<Option<String>> = reports.iter().map(PromptReport::suggestion).collect();
        assert_eq!(fixes, [Some("a_b_2".to_owned()), Some("a_b_3".to_owned())]);
    }
}
