//! `tools/call`: a tool by its name, or by a live alias; and the answers for every name that
//! is not served as called (unknown, switched off, past its window).

use std::borrow::Cow;

use rmcp::ErrorData;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode};
use serde_json::json;

use super::ToolRegistry;
use super::entry::{AliasEntry, TombstoneEntry};
use super::serve::{Resolved, near_data};
use super::state::State;
use crate::alias::{AliasNotice, ExpiredAnswer};
use crate::carried;
use crate::item::Item;
use crate::tombstone::TOMBSTONE_META_KEY;
use mcp_toolname_rules::message;

/// rmcp turns a parameter deserialisation error into a tool error result (so the model can
/// retry); the registry does the same to stay a drop-in for `ToolRouter`.
const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

impl<S: 'static> ToolRegistry<S> {
    /// Runs a `tools/call`: an enabled tool's name runs the tool; a live alias runs its tool
    /// (counted, and logged as a rate-limited `tracing` warning), adding
    /// `_meta["mcp-toolname/deprecated"]` to the result (and a text block under
    /// [`AliasNotice::Text`]; nothing under [`AliasNotice::None`]). Parameter deserialisation
    /// errors become tool error results, as in rmcp's `ToolRouter::call`.
    ///
    /// An alias past its window runs nothing: under [`ExpiredAnswer::ToolError`] (the
    /// default) the answer is a result with `isError: true` naming the new name; under
    /// [`ExpiredAnswer::ProtocolError`], JSON-RPC error `-32602` with
    /// `data: {"replacement", "until"}`.
    ///
    /// # Errors
    /// JSON-RPC `-32602` (invalid params) for an unknown name or a switched-off tool (or an
    /// alias of one): the message names the closest served tool when one is close (same name
    /// up to case and `.` `-` `/` `:` space versus `_`, or a small edit), and `data` is then
    /// `{"closest": "<name>"}`; that tool is not called. When several match equally, each is
    /// named and `data` is `{"tied": ["<name>", ...]}` (sorted, at most 4), and none is called.
    /// Also the expired-alias protocol
    /// error above, and the tool's own errors.
    pub async fn call(
        &self,
        mut context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let state = &*self.state;
        let resolved = state.resolve(
            &context.name,
            &mut context.arguments,
            &context.request_context,
        );
        let serve = match resolved {
            Resolved::Serve(serve) => serve,
            Resolved::Expired(alias) => return expired(state, alias),
            Resolved::Clash(alias, clash) => return Ok(refuse_clash(alias, &clash)),
            Resolved::Gone(entry, text) => return gone(state, entry, text),
            Resolved::Unknown(near, text) => {
                let data = near_data(&near).map(|(key, value)| json!({ key: value }));
                return Err(ErrorData::invalid_params(text, data));
            }
        };
        if let Some(alias) = serve.alias {
            // The request's own copy of the old name takes the new one in place: no allocation
            // when the old name is at least as long.
            match &mut context.name {
                Cow::Owned(name) => {
                    name.clear();
                    name.push_str(&alias.target);
                }
                name => *name = alias.target.clone(),
            }
        }
        match (serve.route.call)(context).await {
            Ok(mut result) => {
                // A call by the old name says so in the result too, so a client can tell its user.
                if let (Some(alias), CallToolResponse::Complete(done)) =
                    (serve.noticed(), &mut result)
                {
                    mark_deprecated(state, alias, done);
                }
                Ok(result)
            }
            Err(error)
                if error.code == ErrorCode::INVALID_PARAMS
                    && error.message.starts_with(ARGUMENT_ERROR_PREFIX) =>
            {
                Ok(CallToolResult::error(vec![ContentBlock::text(error.message)]).into())
            }
            Err(error) => Err(error),
        }
    }
}

/// The answer to a call by `alias` that changes an argument the alias carries: a tool error
/// naming the tool to call instead; nothing is run.
fn refuse_clash<R: Item>(alias: &AliasEntry<R>, clash: &carried::Clash) -> CallToolResponse {
    let text = message::alias_arg_clash(
        &alias.alias.name,
        &alias.target,
        &clash.key,
        &clash.fixed,
        &clash.given,
    );
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.meta = Some(alias.call_meta());
    result.into()
}

/// The answer to a call by a tombstone's name (`text`): where the tool went; nothing is run.
fn gone<R: Item>(
    state: &State<R>,
    entry: &TombstoneEntry,
    text: String,
) -> Result<CallToolResponse, ErrorData> {
    let tombstone = &entry.tombstone;
    match state.defaults.expired {
        ExpiredAnswer::ToolError => {
            let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
            let mut meta = rmcp::model::MetaObject::default();
            meta.0
                .insert(TOMBSTONE_META_KEY.to_owned(), tombstone.meta().into());
            result.meta = Some(meta);
            Ok(result.into())
        }
        ExpiredAnswer::ProtocolError => Err(ErrorData::invalid_params(
            text,
            Some(tombstone.meta().into()),
        )),
    }
}

/// The answer to a call by `alias` after its window.
fn expired<R: Item>(
    state: &State<R>,
    alias: &AliasEntry<R>,
) -> Result<CallToolResponse, ErrorData> {
    let until = alias.until_text.as_deref().unwrap_or_default();
    match alias.alias.expired.unwrap_or(state.defaults.expired) {
        ExpiredAnswer::ToolError => {
            let text = message::alias_expired_tool_error(&alias.alias.name, &alias.target, until);
            let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
            result.meta = Some(alias.call_meta());
            Ok(result.into())
        }
        ExpiredAnswer::ProtocolError => Err(ErrorData::invalid_params(
            message::alias_expired(&alias.alias.name, &alias.target, until),
            Some(alias.notice().into()),
        )),
    }
}

/// Adds the deprecation of `alias` to the result of a call by it.
fn mark_deprecated<R: Item>(state: &State<R>, alias: &AliasEntry<R>, done: &mut CallToolResult) {
    if alias.mark(state.defaults.notice, &mut done.meta) == AliasNotice::Text {
        done.content.push(ContentBlock::text(message::alias_notice(
            &alias.alias.name,
            &alias.target,
            alias.until_text.as_deref(),
        )));
    }
}
