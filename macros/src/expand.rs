//! Code generation: rmcp's `#[tool]` on each fn, and the registry fn.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{ImplItem, ItemImpl, parse_quote};

use crate::check::ResolvedAlias;
use crate::parse::{RegistryArgs, ToolFn};

/// Puts `#[::rmcp::tool(name = "...", <forwarded>)]` on each tool fn of `item` and appends
/// the registry fn.
pub fn registry(
    item: &mut ItemImpl,
    args: &RegistryArgs,
    tools: &[ToolFn],
    aliases: &[Vec<ResolvedAlias>],
) {
    for impl_item in &mut item.items {
        let ImplItem::Fn(func) = impl_item else {
            continue;
        };
        if let Some(tool) = tools.iter().find(|t| t.ident == func.sig.ident) {
            let name = tool.name();
            let forwarded = &tool.attr.forwarded;
            // After the marker `parse` left at 0. rmcp 3.11's `#[tool]` reads the description
            // from doc attributes but drops it when any other attribute follows them, so the
            // docs go last (their order kept; attribute order has no other meaning here).
            func.attrs.insert(
                1,
                parse_quote!(#[::rmcp::tool(name = #name #(, #forwarded)*)]),
            );
            let (docs, others): (Vec<_>, Vec<_>) =
                func.attrs.drain(..).partition(|a| a.path().is_ident("doc"));
            func.attrs = others.into_iter().chain(docs).collect();
        }
    }
    let defs = tools.iter().zip(aliases).map(|(tool, aliases)| {
        let ident = &tool.ident;
        let attr_fn = format_ident!("{}_tool_attr", ident);
        let name = tool.name();
        let span = name.span().unwrap();
        let (line, column) = (
            u32::try_from(span.line()).unwrap_or(0),
            u32::try_from(span.column()).unwrap_or(0),
        );
        let item = format!("`fn {ident}`");
        let aliases = aliases.iter().map(|a| {
            let name = &a.name;
            let until = option(a.until);
                        let since = option(a.since);
            let list_until = option(a.list_until);
            let hidden = a.hidden;
            quote!(.alias(::mcp_toolname::__private::alias(#name, #until, #since, #hidden, #list_until)))
        });
        // A tool behind `#[cfg(...)]` is registered under the same condition.
        let cfgs = &tool.cfgs;
        quote! {
            #(#cfgs)*
            __mcp_toolname_defs.push(::mcp_toolname::__private::tool(
                ::mcp_toolname::__private::route((Self::#attr_fn(), Self::#ident)),
                ::core::file!(), #line, #column, #item,
            ) #(#aliases)*);
        }
    });
    let RegistryArgs { fn_name, vis, .. } = args;
    let doc = "The tools of this impl, checked by `#[tool_registry]` (generated).";
    item.items.push(parse_quote! {
        #[doc = #doc]
        #[allow(clippy::vec_init_then_push)]
        #vis fn #fn_name() -> ::mcp_toolname::ToolRegistry<Self> {
            let mut __mcp_toolname_defs = ::std::vec::Vec::new();
            #(#defs)*
            ::mcp_toolname::__private::build(__mcp_toolname_defs)
        }
    });
}

fn option(value: Option<i64>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}
