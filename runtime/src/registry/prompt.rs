//! What only prompts have: rmcp's `PromptRouter` API for adding a prompt by its route, and
//! `prompts/get` by a prompt's name or a live alias, with the answers for every name that is
//! not served as asked (unknown, switched off, past its window, a tombstone).

use rmcp::ErrorData;
use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::router::prompt::{IntoPromptRoute, PromptRoute, PromptRouter};
use rmcp::model::{GetPromptResponse, GetPromptResult, ListPromptsResult};
use rmcp::service::MaybeSend;
use serde_json::json;

use super::PromptRegistry;
use super::entry::{AliasEntry, Named};
use super::state::State;
use crate::alias::AliasNotice;
use crate::carried;
use crate::clock::unix_millis;
use crate::def::PromptDef;
use crate::error::RegistryError;
use crate::origin::Origin;
use crate::tombstone::TOMBSTONE_META_KEY;
use mcp_toolname_rules::message;

impl<S: MaybeSend + 'static> PromptRegistry<S> {
    /// Adds a route: `(Self::f_prompt_attr(), Self::f)`, a [`PromptRoute`], or a generated
    /// `f_prompt_attr` fn, as rmcp's `PromptRouter::with_route` takes.
    ///
    /// # Panics
    /// If the prompt's name breaks the slash-command rule ([`mcp_toolname_rules::PROMPT`]:
    /// white space, a control or invisible character, more than 128 characters) or is
    /// already used (by a prompt or a live or expired alias); the message names both
    /// definitions, this one by the caller's `file:line`.
    /// [`try_with_route`](Self::try_with_route) returns the error instead.
    #[track_caller]
    #[must_use]
    pub fn with_route<T, A: 'static>(mut self, route: T) -> Self
    where
        T: IntoPromptRoute<S, A>,
    {
        self.add_route(route.into_prompt_route());
        self
    }

    /// The fallible twin of [`with_route`](Self::with_route).
    ///
    /// # Errors
    /// The prompt's name breaks the rule or is already used; nothing is changed.
    #[track_caller]
    pub fn try_with_route<T, A: 'static>(mut self, route: T) -> Result<Self, RegistryError>
    where
        T: IntoPromptRoute<S, A>,
    {
        self.try_add_route(route.into_prompt_route())?;
        Ok(self)
    }

    /// Adds a route, while serving too.
    ///
    /// # Panics
    /// As [`with_route`](Self::with_route); where rmcp's router replaces a prompt of the same
    /// name silently, this refuses both.
    #[track_caller]
    pub fn add_route(&mut self, item: PromptRoute<S>) {
        if let Err(error) = self.try_add_route(item) {
            panic!(
                "{}",
                message::registry_change_refused("add_route", &error.to_string())
            );
        }
    }

    /// The fallible twin of [`add_route`](Self::add_route).
    ///
    /// # Errors
    /// The prompt's name breaks the rule or is already used; nothing is changed.
    #[track_caller]
    pub fn try_add_route(&mut self, item: PromptRoute<S>) -> Result<(), RegistryError> {
        self.try_add_def(PromptDef::new(item))
    }

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
        let at = Origin::caller("rmcp PromptRouter");
        let mut routes: Vec<PromptRoute<S>> = router.into_iter().collect();
        routes.sort_by(|a, b| a.attr.name.cmp(&b.attr.name));
        let mut builder = Self::builder();
        for route in routes {
            let origin = Origin {
                item: format!(
                    "rmcp PromptRouter route {}",
                    message::show(&route.attr.name)
                )
                .into(),
                ..at.clone()
            };
            builder = builder.prompt(PromptDef::new(route).at(origin));
        }
        builder.build()
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
        let (route, alias) = match state.named(&context.name) {
            Some(Named::Item(def)) if !state.is_off(&context.name) => (&def.route, None),
            Some(Named::Alias(alias)) if !state.alias_off(alias) => {
                let now = state.clock.since_epoch();
                let now_ms = unix_millis(now);
                if !alias.is_live(now) {
                    alias.record(now_ms, false);
                    return Err(ErrorData::invalid_params(
                        message::item_alias_expired(
                            "prompt",
                            &alias.alias.name,
                            &alias.target,
                            alias.until_text.as_deref().unwrap_or_default(),
                        ),
                        Some(alias.notice().into()),
                    ));
                }
                if alias.record(now_ms, true) {
                    tracing::warn!(
                        alias = %alias.alias.name,
                        prompt = %alias.target,
                        "{}",
                        message::item_alias_called(
                            "prompt",
                            &alias.alias.name,
                            &alias.target,
                            alias.until_text.as_deref()
                        )
                    );
                }
                if let Some(args) = &alias.alias.args {
                    match carried::merge(args, context.arguments.take()) {
                        Ok(merged) => context.arguments = Some(merged),
                        Err(clash) => {
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
                    }
                }
                context.name = alias.target.to_string();
                (&alias.route, Some(&**alias))
            }
            Some(Named::Tombstone(entry)) if entry.is_live(state.clock.since_epoch()) => {
                let tombstone = &entry.tombstone;
                let text = tombstone.answer_as("prompt");
                if entry
                    .usage
                    .record(unix_millis(state.clock.since_epoch()), false)
                {
                    tracing::warn!(tombstone = %tombstone.name, "{text}");
                }
                let mut data = serde_json::Map::new();
                data.insert(TOMBSTONE_META_KEY.to_owned(), tombstone.meta().into());
                return Err(ErrorData::invalid_params(text, Some(data.into())));
            }
            _ => return Err(not_found(state, &context.name, &self.list_all())),
        };
        let notify = alias.is_some_and(|alias| {
            !alias
                .alias
                .notice_once
                .unwrap_or(state.defaults.notice_once)
                || alias.heard.first(&context.context)
        });
        let mut result = (route.get)(context).await?;
        if let (Some(alias), GetPromptResponse::Complete(done), true) = (alias, &mut result, notify)
        {
            mark_deprecated(state, alias, done);
        }
        Ok(result)
    }

    /// The `prompts/list` answer for `context`'s protocol: [`list_all`](Self::list_all), and
    /// on 2026-07-28 and later its cache lifetime ([`list_ttl_ms`](Self::list_ttl_ms)) and
    /// scope, as [`ToolRegistry::list_tools_result`](super::ToolRegistry::list_tools_result).
    #[must_use]
    pub fn list_prompts_result(
        &self,
        context: &rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> ListPromptsResult {
        let hints = context
            .protocol_version()
            .is_some_and(|v| v >= rmcp::model::ProtocolVersion::V_2026_07_28);
        let mut result = ListPromptsResult::with_all_items(self.list_all());
        result.ttl_ms = hints.then(|| self.list_ttl_ms());
        result.cache_scope = hints.then_some(rmcp::model::CacheScope::Public);
        result
    }
}

/// rmcp's error for a prompt nothing serves (`invalid_params`, `data.available_prompts`),
/// naming the closest served prompt if one is close.
fn not_found<S: 'static>(
    state: &State<PromptRoute<S>>,
    name: &str,
    listed: &[rmcp::model::Prompt],
) -> ErrorData {
    let near = state.closest_tools(name);
    let mut data = serde_json::Map::new();
    data.insert(
        "available_prompts".to_owned(),
        json!(listed.iter().map(|p| &p.name).collect::<Vec<_>>()),
    );
    match near.as_slice() {
        [] => {}
        [closest] => {
            data.insert("closest".to_owned(), json!(closest.name));
        }
        tied => {
            let tied: Vec<&str> = tied.iter().map(|m| m.name).collect();
            data.insert("tied".to_owned(), json!(tied));
        }
    }
    ErrorData::invalid_params(
        message::item_not_found_meant("prompt", name, &near),
        Some(data.into()),
    )
}

/// Adds the deprecation of `alias` to the result of a `prompts/get` by it.
fn mark_deprecated<S: 'static>(
    state: &State<PromptRoute<S>>,
    alias: &AliasEntry<PromptRoute<S>>,
    done: &mut GetPromptResult,
) {
    if alias.mark(state.defaults.notice, &mut done.meta) == AliasNotice::Text {
        let text =
            message::item_alias_description("prompt", &alias.target, alias.until_text.as_deref());
        done.description = Some(match done.description.take() {
            Some(d) if !d.is_empty() => format!("{text}\n\n{d}"),
            _ => text,
        });
    }
}
