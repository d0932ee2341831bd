//! Diagnostics: what every command found, as one list a CI format writes. Each finding of
//! `check`, `audit` and `audit --config` becomes a [`Diagnostic`] (its lint, its level for this
//! run, the problem, what to do, and where); the emit layer writes them. No emitter decides
//! anything: the levels were set before.

mod failure;

use mcp_toolname_rules::message;

use crate::findings::Finding;
use crate::lint::{Level, Levels, Lint};
pub use failure::{Exit, Failure};

/// A file, and a line of it when known: where a finding points.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Spot {
    /// The path as the user gave it.
    pub path: String,
    /// 1-based.
    pub line: Option<usize>,
    /// 1-based, in characters (Unicode code points).
    pub column: Option<usize>,
}

/// One finding, ready to write.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Its lint.
    pub lint: &'static Lint,
    /// Its level in this run ([`Level::Allow`] only for a finding a config row allows with a
    /// reason, which is [`Self::suppressed`]; other allowed findings are left out).
    pub level: Level,
    /// The problem in words.
    pub message: String,
    /// What to do, when the message does not say it already.
    pub help: Option<String>,
    /// The server it is about: its key in a config, else the name it announced, as
    /// [`message::short`] gives it (every finding holds a copy); `None` for a finding across
    /// servers.
    pub server: Option<String>,
    /// What it is about: each tool (or prompt) involved with its server, or whole servers.
    pub places: Vec<Place>,
    /// The file it points at, if any (the config file of `audit --config`).
    pub spot: Option<Spot>,
    /// The contract (LLM API) it is about, if one.
    pub contract: Option<&'static str>,
    /// The client it is about, if one.
    pub client: Option<&'static str>,
    /// What tells it apart from other findings of its lint about the same places, when its
    /// places do not ([`crate::suppress::detail_of`]); part of its fingerprint.
    pub detail: Option<String>,
    /// Its [`crate::suppress::fingerprint`]: the same finding has the same one in every run.
    pub fingerprint: String,
    /// Why it does not count, when a suppression takes it.
    pub suppressed: Option<crate::suppress::Suppressed>,
}

impl Diagnostic {
    /// A finding of `lint` at `level` about `places` (and `contract` or `client`), with its
    /// fingerprint; no spot, server or help until set.
    #[must_use]
    pub fn new(
        lint: &'static Lint,
        level: Level,
        message: String,
        places: Vec<Place>,
        contract: Option<&'static str>,
        client: Option<&'static str>,
    ) -> Self {
        let detail = crate::suppress::detail_of(lint, &message);
        let fingerprint =
            crate::suppress::fingerprint(lint.name, &places, contract, client, detail.as_deref());
        Self {
            lint,
            level,
            message,
            help: None,
            server: None,
            places,
            spot: None,
            contract,
            client,
            detail,
            fingerprint,
            suppressed: None,
        }
    }

    /// This finding told apart from others of its lint and places by `detail`.
    #[must_use]
    pub fn with_detail(mut self, detail: String) -> Self {
        self.fingerprint = crate::suppress::fingerprint(
            self.lint.name,
            &self.places,
            self.contract,
            self.client,
            Some(&detail),
        );
        self.detail = Some(detail);
        self
    }

    /// The message and what to do, as one sentence.
    #[must_use]
    pub fn text(&self) -> String {
        match &self.help {
            Some(help) => format!("{}; {help}", self.message),
            None => self.message.clone(),
        }
    }
}

/// A server, or one of its tools (or prompts).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The server's key or name, when known, as [`message::short`] gives it.
    pub server: Option<String>,
    /// The tool or prompt, if the place is one.
    pub item: Option<String>,
}

/// The places of a finding of server `server` about `items` (the server itself when none).
#[must_use]
pub fn places(server: Option<&str>, items: &[String]) -> Vec<Place> {
    if items.is_empty() {
        return server
            .map(|s| Place {
                server: Some(s.to_owned()),
                item: None,
            })
            .into_iter()
            .collect();
    }
    items
        .iter()
        .map(|item| Place {
            server: server.map(str::to_owned),
            item: Some(item.clone()),
        })
        .collect()
}

/// What a run gives SARIF and GitHub: each finding not allowed, and what could not be done,
/// made as it is written (a baseline within its size limit can break millions of ways).
pub struct Found<'a> {
    /// Every finding at warn or deny level, in report order.
    pub diagnostics: Vec<Diagnostic>,
    /// What could not be done (a server that could not be audited, a change that breaks the
    /// baseline).
    pub failures: Box<dyn Iterator<Item = Failure> + 'a>,
}

impl Default for Found<'_> {
    fn default() -> Self {
        Self::new(Vec::new(), Vec::new())
    }
}

impl<'a> Found<'a> {
    /// `diagnostics` and `failures`, all made.
    #[must_use]
    pub fn new(diagnostics: Vec<Diagnostic>, failures: Vec<Failure>) -> Self {
        Self {
            diagnostics,
            failures: Box::new(failures.into_iter()),
        }
    }

    /// `findings` not allowed at `levels`, about no server and no file (`check`).
    #[must_use]
    pub fn of<'f>(findings: impl IntoIterator<Item = &'f Finding>, levels: &Levels) -> Self {
        Self::new(
            findings
                .into_iter()
                .filter_map(|f| of_finding(f, levels, None, None))
                .collect(),
            Vec::new(),
        )
    }
}

/// What to do about `finding`: its fix (``write `x` instead``), else its lint's help, unless
/// its message says it already.
#[must_use]
pub fn help_for(lint: &Lint, suggestion: Option<&str>) -> Option<String> {
    match suggestion {
        Some(s) => Some(message::write_instead(s)),
        None if lint.said => None,
        None => Some(lint.help.to_owned()),
    }
}

/// `finding` of server `server` as a diagnostic at its level, or `None` when allowed.
#[must_use]
pub fn of_finding(
    finding: &Finding,
    levels: &Levels,
    server: Option<&str>,
    spot: Option<&Spot>,
) -> Option<Diagnostic> {
    let d = describe(finding, levels, server, spot);
    (d.level > Level::Allow).then_some(d)
}

/// `finding` of server `server` as a diagnostic at its level, allowed or not.
#[must_use]
pub fn describe(
    finding: &Finding,
    levels: &Levels,
    server: Option<&str>,
    spot: Option<&Spot>,
) -> Diagnostic {
    let lint = finding.kind;
    let level = levels.level(lint.name, finding.contract, finding.client);
    let mut d = Diagnostic::new(
        lint,
        level,
        finding.message.clone(),
        places(server, &finding.tools),
        finding.contract,
        finding.client,
    );
    d.help = match &finding.suggested_key {
        Some(key) => Some(format!(
            "give the server a key of `A-Z a-z 0-9 _ -` that no other server has (such as \
             {}): the key, not the tool's name, is why",
            message::show(key)
        )),
        None => help_for(lint, finding.suggestion.as_deref()),
    };
    d.server = server.map(str::to_owned);
    d.spot = spot.cloned();
    d
}

/// `diagnostics` with those of one lint about the same names in the same place made one, in
/// the order each first appears: a dotted name refused by six contracts is one annotation
/// (one SARIF result) listing the six reasons, not six.
#[must_use]
pub fn grouped(diagnostics: &[Diagnostic]) -> Vec<Diagnostic> {
    let groups = crate::group::in_order(diagnostics.iter().map(|d| {
        let key = Key {
            lint: d.lint.name,
            deny: d.level == Level::Deny,
            suppressed: d.suppressed.is_some(),
            server: d.server.as_deref(),
            places: &d.places,
            spot: d.spot.as_ref(),
            help: d.help.as_deref(),
        };
        (key, d)
    }));
    groups
        .into_iter()
        .map(|(_, members)| {
            // A message said twice is said once.
            let mut said: Vec<&str> = Vec::new();
            for m in &members {
                if !said.contains(&m.message.as_str()) {
                    said.push(&m.message);
                }
            }
            let mut d = members[0].clone();
            if said.len() > 1 {
                d.message = merged(&said);
            }
            let prints: Vec<&str> = members.iter().map(|m| m.fingerprint.as_str()).collect();
            d.fingerprint = crate::suppress::combined(&prints);
            d
        })
        .collect()
}

/// Several messages about one name as one sentence: each cluster of [`clusters`] said once,
/// joined with `; `. One message is itself; none is empty.
#[must_use]
pub fn merged(messages: &[&str]) -> String {
    clusters(messages)
        .into_iter()
        .map(|(_, sentence)| sentence)
        .collect::<Vec<_>>()
        .join("; ")
}

/// `messages` in clusters that say one thing, each with the indices of its messages and that
/// thing as one sentence, in the order each cluster first appears: the same message said
/// twice, or messages that differ only in what they are about (`... which the OpenAI API, the
/// Anthropic API and Amazon Bedrock do not allow ...`). Messages merge only where their shared
/// end starts with a verb made plural for the list ([`PLURAL`]), so the sentence stays
/// grammatical and says of each member what its own message said.
#[must_use]
pub fn clusters(messages: &[&str]) -> Vec<(Vec<usize>, String)> {
    let mut out: Vec<(Vec<usize>, String)> = Vec::new();
    for (i, &m) in messages.iter().enumerate() {
        let fits = out.iter_mut().find_map(|(members, sentence)| {
            let first = messages[members[0]];
            if first == m {
                return Some((members, None));
            }
            let mut with: Vec<&str> = Vec::new();
            for &j in members.iter() {
                if !with.contains(&messages[j]) {
                    with.push(messages[j]);
                }
            }
            with.push(m);
            merge_alike(&with).map(|merged| (members, Some((sentence, merged))))
        });
        match fits {
            Some((members, merged)) => {
                members.push(i);
                if let Some((sentence, merged)) = merged {
                    *sentence = merged;
                }
            }
            None => out.push((vec![i], m.to_owned())),
        }
    }
    out
}

/// The verbs a shared end may start with, each with its plural: `the OpenAI API does not
/// allow` becomes `the OpenAI API and Amazon Bedrock do not allow`.
const PLURAL: &[(&str, &str)] = &[
    (" does not ", " do not "),
    (" allows ", " allow "),
    (" requires ", " require "),
];

/// `messages` (two or more) as one sentence, when they share a start of 20 bytes or more and an
/// end holding a verb of [`PLURAL`], in whole words; else `None`.
fn merge_alike(messages: &[&str]) -> Option<String> {
    let (&first, rest) = messages.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let mut prefix = first.len();
    let mut suffix = first.len();
    for m in rest {
        prefix = prefix.min(common_prefix(first, m));
        suffix = suffix.min(common_suffix(first, m));
    }
    let shortest = messages.iter().map(|m| m.len()).min().unwrap_or(0);
    let prefix = first[..prefix].rfind(' ').map_or(0, |i| i + 1);
    // The shared end starts at a space: the tail reads ` does not allow ...`.
    let suffix = first[first.len() - suffix..]
        .find(' ')
        .map_or(0, |i| suffix - i);
    // The shared end starts at its first verb: `the OpenAI API` and `the Anthropic API` share
    // ` API does not allow`, and the list is of `OpenAI API` and `Anthropic API`.
    let shared = &first[first.len() - suffix..];
    let (at, many) = PLURAL
        .iter()
        .filter_map(|(one, many)| Some((shared.find(one)?, (one.len(), many))))
        .min_by_key(|(at, _)| *at)?;
    let suffix = suffix - at;
    if prefix < 20 || prefix + suffix >= shortest {
        return None;
    }
    let tail = format!("{}{}", many.1, &shared[at + many.0..]);
    let middles: Vec<String> = messages
        .iter()
        .map(|m| m[prefix..m.len() - suffix].to_owned())
        .collect();
    Some(format!(
        "{}{}{tail}",
        &first[..prefix],
        mcp_toolname_rules::message::joined(&middles, "and")
    ))
}

/// Bytes at the start of `a` and `b` that are the same characters.
fn common_prefix(a: &str, b: &str) -> usize {
    a.char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i)
}

/// Bytes at the end of `a` and `b` that are the same characters.
fn common_suffix(a: &str, b: &str) -> usize {
    a.chars()
        .rev()
        .zip(b.chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum()
}

/// What makes two diagnostics one annotation.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key<'a> {
    lint: &'static str,
    deny: bool,
    suppressed: bool,
    server: Option<&'a str>,
    places: &'a [Place],
    spot: Option<&'a Spot>,
    help: Option<&'a str>,
}

/// The 1-based line of server `key`'s entry in a client config's `text`: where its key is
/// written as a JSON object key (`"key":`) or a Codex table (`[mcp_servers.key]`, quoted or
/// not). `None` when it cannot be told.
#[must_use]
pub fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let json = serde_json::to_string(key).ok()?;
    let toml_bare = format!("[mcp_servers.{key}]");
    let toml_quoted = format!("[mcp_servers.{json}]");
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            line.starts_with(&toml_bare)
                || line.starts_with(&toml_quoted)
                || line
                    .strip_prefix(&json)
                    .and_then(|rest| rest.trim_start().strip_prefix(':'))
                    .is_some_and(|value| {
                        let value = value.trim_start();
                        value.is_empty() || value.starts_with('{')
                    })
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_what_several_messages_share() {
        let a = "tool name `a.b` contains a dot `.` at index 1, which the OpenAI API does not \
                 allow (allowed: `A-Z`)";
        let b = "tool name `a.b` contains a dot `.` at index 1, which Amazon Bedrock does not \
                 allow (allowed: `A-Z`)";
        assert_eq!(
            merged(&[a, b]),
            "tool name `a.b` contains a dot `.` at index 1, which the OpenAI API and Amazon \
             Bedrock do not allow (allowed: `A-Z`)"
        );
        assert_eq!(merged(&["short one", "other two"]), "short one; other two");
        // Two kinds of message about one long name: each kind merged on its own, never one
        // kind's words spliced into the other's sentence.
        let long = |contract: &str| {
            format!(
                "tool name `xxxxxxxxxxxxxxxxxxxx` is 128 characters long, but {contract} allows at most 64"
            )
        };
        let digit = |contract: &str| {
            format!(
                "tool name `xxxxxxxxxxxxxxxxxxxx` starts with the digit `5`, but {contract} requires it to start with a letter"
            )
        };
        let all = [
            long("SEP-986"),
            digit("Gemini"),
            long("the OpenAI API"),
            digit("the portable contract"),
        ];
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(
            merged(&all),
            "tool name `xxxxxxxxxxxxxxxxxxxx` is 128 characters long, but SEP-986 and the OpenAI \
             API allow at most 64; tool name `xxxxxxxxxxxxxxxxxxxx` starts with the digit `5`, but \
             Gemini and the portable contract require it to start with a letter"
        );
        assert_eq!(merged(&["one"]), "one");
        assert_eq!(merged(&[]), "");
    }

    #[test]
    fn finds_the_line_of_a_servers_key() {
        let json = "{\n  \"mcpServers\": {\n    \"a\": {\"calc\": \"x\"},\n    \"calc\": {\"command\": \"x\"},\n    \"b c\" :\n {}\n  }\n}";
        assert_eq!(line_of_key(json, "calc"), Some(4));
        assert_eq!(line_of_key(json, "b c"), Some(5));
        assert_eq!(line_of_key(json, "mcp"), None);
        let toml = "[mcp_servers.calc]\ncommand = \"x\"\n\n[mcp_servers.\"b.c\"]\n";
        assert_eq!(line_of_key(toml, "calc"), Some(1));
        assert_eq!(line_of_key(toml, "b.c"), Some(4));
    }
}
