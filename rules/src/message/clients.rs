//! Sentences about what clients and hosts do with a server's key and its tool names: a key
//! refused, a name over a client's budget or hashed, a host's namespace.

use super::{describe_char, show};
use crate::check::{NameError, ServerKeyError};
use crate::client::{Across, Clash, ClientPreset};
use crate::qualify::{Fate, KeyRefusal, Qualified};

/// A client that refuses a config key and so never starts the server.
///
/// ```
/// use mcp_toolname_rules::{client_key, message, CODEX};
/// let refusal = client_key(&CODEX, "my server").unwrap_err();
/// assert_eq!(
///     message::key_refused(&CODEX, "my server", refusal),
///     "Codex CLI does not start server `my server`: its key contains a space at index 2, \
///      and Codex CLI takes only `A-Z a-z 0-9 - . / : @ _` in a server key"
/// );
/// ```
#[must_use]
pub fn key_refused(client: &ClientPreset, key: &str, refusal: KeyRefusal) -> String {
    let why = match refusal.at {
        Some((ch, index)) => format!("contains {} at index {index}", describe_char(ch)),
        None => "is empty".to_owned(),
    };
    let takes = client
        .key
        .refuses_outside
        .map_or_else(String::new, |allowed| allowed.describe());
    format!(
        "{} does not start server {}: its key {why}, and {} takes only `{takes}` in a server key",
        client.title,
        show(key),
        client.title
    )
}

/// Claude Code refusing to load a plugin for its name ([`crate::plugin_name_refusal`]), so
/// that none of the plugin's servers start.
///
/// ```
/// use mcp_toolname_rules::{message, plugin_name_refusal};
/// let refusal = plugin_name_refusal("my plugin").unwrap();
/// assert!(message::plugin_refused("my plugin", refusal)
///     .starts_with("Claude Code does not load plugin `my plugin`, so none of its servers start: its name contains a space at index 2"));
/// ```
#[must_use]
pub fn plugin_refused(plugin: &str, refusal: KeyRefusal) -> String {
    let why = match refusal.at {
        Some((ch, index)) => format!("contains {} at index {index}", describe_char(ch)),
        None => "is empty".to_owned(),
    };
    format!(
        "Claude Code does not load plugin {}, so none of its servers start: its name {why}, and \
         Claude Code refuses white space, `@ : / \\`, control, format and private-use \
         characters in a plugin's name (kebab-case, such as `my-plugin`, is what its marketplaces \
         take)",
        show(plugin)
    )
}

/// Advice on a config key that works in the clients but breaks the key rule this project
/// recommends (`problem` says how); the client verdicts use the key as written.
#[must_use]
pub fn key_advice(problem: &str) -> String {
    format!(
        "advice: {problem}; clients take the key as written (each verdict below uses it), but a \
         key of 1 to 32 of `A-Z a-z 0-9 _ -`, without `__` or `_` at either end, means the same \
         in every client"
    )
}

/// A client that hashes a name because it had to replace characters in it (Cline), though
/// the name fits its budget: in the tool name, or else in the server `key`.
///
/// ```
/// use mcp_toolname_rules::{message, CLINE};
/// assert!(message::hashed_when_changed("query", "数据库", &CLINE, "___query_2300f731")
///     .starts_with("server key `数据库` has characters Cline replaces"));
/// ```
#[must_use]
pub fn hashed_when_changed(name: &str, key: &str, client: &ClientPreset, shown: &str) -> String {
    let tool_replaced = client
        .keeps
        .is_some_and(|keeps| name.chars().any(|c| !keeps.contains(c)));
    let what = if tool_replaced {
        format!("tool name {}", show(name))
    } else {
        format!("server key {}", show(key))
    };
    format!(
        "{what} has characters {} replaces, and a name it changes gets a hash suffix: the \
         model sees {}",
        client.title,
        show(shown)
    )
}

/// A contract a host's namespace cannot name tools under: it refuses a character every
/// qualified name needs (`mcp__`, the digest's `0-9 a-f`).
#[must_use]
pub fn namespace_contract_lacks(contract: &str, ch: char) -> String {
    format!(
        "{contract} does not allow {}, which every qualified name needs (`mcp__<key>__<tool>`, and \
         the digest's `0-9 a-f`); namespace under a contract that allows `A-Z a-z 0-9 _`",
        describe_char(ch)
    )
}

/// What a client does to a tool name that does not fit its budget, for a server key of
/// `key_len` characters.
#[must_use]
pub fn over_budget(
    name: &str,
    client: &ClientPreset,
    key_len: usize,
    budget: usize,
    q: &Qualified,
) -> String {
    let whole;
    let outcome = match q.fate {
        Fate::Refused => "the LLM API refuses the whole request",
        Fate::Hashed => "it cuts the name and appends a hash the model cannot read",
        Fate::Cut => "it cuts the name, so two long names can become one",
        Fate::Skipped => "it leaves the tool out",
        Fate::ArgumentRefused => "it leaves the tool out for an argument name",
        Fate::KeyRefused => "it does not start the server",
        Fate::Shadowed => "another tool takes its name",
        Fate::Raced => "another server's tool may take its name",
        Fate::Kept | Fate::Normalised => {
            whole = format!(
                "it sends the name whole, which {} refuses (at most {})",
                client.contract.title, client.contract.max_len
            );
            &whole
        }
    };
    let key = if client.uses_server_key {
        format!(" with a {key_len}-character server key")
    } else {
        String::new()
    };
    let len = name.chars().count();
    let unit = if len == 1 { "character" } else { "characters" };
    format!(
        "tool name {} is {len} {unit} long; {}{key} leaves {budget} for it (it shows {}), and past that {outcome}",
        show(name),
        client.title,
        show(&q.name),
    )
}

/// The note after a fix made for a server key nobody named: how long a key it leaves room for
/// ([`crate::ASSUMED_KEY_LEN`]; a shorter key leaves each client more) and, where there is a
/// registry to write it in, how to name the key so the build checks every name under it.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(
///     message::room_for_key(16, true),
///     "the fix leaves room for a server key of up to 16 characters, as the registry names \
///      none (Claude Code shows `mcp__<key>__<tool>`, and most clients take 64 characters in \
///      all); write the key hosts give your server in the registry, \
///      `#[tool_registry(server_key = \"calculator\")]`, and the build checks every name under \
///      it exactly"
/// );
/// ```
#[must_use]
pub fn room_for_key(len: usize, in_registry: bool) -> String {
    let base = format!(
        "the fix leaves room for a server key of up to {len} characters, as {} (Claude Code \
         shows `mcp__<key>__<tool>`, and most clients take 64 characters in all)",
        if in_registry {
            "the registry names none"
        } else {
            "no key is known here"
        }
    );
    if in_registry {
        format!(
            "{base}; write the key hosts give your server in the registry, \
             `#[tool_registry(server_key = \"calculator\")]`, and the build checks every name \
             under it exactly"
        )
    } else {
        base
    }
}

/// A name past the budget of several clients, said once: the first client's message
/// ([`over_budget`]), then the ids of the others.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(message::more_clients_too("x", &[]), "x");
/// assert_eq!(
///     message::more_clients_too("x", &["codex", "cursor"]),
///     "x; 2 more clients handle it badly too (`codex`, `cursor`)"
/// );
/// ```
#[must_use]
pub fn more_clients_too(first: &str, others: &[&str]) -> String {
    if others.is_empty() {
        return first.to_owned();
    }
    let shown: Vec<String> = others.iter().map(|id| format!("`{id}`")).collect();
    let word = if others.len() == 1 {
        "client handles"
    } else {
        "clients handle"
    };
    format!(
        "{first}; {} more {word} it badly too ({})",
        others.len(),
        shown.join(", ")
    )
}

/// A server key a host may not assign.
#[must_use]
pub fn bad_key(key: &str, why: &str) -> String {
    format!(
        "server key {} {why}; a key is 1 to 32 of `A-Z a-z 0-9 _ -`, with no `__` and no `_` at \
         either end",
        show(key)
    )
}

/// Two servers given one key.
#[must_use]
pub fn duplicate_key(key: &str) -> String {
    format!(
        "server key {} is already in use; give each server its own key",
        show(key)
    )
}

/// A server whose tool list names one tool twice; the list is refused whole.
#[must_use]
pub fn duplicate_raw_name(key: &str, name: &str) -> String {
    format!(
        "server {} lists tool {} twice; its list was refused whole and the previous one kept",
        show(key),
        show(name)
    )
}

/// What breaks the key rule this project recommends (1 to 32 of `A-Z a-z 0-9 _ -`, no `__`,
/// no `_` at either end), naming the part: empty, too long, which character where, the `__`,
/// the `_` at the start or the end.
///
/// ```
/// use mcp_toolname_rules::{check_server_key, message};
/// let problem = |key: &str| message::server_key_problem(key, &check_server_key(key).unwrap_err());
/// assert_eq!(problem("my__server"), "server key `my__server` contains `__` at index 2");
/// assert_eq!(problem("_github"), "server key `_github` starts with `_`");
/// assert_eq!(problem("git hub"), "server key `git hub` contains a space at index 3");
/// ```
#[must_use]
pub fn server_key_problem(key: &str, err: &ServerKeyError) -> String {
    let what = match *err {
        ServerKeyError::Name(NameError::Empty) => return "server key is empty".to_owned(),
        ServerKeyError::Name(NameError::TooLong { len, max }) => {
            format!("is {len} characters long, over {max}")
        }
        ServerKeyError::Name(NameError::InvalidChar { ch, index }) => {
            format!("contains {} at index {index}", describe_char(ch))
        }
        ServerKeyError::Name(NameError::InvalidFirstChar { ch }) => {
            format!("starts with {}", describe_char(ch))
        }
        ServerKeyError::DoubleUnderscore => {
            let index = key.find("__").map_or(0, |at| key[..at].chars().count());
            format!("contains `__` at index {index}")
        }
        ServerKeyError::EdgeUnderscore if key.starts_with('_') => "starts with `_`".to_owned(),
        ServerKeyError::EdgeUnderscore => "ends with `_`".to_owned(),
    };
    format!("server key {} {what}", show(key))
}

/// A `server_key` every targeted client accepts, though it breaks the rule this project
/// recommends (`problem`, from [`server_key_problem`]): advice, not an error.
#[must_use]
pub fn server_key_advice(problem: &str) -> String {
    format!(
        "{problem}; the clients you target accept it, so this is advice, not an error: a key of \
         1 to 32 of `A-Z a-z 0-9 _ -`, without `__` or `_` at either end, means the same in \
         every client and splits one way in `mcp__<key>__<tool>`"
    )
}

/// A tool whose model-facing name another tool of its server also gets
/// ([`crate::qualify_list`]), and what the client does about it.
///
/// ```
/// use mcp_toolname_rules::{message, qualify, qualify_list, CLAUDE_CODE};
/// let (mut a, mut b) = (qualify(&CLAUDE_CODE, "s", "a.b"), qualify(&CLAUDE_CODE, "s", "a_b"));
/// qualify_list(&CLAUDE_CODE, "s", &mut [("a.b", &mut a), ("a_b", &mut b)]);
/// assert_eq!(
///     message::clash("a_b", &CLAUDE_CODE, &b),
///     "tool name `a_b` meets `a.b` under Claude Code, which sends only the first of them \
///      listed (as `mcp__s__a_b`): the model cannot reach `a_b`"
/// );
/// ```
#[must_use]
pub fn clash(name: &str, client: &ClientPreset, q: &Qualified) -> String {
    let other = q.meets.as_deref().unwrap_or_default();
    let head = format!(
        "tool name {} meets {} under {}",
        show(name),
        show(other),
        client.title
    );
    let which = match client.on_clash {
        Clash::FirstWins | Clash::LastWins | Clash::GreatestWins => the_one_sent(client.on_clash),
        Clash::HashesAll => {
            return format!(
                "{head}, which gives each a hash suffix the model cannot read: it sees {}",
                show(&q.name)
            );
        }
        Clash::HashesChanged => {
            return format!(
                "{head}, which gives each changed one a hash suffix the model cannot read: it sees {}",
                show(&q.name)
            );
        }
        Clash::SendsAll => {
            return format!(
                "{head}, which sends both as {}: the model cannot tell them apart",
                show(&q.name)
            );
        }
        Clash::OneOf => {
            return format!(
                "{head} (both {}): the model can reach only one of them",
                show(&q.name)
            );
        }
    };
    if q.fate == Fate::Shadowed {
        format!(
            "{head}, which sends only the {which} (as {}): the model cannot reach {}",
            show(&q.name),
            show(name)
        )
    } else {
        format!("{head}, which sends only the {which}, this one")
    }
}

/// What `client` does with tools of one server's list whose names meet, as the end of a
/// sentence about them; across servers, [`across_outcome`].
///
/// ```
/// use mcp_toolname_rules::{message, CODEX, GEMINI_CLI};
/// assert_eq!(message::clash_outcome(&GEMINI_CLI), "Gemini CLI sends only the last of them listed");
/// assert_eq!(message::clash_outcome(&CODEX), "Codex CLI gives each a hash suffix the model cannot read");
/// ```
#[must_use]
pub fn clash_outcome(client: &ClientPreset) -> String {
    let title = client.title;
    match client.on_clash {
        Clash::FirstWins | Clash::LastWins | Clash::GreatestWins => {
            format!("{title} sends only the {}", the_one_sent(client.on_clash))
        }
        Clash::HashesAll => format!("{title} gives each a hash suffix the model cannot read"),
        Clash::HashesChanged => format!(
            "{title} gives each whose tool name it changed a hash suffix the model cannot read"
        ),
        Clash::SendsAll => {
            format!("{title} sends each under that name, so the model cannot tell them apart")
        }
        Clash::OneOf => "the model can reach only one of them".to_owned(),
    }
}

/// What `client` does with tools of different servers that get one name ([`Across`]), as a
/// clause.
///
/// ```
/// use mcp_toolname_rules::{message, CLAUDE_CODE, CLINE};
/// assert_eq!(
///     message::across_outcome(&CLINE),
///     "Cline sends only the one whose server is written last in the config"
/// );
/// assert!(message::across_outcome(&CLAUDE_CODE).contains("connects first"));
/// ```
#[must_use]
pub fn across_outcome(client: &ClientPreset) -> String {
    let title = client.title;
    match client.across {
        Across::FirstConnected | Across::LastConnected => format!(
            "{title} sends only the one whose server connects {}, so which one the model gets \
             can change from one start to the next (servers that answer at once: any of them)",
            if client.across == Across::FirstConnected {
                "first"
            } else {
                "last"
            }
        ),
        Across::LastInConfig => {
            format!("{title} sends only the one whose server is written last in the config")
        }
        Across::LaterKeyReplaces => format!(
            "{title} keeps tools by `<server>_<tool>` and sends only the one whose server \
             connects last, so which one the model gets can change from one start to the next"
        ),
        Across::LastByKey => format!(
            "{title} sends only the one whose server key sorts last, wherever it is written"
        ),
        Across::SendsAll => {
            format!("{title} sends each under that name, so the model cannot tell them apart")
        }
        Across::HashesNamespaces => {
            format!("{title} tells them apart by a hash suffix the model cannot read")
        }
        Across::MapOrder => format!(
            "{title} sends only the one whose server comes first in its hash map of servers, \
             an order seeded anew at every start, so which one the model gets can change from \
             one start to the next"
        ),
        Across::Unknown => {
            "the model can reach only one of them; which one is not known".to_owned()
        }
    }
}

/// Which of the tools that meet a client sends, for the rules that send one: `first of them
/// listed`, `last of them listed`, `one whose name sorts last` (empty for the others).
const fn the_one_sent(clash: Clash) -> &'static str {
    match clash {
        Clash::FirstWins => "first of them listed",
        Clash::LastWins => "last of them listed",
        Clash::GreatestWins => "one whose name sorts last",
        Clash::HashesAll | Clash::HashesChanged | Clash::SendsAll | Clash::OneOf => "",
    }
}
