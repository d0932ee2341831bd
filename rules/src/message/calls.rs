//! What a `tools/call` answer says when the name is not served as called: an unknown name
//! (with the closest served one), an alias past its window, an alias still served.

use super::show;

/// A call to a name the server does not serve, when `closest` is a served name it most
/// likely meant (a JSON-RPC error message; the tool is not called).
///
/// ```
/// use mcp_toolname_rules::message::tool_not_found_closest;
/// assert_eq!(
///     tool_not_found_closest("preview.start", "preview_start"),
///     "tool `preview.start` not found; did you mean `preview_start`?"
/// );
/// ```
#[must_use]
pub fn tool_not_found_closest(name: &str, closest: &str) -> String {
    format!(
        "tool {} not found; did you mean {}?",
        show(name),
        show(closest)
    )
}

/// A call to a name the server does not serve, when several served names match it equally
/// (`run_query` and `Run-Query` for `run-query`): each is offered, none is picked.
///
/// ```
/// use mcp_toolname_rules::message::tool_not_found_tied;
/// assert_eq!(
///     tool_not_found_tied("run-query", &["Run-Query", "run_query"]),
///     "tool `run-query` not found; did you mean `Run-Query` or `run_query`? both match it \
///      equally, so call the one you mean by its exact name"
/// );
/// ```
#[must_use]
pub fn tool_not_found_tied(name: &str, tied: &[&str]) -> String {
    let shown: Vec<String> = tied.iter().map(|n| show(n)).collect();
    let all = match shown.len() {
        0 | 1 => "it",
        2 => "both",
        _ => "all",
    };
    format!(
        "tool {} not found; did you mean {}? {all} match it equally, so call the one you mean \
         by its exact name",
        show(name),
        super::joined(&shown, "or")
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
