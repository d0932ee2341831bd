//! Aliases: old names of a renamed tool, served for a window.

use std::borrow::Cow;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use chrono::{DateTime, SecondsFormat, Utc};
use rmcp::model::JsonObject;

/// An old name under which a renamed tool keeps answering.
///
/// While the clock reads before [`Alias::until`] (exclusive), a `tools/call` to the alias
/// runs the tool, and `tools/list` shows the alias, marked deprecated, unless it is
/// [`hidden`](Alias::hidden). From `until` on the alias is gone from `tools/list` and a call
/// to it gets a JSON-RPC error naming the new name and the date. Without `until` it is
/// served for as long as it is declared. SEP-986 advises keeping old names, with a
/// deprecation warning, for at least one major version.
///
/// How a call by the old name is answered is set per alias ([`Alias::expired_answer`],
/// [`Alias::notice`]) or for every alias of a registry
/// ([`ToolRegistryBuilder::expired_alias_answer`](crate::ToolRegistryBuilder::expired_alias_answer),
/// [`ToolRegistryBuilder::alias_notice`](crate::ToolRegistryBuilder::alias_notice)).
///
/// In `#[mcp_tool(...)]` (and `#[mcp_prompt(...)]`) an alias is `alias = "old"` or
/// `alias(name = "old", ...)` with these arguments, each also a method here: `until` and
/// `since` (`YYYY-MM-DD` or RFC 3339), `list_until` (leaves `tools/list` earlier), `hidden`
/// (never listed), `until_version = "2.0.0"` (a compile error once the crate reaches it),
/// `expired = "tool_error" | "protocol_error"`, `notice = "meta" | "text" | "none"`,
/// `notice_once`, and `args(key = literal, ...)` (arguments the old name carries). Operators
/// move `until` without rebuilding through `MCP_TOOLNAME_ALIAS_UNTIL=old=2027-06-01,...`
/// (`MCP_TOOLNAME_PROMPT_ALIAS_UNTIL` for prompts), which a `#[tool_registry]` impl's
/// registry reads when it is built.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use mcp_toolname_runtime::{Alias, AliasNotice};
///
/// let alias = Alias::new("calc.add")
///     .until(Utc.with_ymd_and_hms(2027, 3, 1, 0, 0, 0).unwrap())
///     .hidden()
///     .notice(AliasNotice::Text);
/// assert!(alias.is_live(Utc.with_ymd_and_hms(2027, 2, 28, 0, 0, 0).unwrap()));
/// assert!(!alias.is_listed(Utc.with_ymd_and_hms(2027, 2, 28, 0, 0, 0).unwrap()), "hidden");
/// assert_eq!(alias.until_text().as_deref(), Some("2027-03-01T00:00:00Z"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alias {
    /// The old name. It may break the spec's charset (that is often why the tool was
    /// renamed), but may not be empty or hold control characters.
    pub name: Cow<'static, str>,
    /// First instant the alias is no longer served.
    pub until: Option<DateTime<Utc>>,
    /// When the tool was renamed (informational; shown in `_meta`).
    pub since: Option<DateTime<Utc>>,
    /// Served on `tools/call` but left out of `tools/list`.
    pub hidden: bool,
    /// Listed only until this instant, then hidden but still callable until `until`: the
    /// optional middle phase of a rename.
    pub list_until: Option<DateTime<Utc>>,
    /// How a call after `until` is answered; `None`: the registry's default
    /// ([`ExpiredAnswer::ToolError`] unless set).
    pub expired: Option<ExpiredAnswer>,
    /// What a call inside the window adds to the result; `None`: the registry's default
    /// ([`AliasNotice::Meta`] unless set).
    pub notice: Option<AliasNotice>,
    /// Whether the notice is added only to the first call by this name in each session (or,
    /// on protocol 2026-07-28, which has no sessions, from each client that names itself);
    /// `None`: the registry's default (every call unless set).
    pub notice_once: Option<bool>,
    /// Arguments a call by the old name carries into the tool (`validate_adr` is
    /// `validate_adrs` with `{"mode": "single"}`), merged into the caller's; a caller that
    /// gives one of them a different value is refused with a tool error naming the tool to
    /// call instead. Checked against the tool's input schema when the alias is added.
    pub args: Option<JsonObject>,
}

/// How a `tools/call` to an alias past its window is answered. Either way the tool is not
/// run, the call is counted as refused, and the answer names the new name and the date.
///
/// MCP spec 2025-11-25, server/tools, "Error Handling": a *tool execution error* is a result
/// with `isError: true`, which clients SHOULD show the language model so it can correct
/// itself; a *protocol error* (JSON-RPC) is for unknown tools and bad requests, which clients
/// MAY show the model and which are "less likely to result in successful recovery".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExpiredAnswer {
    /// A result with `isError: true`, one text block (``tool `calc.add` was renamed to
    /// `add_numbers`, and the old name stopped working at ...; nothing was run. Call
    /// `add_numbers` instead, with the same arguments.``) and
    /// `_meta["mcp-toolname/deprecated"] = {"replacement", "until"}`. The default: the model
    /// sees it and can call the new name in the same turn.
    #[default]
    ToolError,
    /// JSON-RPC error `-32602` with that sentence as its message and
    /// `data: {"replacement", "until"}`: what an unknown tool gets. For clients that treat a
    /// removed name as a bug to surface, not something for the model to work around.
    ProtocolError,
}

/// What a `tools/call` by an alias inside its window adds to the tool's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AliasNotice {
    /// Only `_meta["mcp-toolname/deprecated"] = {"replacement", "until"}`: the content is the
    /// tool's, unchanged, so a script or client reading the result by the old name reads what
    /// it read before the rename. The default. Clients pass `_meta` to their code, rarely to
    /// the model; a listed alias's description already tells the model.
    #[default]
    Meta,
    /// `_meta`, and one text block after the tool's content (``Note: `minus` was renamed to
    /// `subtract` and stops working at ...; call `subtract` from now on.``), which the model
    /// reads. For aliases models call (hidden ones especially, whose description the model
    /// never sees), when no caller parses the content by position.
    Text,
    /// Nothing: the result is the tool's, byte for byte, as a call by the new name gets it.
    /// The call is still counted, logged (rate-limited) and, with the `metrics` feature,
    /// recorded; `tools/list` still marks a listed alias deprecated. For aliases called often
    /// enough that the per-call `_meta` costs (about 5 allocations on the server, and the
    /// client parses it), or whose callers compare results with the new name's.
    None,
}

impl Alias {
    /// An alias with no end date, listed.
    pub fn new(name: impl Into<Cow<'static, str>>) -> Self {
        Self {
            name: name.into(),
            until: None,
            since: None,
            hidden: false,
            list_until: None,
            expired: None,
            notice: None,
            notice_once: None,
            args: None,
        }
    }

    /// Adds the notice only to the first call by this name in each session (or from each
    /// client, on protocol 2026-07-28), whatever the registry's default: a model reads it
    /// once, and later results are the tool's own.
    #[must_use]
    pub fn notice_once(mut self) -> Self {
        self.notice_once = Some(true);
        self
    }

    /// Carries `args` into each call by the old name (see [`Alias::args`]).
    ///
    /// ```
    /// use mcp_toolname_runtime::Alias;
    /// let alias = Alias::new("validate_adr").with_args(
    ///     serde_json::json!({"mode": "single"}).as_object().cloned().unwrap_or_default(),
    /// );
    /// assert_eq!(alias.args.as_ref().and_then(|a| a.get("mode")), Some(&"single".into()));
    /// ```
    #[must_use]
    pub fn with_args(mut self, args: JsonObject) -> Self {
        self.args = Some(args);
        self
    }

    /// Answers a call after `until` with `answer`, whatever the registry's default.
    #[must_use]
    pub fn expired_answer(mut self, answer: ExpiredAnswer) -> Self {
        self.expired = Some(answer);
        self
    }

    /// Adds `notice` to the result of a call inside the window, whatever the registry's
    /// default.
    #[must_use]
    pub fn notice(mut self, notice: AliasNotice) -> Self {
        self.notice = Some(notice);
        self
    }

    /// Served up to `until`, exclusive.
    #[must_use]
    pub fn until(mut self, until: DateTime<Utc>) -> Self {
        self.until = Some(until);
        self
    }

    /// The tool was renamed at `since`.
    #[must_use]
    pub fn since(mut self, since: DateTime<Utc>) -> Self {
        self.since = Some(since);
        self
    }

    /// Callable but not listed.
    #[must_use]
    pub fn hidden(mut self) -> Self {
        self.hidden = true;
        self
    }

    /// Listed until `list_until`, then hidden (still callable) until `until`.
    #[must_use]
    pub fn list_until(mut self, list_until: DateTime<Utc>) -> Self {
        self.list_until = Some(list_until);
        self
    }

    /// Whether `tools/list` shows the alias at `now`: not hidden, served, and before
    /// `list_until`.
    #[must_use]
    pub fn is_listed(&self, now: DateTime<Utc>) -> bool {
        !self.hidden && self.is_live(now) && self.list_until.is_none_or(|at| now < at)
    }

    /// The instants after `now` at which what this alias does changes (leaves the list,
    /// stops being served).
    pub fn changes_after(&self, now: DateTime<Utc>) -> impl Iterator<Item = DateTime<Utc>> {
        [self.list_until, self.until]
            .into_iter()
            .flatten()
            .filter(move |at| *at > now)
    }

    /// Whether the alias is served at `now`.
    #[must_use]
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.until.is_none_or(|until| now < until)
    }

    /// `until` as an RFC 3339 timestamp in UTC (`2027-03-01T00:00:00Z`; fractions of a second
    /// only when set).
    #[must_use]
    pub fn until_text(&self) -> Option<String> {
        self.until.map(rfc3339)
    }
}

/// A registry's answers for aliases that do not set their own.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct AliasDefaults {
    pub expired: ExpiredAnswer,
    pub notice: AliasNotice,
    pub notice_once: bool,
    /// How long clients may cache `tools/list` (protocol 2026-07-28's `ttlMs`), if the
    /// server lets them.
    pub list_ttl: Option<chrono::TimeDelta>,
}

pub(crate) fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// How much an alias is still used: read it to know when no client needs the old name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AliasUsage {
    /// Calls made under the alias name that ran the tool, since the registry was built.
    pub calls: u64,
    /// Calls refused because the window had closed.
    pub refused: u64,
    /// The latest call under the alias name (served or refused), by the registry's clock.
    pub last_call: Option<DateTime<Utc>>,
}

/// Shared counters behind [`AliasUsage`], plus the rate limit of the warning log.
#[derive(Debug)]
pub(crate) struct UsageCounters {
    calls: AtomicU64,
    refused: AtomicU64,
    /// Latest call time seen, in Unix milliseconds; [`NEVER`] before the first.
    last_call_ms: AtomicI64,
    /// Time of the last warning logged, in Unix milliseconds; [`NEVER`] before the first.
    last_warn_ms: AtomicI64,
}

/// "No call yet": below every instant a clock can show, so times before 1970 count too.
const NEVER: i64 = i64::MIN;

impl Default for UsageCounters {
    fn default() -> Self {
        Self {
            calls: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            last_call_ms: AtomicI64::new(NEVER),
            last_warn_ms: AtomicI64::new(NEVER),
        }
    }
}

/// At most one warning log per alias per minute.
const WARN_EVERY_MS: i64 = 60_000;

impl UsageCounters {
    /// Counts a call at `now_ms` (Unix milliseconds); returns whether a warning is due
    /// (rate-limited).
    pub(crate) fn record(&self, now_ms: i64, served: bool) -> bool {
        if served {
            self.calls.fetch_add(1, Ordering::Relaxed);
        } else {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        // Most calls come in a millisecond already recorded: a read, not a locked write.
        if self.last_call_ms.load(Ordering::Relaxed) < now_ms {
            self.last_call_ms.fetch_max(now_ms, Ordering::Relaxed);
        }
        let last = self.last_warn_ms.load(Ordering::Relaxed);
        let due = last == NEVER || now_ms.saturating_sub(last) >= WARN_EVERY_MS;
        due && self
            .last_warn_ms
            .compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    pub(crate) fn snapshot(&self) -> AliasUsage {
        let last = self.last_call_ms.load(Ordering::Relaxed);
        AliasUsage {
            calls: self.calls.load(Ordering::Relaxed),
            refused: self.refused.load(Ordering::Relaxed),
            last_call: (last != NEVER)
                .then(|| DateTime::from_timestamp_millis(last))
                .flatten(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(secs, 0).unwrap()
    }

    fn ms(secs: i64) -> i64 {
        secs * 1000
    }

    #[test]
    fn the_warning_is_due_once_a_minute_while_every_call_is_counted() {
        let usage = UsageCounters::default();
        let start = 1_800_000_000;
        assert!(usage.record(ms(start), true), "the first call warns");
        assert!(
            !usage.record(ms(start + 59), true),
            "within the minute: counted, not warned"
        );
        assert!(
            usage.record(ms(start + 60), true),
            "a minute later it warns again"
        );
        assert!(
            !usage.record(ms(start + 61), false),
            "a refused call is counted apart"
        );
        assert_eq!(
            usage.snapshot(),
            AliasUsage {
                calls: 3,
                refused: 1,
                last_call: Some(at(start + 61))
            }
        );
    }

    #[test]
    fn calls_before_1970_and_at_the_epoch_are_recorded_too() {
        let usage = UsageCounters::default();
        assert_eq!(usage.snapshot().last_call, None);
        assert!(
            usage.record(ms(-300_000_000), true),
            "1960: the first call warns"
        );
        assert!(
            usage.record(ms(0), true),
            "the epoch, years later, warns again"
        );
        assert_eq!(usage.snapshot().last_call, Some(at(0)));
        assert_eq!(usage.snapshot().calls, 2);
    }

    #[test]
    fn an_alias_is_live_strictly_before_until() {
        let alias = Alias::new("old").until(at(100));
        assert!(alias.is_live(at(99)));
        assert!(!alias.is_live(at(100)));
        assert!(Alias::new("forever").is_live(DateTime::<Utc>::MAX_UTC));
        assert_eq!(alias.until_text().as_deref(), Some("1970-01-01T00:01:40Z"));
    }
}
