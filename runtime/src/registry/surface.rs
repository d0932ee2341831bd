//! The whole surface (tools or prompts), for `mcp-toolname snapshot`: in a process started
//! with [`SURFACE_ENV_VAR`], or for a list request whose `_meta` carries [`SURFACE_META_KEY`]
//! `: true` (answered by `list_tools_result` / `list_prompts_result`, so over any transport),
//! `tools/list` (and `prompts/list`) also carries hidden aliases and tombstones, each marked in
//! `_meta`, so a snapshot records every name a client can call. Both are opt-in; nothing
//! changes for a client that asks for neither.

use std::sync::OnceLock;

use chrono::TimeDelta;
use serde_json::{Map, Value};

use super::state::State;
use crate::alias::rfc3339;
use crate::item::Item;
use crate::tombstone::TOMBSTONE_META_KEY;

/// `MCP_TOOLNAME_SURFACE`: set to `1` in a server's environment, its `tools/list` is the
/// whole surface (read once per process).
pub const SURFACE_ENV_VAR: &str = "MCP_TOOLNAME_SURFACE";

/// The `_meta` key every alias carries in surface mode: `{"of", "hidden", "expired",
/// "until", "list_until", "args"}` (unset ones left out).
pub const ALIAS_META_KEY: &str = "mcp-toolname/alias";

/// The `_meta` key every item carries in surface mode: where it was declared, `{"file",
/// "line", "column"}` (the [`Origin`](crate::Origin) of its `#[mcp_tool]` or `#[mcp_prompt]`,
/// or of the call that added it), so that an audit can point at the source.
pub const ORIGIN_META_KEY: &str = "mcp-toolname/origin";

/// The `_meta` key of a `tools/list` or `prompts/list` request that asks for the whole surface
/// (`{"mcp-toolname/surface": true}`), and of the answer that gives it. A request's `_meta` is
/// the protocol's place for such extensions, and a key with a prefix of its own is the
/// implementer's to define ("Prefix: If specified, MUST be a series of labels separated by
/// dots (.), followed by a slash (/) ... Unless empty, MUST begin and end with a letter or
/// digit"; the `io.modelcontextprotocol/` and `mcp/`-like prefixes are reserved): MCP
/// specification 2025-11-25, Basic, "General fields: `_meta`", read 2026-12-03. A server not
/// built with mcp-toolname ignores the key and answers as to any client.
pub const SURFACE_META_KEY: &str = "mcp-toolname/surface";

/// Whether a list request's `_meta` asks for the whole surface ([`SURFACE_META_KEY`]).
pub(super) fn asked(meta: &rmcp::model::RequestMetaObject) -> bool {
    meta.0.0.get(SURFACE_META_KEY).and_then(Value::as_bool) == Some(true)
}

/// The `_meta` of a list answer that is the whole surface: `{"mcp-toolname/surface": true}`,
/// so a client can tell a server that answered from one that ignored the request.
pub(super) fn answered() -> rmcp::model::MetaObject {
    let mut meta = rmcp::model::MetaObject::default();
    meta.0
        .insert(SURFACE_META_KEY.to_owned(), Value::Bool(true));
    meta
}

/// Whether this process lists the whole surface.
pub(super) fn wanted() -> bool {
    static WANTED: OnceLock<bool> = OnceLock::new();
    *WANTED.get_or_init(|| std::env::var(SURFACE_ENV_VAR).is_ok_and(|v| v == "1"))
}

/// Marks each item of `listed` with where it was declared ([`ORIGIN_META_KEY`]).
pub(super) fn mark_origins<R: Item>(state: &State<R>, listed: &mut [R::Listed]) {
    for entry in listed.iter_mut() {
        let Some(def) = state.item(R::listed_name(entry)) else {
            continue;
        };
        let origin = serde_json::json!({
            "file": def.origin.file,
            "line": def.origin.line,
            "column": def.origin.column,
        });
        *entry = R::with_meta(entry.clone(), ORIGIN_META_KEY, origin);
    }
}

/// Adds every live alias of an enabled item (hidden ones too), every alias past its window
/// that is still declared (marked `"expired": true`: a client is refused it, but an audit
/// should say it is left over), and every live tombstone, each marked, to `listed`.
pub(super) fn extend<R: Item>(state: &State<R>, now: TimeDelta, listed: &mut Vec<R::Listed>) {
    for alias in state.aliases().filter(|a| !state.alias_off(a)) {
        let expired = !alias.is_live(now);
        let mut about = Map::new();
        about.insert("of".to_owned(), Value::String(alias.target.to_string()));
        about.insert("hidden".to_owned(), Value::Bool(!alias.is_listed(now)));
        if expired {
            about.insert("expired".to_owned(), Value::Bool(true));
        }
        if let Some(until) = alias.alias.until {
            about.insert("until".to_owned(), rfc3339(until).into());
        }
        if let Some(at) = alias.alias.list_until {
            about.insert("list_until".to_owned(), rfc3339(at).into());
        }
        if let Some(args) = &alias.alias.args {
            about.insert("args".to_owned(), Value::Object(args.clone()));
        }
        listed.push(R::with_meta(
            alias.listed.clone(),
            ALIAS_META_KEY,
            Value::Object(about),
        ));
    }
    for entry in state.sorted_tombstones() {
        if !entry.is_live(now) {
            continue;
        }
        let tombstone = &entry.tombstone;
        let mut meta = rmcp::model::MetaObject::default();
        meta.0
            .insert(TOMBSTONE_META_KEY.to_owned(), tombstone.meta().into());
        listed.push(R::tombstone_listed(
            tombstone.name.clone(),
            tombstone.answer_as(R::KIND),
            meta,
        ));
    }
}
