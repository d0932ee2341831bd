//! Diagnostics: errors collected across a whole impl, and warnings on stable Rust.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote_spanned};

/// Every error of one expansion, reported together.
#[derive(Default)]
pub struct Errors {
    all: Option<syn::Error>,
}

impl Errors {
    pub fn push(&mut self, span: Span, message: String) {
        self.add(syn::Error::new(span, message));
    }

    /// An error with a `help:` line under it.
    pub fn push_help(&mut self, span: Span, message: String, help: &str) {
        self.push(span, format!("{message}\nhelp: {help}"));
    }

    pub fn add(&mut self, error: syn::Error) {
        match &mut self.all {
            Some(all) => all.combine(error),
            None => self.all = Some(error),
        }
    }

    pub fn to_compile_errors(&self) -> TokenStream {
        self.all
            .as_ref()
            .map(syn::Error::to_compile_error)
            .unwrap_or_default()
    }
}

/// A warning at `span` on stable Rust: the use of a `#[deprecated]` item whose note is the
/// message. `#![deny(warnings)]` (or `deprecated`) turns it into an error, as a user who
/// asked for that expects. `kind` names the item, so the warning reads
/// ``use of deprecated constant `..::kind`: message``.
pub fn warning(kind: &str, span: Span, message: &str) -> TokenStream {
    let item = format_ident!("{}", kind, span = span);
    quote_spanned! {span=>
        const _: () = {
            #[deprecated(note = #message)]
            #[allow(non_upper_case_globals)]
            const #item: () = ();
            #item
        };
    }
}
