//! The kind of item an attribute is about (tools, prompts) as one value that carries what
//! differs between them: the words every crate's messages use (the rules crate's
//! [`message::Kind`], reached through `Deref`) and those only the macros use, what its
//! attributes take, what the generated code names, and whether its names reach LLM APIs.
//! Code reads a field; it never asks which kind it has.

use std::ops::Deref;

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::{MCP, NameError, message};

/// One kind of named item, with its tables.
pub struct Kind {
    /// The words messages of every crate use for it, and the contract its names are held to.
    pub words: &'static message::Kind,
    /// Our item attribute: `mcp_tool`, `mcp_prompt`.
    pub attr: &'static str,
    /// Our registry attribute: `tool_registry`, `prompt_registry`.
    pub registry: &'static str,
    /// rmcp's item attribute: `tool`, `prompt`.
    pub rmcp_attr: &'static str,
    /// How the runtime adds one with its aliases by hand.
    pub by_hand: &'static str,
    /// What uniqueness of its names rests on, in a parenthesis.
    pub unique_source: &'static str,
    /// A request for one, as the subject of a sentence.
    pub ask: &'static str,
    /// Arguments of its item attribute that rmcp's takes and we forward unchanged.
    pub forwarded: &'static [&'static str],
    /// Arguments of its item attribute that are ours; with `forwarded`, every argument it
    /// takes.
    pub own_args: &'static [&'static str],
    /// What its `alias(...)` takes.
    pub alias_args: &'static [&'static str],
    /// What its registry attribute takes.
    pub registry_args: &'static [&'static str],
    /// The registry fn's default name, as rmcp's router attribute names it.
    pub router_fn: &'static str,
    /// The registry type the registry fn returns, in the facade.
    pub registry_ty: &'static str,
    /// The fn of `__private` that makes a route of what rmcp's router takes.
    pub route_fn: &'static str,
    /// The traits of `__private` the probe of a method outside a registry brings into scope.
    pub probe_traits: &'static [&'static str],
    /// Whether its names reach LLM APIs and clients' budgets (tools): `targets(...)`, a
    /// server key, the limits of a list and clients' merges mean something for it.
    pub reaches_llms: bool,
    /// The words of the `listed_alias_name` warning: a listed alias its contract refuses.
    pub listed_alias_refused: fn(&str, &NameError) -> String,
    /// The lints of two names that differ only in case, and only in case and separators.
    /// Prompts have one lint for both: clients list them as commands, where case and
    /// separators read alike.
    pub case_lint: &'static Lint,
    /// See `case_lint`.
    pub look_alike_lint: &'static Lint,
    /// The lint of two names a model can take for one another where their inputs or
    /// descriptions are alike too; `None` where the build cannot tell (prompts are picked
    /// by a person from a list of commands, not by a model from names).
    pub confusable_lint: Option<&'static Lint>,
}

impl Deref for Kind {
    type Target = message::Kind;

    fn deref(&self) -> &message::Kind {
        self.words
    }
}

impl Kind {
    /// Tools: `#[tool_registry]` / `#[mcp_tool]`, over rmcp's `#[tool_router]` / `#[tool]`.
    pub const TOOL: Self = Self {
        words: &message::Kind::TOOL,
        attr: "mcp_tool",
        registry: "tool_registry",
        rmcp_attr: "tool",
        by_hand: "`ToolDef::new(route).alias(Alias::new(\"old\"))` and `registry.try_add_tool(def)`",
        unique_source: " (MCP spec, Tool Names)",
        ask: "a call to it",
        forwarded: &[
            "title",
            "description",
            "input_schema",
            "output_schema",
            "annotations",
            "icons",
            "meta",
            "local",
        ],
        own_args: &["name", "alias", "allow"],
        alias_args: &[
            "name",
            "until",
            "list_until",
            "since",
            "until_version",
            "hidden",
            "expired",
            "notice",
            "notice_once",
            "args",
        ],
        registry_args: &[
            "router",
            "server_handler",
            "vis",
            "allow_empty",
            "targets",
            "server_key",
            "server_key_len",
            "alias_notice_once",
            "tombstone",
            "list_ttl_secs",
            "allow",
            "schemas",
        ],
        router_fn: "tool_router",
        registry_ty: "ToolRegistry",
        route_fn: "route",
        probe_traits: &["InRmcpToolRouter", "NoToolRouter", "OutsideToolRegistry"],
        reaches_llms: true,
        listed_alias_refused: listed_tool_alias_refused,
        case_lint: &lint::CASE_COLLISION,
        look_alike_lint: &lint::LOOK_ALIKE,
        confusable_lint: Some(&lint::CONFUSABLE),
    };

    /// Prompts: `#[prompt_registry]` / `#[mcp_prompt]`, over rmcp's `#[prompt_router]` /
    /// `#[prompt]`.
    pub const PROMPT: Self = Self {
        words: &message::Kind::PROMPT,
        attr: "mcp_prompt",
        registry: "prompt_registry",
        rmcp_attr: "prompt",
        by_hand: "`PromptDef::new(route).alias(Alias::new(\"old\"))` and \
                  `registry.try_add_prompt(def)`",
        unique_source: " (a client runs one slash command per name)",
        ask: "a request for it",
        forwarded: &[
            "title",
            "description",
            "arguments",
            "icons",
            "meta",
            "local",
        ],
        // `allow` takes only warning names: no LLM API sees a prompt name.
        own_args: &["name", "alias", "allow"],
        // The tool's but `expired`: a prompt past its window is always a protocol error
        // (`prompts/get` has no error result).
        alias_args: &[
            "name",
            "until",
            "list_until",
            "since",
            "until_version",
            "hidden",
            "notice",
            "notice_once",
            "args",
        ],
        // rmcp's `#[prompt_router]` (`router`, `vis`) and ours that mean something for
        // prompts (no `targets`: no LLM API sees a prompt name; no `server_handler`: rmcp's
        // `#[prompt_router]` has none).
        registry_args: &[
            "router",
            "vis",
            "allow_empty",
            "alias_notice_once",
            "tombstone",
            "list_ttl_secs",
            "allow",
        ],
        router_fn: "prompt_router",
        registry_ty: "PromptRegistry",
        route_fn: "prompt_route",
        probe_traits: &[
            "InRmcpPromptRouter",
            "NoPromptRouter",
            "OutsidePromptRegistry",
        ],
        reaches_llms: false,
        listed_alias_refused: message::listed_prompt_alias_refused,
        case_lint: &lint::PROMPT_LOOK_ALIKE,
        look_alike_lint: &lint::PROMPT_LOOK_ALIKE,
        confusable_lint: None,
    };
}

/// A listed tool alias the spec refuses.
fn listed_tool_alias_refused(alias: &str, err: &NameError) -> String {
    message::listed_alias_refused(alias, err, &MCP)
}
