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
/// date of the impl at compile time, and generates `fn tool_router() -> ToolRegistry<Self>`,
/// so a bare `#[tool_handler]` and `Self::tool_router()` keep working. For an impl without
/// generic parameters the registry is built once per process and each call returns a cheap
/// clone; a generic impl builds it on each call.
///
/// rmcp's arguments, with rmcp's meaning: `router = name` (the generated fn's name),
/// `vis = pub(crate)` or `vis = "pub(crate)"` (its visibility; private by default),
/// `server_handler` (also emit `#[tool_handler] impl ServerHandler for Self {}`),
/// `allow_empty` (an impl without tools is intended). Ours: `targets(openai, claude_code,
/// ...)` (the contracts and clients every name must pass: errors instead of warnings),
/// `server_key = "github"` or `server_key_len = 16` (the key hosts give the server, for the
/// clients' prefixed length budgets).
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
    let handler = args
        .server_handler
        .then(|| expand::server_handler(&item_impl, &args.fn_name));
    let errors = errors.to_compile_errors();
    quote!(#item_impl #handler #warnings #errors).into()
}

/// Marks a fn as an MCP tool, as rmcp's `#[tool]` does, with its name checked at compile
/// time.
///
/// In a `#[tool_registry]` impl, the registry reads it: `name`, any number of
/// `alias = "old"` / `alias(name, until, since, list_until, until_version, hidden)`,
/// `allow(...)`, and every argument of rmcp's `#[tool]` (`description`, `title`,
/// `annotations(...)`, `input_schema`, `output_schema`, `icons`, `meta`, `local`), forwarded
/// unchanged.
///
/// Anywhere else rmcp's `#[tool]` works (a free fn, a method of a plain impl), it checks the
/// name the same way and generates what `#[tool]` generates (`<fn>_tool_attr()`, for
/// `with_route((f_tool_attr(), f))`). Aliases are refused there: no registry serves them.
#[proc_macro_attribute]
pub fn mcp_tool(attr: TokenStream, item: TokenStream) -> TokenStream {
    if attr.to_string() == parse::REGISTERED_MARKER {
        return item;
    }
    let attr = proc_macro2::TokenStream::from(attr);
    let item = proc_macro2::TokenStream::from(item);
    let Ok(mut func) = syn::parse2::<syn::ItemFn>(item.clone()) else {
        let error = syn::Error::new(
            proc_macro2::Span::call_site(),
            message::mcp_tool_not_on_fn(),
        )
        .to_compile_error();
        return quote!(#error #item).into();
    };
    let mut errors = Errors::default();
    let mut warnings = proc_macro2::TokenStream::new();
    let attribute: syn::Attribute = syn::parse_quote!(#[mcp_tool(#attr)]);
    match parse::tool_attr(&attribute, &mut errors) {
        Ok(attr) => {
            for alias in &attr.aliases {
                errors.push(
                    alias.name.span(),
                    message::alias_outside_registry().to_owned(),
                );
            }
            let tool = parse::ToolFn {
                ident: func.sig.ident.clone(),
                attr,
                cfgs: Vec::new(),
            };
            let name = tool.name();
            let targets = targets::Targets::default_targets();
            let fallback = tool.ident.to_string();
            check::tool_name(
                &name,
                Some(&fallback),
                &tool.attr.allow,
                &targets,
                &mut errors,
                &mut warnings,
            );
            expand::rmcp_tool_attr(&mut func.attrs, 0, &name, &tool.attr.forwarded);
        }
        Err(e) => errors.add(e),
    }
    let errors = errors.to_compile_errors();
    quote!(#func #warnings #errors).into()
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
