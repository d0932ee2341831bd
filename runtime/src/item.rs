//! What a registry holds ([`Item`]): rmcp's route of a tool or of a prompt. The registry's
//! core (one name per definition, aliases and their windows, tombstones, batches and
//! notifications) is written once over this trait; what differs (the name contract, how an
//! alias is listed, which list changed) is said here, per kind.

use std::borrow::Cow;
use std::sync::Arc;

use mcp_toolname_rules::{Contract, MCP, PROMPT, PROMPT_ARGUMENT, message};
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{JsonObject, MetaObject, Prompt, Tool};
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
}

/// rmcp's route of a named item a server serves: [`ToolRoute`] or [`PromptRoute`].
pub trait Item: Clone {
    /// What its list shows: rmcp's [`Tool`] or [`Prompt`].
    type Listed: Clone + PartialEq + serde::Serialize + Send + Sync + 'static;
    /// `tool` or `prompt`, for messages.
    const NOUN: &'static str;
    /// The list it is in.
    const LIST: ListKind;
    /// The contract its name is held to (the MCP spec for tools; [`PROMPT`] for prompts).
    const CONTRACT: &'static Contract;

    /// What its list shows of it.
    fn listed(&self) -> &Self::Listed;

    /// The name a listed entry has.
    fn listed_name(listed: &Self::Listed) -> &str;

    /// Its name.
    fn name(&self) -> &str {
        Self::listed_name(self.listed())
    }

    /// It listed under an alias's name: marked deprecated in its description and `_meta`
    /// (`until`, RFC 3339, when set).
    fn as_alias(&self, alias: &Alias, until: Option<&str>, deprecation: Value) -> Self::Listed;

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
}

/// `value` under `key` in `meta` (made if there is none).
fn put_meta(meta: &mut Option<MetaObject>, key: &str, value: Value) {
    meta.get_or_insert_with(MetaObject::default)
        .0
        .insert(key.to_owned(), value);
}

/// `description` with the deprecation notice of `alias` before it.
fn deprecated_description(
    original: &str,
    alias: &Alias,
    noun: &str,
    until: Option<&str>,
    description: Option<&str>,
) -> String {
    let _ = alias;
    let notice = message::item_alias_description(noun, original, until);
    match description {
        Some(d) if !d.is_empty() => format!("{notice}\n\n{d}"),
        _ => notice,
    }
}

impl<S> Item for ToolRoute<S> {
    type Listed = Tool;
    const NOUN: &'static str = "tool";
    const LIST: ListKind = ListKind::Tools;
    const CONTRACT: &'static Contract = &MCP;

    fn listed(&self) -> &Tool {
        &self.attr
    }

    fn listed_name(listed: &Tool) -> &str {
        &listed.name
    }

    fn as_alias(&self, alias: &Alias, until: Option<&str>, deprecation: Value) -> Tool {
        let tool = &self.attr;
        let mut listed = tool.clone();
        listed.name = alias.name.clone();
        if let Some(args) = &alias.args {
            // What the alias carries is not the caller's to give.
            listed.input_schema = Arc::new(crate::carried::without(&tool.input_schema, args));
        }
        listed.description = Some(
            deprecated_description(
                &tool.name,
                alias,
                Self::NOUN,
                until,
                tool.description.as_deref(),
            )
            .into(),
        );
        Self::with_meta(listed, crate::DEPRECATION_META_KEY, deprecation)
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
}

impl<S> Item for PromptRoute<S> {
    type Listed = Prompt;
    const NOUN: &'static str = "prompt";
    const LIST: ListKind = ListKind::Prompts;
    const CONTRACT: &'static Contract = &PROMPT;

    fn listed(&self) -> &Prompt {
        &self.attr
    }

    fn listed_name(listed: &Prompt) -> &str {
        &listed.name
    }

    fn as_alias(&self, alias: &Alias, until: Option<&str>, deprecation: Value) -> Prompt {
        let prompt = &self.attr;
        let mut listed = prompt.clone();
        listed.name = alias.name.to_string();
        if let (Some(args), Some(arguments)) = (&alias.args, &mut listed.arguments) {
            // What the alias carries is not the caller's to give.
            arguments.retain(|a| !args.contains_key(&a.name));
        }
        listed.description = Some(deprecated_description(
            &prompt.name,
            alias,
            Self::NOUN,
            until,
            prompt.description.as_deref(),
        ));
        Self::with_meta(listed, crate::DEPRECATION_META_KEY, deprecation)
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
