//! Entry points for the code `#[tool_registry]` generates.

use std::borrow::Cow;

use chrono::DateTime;
use rmcp::handler::server::router::tool::{IntoToolRoute, ToolRoute, ToolRouter};

use crate::{Alias, Origin, ToolDef, ToolRegistry};

pub use crate::alias::{AliasNotice, ExpiredAnswer};
pub use rmcp::handler::server::router::tool::ToolRoute as Route;

/// A route from `(Self::f_tool_attr(), Self::f)`.
pub fn route<S, A, R: IntoToolRoute<S, A>>(route: R) -> ToolRoute<S> {
    route.into_tool_route()
}

/// A tool with its `#[mcp_tool]` site.
pub fn tool<S>(
    route: ToolRoute<S>,
    file: &'static str,
    line: u32,
    column: u32,
    item: &'static str,
) -> ToolDef<S> {
    ToolDef::new(route).at(Origin {
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
    }
}

/// Builds the registry of one `#[tool_registry]` impl. The macro has already refused every
/// problem `build` checks for, so an error here is a bug in mcp-toolname.
#[must_use]
pub fn build<S: 'static>(defs: Vec<ToolDef<S>>) -> ToolRegistry<S> {
    let mut builder = ToolRegistry::builder();
    for def in defs {
        builder = builder.tool(def);
    }
    builder.build().unwrap_or_else(|e| {
        panic!("mcp-toolname bug: #[tool_registry] accepted what the registry refuses: {e}")
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
}

impl<F> RoutedByHand for RouterProbe<F> {}
