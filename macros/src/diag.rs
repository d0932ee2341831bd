//! Diagnostics: errors collected across a whole impl, and warnings on stable Rust.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote_spanned};

use mcp_toolname_rules::message::only_in_builds;

use crate::cond::Cond;

/// Every error of one expansion, reported together.
#[derive(Default)]
pub struct Errors {
    all: Option<syn::Error>,
    /// Errors that hold only in some builds, each under its `#[cfg(all(...))]`.
    conditional: TokenStream,
}

impl Errors {
    pub fn push(&mut self, span: Span, message: String) {
        self.add(syn::Error::new(span, message));
    }

    /// An error with a `help:` line under it.
    pub fn push_help(&mut self, span: Span, message: String, help: &str) {
        self.push(span, format!("{message}\nhelp: {help}"));
    }

    /// An error (with its `help:` line) in the builds where `cond` holds: a plain error when
    /// it holds in every build, else a `compile_error!` under `#[cfg(all(...))]`.
    pub fn push_help_when(&mut self, cond: &Cond, span: Span, message: &str, help: &str) {
        self.push_when(cond, span, format!("{message}\nhelp: {help}"));
    }

    /// An error in the builds where `cond` holds.
    pub fn push_when(&mut self, cond: &Cond, span: Span, message: String) {
        if cond.is_always() {
            self.push(span, message);
            return;
        }
        let cfg = cond.attr();
        let message = format!("{message}\n{}", only_in_builds(&cond.shown()));
        self.conditional.extend(quote_spanned! {span=>
            #cfg
            const _: () = { ::core::compile_error! { #message } };
        });
    }

    pub fn add(&mut self, error: syn::Error) {
        match &mut self.all {
            Some(all) => all.combine(error),
            None => self.all = Some(error),
        }
    }

    pub fn to_compile_errors(&self) -> TokenStream {
        let mut out: TokenStream = self
            .all
            .as_ref()
            .map(syn::Error::to_compile_error)
            .unwrap_or_default();
        out.extend(self.conditional.clone());
        out
    }
}

/// Every warning the macros give, by its stable name: each can be silenced alone with
/// `allow(<name>)` in the item attribute it points at (`#[mcp_tool]`, `#[mcp_prompt]`), or in
/// the registry attribute for the whole impl.
pub const WARNINGS: &[&str] = &[
    "tool_name_refused_by_llm_apis",
    "tool_name_over_client_budget",
    "tool_names_merged_by_clients",
    "tool_names_differ_only_in_case",
    "tool_names_look_alike",
    "prompt_names_differ_only_in_case",
    "prompt_names_look_alike",
    "listed_alias_refused_by_llm_apis",
    "listed_alias_refused_by_the_spec",
    "listed_alias_breaks_slash_commands",
    "tool_description_cut_by_a_client",
    "tool_registry_lists_more_tools_than_an_api_takes",
    "server_key_outside_the_recommended_rule",
    "tombstone_points_to_no_tool_of_this_impl",
    "alias_window_shorter_than_list_ttl",
];

thread_local! {
    /// The warnings the registry attribute being expanded silenced (`allow(...)`): set for
    /// the length of one expansion by [`Silenced::set`].
    static SILENCED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The warnings a registry attribute silences for its whole impl, for as long as this value
/// lives (one expansion).
pub struct Silenced;

impl Silenced {
    pub fn set(names: &[syn::Ident]) -> Self {
        SILENCED.with(|s| *s.borrow_mut() = names.iter().map(ToString::to_string).collect());
        Self
    }
}

impl Drop for Silenced {
    fn drop(&mut self) {
        SILENCED.with(|s| s.borrow_mut().clear());
    }
}

fn silenced(kind: &str) -> bool {
    SILENCED.with(|s| s.borrow().iter().any(|k| k == kind))
}

/// A warning at `span` on stable Rust: the use of a `#[deprecated]` item whose note is the
/// message (stable Rust has no other way for a macro to warn). The item is
/// `mcp_toolname::<kind>`, and the note opens with `mcp-toolname:` and ends with how to
/// silence this one warning, so the warning reads
/// ``use of deprecated constant `_::mcp_toolname::<kind>`: mcp-toolname: <message>; ...``.
/// `#![deny(warnings)]` (or `deprecated`) turns it into an error, as a user who asked for that
/// expects. Nothing is emitted for a kind the registry attribute silenced.
pub fn warning(kind: &str, span: Span, message: &str) -> TokenStream {
    warning_when(&Cond::default(), kind, span, message)
}

/// A [`warning`] in the builds where `cond` holds.
pub fn warning_when(cond: &Cond, kind: &str, span: Span, message: &str) -> TokenStream {
    if silenced(kind) {
        return TokenStream::new();
    }
    let item = format_ident!("{}", kind, span = span);
    let cfg = cond.attr();
    let message = if cond.is_always() {
        message.to_owned()
    } else {
        format!("{message} ({})", only_in_builds(&cond.shown()))
    };
    let registry = if kind.starts_with("prompt") || kind.contains("slash_commands") {
        "prompt_registry"
    } else {
        "tool_registry"
    };
    let message = mcp_toolname_rules::message::macro_warning(&message, kind, registry);
    quote_spanned! {span=>
        #cfg
        const _: () = {
            mod mcp_toolname {
                #[deprecated(note = #message)]
                #[allow(non_upper_case_globals)]
                pub const #item: () = ();
            }
            mcp_toolname::#item
        };
    }
}

/// The line and column of `span` for a registry's origins; outside a compiler run (the
/// crate's own tests) there is no source position, and both are 0.
pub fn position(span: proc_macro2::Span) -> (u32, u32) {
    if proc_macro::is_available() {
        let span = span.unwrap();
        (
            u32::try_from(span.line()).unwrap_or(0),
            u32::try_from(span.column()).unwrap_or(0),
        )
    } else {
        (0, 0)
    }
}
