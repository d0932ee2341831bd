//! What a `tools/call` answer says when the name is not served as called: an unknown name
//! (with the closest served one), an alias past its window, an alias still served.

use super::{Kind, show};

/// A request for a name of one kind the server does not serve, with the served names it most
/// likely meant (none, one, or several that match it equally, none picked).
///
/// ```
/// use mcp_toolname_rules::message::{Kind, item_not_found};
/// assert_eq!(
///     item_not_found(&Kind::PROMPT, "code-review", &["code_review"]),
///     "prompt `code-review` not found; did you mean `code_review`?"
/// );
/// assert_eq!(
///     item_not_found(&Kind::TOOL, "run-query", &["Run-Query", "run_query"]),
///     "tool `run-query` not found; did you mean `Run-Query` or `run_query`? both match it \
///      equally, so call the one you mean by its exact name"
/// );
/// ```
#[must_use]
pub fn item_not_found(kind: &Kind, name: &str, near: &[&str]) -> String {
    let meant: Vec<Meant<'_>> = near.iter().map(|n| Meant::served(n)).collect();
    item_not_found_meant(kind, name, &meant)
}

/// A served name a request most likely meant, with the old name that led to it when the
/// request was near an old name (an alias or a removed name) rather than the served one:
/// old clients mistype old names, and the served name is what they should ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Meant<'a> {
    /// The served name to ask for.
    pub name: &'a str,
    /// The old name the request was near, if it was not near `name` itself.
    pub via: Option<Via<'a>>,
}

impl<'a> Meant<'a> {
    /// `name`, reached by itself.
    #[must_use]
    pub const fn served(name: &'a str) -> Self {
        Self { name, via: None }
    }
}

/// How an old name leads to the served one, for [`Meant`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Via<'a> {
    /// The served name was renamed from this one (an alias of it, or a tombstone that says
    /// it was renamed): same arguments.
    Formerly(&'a str),
    /// This name was removed, and the served one does its job (with its own arguments).
    Replaced(&'a str),
}

/// [`item_not_found`] for names reached through old ones: each served name is given with
/// the old name the request was near, so a client that mistyped an old name learns the name
/// to use now.
///
/// ```
/// use mcp_toolname_rules::message::{item_not_found_meant, Kind, Meant, Via};
/// let meant = Meant { name: "add_numbers", via: Some(Via::Formerly("calc.add")) };
/// assert_eq!(
///     item_not_found_meant(&Kind::TOOL, "calc_add", &[meant]),
///     "tool `calc_add` not found; did you mean `add_numbers` (formerly `calc.add`)?"
/// );
/// let meant = Meant { name: "list_events", via: Some(Via::Replaced("hookdeck_events")) };
/// assert_eq!(
///     item_not_found_meant(&Kind::TOOL, "hookdeck-events", &[meant]),
///     "tool `hookdeck-events` not found; did you mean `list_events` (which replaced the \
///      removed `hookdeck_events`)?"
/// );
/// ```
#[must_use]
pub fn item_not_found_meant(kind: &Kind, name: &str, meant: &[Meant<'_>]) -> String {
    let noun = kind.noun;
    let shown: Vec<String> = meant
        .iter()
        .map(|m| match m.via {
            None => show(m.name),
            Some(Via::Formerly(old)) => format!("{} (formerly {})", show(m.name), show(old)),
            Some(Via::Replaced(old)) => format!(
                "{} (which replaced the removed {})",
                show(m.name),
                show(old)
            ),
        })
        .collect();
    let verb = kind.verb.to_lowercase();
    match shown.len() {
        0 => format!("{noun} {} not found", show(name)),
        1 => format!(
            "{noun} {} not found; did you mean {}?",
            show(name),
            shown[0]
        ),
        n => format!(
            "{noun} {} not found; did you mean {}? {} match it equally, so {verb} the one you \
             mean by its exact name",
            show(name),
            super::joined(&shown, "or"),
            if n == 2 { "both" } else { "all" }
        ),
    }
}

/// An alias of an item of any kind whose window has closed (a JSON-RPC error message).
///
/// ```
/// use mcp_toolname_rules::message::{Kind, item_alias_expired};
/// assert_eq!(
///     item_alias_expired(&Kind::PROMPT, "review", "code_review", "2027-03-01T00:00:00Z"),
///     "prompt `review` was renamed to `code_review`, and the old name stopped working at \
///      2027-03-01T00:00:00Z; use `code_review` instead"
/// );
/// ```
#[must_use]
pub fn item_alias_expired(kind: &Kind, alias: &str, canonical: &str, until: &str) -> String {
    format!(
        "{} {} was renamed to {}, and the old name stopped working at {until}; {} {} instead",
        kind.noun,
        show(alias),
        show(canonical),
        kind.verb.to_lowercase(),
        show(canonical)
    )
}

/// The text of the tool error result a call to an alias past its window gets, when the
/// registry answers it as a tool execution error (the model reads it and can call the new
/// name in the same turn).
///
/// ```
/// use mcp_toolname_rules::message::alias_expired_tool_error;
/// assert_eq!(
///     alias_expired_tool_error("calc.add", "add_numbers", "2027-03-01T00:00:00Z"),
///     "tool `calc.add` was renamed to `add_numbers`, and the old name stopped working at \
///      2027-03-01T00:00:00Z; nothing was run. Call `add_numbers` instead, with the same \
///      arguments."
/// );
/// ```
#[must_use]
pub fn alias_expired_tool_error(alias: &str, canonical: &str, until: &str) -> String {
    format!(
        "tool {} was renamed to {}, and the old name stopped working at {until}; nothing was \
         run. Call {} instead, with the same arguments.",
        show(alias),
        show(canonical),
        show(canonical)
    )
}

/// The text block a call by an alias adds to its result, when the registry shows the
/// deprecation to the model (the tool did run).
///
/// ```
/// use mcp_toolname_rules::message::alias_notice;
/// assert_eq!(
///     alias_notice("minus", "subtract", Some("2027-03-01T00:00:00Z")),
///     "Note: `minus` was renamed to `subtract` and stops working at 2027-03-01T00:00:00Z; \
///      call `subtract` from now on."
/// );
/// ```
#[must_use]
pub fn alias_notice(alias: &str, canonical: &str, until: Option<&str>) -> String {
    let end = until.map_or_else(String::new, |u| format!(" and stops working at {u}"));
    format!(
        "Note: {} was renamed to {}{end}; call {} from now on.",
        show(alias),
        show(canonical),
        show(canonical)
    )
}

/// An alias carries `key` into `canonical`, whose input schema has no such argument.
///
/// ```
/// use mcp_toolname_rules::message::alias_arg_unknown;
/// assert_eq!(
///     alias_arg_unknown("validate_adr", "validate_adrs", "mod", Some("mode")),
///     "alias `validate_adr` carries the argument `mod` into `validate_adrs`, whose input \
///      schema has no such argument; did you mean `mode`?"
/// );
/// ```
#[must_use]
pub fn alias_arg_unknown(alias: &str, canonical: &str, key: &str, closest: Option<&str>) -> String {
    let hint = closest.map_or_else(
        || "; carry only arguments the tool takes".to_owned(),
        |c| format!("; did you mean {}?", show(c)),
    );
    format!(
        "alias {} carries the argument {} into {}, whose input schema has no such \
         argument{hint}",
        show(alias),
        show(key),
        show(canonical)
    )
}

/// An alias carries `key` = `value` into `canonical`, whose input schema wants `expected`
/// (a JSON type, or the values it allows).
#[must_use]
pub fn alias_arg_mismatch(
    alias: &str,
    canonical: &str,
    key: &str,
    value: &str,
    expected: &str,
) -> String {
    format!(
        "alias {} carries {} = {} into {}, whose input schema wants {expected} there",
        show(alias),
        show(key),
        show(value),
        show(canonical)
    )
}

/// A call by `alias` gives `key` another value than the one the alias carries: refused.
///
/// ```
/// use mcp_toolname_rules::message::alias_arg_clash;
/// assert_eq!(
///     alias_arg_clash("validate_adr", "validate_adrs", "mode", "\"single\"", "\"all\""),
///     "`validate_adr` is `validate_adrs` with `mode` = `\"single\"`, and this call gives \
///      `mode` = `\"all\"`; nothing was run. Call `validate_adrs` to choose `mode`."
/// );
/// ```
#[must_use]
pub fn alias_arg_clash(
    alias: &str,
    canonical: &str,
    key: &str,
    fixed: &str,
    given: &str,
) -> String {
    format!(
        "{} is {} with {} = {}, and this call gives {} = {}; nothing was run. \
         Call {} to choose {}.",
        show(alias),
        show(canonical),
        show(key),
        show(fixed),
        show(key),
        show(given),
        show(canonical),
        show(key)
    )
}

/// The answer to a request by a removed item's name (a tombstone): where it went; nothing is
/// run.
///
/// ```
/// use mcp_toolname_rules::message::{item_tombstone_answer, Gone, Kind};
/// assert_eq!(
///     item_tombstone_answer(&Kind::TOOL, "validate_adr", Gone::RenamedTo("validate_adrs"), None),
///     "tool `validate_adr` was renamed to `validate_adrs`; nothing was run. Call \
///      `validate_adrs` instead, with the same arguments."
/// );
/// assert_eq!(
///     item_tombstone_answer(
///         &Kind::TOOL,
///         "hookdeck_events",
///         Gone::Instead("list_events"),
///         Some("events are pages now")
///     ),
///     "tool `hookdeck_events` was removed (events are pages now); nothing was run. Call \
///      `list_events` instead."
/// );
/// assert_eq!(
///     item_tombstone_answer(&Kind::PROMPT, "review", Gone::RenamedTo("code_review"), None),
///     "prompt `review` was renamed to `code_review`; nothing was run. Use `code_review` \
///      instead, with the same arguments."
/// );
/// ```
#[must_use]
pub fn item_tombstone_answer(
    kind: &Kind,
    name: &str,
    gone: Gone<'_>,
    note: Option<&str>,
) -> String {
    // The author's words, escaped and cut: a note can come from anywhere a server reads.
    let note = note.map_or_else(String::new, |n| format!(" ({})", super::show_note(n)));
    let (noun, verb) = (kind.noun, kind.verb);
    match gone {
        Gone::RenamedTo(to) => format!(
            "{noun} {} was renamed to {}{note}; nothing was run. {verb} {} instead, with the \
             same arguments.",
            show(name),
            show(to),
            show(to)
        ),
        Gone::Instead(other) => format!(
            "{noun} {} was removed{note}; nothing was run. {verb} {} instead.",
            show(name),
            show(other)
        ),
        Gone::Removed => format!("{noun} {} was removed{note}; nothing was run.", show(name)),
    }
}

/// Where a removed tool went, for [`item_tombstone_answer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gone<'a> {
    /// Renamed: the new name takes the same arguments.
    RenamedTo(&'a str),
    /// Removed; this other tool does the job (with its own arguments).
    Instead(&'a str),
    /// Removed, with nothing in its place.
    Removed,
}

/// An alias window shorter than the time clients may cache `tools/list` (2026-07-28's
/// `ttlMs`), `ttl_secs` seconds; `earliest` is the first `until` that would be long enough
/// (the window's start plus the cache time).
///
/// ```
/// use mcp_toolname_rules::message::window_shorter_than_cache;
/// assert_eq!(
///     window_shorter_than_cache(
///         "minus",
///         "subtract",
///         "2027-03-01T00:00:00Z",
///         "2027-03-02T00:00:00Z",
///         86_400
///     ),
///     "alias `minus` of `subtract` ends at 2027-03-01T00:00:00Z, less than the 1 day (86400 s) \
///      clients may cache `tools/list` after it starts: a client holding the list from before \
///      the rename may call `minus` after it is gone; end its window at \
///      2027-03-02T00:00:00Z or later (`until`), or let clients cache for less (the \
///      registry's `list_ttl_secs` / `list_ttl`)"
/// );
/// ```
#[must_use]
pub fn window_shorter_than_cache(
    alias: &str,
    canonical: &str,
    until: &str,
    earliest: &str,
    ttl_secs: u64,
) -> String {
    let human = match ttl_secs {
        s if s.is_multiple_of(86_400) && s > 0 => {
            let d = s / 86_400;
            format!("{d} {}", if d == 1 { "day" } else { "days" })
        }
        s if s.is_multiple_of(3_600) && s > 0 => format!("{} h", s / 3_600),
        s => format!("{s} s"),
    };
    format!(
        "alias {} of {} ends at {until}, less than the {human} ({ttl_secs} s) clients may cache \
         `tools/list` after it starts: a client holding the list from before the rename may \
         call {} after it is gone; end its window at {earliest} or later (`until`), or let \
         clients cache for less (the registry's `list_ttl_secs` / `list_ttl`)",
        show(alias),
        show(canonical),
        show(alias)
    )
}
