//! A request by name (`tools/call`, `prompts/get`), resolved once for every kind: the item
//! itself, a live alias of it (counted, logged, the arguments it carries merged in), or one of
//! the names that serve nothing as asked (an alias past its window, a tombstone, an unknown or
//! switched-off name). What each kind answers to those is said beside its request, in `call`
//! and `prompt`.

use rmcp::RoleServer;
use rmcp::model::JsonObject;
use rmcp::service::RequestContext;
use serde_json::{Value, json};

use super::entry::{AliasEntry, Named, TombstoneEntry};
use super::state::State;
use crate::carried;
use crate::clock::unix_millis;
use crate::item::Item;
use mcp_toolname_rules::message::{self, Meant};

/// A request that runs an item: asked for by its own name, or by `alias` (the arguments it
/// carries already merged in).
pub(super) struct Serve<'a, R: Item> {
    pub route: &'a R,
    pub alias: Option<&'a AliasEntry<R>>,
    /// Whether the answer carries the alias's notice.
    pub notify: bool,
}

impl<'a, R: Item> Serve<'a, R> {
    /// The alias whose notice the answer carries, if any.
    pub fn noticed(&self) -> Option<&'a AliasEntry<R>> {
        self.alias.filter(|_| self.notify)
    }
}

/// What a request by one name comes to.
pub(super) enum Resolved<'a, R: Item> {
    /// Run the item.
    Serve(Serve<'a, R>),
    /// An alias past its window (counted as refused); nothing is run.
    Expired(&'a AliasEntry<R>),
    /// A request by an alias that changes an argument the alias carries; nothing is run.
    Clash(&'a AliasEntry<R>, carried::Clash),
    /// A live tombstone (counted, and logged at most once a minute), with its answer in
    /// words; nothing is run.
    Gone(&'a TombstoneEntry, String),
    /// Nothing serves the name, or it is switched off: the served names it most likely meant,
    /// and the message saying so.
    Unknown(Vec<Meant<'a>>, String),
}

impl<R: Item> State<R> {
    /// What a request by `name` with `arguments` comes to now, in the session of `request`.
    pub(super) fn resolve<'a>(
        &'a self,
        name: &str,
        arguments: &mut Option<JsonObject>,
        request: &RequestContext<RoleServer>,
    ) -> Resolved<'a, R> {
        match self.named(name) {
            Some(Named::Item(def)) if !self.is_off(name) => Resolved::Serve(Serve {
                route: &def.route,
                alias: None,
                notify: false,
            }),
            Some(Named::Alias(alias)) if !self.alias_off(alias) => {
                self.resolve_alias(alias, arguments, request)
            }
            Some(Named::Tombstone(entry)) if entry.is_live(self.clock.since_epoch()) => {
                let text = entry.tombstone.answer_as(R::KIND);
                if entry
                    .usage
                    .record(unix_millis(self.clock.since_epoch()), false)
                {
                    tracing::warn!(tombstone = %entry.tombstone.name, "{text}");
                }
                Resolved::Gone(entry, text)
            }
            _ => {
                let near = self.closest_names(name);
                let text = message::item_not_found_meant(R::KIND, name, &near);
                Resolved::Unknown(near, text)
            }
        }
    }

    /// A request by the alias `alias`: refused past its window or when it changes what the
    /// alias carries; otherwise served by its item, counted and logged.
    fn resolve_alias<'a>(
        &'a self,
        alias: &'a AliasEntry<R>,
        arguments: &mut Option<JsonObject>,
        request: &RequestContext<RoleServer>,
    ) -> Resolved<'a, R> {
        let now = self.clock.since_epoch();
        let now_ms = unix_millis(now);
        if !alias.is_live(now) {
            alias.record(now_ms, false);
            return Resolved::Expired(alias);
        }
        if alias.record(now_ms, true) {
            R::LIST.warn_alias_used(
                &alias.alias.name,
                &alias.target,
                &message::item_alias_called(
                    R::KIND,
                    &alias.alias.name,
                    &alias.target,
                    alias.until_text.as_deref(),
                ),
            );
        }
        if let Some(args) = &alias.alias.args {
            match carried::merge(args, arguments.take()) {
                Ok(merged) => *arguments = Some(merged),
                Err(clash) => return Resolved::Clash(alias, clash),
            }
        }
        // Whether this answer carries the notice: always, or only the first time in a
        // session (or from a client) for an alias whose notice is read once.
        let notify = !alias.alias.notice_once.unwrap_or(self.defaults.notice_once)
            || alias.heard.first(request);
        Resolved::Serve(Serve {
            route: &alias.route,
            alias: Some(alias),
            notify,
        })
    }
}

/// What `data` of an unknown name's error says of the names it most likely meant: `closest`
/// (one) or `tied` (several, sorted); nothing when none is close.
pub(super) fn near_data(near: &[Meant<'_>]) -> Option<(&'static str, Value)> {
    match near {
        [] => None,
        [closest] => Some(("closest", json!(closest.name))),
        tied => Some((
            "tied",
            json!(tied.iter().map(|m| m.name).collect::<Vec<&str>>()),
        )),
    }
}
