//! [`ToolDef`]: one tool to register, with where it was defined and its aliases.

use rmcp::handler::server::router::tool::ToolRoute;

use crate::alias::Alias;
use crate::origin::Origin;
use mcp_toolname_rules::message;

/// One tool to register: an rmcp [`ToolRoute`], where it was defined, and its aliases.
pub struct ToolDef<S> {
    pub(crate) route: ToolRoute<S>,
    pub(crate) origin: Origin,
    pub(crate) aliases: Vec<Alias>,
}

impl<S> ToolDef<S> {
    /// A tool defined at the caller's location.
    #[track_caller]
    #[must_use]
    pub fn new(route: ToolRoute<S>) -> Self {
        let origin = Origin::caller(format!("tool {}", message::show(&route.attr.name)));
        Self {
            route,
            origin,
            aliases: Vec::new(),
        }
    }

    /// Sets where the tool was defined (the macros pass the `#[mcp_tool]` site).
    #[must_use]
    pub fn at(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// Adds an old name the tool keeps answering to.
    #[must_use]
    pub fn alias(mut self, alias: Alias) -> Self {
        self.aliases.push(alias);
        self
    }

    /// The tool's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.route.attr.name
    }

    /// Where the tool was defined.
    #[must_use]
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The site of one of this tool's aliases: the tool's site, named as its alias.
    pub(crate) fn alias_origin(&self) -> Origin {
        Origin {
            item: format!("alias of {}", self.origin.item).into(),
            ..self.origin.clone()
        }
    }
}

impl<S> Clone for ToolDef<S> {
    fn clone(&self) -> Self {
        Self {
            route: self.route.clone(),
            origin: self.origin.clone(),
            aliases: self.aliases.clone(),
        }
    }
}
