//! The words that differ between the kinds of named items a server has (tools, prompts), so
//! that every sentence about one is written once: [`Kind`], and the sentences of the macros
//! and the registry that take it.

use super::show;
use crate::{Contract, MCP, PROMPT};

/// A kind of named item, in the words messages use for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// `tool`, `prompt`.
    pub noun: &'static str,
    /// How a reader is told to reach one, capitalised: a tool is `Call`ed, a prompt `Use`d.
    pub verb: &'static str,
    /// What was done to one, for a log line: `called`, `used`.
    pub done: &'static str,
    /// A request for one, as the subject of a sentence: `a call to it`, `a request for it`.
    pub ask: &'static str,
    /// Our item attribute: `mcp_tool`, `mcp_prompt`.
    pub attr: &'static str,
    /// Our registry attribute: `tool_registry`, `prompt_registry`.
    pub registry: &'static str,
    /// rmcp's item attribute: `tool`, `prompt`.
    pub rmcp_attr: &'static str,
    /// How the runtime adds one with its aliases by hand.
    pub by_hand: &'static str,
    /// What uniqueness rests on, in a parenthesis.
    pub unique_source: &'static str,
    /// The contract its names are held to.
    pub contract: &'static Contract,
}

impl Kind {
    /// Tools: the MCP spec's names, `#[tool_registry]` / `#[mcp_tool]`.
    pub const TOOL: Self = Self {
        noun: "tool",
        verb: "Call",
        done: "called",
        ask: "a call to it",
        attr: "mcp_tool",
        registry: "tool_registry",
        rmcp_attr: "tool",
        by_hand: "`ToolDef::new(route).alias(Alias::new(\"old\"))` and `registry.try_add_tool(def)`",
        unique_source: " (MCP spec, Tool Names)",
        contract: &MCP,
    };

    /// Prompts: the slash-command rule ([`PROMPT`]), `#[prompt_registry]` / `#[mcp_prompt]`.
    pub const PROMPT: Self = Self {
        noun: "prompt",
        verb: "Use",
        done: "used",
        ask: "a request for it",
        attr: "mcp_prompt",
        registry: "prompt_registry",
        rmcp_attr: "prompt",
        by_hand: "`PromptDef::new(route).alias(Alias::new(\"old\"))` and \
                  `registry.try_add_prompt(def)`",
        unique_source: " (a client runs one slash command per name)",
        contract: &PROMPT,
    };
}

/// Two items of one kind in one server with one name.
///
/// ```
/// use mcp_toolname_rules::message::{Kind, item_duplicate};
/// assert_eq!(
///     item_duplicate(&Kind::PROMPT, "review", "review_v1"),
///     "prompt name `review` is already used by `fn review_v1`; prompt names must be unique \
///      within a server (a client runs one slash command per name), and rmcp would keep only \
///      one of the two"
/// );
/// ```
#[must_use]
pub fn item_duplicate(kind: &Kind, name: &str, first_fn: &str) -> String {
    let noun = kind.noun;
    format!(
        "{noun} name {} is already used by `fn {first_fn}`; {noun} names must be unique within \
         a server{}, and rmcp would keep only one of the two",
        show(name),
        kind.unique_source
    )
}

/// Help for [`item_duplicate`]: `fn {first_fn}` and `fn {second_fn}` hold the same name, so
/// an `alias` cannot keep it (an alias equal to its item's name is refused): the fix is to
/// delete one, or to name one differently.
///
/// ```
/// use mcp_toolname_rules::message::{Kind, item_duplicate_help};
/// assert_eq!(
///     item_duplicate_help(&Kind::TOOL, "search", "find", "lookup"),
///     "if `fn find` and `fn lookup` do the same thing, delete one of them (the other keeps \
///      serving `search`, so no `alias` is needed); if not, give one of them its own name: \
///      `#[mcp_tool(name = \"...\")]`"
/// );
/// ```
#[must_use]
pub fn item_duplicate_help(kind: &Kind, name: &str, first_fn: &str, second_fn: &str) -> String {
    format!(
        "if `fn {first_fn}` and `fn {second_fn}` do the same thing, delete one of them (the \
         other keeps serving {}, so no `alias` is needed); if not, give one of them its own \
         name: `#[{}(name = \"...\")]`",
        show(name),
        kind.attr
    )
}

/// An alias with the name of an item of the same server.
#[must_use]
pub fn alias_is_item(kind: &Kind, alias: &str, alias_of_fn: &str, item_fn: &str) -> String {
    format!(
        "alias {} of `fn {alias_of_fn}` is the name of the {} `fn {item_fn}`; {} could not \
         tell which one is meant",
        show(alias),
        kind.noun,
        kind.ask
    )
}

/// Help for [`alias_is_item`]: what to write instead.
#[must_use]
pub fn alias_is_item_help(alias: &str, item_fn: &str) -> String {
    format!(
        "`fn {item_fn}` has the name {} now: remove the alias if `fn {item_fn}` took the name \
         over on purpose, or give one of them another name",
        show(alias)
    )
}

/// An alias declared twice in one server.
#[must_use]
pub fn item_duplicate_alias(kind: &Kind, alias: &str, first_fn: &str) -> String {
    format!(
        "alias {} is already declared on `fn {first_fn}`; {} could not tell which {} is \
         meant",
        show(alias),
        kind.ask,
        kind.noun
    )
}

/// An alias equal to its own item's name.
#[must_use]
pub fn item_alias_is_own_name(kind: &Kind, alias: &str) -> String {
    format!(
        "alias {} is this {}'s own name; remove the alias",
        show(alias),
        kind.noun
    )
}

/// Two names of one server that differ only in case.
#[must_use]
pub fn item_case_only(kind: &Kind, name: &str, other: &str) -> String {
    format!(
        "{} names {} and {} differ only in case; models and people confuse them, and a client \
         that folds case would merge them: rename one",
        kind.noun,
        show(name),
        show(other)
    )
}

/// Two names of one server that read alike ([`crate::look_alike_key`]).
#[must_use]
pub fn item_look_alike(kind: &Kind, name: &str, other: &str) -> String {
    format!(
        "{} names {} and {} differ only in case and in `_`, `-` and `.`; models and people \
         confuse them, and a client or a did-you-mean that reads them alike cannot tell which \
         was meant: rename one",
        kind.noun,
        show(name),
        show(other)
    )
}

/// rmcp's item attribute left inside our registry's impl.
#[must_use]
pub fn rmcp_attr_inside_registry(kind: &Kind) -> String {
    format!(
        "rmcp's `#[{}]` inside `#[{}]` would not be registered or checked; write `#[{}]` (it \
         takes the same arguments)",
        kind.rmcp_attr, kind.registry, kind.attr
    )
}

/// An alias on an item attribute outside a registry impl, where nothing serves it.
#[must_use]
pub fn item_alias_outside_registry(kind: &Kind) -> String {
    format!(
        "an alias is served by the registry of a `#[{registry}]` impl, and this `#[{attr}]` is \
         in none, so nothing would answer to the old name; put the fn in a `#[{registry}]` \
         impl, or add the alias where you register the route: {}",
        kind.by_hand,
        registry = kind.registry,
        attr = kind.attr,
    )
}

/// The item attribute on something that is not a fn.
#[must_use]
pub fn item_attr_not_on_fn(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on a fn: a method of a `#[{}]` impl, or any fn rmcp's `#[{}]` takes",
        kind.attr, kind.registry, kind.rmcp_attr
    )
}

/// The registry attribute on something that is not an impl block.
#[must_use]
pub fn item_registry_not_on_impl(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on an `impl` block whose methods carry `#[{}]`",
        kind.registry, kind.attr
    )
}

/// The registry attribute on `impl Trait for Type`.
#[must_use]
pub fn item_registry_on_trait_impl(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on an inherent impl (`impl Server {{ ... }}`), not on a trait impl; move \
         the `#[{}]` methods into one",
        kind.registry, kind.attr
    )
}

/// A registry impl with no item fn.
#[must_use]
pub fn item_registry_empty(kind: &Kind, fn_name: &str) -> String {
    format!(
        "`#[{registry}]` found no `#[{attr}]` fn in this impl, so `Self::{fn_name}()` would \
         serve no {noun}s; a `#[{attr}]` fn made by a `macro_rules!` call inside the impl is \
         not visible to it (let the macro emit the whole impl instead); write \
         `#[{registry}(allow_empty)]` if an empty registry is intended",
        registry = kind.registry,
        attr = kind.attr,
        noun = kind.noun,
    )
}

/// A route renamed by `for_each_route_mut`, where names do not change.
///
/// ```
/// use mcp_toolname_rules::message::{Kind, route_renamed_in_place};
/// assert_eq!(
///     route_renamed_in_place(&Kind::TOOL, "search", "find"),
///     "for_each_route_mut renamed the tool `search` to `find`, and a name is not changed in \
///      place (every client that used it would break); the route is left as it was: rename \
///      the tool with `name = \"find\"` and keep `alias = \"search\"`"
/// );
/// ```
#[must_use]
pub fn route_renamed_in_place(kind: &Kind, from: &str, to: &str) -> String {
    let noun = kind.noun;
    format!(
        "for_each_route_mut renamed the {noun} {} to {}, and a name is not changed in place \
         (every client that used it would break); the route is left as it was: rename the \
         {noun} with `name = {to:?}` and keep `alias = {from:?}`",
        show(from),
        show(to)
    )
}
