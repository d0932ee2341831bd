//! Entry points for the code `#[tool_registry]` and `#[prompt_registry]` generate.

use std::borrow::Cow;

use chrono::DateTime;
use rmcp::handler::server::router::prompt::{IntoPromptRoute, PromptRoute, PromptRouter};
use rmcp::handler::server::router::tool::{IntoToolRoute, ToolRoute, ToolRouter};

use crate::item::Item;
use crate::registry::Registry;
use crate::{Alias, Def, Origin, PromptRegistry, Tombstone, ToolRegistry};

pub use crate::alias::{AliasNotice, ExpiredAnswer};
pub use rmcp::handler::server::router::tool::ToolRoute as Route;

/// A route from `(Self::f_tool_attr(), Self::f)`.
pub fn route<S, A, R: IntoToolRoute<S, A>>(route: R) -> ToolRoute<S> {
    route.into_tool_route()
}

/// A route from `(Self::f_prompt_attr(), Self::f)`.
pub fn prompt_route<S, A, R: IntoPromptRoute<S, A>>(route: R) -> PromptRoute<S> {
    route.into_prompt_route()
}

/// An item (a tool or a prompt) with the site of its `#[mcp_tool]` or `#[mcp_prompt]`.
pub fn def<R: Item>(
    route: R,
    file: &'static str,
    line: u32,
    column: u32,
    item: &'static str,
) -> Def<R> {
    Def::new(route).at(Origin {
        file: file.into(),
        line,
        column,
        item: Cow::Borrowed(item),
    })
}

/// An alias whose dates the macro has already parsed to Unix milliseconds.
#[must_use]
pub fn alias(
    name: &'static str,
    until: Option<i64>,
    since: Option<i64>,
    hidden: bool,
    list_until: Option<i64>,
) -> Alias {
    Alias {
        name: Cow::Borrowed(name),
        until: until.and_then(DateTime::from_timestamp_millis),
        since: since.and_then(DateTime::from_timestamp_millis),
        hidden,
        list_until: list_until.and_then(DateTime::from_timestamp_millis),
        expired: None,
        notice: None,
        notice_once: None,
        args: None,
    }
}

/// The arguments of `alias(args(...))`, which the macro wrote as a JSON object literal.
///
/// # Panics
/// Never for what the macro writes (an object of literals).
#[must_use]
pub fn alias_args(json: &str) -> rmcp::model::JsonObject {
    serde_json::from_str(json).unwrap_or_else(|e| {
        panic!("mcp-toolname bug: alias args the macro wrote are not a JSON object: {e}")
    })
}

/// A tombstone of `#[tool_registry(tombstone(...))]`, its window end already parsed to Unix
/// milliseconds, declared at `file:line:column`.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn tombstone(
    name: &'static str,
    renamed_to: Option<&'static str>,
    instead: Option<&'static str>,
    until: Option<i64>,
    note: Option<&'static str>,
    file: &'static str,
    line: u32,
    column: u32,
) -> (Tombstone, Origin) {
    let mut tombstone = match renamed_to {
        Some(to) => Tombstone::renamed(name, to),
        None => Tombstone::removed(name),
    };
    if let Some(other) = instead {
        tombstone = tombstone.instead(other);
    }
    tombstone.until = until.and_then(DateTime::from_timestamp_millis);
    tombstone.note = note.map(Cow::Borrowed);
    let origin = Origin {
        file: file.into(),
        line,
        column,
        item: Cow::Owned(format!("tombstone `{name}`")),
    };
    (tombstone, origin)
}

/// Builds the registry of one `#[tool_registry]` (or `#[prompt_registry]`) impl. The macro
/// has already refused every problem `build` checks for but one it cannot see (arguments an
/// alias carries, checked against the tool's input schema or the prompt's arguments), which
/// fails here naming the alias.
#[must_use]
pub fn build<R: Item>(
    defs: Vec<crate::def::Def<R>>,
    tombstones: Vec<(Tombstone, Origin)>,
    list_ttl_secs: Option<u64>,
    schemas_as_written: bool,
) -> Registry<R> {
    // The operator's window overrides (MCP_TOOLNAME_ALIAS_UNTIL, for prompts
    // MCP_TOOLNAME_PROMPT_ALIAS_UNTIL), read with no code of the server's: an entry that does
    // not parse stops the server here, naming it; one that names another registry's alias is
    // that registry's.
    let mut builder = Registry::<R>::builder().overrides_from_env_shared();
    if let Some(secs) = list_ttl_secs {
        builder = builder.list_ttl(std::time::Duration::from_secs(secs));
    }
    if schemas_as_written {
        builder = builder.schemas(crate::Schemas::AsWritten);
    }
    for def in defs {
        builder = builder.item(def);
    }
    for (tombstone, origin) in tombstones {
        builder = builder.tombstone_at(tombstone, origin);
    }
    builder.build().unwrap_or_else(|e| {
        if e.problems().iter().all(|p| {
            matches!(
                p,
                crate::Problem::AliasArgs { .. }
                    | crate::Problem::Arguments { .. }
                    | crate::Problem::BadOverride(_)
            )
        }) {
            panic!("{e}");
        }
        panic!(
            "mcp-toolname bug: #[{}_registry] accepted what the registry refuses: {e}",
            R::KIND.noun
        )
    })
}

/// What `Self::tool_router` is, seen from a `#[mcp_tool]` method outside a
/// `#[tool_registry]` impl: rmcp's router (which reads only `#[tool]`), a registry of another
/// impl of the type (which does not read this impl), or neither. The generated probe calls
/// `(&&&RouterProbe(Self::tool_router)).mcp_tool_served()`; the most specific impl that
/// applies answers (autoref specialisation), and the first two warn.
pub struct RouterProbe<F>(pub F);

/// `Self::tool_router` for a type without an inherent one (inherent fns win over this).
pub trait NoToolRouter {
    /// Never called: it only gives the path a meaning.
    fn tool_router() {}
}

impl<T: ?Sized> NoToolRouter for T {}

/// The method's impl also has rmcp's `#[tool_router]`.
pub trait InRmcpToolRouter {
    /// Warns: the tool is never served.
    #[deprecated(
        note = "mcp-toolname: this `#[mcp_tool]` stands in an impl under rmcp's `#[tool_router]`, \
                which routes only `#[tool]` fns, so the tool is never served; write \
                `#[tool_registry]` instead of `#[tool_router]` on the impl (if you route it by \
                hand, put `#[allow(deprecated)]` on the fn)"
    )]
    fn mcp_tool_served(&self) {}
}

impl<F, S> InRmcpToolRouter for &&RouterProbe<F> where F: Fn() -> ToolRouter<S> {}

/// The type's `tool_router()` is the registry of another impl.
pub trait OutsideToolRegistry {
    /// Warns: that registry does not read this impl.
    #[deprecated(
        note = "mcp-toolname: this `#[mcp_tool]` stands outside the `#[tool_registry]` impl of \
                its type, whose `tool_router()` reads only its own impl, so the tool is never \
                served; move the fn into that impl, or put `#[tool_registry(router = \
                more_tools)]` on this impl and serve `Self::tool_router() + Self::more_tools()` \
                (if you route it by hand, put `#[allow(deprecated)]` on the fn)"
    )]
    fn mcp_tool_served(&self) {}
}

impl<F, S> OutsideToolRegistry for &RouterProbe<F> where F: Fn() -> ToolRegistry<S> {}

/// Neither: a plain impl, routed by hand.
pub trait RoutedByHand {
    /// Says nothing.
    fn mcp_tool_served(&self) {}

    /// Says nothing.
    fn mcp_prompt_served(&self) {}
}

impl<F> RoutedByHand for RouterProbe<F> {}

/// `Self::prompt_router` for a type without an inherent one (inherent fns win over this).
pub trait NoPromptRouter {
    /// Never called: it only gives the path a meaning.
    fn prompt_router() {}
}

impl<T: ?Sized> NoPromptRouter for T {}

/// The method's impl also has rmcp's `#[prompt_router]`.
pub trait InRmcpPromptRouter {
    /// Warns: the prompt is never served.
    #[deprecated(
        note = "mcp-toolname: this `#[mcp_prompt]` stands in an impl under rmcp's \
                `#[prompt_router]`, which routes only `#[prompt]` fns, so the prompt is never \
                served; write `#[prompt_registry]` instead of `#[prompt_router]` on the impl (if \
                you route it by hand, put `#[allow(deprecated)]` on the fn)"
    )]
    fn mcp_prompt_served(&self) {}
}

impl<F, S> InRmcpPromptRouter for &&RouterProbe<F> where F: Fn() -> PromptRouter<S> {}

/// The type's `prompt_router()` is the registry of another impl.
pub trait OutsidePromptRegistry {
    /// Warns: that registry does not read this impl.
    #[deprecated(
        note = "mcp-toolname: this `#[mcp_prompt]` stands outside the `#[prompt_registry]` impl \
                of its type, whose `prompt_router()` reads only its own impl, so the prompt is \
                never served; move the fn into that impl, or put `#[prompt_registry(router = \
                more_prompts)]` on this impl and serve `Self::prompt_router() + \
                Self::more_prompts()` (if you route it by hand, put `#[allow(deprecated)]` on \
                the fn)"
    )]
    fn mcp_prompt_served(&self) {}
}

impl<F, S> OutsidePromptRegistry for &RouterProbe<F> where F: Fn() -> PromptRegistry<S> {}
