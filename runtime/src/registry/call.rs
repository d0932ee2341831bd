//! `tools/call`: a tool by its name, or by a live alias.

use rmcp::ErrorData;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode};

use super::ToolRegistry;
use super::state::DEPRECATION_META_KEY;
use mcp_toolname_rules::message;

/// rmcp turns a parameter deserialisation error into a tool error result (so the model can
/// retry); the registry does the same to stay a drop-in for `ToolRouter`.
const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

impl<S: 'static> ToolRegistry<S> {
    /// Runs a `tools/call`: an enabled tool's name runs the tool; a live alias runs its tool
    /// (counted, and logged as a rate-limited `tracing` warning); an expired alias, a
    /// disabled tool (or an alias of one) and an unknown name are JSON-RPC errors (`-32602`,
    /// invalid params). Parameter deserialisation errors become tool error results, as in
    /// rmcp's `ToolRouter::call`.
    ///
    /// # Errors
    /// The JSON-RPC errors above, or the tool's own.
    pub async fn call(
        &self,
        mut context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let state = &*self.state;
        let not_found = || ErrorData::invalid_params(message::tool_not_found(context.name()), None);
        let (route, deprecation) = if let Some(def) = state.tools.get(context.name()) {
            if state.is_off(context.name()) {
                return Err(not_found());
            }
            (&def.route, None)
        } else {
            let Some(alias) = state.aliases.get(context.name()) else {
                return Err(not_found());
            };
            if state.is_off(&alias.target) {
                return Err(not_found());
            }
            let now = state.clock.now();
            let until = alias.until_text.as_deref();
            if !alias.alias.is_live(now) {
                alias.usage.record(now, false);
                return Err(ErrorData::invalid_params(
                    message::alias_expired(
                        &alias.alias.name,
                        &alias.target,
                        until.unwrap_or_default(),
                    ),
                    Some(alias.notice.clone()),
                ));
            }
            if alias.usage.record(now, true) {
                tracing::warn!(
                    alias = %alias.alias.name,
                    tool = %alias.target,
                    "{}",
                    message::alias_called(&alias.alias.name, &alias.target, until)
                );
            }
            context.name = alias.target.clone();
            (&alias.route, Some(&alias.notice))
        };
        match (route.call)(context).await {
            Ok(mut result) => {
                // A call by the old name says so in the result too, so a client can tell its user.
                if let (Some(notice), CallToolResponse::Complete(done)) = (deprecation, &mut result)
                {
                    done.meta
                        .get_or_insert_with(Default::default)
                        .0
                        .insert(DEPRECATION_META_KEY.to_owned(), notice.clone());
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
