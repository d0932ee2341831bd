//! Sentences about the attributes and macros (`#[tool_registry(...)]`, `#[mcp_tool(...)]`,
//! `tool_name!(...)`): where they go, and their arguments (unknown, repeated, a value of the
//! wrong kind, a missing `,`), with the note on a problem that holds only in some builds.

/// Something after an argument that is not a `,`.
#[must_use]
pub fn expected_comma_after(arg: &str) -> String {
    format!("expected `,` after `{arg}`; separate the arguments with `,`")
}

/// A macro call where a string literal is needed: attribute arguments are read before
/// macros inside them expand.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(
///     message::macro_for_string("name", "concat", "add_numbers"),
///     "`name` takes a string literal, and `concat!(...)` is a macro call: the attribute reads \
///      its arguments before any macro in them expands, so the value could not be checked; \
///      write it out: `name = \"add_numbers\"`"
/// );
/// ```
#[must_use]
pub fn macro_for_string(key: &str, mac: &str, example: &str) -> String {
    format!(
        "`{key}` takes a string literal, and `{mac}!(...)` is a macro call: the attribute reads \
         its arguments before any macro in them expands, so the value could not be checked; \
         write it out: `{key} = \"{example}\"`"
    )
}

/// A path (a `const`, a `static`) where a string literal is needed: an attribute sees
/// tokens, not the values they name.
#[must_use]
pub fn path_for_string(key: &str, path: &str, example: &str) -> String {
    format!(
        "`{key}` takes a string literal, and `{path}` is a path: the attribute sees tokens, not \
         the value a constant holds, so the value could not be checked; write it out: \
         `{key} = \"{example}\"`"
    )
}

/// The note on a problem between two names that holds only in some builds (`cfg`, as
/// written after `#[`): the builds in which both exist.
#[must_use]
pub fn only_in_builds(cfg: &str) -> String {
    format!("note: in the builds where `{cfg}` holds, those in which both exist")
}

/// A choice argument (`expired = "..."`, `notice = "..."`) given a value it does not take.
#[must_use]
pub fn bad_choice(key: &str, value: &str, choices: &[&str]) -> String {
    let mut list: Vec<String> = choices
        .iter()
        .map(|c| format!("`{key} = \"{c}\"`"))
        .collect();
    let last = list.pop().unwrap_or_default();
    let list = if list.is_empty() {
        last
    } else {
        format!("{} or {last}", list.join(", "))
    };
    format!("`{key}` takes {list}, not `\"{value}\"`")
}

/// A flag given a value other than `true` or `false`.
#[must_use]
pub fn expected_bool(key: &str) -> String {
    format!(
        "`{key}` is a flag: write `{key}` (or `{key} = true`), or leave it out (`{key} = false`)"
    )
}

/// An id listed twice in `targets(...)` or `allow(...)`.
#[must_use]
pub fn repeated_id(list: &str, id: &str) -> String {
    format!("`{id}` is listed twice in `{list}(...)`; keep one")
}

/// `tool_name!` given a literal that is not a string: `found` says what it is (`a byte
/// string`, `an integer`, ...), `text` is the literal as written, `example` the string to
/// show instead (its text, when it has one).
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(
///     message::tool_name_not_str("a byte string", "b\"x\"", "x"),
///     "`tool_name!` takes a tool name as a string literal, and `b\"x\"` is a byte string: \
///      write `tool_name!(\"x\")` (or pass a `const` expression of type `&str`)"
/// );
/// ```
#[must_use]
pub fn tool_name_not_str(found: &str, text: &str, example: &str) -> String {
    format!(
        "`tool_name!` takes a tool name as a string literal, and `{text}` is {found}: write \
         `tool_name!({example:?})` (or pass a `const` expression of type `&str`)"
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
    match crate::closest_name(arg, expected) {
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

/// `allow(lint, reason = ...)` whose reason is not a string that says something.
#[must_use]
pub fn allow_reason() -> &'static str {
    "the `reason` of `allow(...)` is a string that says why, such as `allow(look_alike, reason \
     = \"the two names differ by design\")`"
}

/// `allow(reason = "...", lint)`: the reason closes the list, as in Rust's `#[allow]`.
#[must_use]
pub fn allow_reason_last() -> &'static str {
    "`reason = \"...\"` comes last in `allow(...)`, after every lint and id, as in Rust's \
     `#[allow(lint, reason = \"...\")]`"
}

/// `allow(mcp)`: the spec is not a target one can opt out of.
#[must_use]
pub fn spec_not_optional() -> &'static str {
    "the MCP spec cannot be opted out of: a name outside it fails the build; fix the name instead"
}

/// A target in `targets(...)` that needs the server key.
#[must_use]
pub fn target_needs_key(client: &str) -> String {
    format!(
        "`{client}` puts the server key in front of every tool name, so the budget depends on it: \
         add `server_key = \"github\"` (the key hosts give your server) or `server_key_len = 16`"
    )
}

/// `alias(args(...))` names one argument twice.
#[must_use]
pub fn alias_arg_twice(key: &str) -> String {
    format!("`args` gives `{key}` twice; give each argument the alias carries once")
}

/// `alias(args(key = <not a literal>))`.
///
/// ```
/// use mcp_toolname_rules::message::alias_arg_not_literal;
/// assert_eq!(
///     alias_arg_not_literal("mode"),
///     "`args(mode = ...)` takes a string, integer, float or boolean literal: the arguments \
///      an alias carries are fixed when it is written (`args(mode = \"single\")`)"
/// );
/// ```
#[must_use]
pub fn alias_arg_not_literal(key: &str) -> String {
    format!(
        "`args({key} = ...)` takes a string, integer, float or boolean literal: the arguments \
         an alias carries are fixed when it is written (`args({key} = \"single\")`)"
    )
}

/// `tombstone(...)` without `name`.
#[must_use]
pub fn tombstone_without_name() -> &'static str {
    "`tombstone(...)` needs the removed tool's `name`: `tombstone(name = \"validate_adr\", \
     renamed_to = \"validate_adrs\")`"
}

/// `tombstone(...)` with both `renamed_to` and `instead`.
#[must_use]
pub fn tombstone_renamed_and_instead() -> &'static str {
    "a tombstone says either where its tool was renamed to (`renamed_to`, same arguments) or \
     which tool does its job now (`instead`), not both"
}

/// A tombstone's `renamed_to` or `instead` names no tool of the impl; `closest`, one that is
/// close.
#[must_use]
pub fn tombstone_points_nowhere(tombstone: &str, target: &str, closest: Option<&str>) -> String {
    let hint = closest.map_or_else(String::new, |c| format!(" (did you mean `{c}`?)"));
    format!(
        "tombstone `{tombstone}` sends callers to `{target}`, which is no tool or alias of \
         this impl{hint}; if another impl's registry serves it, this is fine, else the model \
         is sent to a name nothing answers"
    )
}

/// A tombstone with the name of a tool or alias of the same impl.
#[must_use]
pub fn tombstone_name_taken(name: &str, holder: &str) -> String {
    format!(
        "tombstone `{name}` has the name of {holder}; a tombstone keeps the name of a tool that \
         is gone, so drop the tombstone, or the tool (keeping its name as an `alias` if it was \
         renamed)"
    )
}

/// `schemas` of `#[tool_registry]` is neither `"portable"` nor `"as_written"`.
#[must_use]
pub fn bad_schemas(given: &str) -> String {
    format!(
        "`schemas` takes \"portable\" (the default: each input schema listed with every `$ref` \
         replaced by its definition) or \"as_written\" (as rmcp writes them, `$defs` and all), \
         not {}",
        super::show(given)
    )
}

/// `list_ttl_secs` was given something other than a whole number of seconds.
#[must_use]
pub fn bad_list_ttl() -> &'static str {
    "`list_ttl_secs` takes a whole number of seconds clients may cache `tools/list` \
     (`list_ttl_secs = 86400` for a day)"
}
