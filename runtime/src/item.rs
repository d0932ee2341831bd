//! What a registry holds ([`Item`]): rmcp's route of a tool or of a prompt. The registry's
//! core (one name per definition, aliases and their windows, tombstones, batches and
//! notifications) is written once over this trait; what differs (the name contract, how an
//! alias is listed, which list changed) is said here, per kind.

use std::borrow::Cow;
use std::sync::Arc;

use mcp_toolname_rules::PROMPT_ARGUMENT;
use mcp_toolname_rules::lint;
use mcp_toolname_rules::message::{self, Kind};
use mcp_toolname_rules::schema::refused_keys_of;
use rmcp::RoleServer;
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{JsonObject, MetaObject, Prompt, Tool};
use rmcp::service::{Peer, ServiceError, SubscriptionContext, SubscriptionSendError};
use serde_json::Value;

use crate::alias::Alias;

/// Which `*/list` a kind of item is listed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    /// `tools/list`, changes told by `notifications/tools/list_changed`.
    Tools,
    /// `prompts/list`, changes told by `notifications/prompts/list_changed`.
    Prompts,
}

impl ListKind {
    /// The list's method: `tools/list` or `prompts/list`.
    #[must_use]
    pub fn method(self) -> &'static str {
        match self {
            Self::Tools => "tools/list",
            Self::Prompts => "prompts/list",
        }
    }

    /// The name of the registry of this list, as its `Debug` shows it.
    pub(crate) fn registry_type(self) -> &'static str {
        match self {
            Self::Tools => "ToolRegistry",
            Self::Prompts => "PromptRegistry",
        }
    }

    /// The name of the shared registry of this list, as its `Debug` and panics show it.
    pub(crate) fn shared_type(self) -> &'static str {
        match self {
            Self::Tools => "SharedToolRegistry",
            Self::Prompts => "SharedPromptRegistry",
        }
    }

    /// Logs a request by an old name (`tracing`, warning), naming the item by this list's
    /// noun (`tool = ...`, `prompt = ...`).
    pub(crate) fn warn_alias_used(self, alias: &str, target: &str, text: &str) {
        match self {
            Self::Tools => tracing::warn!(alias = %alias, tool = %target, "{text}"),
            Self::Prompts => tracing::warn!(alias = %alias, prompt = %target, "{text}"),
        }
    }

    /// Sends this list's `list_changed` notification to one session.
    pub(crate) async fn tell_peer(self, peer: &Peer<RoleServer>) -> Result<(), ServiceError> {
        match self {
            Self::Tools => peer.notify_tool_list_changed().await,
            Self::Prompts => peer.notify_prompt_list_changed().await,
        }
    }

    /// Whether a `subscriptions/listen` asked for this list's changes and was accepted.
    pub(crate) fn accepted(self, context: &SubscriptionContext) -> bool {
        let accepted = context.accepted();
        match self {
            Self::Tools => accepted.tools_list_changed,
            Self::Prompts => accepted.prompts_list_changed,
        }
        .unwrap_or(false)
    }

    /// Sends this list's `list_changed` notification on a subscription's stream.
    pub(crate) async fn tell_subscription(
        self,
        context: &SubscriptionContext,
    ) -> Result<(), SubscriptionSendError> {
        match self {
            Self::Tools => context.sink().notify_tool_list_changed().await,
            Self::Prompts => context.sink().notify_prompt_list_changed().await,
        }
    }
}

/// rmcp's route of a named item a server serves: [`ToolRoute`] or [`PromptRoute`].
pub trait Item: Clone {
    /// What its list shows: rmcp's [`Tool`] or [`Prompt`].
    type Listed: Clone + PartialEq + serde::Serialize + Send + Sync + 'static;
    /// Its kind, in the words messages use and with the contract its name is held to (the
    /// MCP spec for tools; [`PROMPT`](mcp_toolname_rules::PROMPT) for prompts).
    const KIND: &'static Kind;
    /// The list it is in.
    const LIST: ListKind;

    /// What its list shows of it.
    fn listed(&self) -> &Self::Listed;

    /// The name a listed entry has.
    fn listed_name(listed: &Self::Listed) -> &str;

    /// Its name.
    fn name(&self) -> &str {
        Self::listed_name(self.listed())
    }

    /// It listed under an alias's name: marked deprecated in its description and `_meta`
    /// (`until`, RFC 3339, when set), without the arguments the alias carries (they are not
    /// the caller's to give).
    fn as_alias(&self, alias: &Alias, until: Option<&str>, deprecation: Value) -> Self::Listed {
        let mut listed = self.listed().clone();
        Self::rename(&mut listed, alias.name.clone());
        if let Some(args) = &alias.args {
            Self::drop_args(&mut listed, args);
        }
        let notice = message::item_alias_description(Self::KIND, self.name(), until);
        let description = notice_before(notice, Self::description(self.listed()));
        Self::describe(&mut listed, description);
        Self::with_meta(listed, crate::DEPRECATION_META_KEY, deprecation)
    }

    /// `listed` renamed to `name`.
    fn rename(listed: &mut Self::Listed, name: Cow<'static, str>);

    /// `listed` without the arguments named in `args`.
    fn drop_args(listed: &mut Self::Listed, args: &JsonObject);

    /// The description of `listed`, if it has one.
    fn description(listed: &Self::Listed) -> Option<&str>;

    /// `listed` described by `description`.
    fn describe(listed: &mut Self::Listed, description: String);

    /// `listed` with `value` under `key` in its `_meta`.
    fn with_meta(listed: Self::Listed, key: &str, value: Value) -> Self::Listed;

    /// A listed entry for a name that only answers where its item went (surface mode), if the
    /// kind lists such names.
    fn tombstone_listed(name: Cow<'static, str>, answer: String, meta: MetaObject) -> Self::Listed;

    /// Problems of `alias` that only this kind has, in words (tools: the arguments it carries,
    /// against the input schema).
    fn alias_problems(&self, _alias: &Alias) -> Vec<String> {
        Vec::new()
    }

    /// Problems of the item itself beyond its name, in words (prompts: argument names a
    /// slash command cannot carry).
    fn own_problems(&self) -> Vec<String> {
        Vec::new()
    }

    /// Its input schema, if its kind has one (tools).
    fn input_schema(&self) -> Option<&Arc<JsonObject>> {
        None
    }

    /// Its input schema replaced by `schema`, returning the one it had (`None`, and nothing
    /// changed, for a kind without one).
    fn swap_input_schema(&mut self, _schema: Arc<JsonObject>) -> Option<Arc<JsonObject>> {
        None
    }
}

/// `value` under `key` in `meta` (made if there is none).
fn put_meta(meta: &mut Option<MetaObject>, key: &str, value: Value) {
    meta.get_or_insert_with(MetaObject::default)
        .0
        .insert(key.to_owned(), value);
}

/// `notice`, then a blank line and `description` if there is one.
pub(crate) fn notice_before(notice: String, description: Option<&str>) -> String {
    match description {
        Some(d) if !d.is_empty() => format!("{notice}\n\n{d}"),
        _ => notice,
    }
}

impl<S> Item for ToolRoute<S> {
    type Listed = Tool;
    const KIND: &'static Kind = &Kind::TOOL;
    const LIST: ListKind = ListKind::Tools;

    fn listed(&self) -> &Tool {
        &self.attr
    }

    fn listed_name(listed: &Tool) -> &str {
        &listed.name
    }

    fn rename(listed: &mut Tool, name: Cow<'static, str>) {
        listed.name = name;
    }

    fn drop_args(listed: &mut Tool, args: &JsonObject) {
        listed.input_schema = Arc::new(crate::carried::without(&listed.input_schema, args));
    }

    fn description(listed: &Tool) -> Option<&str> {
        listed.description.as_deref()
    }

    fn describe(listed: &mut Tool, description: String) {
        listed.description = Some(description.into());
    }

    fn with_meta(mut listed: Tool, key: &str, value: Value) -> Tool {
        put_meta(&mut listed.meta, key, value);
        listed
    }

    fn tombstone_listed(name: Cow<'static, str>, answer: String, meta: MetaObject) -> Tool {
        let mut tool = Tool::new(name, answer, Arc::new(JsonObject::new()));
        tool.meta = Some(meta);
        tool
    }

    fn alias_problems(&self, alias: &Alias) -> Vec<String> {
        match &alias.args {
            Some(args) => crate::carried::problems(
                &alias.name,
                &self.attr.name,
                args,
                &self.attr.input_schema,
            ),
            None => Vec::new(),
        }
    }

    /// Every argument name (top-level property key of the input schema) the Anthropic API
    /// refuses: it refuses the whole request with it, so the set is refused here as a name
    /// outside the spec is. Rules that hold for one API only ([`lint::ARGUMENT_CONTRACT`])
    /// are left to `audit`.
    fn own_problems(&self) -> Vec<String> {
        argument_problems(&self.attr.name, &self.attr.input_schema)
    }

    fn input_schema(&self) -> Option<&Arc<JsonObject>> {
        Some(&self.attr.input_schema)
    }

    fn swap_input_schema(&mut self, schema: Arc<JsonObject>) -> Option<Arc<JsonObject>> {
        Some(std::mem::replace(&mut self.attr.input_schema, schema))
    }
}

/// The refused argument names of tool `tool` with input schema `schema`, in words.
fn argument_problems(tool: &str, schema: &JsonObject) -> Vec<String> {
    refused_keys_of(schema)
        .keys
        .iter()
        .filter_map(|key| {
            let (rule, error) = key
                .rules
                .iter()
                .find(|(r, _)| r.lint == &lint::ARGUMENT_NAME)?;
            let text = message::argument_refused(key.key, error, rule.contract, rule.applies_to);
            Some(format!("tool {}: {text}", message::show(tool)))
        })
        .collect()
}

impl<S> Item for PromptRoute<S> {
    type Listed = Prompt;
    const KIND: &'static Kind = &Kind::PROMPT;
    const LIST: ListKind = ListKind::Prompts;

    fn listed(&self) -> &Prompt {
        &self.attr
    }

    fn listed_name(listed: &Prompt) -> &str {
        &listed.name
    }

    fn rename(listed: &mut Prompt, name: Cow<'static, str>) {
        listed.name = name.into_owned();
    }

    fn drop_args(listed: &mut Prompt, args: &JsonObject) {
        if let Some(arguments) = &mut listed.arguments {
            arguments.retain(|a| !args.contains_key(&a.name));
        }
    }

    fn description(listed: &Prompt) -> Option<&str> {
        listed.description.as_deref()
    }

    fn describe(listed: &mut Prompt, description: String) {
        listed.description = Some(description);
    }

    fn with_meta(mut listed: Prompt, key: &str, value: Value) -> Prompt {
        put_meta(&mut listed.meta, key, value);
        listed
    }

    fn tombstone_listed(name: Cow<'static, str>, answer: String, meta: MetaObject) -> Prompt {
        let mut prompt = Prompt::new(name.into_owned(), Some(answer), None);
        prompt.meta = Some(meta);
        prompt
    }

    fn alias_problems(&self, alias: &Alias) -> Vec<String> {
        let Some(args) = &alias.args else {
            return Vec::new();
        };
        // A prompt's arguments as the input schema they stand for: each a string.
        let properties: serde_json::Map<String, Value> = self
            .attr
            .arguments
            .iter()
            .flatten()
            .map(|a| (a.name.clone(), serde_json::json!({"type": "string"})))
            .collect();
        let mut schema = JsonObject::new();
        schema.insert("properties".to_owned(), Value::Object(properties));
        crate::carried::problems(&alias.name, &self.attr.name, args, &schema)
    }

    fn own_problems(&self) -> Vec<String> {
        self.attr
            .arguments
            .iter()
            .flatten()
            .filter_map(|argument| {
                let error = mcp_toolname_rules::check(&argument.name, &PROMPT_ARGUMENT).err()?;
                Some(message::prompt_argument_error(
                    &self.attr.name,
                    &argument.name,
                    &error,
                ))
            })
            .collect()
    }
}
