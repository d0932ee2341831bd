//! What a client makes of (config key, tool name): its server part, the model-facing name,
//! and whether the name fits its budget. The client rules are data ([`crate::client`]);
//! this module only applies them, to the key as the config writes it.

use sha1::{Digest, Sha1};

use crate::clean::clean;
use crate::client::{ClientPreset, HashInput, Measure, Overflow, PrefixRule, Units};
use crate::contract::Charset;

/// What a client makes of one tool name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualified {
    /// The model-facing name, exactly as the client sends it (a hash suffix computed as the
    /// client computes it). Empty for [`Fate::KeyRefused`].
    pub name: String,
    /// Its length as the client measures it.
    pub measured: usize,
    /// What happened to it.
    pub fate: Fate,
    /// Another tool whose name this one meets, where that changes what the model sees: of the
    /// same server ([`crate::qualify_list`]), or of another server of the config
    /// ([`crate::qualify_config`], which also sets [`Qualified::meets_server`]); `None` from
    /// [`qualify`], which sees one name.
    pub meets: Option<String>,
    /// The key of the other server whose tool [`Qualified::meets`] names, where the two tools
    /// are of different servers of one config; `None` within one server.
    pub meets_server: Option<String>,
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
    /// Another tool of the server gets the same name and the client sends that one instead
    /// ([`Qualified::meets`] names it).
    Shadowed,
    /// A tool of another server of the config gets the same name, and which of them the
    /// client sends depends on the order the servers connect in, or on another order that
    /// changes between starts ([`crate::Across`]): this one is sent on some starts and left out
    /// on others.
    Raced,
    /// The client leaves the tool out, its name too: an argument name of its input schema is
    /// outside the rule the client checks schemas against ([`crate::ArgumentKeys::LeavesOut`]).
    ArgumentRefused,
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
    let cleaned = clean(key, rule.cleaning);
    let key = if rule.lowercase {
        cleaned.to_lowercase().into()
    } else {
        cleaned
    };
    let replaced = match rule.keeps {
        Some(keeps) => replace(
            &key,
            keeps,
            client.replacement,
            rule.collapse_runs,
            client.units,
        ),
        None => key.into_owned(),
    };
    Ok(take(&replaced, client.max_key_len, client.units))
}

/// `text` with every character outside `keeps` turned into `with` (one per UTF-16 unit when
/// the client counts those: an emoji becomes `__`); with `collapse`, a run of them into one.
pub(crate) fn replace(
    text: &str,
    keeps: Charset,
    with: char,
    collapse: bool,
    units: Units,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if keeps.contains(c) {
            out.push(c);
            in_run = false;
        } else if !(collapse && in_run) {
            let n = if collapse { 1 } else { units.width(c) };
            out.extend(std::iter::repeat_n(with, n));
            in_run = true;
        }
    }
    out
}

/// The length of `text` as the client counts it.
pub(crate) fn len(text: &str, units: Units) -> usize {
    text.chars().map(|c| units.width(c)).sum()
}

/// The first `n` units of `text`; a character that would be split is left out.
pub(crate) fn take(text: &str, n: usize, units: Units) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += units.width(*c);
            used <= n
        })
        .collect()
}

/// The last `n` units of `text`.
fn take_last(text: &str, n: usize, units: Units) -> String {
    let mut used = 0;
    let mut tail: Vec<char> = text
        .chars()
        .rev()
        .take_while(|c| {
            used += units.width(*c);
            used <= n
        })
        .collect();
    tail.reverse();
    tail.into_iter().collect()
}

/// The first `hex` digits of the hash the client takes of `key` (or `part`, the server part it
/// made of the key) and `tool` ([`HashInput`]).
pub(crate) fn digest(
    client: &ClientPreset,
    input: HashInput,
    (key, part): (&str, &str),
    tool: &str,
    hex: usize,
) -> String {
    match input {
        HashInput::PartSha256 => {
            use sha2::{Digest as _, Sha256};
            let mut hasher = Sha256::new();
            for piece in [part, client.separator, tool] {
                hasher.update(piece.as_bytes());
            }
            lower_hex(&hasher.finalize(), hex)
        }
        HashInput::Joined => sha1_hex(&[key, client.separator, tool], hex),
        HashInput::CodexIdentity => sha1_hex(&[key, "\0", key, "\0\0", tool, "\0", tool], hex),
        HashInput::WholeFnv1a => fnv1a_base36(&[client.prefix, key, client.separator, tool], hex),
    }
}

/// The 32-bit FNV-1a of `parts` joined, over their UTF-16 units (as JavaScript's
/// `charCodeAt` reads a string), in base 36, padded with `0` to `digits`.
fn fnv1a_base36(parts: &[&str], digits: usize) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for unit in parts.iter().flat_map(|part| part.encode_utf16()) {
        hash = (hash ^ u32::from(unit)).wrapping_mul(0x0100_0193);
    }
    let mut out = Vec::new();
    loop {
        out.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[(hash % 36) as usize]);
        hash /= 36;
        if hash == 0 {
            break;
        }
    }
    out.resize(out.len().max(digits), b'0');
    out.iter().rev().map(|&b| char::from(b)).collect()
}

/// The first `hex` lower-case hex digits of the SHA-1 of `parts` joined, fed piece by piece
/// (a long tool name is not copied to be hashed).
pub(crate) fn sha1_hex(parts: &[&str], hex: usize) -> String {
    let mut hasher = Sha1::new();
    for part in parts {
        hasher.update(part.as_bytes());
    }
    lower_hex(&hasher.finalize(), hex)
}

/// The first `hex` lower-case hex digits of `digest`.
fn lower_hex(digest: &[u8], hex: usize) -> String {
    let mut out: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    out.truncate(hex);
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
            let rule = &client.key;
            let replaced = rule
                .keeps
                .is_some_and(|keeps| server_key.chars().any(|c| !keeps.contains(c)))
                || clean(server_key, rule.cleaning) != server_key;
            qualify_part(client, server_key, &part, replaced, tool)
        }
        Err(_) => Qualified {
            name: String::new(),
            measured: 0,
            fate: Fate::KeyRefused,
            meets: None,
            meets_server: None,
        },
    }
}

/// The model-facing form of `tool` when the client's server part is `part` (from
/// [`client_key`] of `key`, numbered when the client numbers clashes); `key_replaced` says
/// whether making `part` replaced characters of the key. `key` is the key as written: some
/// clients hash it, or look at it to decide on the prefix.
#[must_use]
pub fn qualify_part(
    client: &ClientPreset,
    key: &str,
    part: &str,
    key_replaced: bool,
    tool: &str,
) -> Qualified {
    let units = client.units;
    let cleaned = clean(tool, client.cleaning);
    let raw_tool = match client.keeps {
        Some(keeps) => replace(
            &cleaned,
            keeps,
            client.replacement,
            client.collapse_runs,
            units,
        ),
        None => cleaned.into_owned(),
    };
    let changed = key_replaced || raw_tool != tool;
    let sep = client.separator;
    let prefix = match client.prefix_rule {
        PrefixRule::UnlessPart if part.starts_with(client.prefix) => "",
        PrefixRule::UnlessJoined if format!("{key}{sep}{tool}").starts_with(client.prefix) => "",
        _ => client.prefix,
    };
    let name = if client.uses_server_key {
        format!("{prefix}{part}{sep}{raw_tool}")
    } else {
        format!("{prefix}{raw_tool}")
    };
    let measured = match client.measure {
        Measure::Whole => len(&name, units),
        Measure::ServerPlusTool => len(part, units) + len(tool, units),
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
            meets: None,
            meets_server: None,
        };
    }
    let max = client.max_len;
    let (name, fate) = match client.overflow {
        Overflow::ApiError => (name, Fate::Refused),
        Overflow::Skip => (name, Fate::Skipped),
        Overflow::Cut => (take(&name, max, units), Fate::Cut),
        Overflow::HashSuffix {
            hex,
            input,
            after_server,
        } => {
            let suffix = format!("_{}", digest(client, input, (key, part), tool, hex));
            let server = format!("{prefix}{part}");
            let fits = len(&server, units) + len(sep, units) + suffix.len() <= max;
            let name = if fits || !after_server {
                take(&name, max.saturating_sub(suffix.len()), units) + &suffix
            } else {
                // No room left for any of the tool's name: the server part is cut instead,
                // and the hash stands for the tool (Codex).
                let room = max.saturating_sub(len(sep, units) + suffix.len());
                format!("{}{sep}{suffix}", take(&server, room, units))
            };
            (name, Fate::Hashed)
        }
        Overflow::MiddleCut(marker) => {
            let room = max.saturating_sub(marker.len());
            let head = room.div_ceil(2);
            let tail = room - head;
            let start = take(&name, head, units);
            let end = take_last(&name, tail, units);
            (start + marker + &end, Fate::Cut)
        }
    };
    Qualified {
        name,
        measured,
        fate,
        meets: None,
        meets_server: None,
    }
}

/// The longest tool name that `client` shows unchanged in length for a server key of
/// `key_len` characters, inside the length of the API contract it sends under: the budget
/// left after the prefix, key and separator. Claude Code sends up to 128, but tool search
/// loads 64, so its budget is 64 less the prefix.
///
/// ```
/// use mcp_toolname_rules::{tool_budget, CLAUDE_CODE, CURSOR};
/// assert_eq!(tool_budget(&CLAUDE_CODE, 6), 64 - "mcp__".len() - 6 - "__".len());
/// assert_eq!(tool_budget(&CURSOR, 10), 49);
/// ```
#[must_use]
pub const fn tool_budget(client: &ClientPreset, key_len: usize) -> usize {
    effective_max(client).saturating_sub(fixed_len(client, key_len))
}

/// The longest tool name `client` itself takes before it cuts, hashes or leaves the tool
/// out ([`ClientPreset::max_len`]), whatever the API behind it takes; [`tool_budget`] where
/// the two agree.
///
/// ```
/// use mcp_toolname_rules::{own_budget, CLAUDE_CODE};
/// assert_eq!(own_budget(&CLAUDE_CODE, 6), 128 - "mcp__".len() - 6 - "__".len());
/// ```
#[must_use]
pub const fn own_budget(client: &ClientPreset, key_len: usize) -> usize {
    client.max_len.saturating_sub(fixed_len(client, key_len))
}

/// What the budget spends before the tool name: prefix, server part and separator (only the
/// server part for a budget of server + tool).
const fn fixed_len(client: &ClientPreset, key_len: usize) -> usize {
    let key = if !client.uses_server_key {
        return client.prefix.len();
    } else if key_len < client.max_key_len {
        key_len
    } else {
        client.max_key_len
    };
    match client.measure {
        Measure::Whole => client.prefix.len() + key + client.separator.len(),
        Measure::ServerPlusTool => key,
    }
}

/// The longest name `client` sends unchanged that the API behind it takes: its own budget, or
/// its contract's length where that is shorter (Claude Code: 128 sent, 64 loaded by tool
/// search; Codex: 128 sent, 64 in OpenAI's documented function names).
#[must_use]
pub const fn effective_max(client: &ClientPreset) -> usize {
    match client.measure {
        Measure::Whole if client.contract.max_len < client.max_len => client.contract.max_len,
        _ => client.max_len,
    }
}
