//! What a client makes of (config key, tool name): its server part, the model-facing name,
//! and whether the name fits its budget. The client rules are data ([`crate::client`]);
//! this module only applies them, to the key as the config writes it.

use crate::client::{ClientPreset, Measure, Overflow};
use crate::contract::Charset;

/// What a client makes of one tool name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualified {
    /// The model-facing name; for [`Fate::Hashed`] the last characters stand for the hash
    /// (`<sha1 12hex>`: the SHA-1 is not computed here). Empty for [`Fate::KeyRefused`].
    pub name: String,
    /// Its length as the client measures it.
    pub measured: usize,
    /// What happened to it.
    pub fate: Fate,
}

/// The outcome of qualification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Within the budget, every character kept.
    Kept,
    /// Within the budget after characters were replaced by `_`.
    Normalised,
    /// Over the budget: the API refuses the whole request.
    Refused,
    /// A hash suffix replaces the end (unique, but unreadable): over the budget, or, for
    /// Cline, changed by replacing.
    Hashed,
    /// Over the budget: cut (in the middle, or at the end), so two names can become one.
    Cut,
    /// Over the budget: the tool is left out.
    Skipped,
    /// The client refuses the server's key and does not start the server.
    KeyRefused,
}

impl Fate {
    /// Whether the model sees the tool under a name a reader recognises.
    #[must_use]
    pub const fn is_fine(self) -> bool {
        matches!(self, Self::Kept | Self::Normalised)
    }
}

/// Why a client refuses a config key: the first character outside what it takes, or an
/// empty key (`None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyRefusal {
    /// The character and its index (in characters); `None` for an empty key.
    pub at: Option<(char, usize)>,
}

/// The server part `client` makes of `key`, the key a config gives the server, as written.
/// For a client that names servers by their `serverInfo` ([`crate::KeyRule::from_server_info`])
/// pass the announced name when it is known; numbering clashes is the caller's (it needs the
/// other servers).
///
/// ```
/// use mcp_toolname_rules::{client_key, CLAUDE_CODE, CODEX, VSCODE};
/// assert_eq!(client_key(&CLAUDE_CODE, "数据库").as_deref(), Ok("___"));
/// assert!(client_key(&CODEX, "数据库").is_err());
/// assert_eq!(client_key(&CODEX, "my-server").as_deref(), Ok("my_server"));
/// assert_eq!(client_key(&VSCODE, "My  Server!").as_deref(), Ok("my_server_"));
/// ```
///
/// # Errors
/// [`KeyRefusal`] when the client refuses the key and does not start the server.
pub fn client_key(client: &ClientPreset, key: &str) -> Result<String, KeyRefusal> {
    let rule = &client.key;
    if let Some(allowed) = rule.refuses_outside {
        if key.is_empty() {
            return Err(KeyRefusal { at: None });
        }
        if let Some((index, ch)) = key.chars().enumerate().find(|(_, c)| !allowed.contains(*c)) {
            return Err(KeyRefusal {
                at: Some((ch, index)),
            });
        }
    }
    let lowered;
    let key = if rule.lowercase {
        lowered = key.to_lowercase();
        &lowered
    } else {
        key
    };
    let replaced = match rule.keeps {
        Some(keeps) => replace(key, keeps, rule.collapse_runs),
        None => key.to_owned(),
    };
    Ok(replaced.chars().take(client.max_key_len).collect())
}

/// `text` with every character outside `keeps` turned into `_`; with `collapse`, a run of
/// them into one `_`.
fn replace(text: &str, keeps: Charset, collapse: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if keeps.contains(c) {
            out.push(c);
            in_run = false;
        } else if !(collapse && in_run) {
            out.push('_');
            in_run = true;
        }
    }
    out
}

/// The model-facing form of `tool` on a server the config calls `server_key` (as written:
/// any string), under `client`.
///
/// ```
/// use mcp_toolname_rules::{qualify, Fate, CLAUDE_CODE, CODEX, CURSOR, GEMINI_CLI};
/// let q = qualify(&CLAUDE_CODE, "github", "create_issue");
/// assert_eq!((q.name.as_str(), q.fate), ("mcp__github__create_issue", Fate::Kept));
/// let q = qualify(&CLAUDE_CODE, "google-workspace", "calendar.respondToEvent");
/// assert_eq!((q.name.as_str(), q.fate), ("mcp__google-workspace__calendar_respondToEvent", Fate::Normalised));
/// let q = qualify(&GEMINI_CLI, "srv", &"x".repeat(70));
/// assert_eq!((q.name.len(), q.fate), (63, Fate::Cut));
/// assert_eq!(qualify(&CODEX, "数据库", "query").fate, Fate::KeyRefused);
/// assert_eq!(qualify(&CURSOR, "g", &"t".repeat(59)).fate, Fate::Skipped);
/// ```
#[must_use]
pub fn qualify(client: &ClientPreset, server_key: &str, tool: &str) -> Qualified {
    match client_key(client, server_key) {
        Ok(part) => {
            let replaced = client
                .key
                .keeps
                .is_some_and(|keeps| server_key.chars().any(|c| !keeps.contains(c)));
            qualify_part(client, &part, replaced, tool)
        }
        Err(_) => Qualified {
            name: String::new(),
            measured: 0,
            fate: Fate::KeyRefused,
        },
    }
}

/// The model-facing form of `tool` when the client's server part is `part` (from
/// [`client_key`], numbered when the client numbers clashes); `key_replaced` says whether
/// making `part` replaced characters of the key.
#[must_use]
pub fn qualify_part(
    client: &ClientPreset,
    part: &str,
    key_replaced: bool,
    tool: &str,
) -> Qualified {
    let raw_tool = replace(tool, client.keeps, client.collapse_runs);
    let changed = key_replaced || raw_tool != tool;
    let name = format!("{}{part}{}{raw_tool}", client.prefix, client.separator);
    let len = name.chars().count();
    let measured = match client.measure {
        Measure::Whole => len,
        Measure::ServerPlusTool => part.chars().count() + tool.chars().count(),
    };
    let hashed_for_change = client.hash_when_changed && changed;
    if measured <= client.max_len && !hashed_for_change {
        let fate = if changed {
            Fate::Normalised
        } else {
            Fate::Kept
        };
        return Qualified {
            name,
            measured,
            fate,
        };
    }
    let max = client.max_len;
    let (name, fate) = match client.overflow {
        Overflow::ApiError => (name, Fate::Refused),
        Overflow::Skip => (name, Fate::Skipped),
        Overflow::Cut => (name.chars().take(max).collect(), Fate::Cut),
        Overflow::HashSuffix { hex } => {
            let keep = max.saturating_sub(hex + 1);
            let head: String = name.chars().take(keep).collect();
            (format!("{head}_{}", hash_placeholder(hex)), Fate::Hashed)
        }
        Overflow::MiddleCut(marker) => {
            let room = max.saturating_sub(marker.len());
            let head = room.div_ceil(2);
            let tail = room - head;
            let chars: Vec<char> = name.chars().collect();
            let start: String = chars[..head].iter().collect();
            let end: String = chars[chars.len() - tail..].iter().collect();
            (start + marker + &end, Fate::Cut)
        }
    };
    Qualified {
        name,
        measured,
        fate,
    }
}

/// `hex` characters standing for the hash digits: `<sha1 12hex>`, `<sha1-->`.
fn hash_placeholder(hex: usize) -> String {
    let long = format!("<sha1 {hex}hex>");
    if long.chars().count() == hex {
        long
    } else {
        format!("<{:-<w$}>", "sha1", w = hex.saturating_sub(2))
            .chars()
            .take(hex)
            .collect()
    }
}

/// The longest tool name that `client` shows unchanged in length for a server key of
/// `key_len` characters: the budget left after the prefix, key and separator.
///
/// ```
/// use mcp_toolname_rules::{tool_budget, CLAUDE_CODE, CURSOR};
/// assert_eq!(tool_budget(&CLAUDE_CODE, 6), 64 - "mcp__".len() - 6 - "__".len());
/// assert_eq!(tool_budget(&CURSOR, 10), 49);
/// ```
#[must_use]
pub const fn tool_budget(client: &ClientPreset, key_len: usize) -> usize {
    let key = if key_len < client.max_key_len {
        key_len
    } else {
        client.max_key_len
    };
    let fixed = match client.measure {
        Measure::Whole => client.prefix.len() + key + client.separator.len(),
        Measure::ServerPlusTool => key,
    };
    client.max_len.saturating_sub(fixed)
}
