//! [`Def`]: one item (a tool, [`ToolDef`], or a prompt, [`PromptDef`]) to register, with
//! where it was defined and its aliases.

use std::sync::Arc;

use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::JsonObject;

use crate::alias::Alias;
use crate::item::Item;
use crate::origin::Origin;
use crate::portable::{Inlined, Schemas};
use mcp_toolname_rules::message;

/// One item to register: an rmcp route (of a tool or a prompt), where it was defined, and
/// its aliases.
pub struct Def<R> {
    pub(crate) route: R,
    pub(crate) origin: Origin,
    pub(crate) aliases: Vec<Alias>,
    /// The input schema as the route had it, while the route holds it inlined: what
    /// [`Schemas::AsWritten`] lists again.
    pub(crate) written: Option<Arc<JsonObject>>,
}

/// One tool to register: an rmcp [`ToolRoute`], where it was defined, and its aliases.
pub type ToolDef<S> = Def<ToolRoute<S>>;

/// One prompt to register: an rmcp [`PromptRoute`], where it was defined, and its aliases.
pub type PromptDef<S> = Def<PromptRoute<S>>;

impl<R: Item> Def<R> {
    /// An item defined at the caller's location.
    #[track_caller]
    #[must_use]
    pub fn new(route: R) -> Self {
        let origin = Origin::caller([R::KIND.noun, " ", &message::show(route.name())].concat());
        Self {
            route,
            origin,
            aliases: Vec::new(),
            written: None,
        }
    }

    /// Sets where the tool was defined (the macros pass the `#[mcp_tool]` site).
    #[must_use]
    pub fn at(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// Adds an old name the item keeps answering to.
    #[must_use]
    pub fn alias(mut self, alias: Alias) -> Self {
        self.aliases.push(alias);
        self
    }

    /// The item's name.
    #[must_use]
    pub fn name(&self) -> &str {
        self.route.name()
    }

    /// Where the item was defined.
    #[must_use]
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Its input schema as `schemas` lists it: inlined (through `cache`, once per schema)
    /// or as written.
    pub(crate) fn list_schema(&mut self, schemas: Schemas, cache: &mut Inlined) {
        match schemas {
            Schemas::Portable if self.written.is_none() => {
                let Some(schema) = self.route.input_schema() else {
                    return;
                };
                if let Some(inlined) = cache.inline(self.route.name(), schema) {
                    self.written = self.route.swap_input_schema(inlined);
                }
            }
            Schemas::Portable => {}
            Schemas::AsWritten => {
                if let Some(written) = self.written.take() {
                    self.route.swap_input_schema(written);
                }
            }
        }
    }

    /// The site of one of this item's aliases: its site, named as its alias.
    pub(crate) fn alias_origin(&self) -> Origin {
        Origin {
            item: format!("alias of {}", self.origin.item).into(),
            ..self.origin.clone()
        }
    }
}

impl<R: Clone> Clone for Def<R> {
    fn clone(&self) -> Self {
        Self {
            route: self.route.clone(),
            origin: self.origin.clone(),
            aliases: self.aliases.clone(),
            written: self.written.clone(),
        }
    }
}
