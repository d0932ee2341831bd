//! Entry points for the code `#[tool_registry]` generates.

use std::borrow::Cow;

use chrono::DateTime;
use rmcp::handler::server::router::tool::{IntoToolRoute, ToolRoute};

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
