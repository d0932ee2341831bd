//! Procedural macros of `mcp-toolname`: `#[tool_registry]` and `#[mcp_tool]`. Use them
//! through the `mcp-toolname` crate, which they generate code for.
//!
//! Each entry point only wires `parse -> check -> expand`; every problem of one impl is
//! reported in one build, and the user's code is still emitted so that no follow-on error
//! buries the real one.
#![forbid(unsafe_code)]

mod check;
mod diag;
mod expand;
mod parse;
mod targets;

use mcp_toolname_rules::message;
use proc_macro::TokenStream;
use quote::quote;
use syn::LitStr;

use crate::diag::Errors;

/// Replaces rmcp's `#[tool_router]` on an impl: checks every `#[mcp_tool]` name, alias and
/// date of the impl at compile time, and generates `fn tool_registry() -> ToolRegistry<Self>`.
///
/// Arguments: `registry = name` (the generated fn's name), `vis = pub(crate)` (its
/// visibility; private by default, as rmcp's), `allow_empty` (an impl without tools is
/// intended).
#[proc_macro_attribute]
pub fn tool_registry(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let args = parse::registry_args(attr.into(), &mut errors);
    let mut item_impl = match syn::parse::<syn::ItemImpl>(item.clone()) {
        Ok(item_impl) => item_impl,
        Err(_) => {
            let item = proc_macro2::TokenStream::from(item);
            let error = syn::Error::new(
                proc_macro2::Span::call_site(),
                message::registry_not_on_impl(),
            )
            .to_compile_error();
            return quote!(#error #item).into();
        }
    };
    let (tools, found) = parse::take_tool_fns(&mut item_impl, &mut errors);
    if let Some((trait_path, _)) = &item_impl.trait_ {
        // A trait impl cannot hold the generated fn: report, and emit the impl as it is.
        errors.add(syn::Error::new_spanned(
            trait_path,
            message::registry_on_trait_impl(),
        ));
        let errors = errors.to_compile_errors();
        return quote!(#item_impl #errors).into();
    }
    if found == 0 && !args.allow_empty {
        errors.add(syn::Error::new_spanned(
            &item_impl.self_ty,
            message::registry_without_tools(&args.fn_name.to_string()),
        ));
    }
    let targets = targets::Targets::resolve(&args, &mut errors);
    let (aliases, warnings) = check::impl_tools(&tools, &targets, &mut errors);
    expand::registry(&mut item_impl, &args, &tools, &aliases);
    let errors = errors.to_compile_errors();
    quote!(#item_impl #warnings #errors).into()
}

/// Marks a method of a `#[tool_registry]` impl as an MCP tool; `#[tool_registry]` reads and
/// replaces it. Takes `name`, `alias = "old"` / `alias(name, until, since, until_version,
/// hidden)`, and every argument of rmcp's `#[tool]`, forwarded unchanged.
///
/// Used outside a `#[tool_registry]` impl, it is an error.
#[proc_macro_attribute]
pub fn mcp_tool(attr: TokenStream, item: TokenStream) -> TokenStream {
    if attr.to_string() == parse::REGISTERED_MARKER {
        return item;
    }
    let item = proc_macro2::TokenStream::from(item);
    let error = syn::Error::new(
        proc_macro2::Span::call_site(),
        message::mcp_tool_outside_registry(),
    )
    .to_compile_error();
    quote!(#error #item).into()
}

/// `tool_name!("literal")`: the literal, checked like a `#[mcp_tool]` name (an error for
/// the spec, a warning for the common LLM contract). Hidden: reached through
/// `mcp_toolname::tool_name!`.
#[doc(hidden)]
#[proc_macro]
pub fn checked_tool_name(input: TokenStream) -> TokenStream {
    let lit = match syn::parse::<LitStr>(input) {
        Ok(lit) => lit,
        Err(e) => return e.to_compile_error().into(),
    };
    let mut errors = Errors::default();
    let mut warnings = proc_macro2::TokenStream::new();
    let targets = targets::Targets::default_targets();
    check::tool_name(&lit, None, &[], &targets, &mut errors, &mut warnings);
    let errors = errors.to_compile_errors();
    quote!({ #errors #warnings #lit }).into()
}
