//! Qwen Code's rules: matched against its names and their older forms after sanitising, as
//! `matchesMcpPattern` and `matchesRule` in `chunks/chunk-47C3HPMW.js` of
//! @qwen-code/qwen-code 0.24.4 match them (run: `cli/tests/oracle_permissions.rs`).

use mcp_toolname_rules::{QWEN_CODE, qualify};

use super::lang::qualified;
use super::{Kind, List, Names, Verdict};

/// An entry of Qwen Code's rules: matched as it matches ([`QwenRule`]); one that
/// matches nothing is described as a model-facing name is ([`qualified`]).
pub(crate) fn qwen(list: &List, names: &Names, entry: &str) -> Verdict {
    if !entry.starts_with(names.client.prefix) {
        return Verdict::Other;
    }
    let tool = entry.split_once('(').map_or(entry, |(t, _)| t);
    let rule = QwenRule::new(tool);
    let owner = names
        .servers
        .iter()
        .find(|s| s.tools.iter().any(|(raw, q)| rule.matches(&s.key, raw, q)));
    if owner.is_some_and(|s| !s.listed) {
        return Verdict::Unjudged;
    }
    if !super::rules::matched(list, names, tool).is_empty() {
        return Verdict::Matched;
    }
    match qualified(names, entry) {
        Verdict::Matched => Verdict::Unmatched {
            server: None,
            nearest: None,
            why: Some(
                "Qwen Code reads `*` only at the end of a rule, and `*` there as a plain prefix"
                    .to_owned(),
            ),
        },
        other => other,
    }
}

/// Qwen Code's sanitising of a name before a prefix or server comparison: each character
/// outside `A-Z a-z 0-9 _ -` made `_`, and `tool_` in front unless it starts with a letter.
/// Borrowed where that changes nothing (a name as Qwen Code gives it).
fn qwen_sanitised(name: &str) -> std::borrow::Cow<'_, str> {
    let kept = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if name.chars().all(kept) && name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return std::borrow::Cow::Borrowed(name);
    }
    let out: String = name
        .chars()
        .map(|c| if kept(c) { c } else { '_' })
        .collect();
    if out.starts_with(|c: char| c.is_ascii_alphabetic()) {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Owned(format!("tool_{out}"))
    }
}

/// A Qwen Code rule (its tool name, without parentheses), read once for every tool it is
/// matched against ([`QwenRule::matches`]).
pub struct QwenRule<'a> {
    rule: &'a str,
    /// Its length in characters: a tool's older name is made only where it could be equal.
    chars: usize,
    /// Three `__` parts or more and no trailing `*`: the name the client would give it.
    normalised: Option<String>,
    /// A trailing `*`: the rest, sanitised.
    prefix: Option<String>,
    /// Two `__` parts: the server part, sanitised.
    server: Option<String>,
}

impl<'a> QwenRule<'a> {
    /// Reads `rule`.
    #[must_use]
    pub fn new(rule: &'a str) -> Self {
        let parts: Vec<&str> = rule.split("__").collect();
        let normalised = (!rule.ends_with('*') && parts.len() >= 3)
            .then(|| {
                rule.strip_prefix("mcp__")
                    .and_then(|r| r.split_once("__"))
                    .map(|(k, t)| qualify(&QWEN_CODE, k, t).name)
            })
            .flatten();
        let prefix = rule
            .strip_suffix('*')
            .map(|p| qwen_sanitised(p).into_owned());
        let server =
            (parts.len() == 2 && prefix.is_none()).then(|| qwen_sanitised(parts[1]).into_owned());
        Self {
            rule,
            chars: rule.chars().count(),
            normalised,
            prefix,
            server,
        }
    }

    /// Whether the rule matches the tool `raw` of server `key`, whose model-facing name is
    /// `name`, as `matchesMcpPattern` and `matchesRule` match (`chunks/chunk-47C3HPMW.js` of
    /// @qwen-code/qwen-code 0.24.4).
    #[must_use]
    pub fn matches(&self, key: &str, raw: &str, name: &str) -> bool {
        if self.rule == name {
            return true;
        }
        if let Some(normalised) = &self.normalised {
            // The older name keeps the length of `mcp__<key>__<raw>`, or is cut to 63.
            let written = 7 + key.chars().count() + raw.chars().count();
            let could = self.chars == written || (written > 63 && self.chars <= 63);
            return *normalised == name || (could && self.rule == qwen_legacy(key, raw));
        }
        if let Some(prefix) = &self.prefix {
            return qwen_sanitised(name).starts_with(prefix.as_str());
        }
        let Some(server) = &self.server else {
            return false;
        };
        let mut tool = name.split("__");
        tool.next() == self.rule.split("__").next()
            && tool
                .next()
                .is_some_and(|s| qwen_sanitised(s) == server.as_str())
            && tool.next().is_some()
    }
}

/// The older name Qwen Code still matches rules against (`generateLegacyMcpToolName`): each
/// character outside `A-Z a-z 0-9 _ . -` of `mcp__<key>__<raw>` made `_`, and past 63
/// UTF-16 units the first 28 and the last 32 joined by `___`.
fn qwen_legacy(key: &str, raw: &str) -> String {
    let kept: String = format!("mcp__{key}__{raw}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let units: Vec<u16> = kept.encode_utf16().collect();
    if units.len() > 63 {
        let mut cut = units[..28].to_vec();
        cut.extend("___".encode_utf16());
        cut.extend(&units[units.len() - 32..]);
        String::from_utf16_lossy(&cut)
    } else {
        kept
    }
}

/// Qwen Code's MCP rules it never matches: with parentheses, or unbalanced ones.
pub(crate) fn qwen_skipped(names: &Names, entry: &str) -> Option<(Kind, Option<String>)> {
    let tool = entry.split_once('(').map_or(entry, |(t, _)| t);
    if !tool.starts_with("mcp__") || tool == entry {
        return None;
    }
    let rule = QwenRule::new(tool);
    let owner = names
        .servers
        .iter()
        .find(|s| s.tools.iter().any(|(raw, q)| rule.matches(&s.key, raw, q)))
        .map(|s| s.key.clone());
    let opens = entry.matches('(').count();
    let (message, reason) = if opens != entry.matches(')').count() || !entry.ends_with(')') {
        (
            format!("Ignoring malformed rule (unbalanced parentheses): {entry}"),
            "malformed rule (unbalanced parentheses), said only in its debug log".to_owned(),
        )
    } else {
        let inner = &entry[tool.len() + 1..entry.len() - 1];
        (
            format!(
                "MCP rule \"{entry}\" has specifier \"{inner}\" \u{2014} MCP tool names already \
                 encode server identity; specifier not supported"
            ),
            "MCP tool names already encode server identity; specifier not supported, said \
             only in its debug log"
                .to_owned(),
        )
    };
    Some((
        Kind::Skipped {
            message,
            reason,
            write: vec![tool.to_owned()],
        },
        owner,
    ))
}
