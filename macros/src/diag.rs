//! Diagnostics: errors collected across a whole impl, and warnings on stable Rust.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote_spanned};

use mcp_toolname_rules::lint::{Build, LINTS, Lint};
use mcp_toolname_rules::message::{lint_renamed, macro_warning, only_in_builds};

use crate::kind::Kind;

use crate::cond::Cond;

/// Every error of one expansion, reported together.
#[derive(Default)]
pub struct Errors {
    all: Option<syn::Error>,
    /// Errors that hold only in some builds, each under its `#[cfg(all(...))]`, and warnings
    /// found while parsing (an old lint name in `allow(...)`), emitted with the errors.
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

    /// A warning found where only errors are collected (parsing): emitted with them.
    pub fn warn(&mut self, warning: TokenStream) {
        self.conditional.extend(warning);
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

/// The lints the macros warn of, from the one lint table: each can be silenced alone with
/// `allow(<name>)` in the item attribute it points at (`#[mcp_tool]`, `#[mcp_prompt]`), or in
/// the registry attribute for the whole impl.
pub fn warnings() -> impl Iterator<Item = &'static Lint> {
    LINTS.iter().filter(|l| l.build == Build::Warning)
}

thread_local! {
    /// The lints the registry attribute being expanded silenced (`allow(...)`), and that
    /// registry attribute (`tool_registry`, `prompt_registry`): set for the length of one
    /// expansion by [`Silenced::set`].
    static SILENCED: std::cell::RefCell<(Vec<String>, &'static str)> =
        const { std::cell::RefCell::new((Vec::new(), "tool_registry")) };
}

/// The lints a registry attribute silences for its whole impl, and the attribute a warning
/// names for that, for as long as this value lives (one expansion).
pub struct Silenced;

impl Silenced {
    pub fn set(kind: &Kind, names: &[syn::Ident]) -> Self {
        SILENCED.with(|s| {
            *s.borrow_mut() = (
                names.iter().map(ToString::to_string).collect(),
                kind.registry,
            );
        });
        Self
    }
}

impl Drop for Silenced {
    fn drop(&mut self) {
        SILENCED.with(|s| *s.borrow_mut() = (Vec::new(), "tool_registry"));
    }
}

fn silenced(lint: &Lint) -> bool {
    SILENCED.with(|s| s.borrow().0.iter().any(|k| k == lint.name))
}

/// A warning at `span` on stable Rust: the use of a `#[deprecated]` item whose note is the
/// message (stable Rust has no other way for a macro to warn). The item is
/// `mcp_toolname::<lint>`, and the note opens with `mcp-toolname:` and ends with how to
/// silence this one warning, so the warning reads
/// ``use of deprecated constant `_::mcp_toolname::<lint>`: mcp-toolname: <message>; ...``.
/// `#![deny(warnings)]` (or `deprecated`) turns it into an error, as a user who asked for that
/// expects. Nothing is emitted for a lint the registry attribute silenced.
pub fn warning(lint: &Lint, span: Span, message: &str) -> TokenStream {
    warning_when(&Cond::default(), lint, span, message)
}

/// A [`warning`] in the builds where `cond` holds.
pub fn warning_when(cond: &Cond, lint: &Lint, span: Span, message: &str) -> TokenStream {
    debug_assert!(
        lint.build == Build::Warning,
        "{} is no build warning",
        lint.name
    );
    if silenced(lint) {
        return TokenStream::new();
    }
    let message = if cond.is_always() {
        message.to_owned()
    } else {
        format!("{message} ({})", only_in_builds(&cond.shown()))
    };
    let registry = SILENCED.with(|s| s.borrow().1);
    let message = macro_warning(&message, lint.name, registry);
    deprecated(cond, lint.name, span, &message)
}

/// The warning that `allow(<old>)` names lint `new` by the name it had before the lint
/// table: it still silences `new`, this release only.
pub fn renamed(old: &syn::Ident, new: &Lint) -> TokenStream {
    let message = format!(
        "mcp-toolname: {}: write `allow({})`",
        lint_renamed(&old.to_string(), new.name),
        new.name
    );
    deprecated(&Cond::default(), &old.to_string(), old.span(), &message)
}

/// The use, at `span`, of a `#[deprecated]` constant `mcp_toolname::<item>` noted `message`,
/// in the builds where `cond` holds.
fn deprecated(cond: &Cond, item: &str, span: Span, message: &str) -> TokenStream {
    let item = format_ident!("{}", item, span = span);
    let cfg = cond.attr();
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
