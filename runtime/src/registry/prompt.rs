//! What only prompts have: adopting rmcp's `PromptRouter`, and the answers of `prompts/get`
//! (a prompt by its name or a live alias, and every name that is not served as asked:
//! unknown, switched off, past its window, a tombstone), as rmcp's `PromptRouter` gives them.

use rmcp::ErrorData;
use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::router::prompt::{PromptRoute, PromptRouter};
use rmcp::model::{GetPromptResponse, GetPromptResult, ListPromptsResult};
use rmcp::service::MaybeSend;
use serde_json::json;

use super::PromptRegistry;
use super::entry::AliasEntry;
use super::serve::{Resolved, near_data};
use super::state::State;
use crate::alias::AliasNotice;
use crate::def::PromptDef;
use crate::error::RegistryError;
use crate::item::{Item, notice_before};
use crate::tombstone::TOMBSTONE_META_KEY;
use mcp_toolname_rules::message;

impl<S: MaybeSend + 'static> PromptRegistry<S> {
    /// Adds a prompt with its aliases (a [`PromptDef`]), while serving too.
    ///
    /// # Errors
    /// Every problem of `def` against the prompts and aliases in use; nothing is changed.
    pub fn try_add_prompt(&mut self, def: PromptDef<S>) -> Result<(), RegistryError> {
        self.try_add_def(def)
    }

    /// Adopts a hand-built rmcp prompt router, checking every name. The routes' origin is the
    /// caller's location.
    ///
    /// # Errors
    /// Every name that breaks the slash-command rule.
    #[track_caller]
    pub fn from_prompt_router(router: PromptRouter<S>) -> Result<Self, RegistryError> {
        Self::from_routes("rmcp PromptRouter", router.into_iter().collect())
    }

    /// Answers a `prompts/get`, as rmcp's `PromptRouter::get_prompt` does (what
    /// `#[rmcp::prompt_handler]` calls): an enabled prompt's name runs it; a live alias runs
    /// its prompt (counted, logged as a rate-limited `tracing` warning, with the arguments it
    /// carries merged in), adding `_meta["mcp-toolname/deprecated"]` to the result (and,
    /// under [`AliasNotice::Text`], the notice before its description).
    ///
    /// # Errors
    /// JSON-RPC `-32602` (invalid params), as rmcp answers an unknown prompt, for an unknown
    /// or switched-off name (the message names the closest served prompt; `data` has rmcp's
    /// `available_prompts` and, when one is close, `closest` or `tied`), an alias past its
    /// window (naming the new name; `data` `{"replacement", "until"}`), a tombstone (where
    /// the prompt went), an alias call that changes an argument the alias carries; and the
    /// prompt's own errors.
    pub async fn get_prompt(
        &self,
        mut context: PromptContext<'_, S>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let state = &*self.state;
        let resolved = state.resolve(&context.name, &mut context.arguments, &context.context);
        let serve = match resolved {
            Resolved::Serve(serve) => serve,
            Resolved::Expired(alias) => {
                return Err(ErrorData::invalid_params(
                    message::item_alias_expired(
                        PromptRoute::<S>::KIND,
                        &alias.alias.name,
                        &alias.target,
                        alias.until_text.as_deref().unwrap_or_default(),
                    ),
                    Some(alias.notice().into()),
                ));
            }
            Resolved::Clash(alias, clash) => {
                return Err(ErrorData::invalid_params(
                    message::alias_arg_clash(
                        &alias.alias.name,
                        &alias.target,
                        &clash.key,
                        &clash.fixed,
                        &clash.given,
                    ),
                    Some(alias.notice().into()),
                ));
            }
            Resolved::Gone(entry, text) => {
                let mut data = serde_json::Map::new();
                data.insert(TOMBSTONE_META_KEY.to_owned(), entry.tombstone.meta().into());
                return Err(ErrorData::invalid_params(text, Some(data.into())));
            }
            Resolved::Unknown(near, text) => {
                // rmcp's error for a prompt nothing serves names every prompt served.
                let mut data = serde_json::Map::new();
                data.insert(
                    "available_prompts".to_owned(),
                    json!(self.list_all().iter().map(|p| &p.name).collect::<Vec<_>>()),
                );
                if let Some((key, value)) = near_data(&near) {
                    data.insert(key.to_owned(), value);
                }
                return Err(ErrorData::invalid_params(text, Some(data.into())));
            }
        };
        if let Some(alias) = serve.alias {
            context.name = alias.target.to_string();
        }
        let mut result = (serve.route.get)(context).await?;
        if let (Some(alias), GetPromptResponse::Complete(done)) = (serve.noticed(), &mut result) {
            mark_deprecated(state, alias, done);
        }
        Ok(result)
    }

    /// The `prompts/list` answer for `context`'s protocol: [`list_all`](Self::list_all), and
    /// on 2026-07-28 and later its cache lifetime ([`list_ttl_ms`](Self::list_ttl_ms)) and
    /// scope, as [`ToolRegistry::list_tools_result`](super::ToolRegistry::list_tools_result);
    /// a request that asks for the whole surface gets it, marked, as there.
    #[must_use]
    pub fn list_prompts_result(
        &self,
        context: &rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> ListPromptsResult {
        let (ttl_ms, cache_scope) = self.cache_hints(context);
        let (prompts, meta) = self.surface_answer(context);
        let mut result = ListPromptsResult::with_all_items(prompts);
        result.meta = meta;
        result.ttl_ms = ttl_ms;
        result.cache_scope = cache_scope;
        result
    }
}

/// Adds the deprecation of `alias` to the result of a `prompts/get` by it.
fn mark_deprecated<S: 'static>(
    state: &State<PromptRoute<S>>,
    alias: &AliasEntry<PromptRoute<S>>,
    done: &mut GetPromptResult,
) {
    if alias.mark(state.defaults.notice, &mut done.meta) == AliasNotice::Text {
        let text = message::item_alias_description(
            PromptRoute::<S>::KIND,
            &alias.target,
            alias.until_text.as_deref(),
        );
        done.description = Some(notice_before(text, done.description.as_deref()));
    }
}
