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

/// A warning at `span` on stable Rust: the use of a `#[deprecated]` item whose note is the
/// message. `#![deny(warnings)]` (or `deprecated`) turns it into an error, as a user who
/// asked for that expects. `kind` names the item, so the warning reads
/// ``use of deprecated constant `..::kind`: message``.
pub fn warning(kind: &str, span: Span, message: &str) -> TokenStream {
    warning_when(&Cond::default(), kind, span, message)
}

/// A [`warning`] in the builds where `cond` holds.
pub fn warning_when(cond: &Cond, kind: &str, span: Span, message: &str) -> TokenStream {
    let item = format_ident!("{}", kind, span = span);
    let cfg = cond.attr();
    let message = if cond.is_always() {
        message.to_owned()
    } else {
        format!("{message} ({})", only_in_builds(&cond.shown()))
    };
    quote_spanned! {span=>
        #cfg
        const _: () = {
            #[deprecated(note = #message)]
            #[allow(non_upper_case_globals)]
            const #item: () = ();
            #item
        };
    }
}
