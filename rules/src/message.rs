//! Every sentence a user reads, from the macros, the runtime and the CLI, written once.
//!
//! Style follows rustc: lowercase, no closing period, code in backticks. A name is shown
//! escaped (control and invisible characters as `\u{..}`) and, past 80 characters, cut,
//! so that no message can hide or garble what it is about.

mod audit;
mod calls;
mod clients;
pub use audit::*;
pub use calls::*;
pub use clients::*;

use crate::check::{AliasNameError, NameError, is_control_like, is_invisible};
use crate::contract::Contract;

/// Longest name shown whole in a message; a longer one is cut with its length given.
const SHOWN_CHARS: usize = 80;

/// A name as it appears inside backticks in a message: escaped, and cut past 80
/// characters (with its full length in characters appended).
#[must_use]
pub fn show(name: &str) -> String {
    show_with(name, true)
}

fn show_with(name: &str, with_len: bool) -> String {
    let mut out = String::new();
    let mut count = 0usize;
    for ch in name.chars() {
        if count < SHOWN_CHARS {
            // Quotes stay as they are; anything that could hide, move or fake text is escaped.
            let hidden = is_control_like(ch)
                || is_invisible(ch)
                || ch == '`'
                || (ch != ' ' && ch.is_whitespace());
            match ch {
                _ if hidden => out.extend(ch.escape_unicode()),
                '\\' => out.push_str("\\\\"),
                '\'' | '"' => out.push(ch),
                _ => out.extend(ch.escape_debug()),
            }
        }
        count += 1;
    }
    if count > SHOWN_CHARS {
        out.push_str(&if with_len {
            format!("…` ({count} characters)")
        } else {
            "…`".to_owned()
        });
        out.insert(0, '`');
        out
    } else {
        format!("`{out}`")
    }
}

/// A character in words: `a space`, `a dot `.``, `` `а` (U+0430, not ASCII) ``, or `the
/// control character U+0009`.
#[must_use]
pub fn describe_char(ch: char) -> String {
    let code = format!("U+{:04X}", ch as u32);
    match ch {
        ' ' => "a space".to_owned(),
        '.' => "a dot `.`".to_owned(),
        ',' => "a comma `,`".to_owned(),
        '/' => "a slash `/`".to_owned(),
        ':' => "a colon `:`".to_owned(),
        '-' => "a dash `-`".to_owned(),
        '_' => "an underscore `_`".to_owned(),
        c if c.is_ascii_digit() => format!("the digit `{c}`"),
        c if is_control_like(c) => format!("the control character {code}"),
        '`' => "a backtick".to_owned(),
        c if c.is_ascii() => format!("`{c}`"),
        c if is_invisible(c) || c.is_whitespace() || c.escape_debug().count() > 1 => {
            format!("the invisible character {code}")
        }
        c => format!("`{c}` ({code}, not ASCII)"),
    }
}

/// What is wrong with `name` under `contract`, as one line.
///
/// ```
/// use mcp_toolname_rules::{check, message, MCP};
/// let err = check("search documents", &MCP).unwrap_err();
/// assert_eq!(
///     message::name_error("search documents", &err, &MCP),
///     "tool name `search documents` contains a space at index 6, which the MCP spec \
///      does not allow (allowed: `A-Z a-z 0-9 _ - .`)"
/// );
/// ```
#[must_use]
pub fn name_error(name: &str, err: &NameError, contract: &Contract) -> String {
    match *err {
        NameError::Empty => format!(
            "tool name is empty; {} requires 1 to {} characters",
            contract.title, contract.max_len
        ),
        NameError::InvalidChar { ch, index } => format!(
            "tool name {} contains {} at index {index}, which {} does not allow (allowed: {})",
            show(name),
            describe_char(ch),
            contract.title,
            contract.allowed
        ),
        NameError::InvalidFirstChar { ch } => format!(
            "tool name {} starts with {}, but {} requires it to start with {}",
            show(name),
            describe_char(ch),
            contract.title,
            contract.first.describe()
        ),
        NameError::TooLong { len, max } => format!(
            "tool name {} is {len} characters long, but {} allows at most {max}",
            show_with(name, false),
            contract.title
        ),
    }
}

/// The fix, as a help line: ``write `search_documents` instead``.
#[must_use]
pub fn write_instead(suggestion: &str) -> String {
    format!("write {} instead", show(suggestion))
}

/// Warning for a spec-valid name that an LLM API contract refuses.
#[must_use]
pub fn not_portable(name: &str, err: &NameError, contract: &Contract, suggestion: &str) -> String {
    format!(
        "{}; a client that passes it to those APIs fails the whole request, so {}",
        name_error(name, err, contract),
        write_instead(suggestion)
    )
}

/// Two tools in one server with one name.
#[must_use]
pub fn duplicate_tool(name: &str, first_fn: &str) -> String {
    format!(
        "tool name {} is already used by `fn {first_fn}`; tool names must be unique within a \
         server (MCP spec, Tool Names), and rmcp would keep only one of the two",
        show(name)
    )
}

/// Help for [`duplicate_tool`].
#[must_use]
pub fn duplicate_tool_help() -> &'static str {
    "give one of the tools another `name`, or, if one replaces the other, delete it and list \
     its name as an `alias` of the one that stays"
}

/// An alias with the name of a tool of the same server.
#[must_use]
pub fn alias_is_tool(alias: &str, alias_of_fn: &str, tool_fn: &str) -> String {
    format!(
        "alias {} of `fn {alias_of_fn}` is the name of the tool `fn {tool_fn}`; a call to it \
         could not tell which one is meant",
        show(alias)
    )
}

/// An alias declared twice in one server.
#[must_use]
pub fn duplicate_alias(alias: &str, first_fn: &str) -> String {
    format!(
        "alias {} is already declared on `fn {first_fn}`; a call to it could not tell which \
         tool is meant",
        show(alias)
    )
}

/// An alias equal to its own tool's name.
#[must_use]
pub fn alias_is_own_name(alias: &str) -> String {
    format!(
        "alias {} is this tool's own name; remove the alias",
        show(alias)
    )
}

/// An alias name that no client could send.
#[must_use]
pub fn alias_name_error(alias: &str, err: &AliasNameError) -> String {
    match *err {
        AliasNameError::Empty => "alias name is empty; write the old name of the tool".to_owned(),
        AliasNameError::ControlChar { ch, index } => format!(
            "alias name {} contains {} at index {index}; an alias may break the spec's charset \
             (it is an old name), but not with control characters",
            show(alias),
            describe_char(ch)
        ),
        AliasNameError::Invisible { ch, index } => format!(
            "alias name {} contains {} at index {index}; an alias may break the spec's charset \
             (it is an old name), but not with characters a reader cannot see",
            show(alias),
            describe_char(ch)
        ),
    }
}

/// A date or timestamp argument that does not parse.
#[must_use]
pub fn bad_date(arg: &str, value: &str) -> String {
    format!(
        "`{arg}` is {}, which is not a valid date; write `YYYY-MM-DD` (e.g. `2027-03-01`, \
         meaning 2027-03-01T00:00:00Z) or an RFC 3339 timestamp (e.g. `2027-03-01T12:00:00Z`)",
        show(value)
    )
}

/// `since` on or after `until`.
#[must_use]
pub fn since_not_before_until(since: &str, until: &str) -> String {
    format!(
        "`since` ({}) is not before `until` ({}), so the alias would never be served; \
         `since` is when the tool was renamed and `until` when the old name stops working",
        show(since),
        show(until)
    )
}

/// A call to an alias whose window has closed (a JSON-RPC error message).
#[must_use]
pub fn alias_expired(alias: &str, canonical: &str, until: &str) -> String {
    format!(
        "tool {} was renamed to {}, and the old name stopped working at {until}; call {} instead",
        show(alias),
        show(canonical),
        show(canonical)
    )
}

/// A call to a name the server does not serve (a JSON-RPC error message).
#[must_use]
pub fn tool_not_found(name: &str) -> String {
    format!("tool {} not found", show(name))
}

/// The sentence that opens a listed alias's description.
#[must_use]
pub fn alias_description(canonical: &str, until: Option<&str>) -> String {
    match until {
        Some(until) => format!(
            "Deprecated: renamed to `{canonical}`; this name stops working at {until}. Call \
             `{canonical}` instead."
        ),
        None => format!("Deprecated: renamed to `{canonical}`. Call `{canonical}` instead."),
    }
}

/// The `tracing` warning logged when a deprecated alias is called.
#[must_use]
pub fn alias_called(alias: &str, canonical: &str, until: Option<&str>) -> String {
    let window = until.map_or_else(String::new, |u| format!(" until {u}"));
    format!(
        "tool called by its deprecated name {}; it was renamed to {} (the old name is served{window})",
        show(alias),
        show(canonical)
    )
}

/// Two registries (or routers) that define one name, refused at merge.
#[must_use]
pub fn merge_conflict(name: &str, first: &str, second: &str) -> String {
    format!(
        "tool name {} is defined twice, at {first} and at {second}; tool names must be unique \
         within a server, so no registry was built (rename one, or make one an alias of the other)",
        show(name)
    )
}

/// An argument of an attribute that is not known.
#[must_use]
pub fn unknown_argument(attr: &str, arg: &str, expected: &[&str]) -> String {
    let list = expected
        .iter()
        .map(|e| format!("`{e}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match closest(arg, expected) {
        Some(e) => format!(
            "unknown argument `{arg}` in `#[{attr}]`; did you mean `{e}`? (expected one of {list})"
        ),
        None => format!("unknown argument `{arg}` in `#[{attr}]`; expected one of {list}"),
    }
}

/// An argument of rmcp's `#[tool_router]` that is spelled differently here.
#[must_use]
pub fn renamed_argument(attr: &str, old: &str, new: &str) -> String {
    format!(
        "`#[{attr}]` has no argument `{old}`; it takes rmcp's name for it: write `{new}` instead"
    )
}

/// An argument given twice.
#[must_use]
pub fn duplicate_argument(attr: &str, arg: &str) -> String {
    format!("`{arg}` is given twice in `#[{attr}]`; keep one")
}

/// The candidate `word` most likely meant, for "did you mean" hints: the same word in
/// another case, one it starts (`claude` for `claude_code`), or one within a few edits.
///
/// ```
/// use mcp_toolname_rules::message::closest;
/// assert_eq!(closest("nme", &["name", "alias"]), Some("name"));
/// assert_eq!(closest("claude", &["codex", "claude_code"]), Some("claude_code"));
/// assert_eq!(closest("zzz", &["name"]), None);
/// ```
#[must_use]
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lower = word.to_lowercase();
    candidates
        .iter()
        .map(|c| {
            let d = if c.eq_ignore_ascii_case(word) || (lower.len() >= 3 && c.starts_with(&lower)) {
                0
            } else {
                edit_distance(word, c)
            };
            (d, *c)
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters, for "did you mean" hints on short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (row[j] + 1).min(row[j + 1] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// `until_version` that is not a semver version.
#[must_use]
pub fn bad_version(value: &str) -> String {
    format!(
        "`until_version` is {}, which is not a semver version; write e.g. `2.0.0`",
        show(value)
    )
}

/// An alias whose `until_version` this crate version has reached.
#[must_use]
pub fn alias_due(alias: &str, canonical: &str, until_version: &str, crate_version: &str) -> String {
    format!(
        "alias {} of tool {} was due for removal in version {until_version}, and this crate is \
         version {crate_version}; delete the alias, or raise `until_version` to keep serving it",
        show(alias),
        show(canonical)
    )
}

/// rmcp's `#[tool]` left inside a `#[tool_registry]` impl.
#[must_use]
pub fn rmcp_tool_inside_registry() -> &'static str {
    "rmcp's `#[tool]` inside `#[tool_registry]` would not be registered or checked; write \
     `#[mcp_tool]` (it takes the same arguments)"
}

/// An alias on a `#[mcp_tool]` outside a `#[tool_registry]` impl, where nothing serves it.
#[must_use]
pub fn alias_outside_registry() -> &'static str {
    "an alias is served by the registry of a `#[tool_registry]` impl, and this `#[mcp_tool]` is \
     in none, so nothing would answer to the old name; put the fn in a `#[tool_registry]` impl, \
     or add the alias where you register the route: \
     `ToolDef::new(route).alias(Alias::new(\"old\"))` and `registry.try_add_tool(def)`"
}

/// `#[mcp_tool]` on something that is not a fn.
#[must_use]
pub fn mcp_tool_not_on_fn() -> &'static str {
    "`#[mcp_tool]` goes on a fn: a method of a `#[tool_registry]` impl, or any fn rmcp's \
     `#[tool]` takes"
}

/// `#[tool_registry]` on something that is not an impl block.
#[must_use]
pub fn registry_not_on_impl() -> &'static str {
    "`#[tool_registry]` goes on an `impl` block whose methods carry `#[mcp_tool]`"
}

/// `#[tool_registry]` on `impl Trait for Type`.
#[must_use]
pub fn registry_on_trait_impl() -> &'static str {
    "`#[tool_registry]` goes on an inherent impl (`impl Server { ... }`), not on a trait impl; \
     move the `#[mcp_tool]` methods into one"
}

/// A `#[tool_registry]` impl with no `#[mcp_tool]` fn.
#[must_use]
pub fn registry_without_tools(fn_name: &str) -> String {
    format!(
        "`#[tool_registry]` found no `#[mcp_tool]` fn in this impl, so `Self::{fn_name}()` would \
         serve no tools; a `#[mcp_tool]` fn made by a `macro_rules!` call inside the impl is not \
         visible to it (let the macro emit the whole impl instead); write \
         `#[tool_registry(allow_empty)]` if an empty registry is intended"
    )
}

/// One attribute given twice on one fn.
#[must_use]
pub fn attribute_twice(attr: &str) -> String {
    format!("`#[{attr}]` is given twice on one fn; merge them into one")
}

/// `alias(...)` without `name`.
#[must_use]
pub fn alias_without_name() -> &'static str {
    "`alias(...)` needs the old name: `alias(name = \"plus\", until = \"2027-03-01\")`"
}

/// An argument that takes a string literal, given something else.
#[must_use]
pub fn expected_string(key: &str, example: &str) -> String {
    format!("`{key}` takes a string literal: `{key} = \"{example}\"`")
}

/// Warning for an alias that `tools/list` shows although a contract refuses its name.
#[must_use]
pub fn listed_alias_refused(alias: &str, err: &NameError, contract: &Contract) -> String {
    let reason = name_error(alias, err, contract);
    let reason = reason.strip_prefix("tool name ").unwrap_or(&reason);
    format!(
        "alias {reason}; it is listed in `tools/list`, so a client that passes the list to those \
         APIs fails the whole request: add `hidden` (the old name stays callable but is not listed)"
    )
}

/// Two names of one server that a client's normalisation turns into one.
#[must_use]
pub fn normalised_collision(name: &str, other: &str, client: &str, form: &str) -> String {
    format!(
        "tool names {} and {} both become {} in {client}, so the model cannot tell them apart; \
         rename one",
        show(name),
        show(other),
        show(form)
    )
}

/// Two names of one server that differ only in case.
#[must_use]
pub fn case_only(name: &str, other: &str) -> String {
    format!(
        "tool names {} and {} differ only in case; models and people confuse them, and a client \
         that folds case would merge them: rename one",
        show(name),
        show(other)
    )
}

/// A target in `targets(...)` that needs the server key.
#[must_use]
pub fn target_needs_key(client: &str) -> String {
    format!(
        "`{client}` puts the server key in front of every tool name, so the budget depends on it: \
         add `server_key = \"github\"` (the key hosts give your server) or `server_key_len = 16`"
    )
}

/// A server key that hosts could not use.
#[must_use]
pub fn bad_server_key(key: &str) -> String {
    format!(
        "server key {} is not `^[A-Za-z0-9_-]{{1,32}}$` without `__` or a leading or trailing `_`; \
         hosts could not name your server so",
        show(key)
    )
}

/// A listed alias that a client's normalisation merges with another listed name.
#[must_use]
pub fn merged_alias(alias: &str, other: &str, client: &str, form: &str) -> String {
    format!(
        "alias {} and {} both become {} in {client}, so the model cannot tell them apart; add \
         `hidden` to the alias (the old name stays callable but is not listed)",
        show(alias),
        show(other),
        show(form)
    )
}

/// `server_key_len` that is not a whole number from 1 to 32.
#[must_use]
pub fn bad_server_key_len() -> &'static str {
    "`server_key_len` takes a whole number from 1 to 32 (the length of the key hosts give your \
     server): `server_key_len = 16`"
}

/// Both `server_key` and `server_key_len`.
#[must_use]
pub fn key_and_key_len() -> &'static str {
    "give `server_key` or `server_key_len`, not both: the key's length is already known"
}

/// `server_key` or `server_key_len` without a client among the targets.
#[must_use]
pub fn key_without_client() -> &'static str {
    "the server key only matters for clients that put it in front of tool names; add one to \
     `targets(...)` (e.g. `claude_code`), or remove it"
}

/// An empty `targets()` or `allow()`.
#[must_use]
pub fn empty_list(attr: &str, example: &str) -> String {
    format!("`{attr}()` is empty; name at least one target: `{attr}({example})`")
}

/// `allow(mcp)`: the spec is not a target one can opt out of.
#[must_use]
pub fn spec_not_optional() -> &'static str {
    "the MCP spec cannot be opted out of: a name outside it fails the build; fix the name instead"
}

/// A name refused by several declared contracts at once: the first message, and the others.
#[must_use]
pub fn also_refused_by(first: &str, others: &[&str]) -> String {
    if others.is_empty() {
        first.to_owned()
    } else {
        format!("{first} (also refused by {})", others.join(", "))
    }
}

/// A window override for an alias the registry does not have.
#[must_use]
pub fn override_unknown_alias(alias: &str, source: &str, known: &[&str]) -> String {
    let hint = closest(alias, known).map_or_else(String::new, |k| format!("; did you mean `{k}`?"));
    format!(
        "{source}: no alias is named {}{hint} (aliases: {})",
        show(alias),
        known.join(", ")
    )
}

/// A window override entry that does not parse.
#[must_use]
pub fn override_bad_entry(entry: &str, source: &str) -> String {
    format!(
        "{source}: entry {} is not `ALIAS=YYYY-MM-DD`, `ALIAS=<RFC 3339 timestamp>` or \
         `ALIAS=never`; entries are separated by `,`",
        show(entry)
    )
}

/// `list_until` not before `until`: the hidden phase would be empty.
#[must_use]
pub fn list_until_not_before_until(list_until: &str, until: &str) -> String {
    format!(
        "`list_until` ({}) is not before `until` ({}); the alias is listed until `list_until`, then \
         hidden but callable until `until`, so `list_until` comes first",
        show(list_until),
        show(until)
    )
}

/// A run-time change of a registry (`add_route`, `merge`, `+`) that would break uniqueness
/// or the spec; `problems` lists each, naming both definitions.
#[must_use]
pub fn registry_change_refused(method: &str, problems: &str) -> String {
    format!(
        "`{method}` refused, and the registry is unchanged:\n{problems}\n\
         help: use `try_{method}` to handle this as an error"
    )
}
