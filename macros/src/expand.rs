//! Code generation: rmcp's `#[tool]` on each fn, and the registry fn.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::{ImplItem, ItemImpl, parse_quote};

use crate::dates::ResolvedAlias;
use crate::kind::Kind;
use crate::parse::{RegistryArgs, ToolFn};

/// Puts `#[::rmcp::tool(name = "...", <forwarded>)]` on each tool fn of `item` and appends
/// the registry fn.
pub fn registry(
    kind: &'static Kind,
    item: &mut ItemImpl,
    args: &RegistryArgs,
    tools: &[ToolFn],
    aliases: &[Vec<ResolvedAlias>],
    tombstones: &[crate::tombstones::ResolvedTombstone],
) {
    for impl_item in &mut item.items {
        let ImplItem::Fn(func) = impl_item else {
            continue;
        };
        if let Some(tool) = tools.iter().find(|t| t.ident == func.sig.ident) {
            // After the marker `parse` left at 0.
            rmcp_tool_attr(
                kind,
                &mut func.attrs,
                1,
                &tool.name(),
                &tool.attr.forwarded,
                &tool.attr_preds,
            );
        }
    }
    let defs = tools.iter().zip(aliases).map(|(tool, aliases)| {
        let ident = &tool.ident;
        let attr_fn = format_ident!("{}_{}_attr", ident, kind.rmcp_attr);
        let name = tool.name();
        let (line, column) = crate::diag::position(name.span());
        let item = format!("`fn {ident}`");
        let aliases = aliases.iter().map(|a| {
            let name = &a.name;
            let until = option(a.until);
            let since = option(a.since);
            let list_until = option(a.list_until);
            let hidden = a.hidden;
            // Only a kind whose `alias(...)` takes `expired` has one here.
            let expired = a.expired.iter().map(|v| {
                quote!(.expired_answer(::mcp_toolname::__private::ExpiredAnswer::#v))
            });
            let notice = a
                .notice
                .iter()
                .map(|v| quote!(.notice(::mcp_toolname::__private::AliasNotice::#v)));
            let once = a
                .notice_once
                .unwrap_or(args.alias_notice_once)
                .then(|| quote!(.notice_once()));
            let args = a
                .args
                .iter()
                .map(|json| quote!(.with_args(::mcp_toolname::__private::alias_args(#json))));
            quote!(.alias(::mcp_toolname::__private::alias(#name, #until, #since, #hidden, #list_until) #(#expired)* #(#notice)* #once #(#args)*))
        });
        // A tool behind `#[cfg(...)]` (or `cfg_attr`) is registered under the same condition.
        let cfg = tool.cond.attr();
        let route = format_ident!("{}", kind.route_fn);
        quote! {
            #cfg
            __mcp_toolname_defs.push(::mcp_toolname::__private::def(
                ::mcp_toolname::__private::#route((Self::#attr_fn(), Self::#ident)),
                ::core::file!(), #line, #column, #item,
            ) #(#aliases)*);
        }
    });
    let RegistryArgs { fn_name, vis, .. } = args;
    let doc = format!(
        "The {}s of this impl, checked by `#[{}]` (generated). {}",
        kind.noun,
        kind.registry,
        if cacheable(item) {
            "Built once per process; each call returns a cheap clone."
        } else {
            "A generic impl has no per-type static, so each call builds the registry anew: \
             call it once and keep the result in a field."
        }
    );
    let tombstones = crate::tombstones::expand(tombstones);
    let ttl = match args.list_ttl_secs {
        Some((secs, _)) => quote!(::core::option::Option::Some(#secs)),
        None => quote!(::core::option::Option::None),
    };
    let as_written = args.schemas_as_written;
    let build = quote! {
        let mut __mcp_toolname_defs = ::std::vec::Vec::new();
        #(#defs)*
        let mut __mcp_toolname_tombstones = ::std::vec::Vec::new();
        #tombstones
        ::mcp_toolname::__private::build(__mcp_toolname_defs, __mcp_toolname_tombstones, #ttl, #as_written)
    };
    let registry_ty = format_ident!("{}", kind.registry_ty);
    let registry_ty = quote!(::mcp_toolname::#registry_ty);
    let body = if cacheable(item) {
        let self_ty = &item.self_ty;
        quote! {
            static __MCP_TOOLNAME_REGISTRY: ::std::sync::OnceLock<#registry_ty<#self_ty>> =
                ::std::sync::OnceLock::new();
            ::core::clone::Clone::clone(__MCP_TOOLNAME_REGISTRY.get_or_init(|| { #build }))
        }
    } else {
        build
    };
    item.items.push(parse_quote! {
        #[doc = #doc]
        #[allow(clippy::vec_init_then_push)]
        #vis fn #fn_name() -> #registry_ty<Self> {
            #body
        }
    });
}

/// `#[tool_handler] impl ServerHandler for Self {}` for `server_handler`, as rmcp's
/// `#[tool_router(server_handler)]` emits it, serving `Self::<router fn>()`.
pub fn server_handler(item: &ItemImpl, fn_name: &syn::Ident) -> TokenStream {
    let self_ty = &item.self_ty;
    let (impl_generics, _, where_clause) = item.generics.split_for_impl();
    quote! {
        #[::rmcp::tool_handler(router = Self::#fn_name())]
        impl #impl_generics ::rmcp::ServerHandler for #self_ty #where_clause {}
    }
}

/// Whether the registry fn can keep its registry in a `static`: the impl has no generic
/// parameter and its type no elided lifetime (a `static` cannot name either).
fn cacheable(item: &ItemImpl) -> bool {
    item.generics.params.is_empty() && !has_elided_lifetime(item.self_ty.to_token_stream())
}

fn has_elided_lifetime(tokens: TokenStream) -> bool {
    let mut prev_quote = false;
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'' => prev_quote = true,
            proc_macro2::TokenTree::Ident(i) if prev_quote && i == "_" => return true,
            proc_macro2::TokenTree::Group(g) if has_elided_lifetime(g.stream()) => return true,
            proc_macro2::TokenTree::Ident(i) if i == "impl" || i == "Self" => return true,
            _ => prev_quote = false,
        }
    }
    false
}

/// The `#[::rmcp::tool(name = ..., <forwarded>)]` attribute for one tool (inside
/// `cfg_attr(<predicate>, ...)` for each of `preds`, as the user wrote it), with the fn's doc
/// comments moved after it: rmcp 3.11's `#[tool]` reads the description from doc
/// attributes but drops it when any other attribute follows them (their order is kept;
/// attribute order has no other meaning here).
pub fn rmcp_tool_attr(
    kind: &Kind,
    attrs: &mut Vec<syn::Attribute>,
    at: usize,
    name: &syn::LitStr,
    forwarded: &[TokenStream],
    preds: &[syn::Meta],
) {
    let rmcp_attr = format_ident!("{}", kind.rmcp_attr);
    let mut meta = quote!(::rmcp::#rmcp_attr(name = #name #(, #forwarded)*));
    for pred in preds.iter().rev() {
        meta = quote!(cfg_attr(#pred, #meta));
    }
    attrs.insert(at, parse_quote!(#[#meta]));
    let (docs, others): (Vec<_>, Vec<_>) = attrs.drain(..).partition(|a| a.path().is_ident("doc"));
    *attrs = others.into_iter().chain(docs).collect();
}

fn option(value: Option<i64>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

/// For a `#[mcp_tool]` method outside a `#[tool_registry]` impl: a hidden associated fn that
/// warns, at the fn's name, when `Self::tool_router` is rmcp's router (this impl is under
/// `#[tool_router]`, which reads only `#[tool]`) or the registry of another impl; a plain
/// impl routed by hand hears nothing. The runtime's `RouterProbe` says how.
pub fn served_probe(kind: &Kind, ident: &syn::Ident, lints: &[&syn::Attribute]) -> TokenStream {
    let probe = format_ident!("__mcp_toolname_served_{}", ident);
    let uses = kind.probe_traits.iter().map(|t| format_ident!("{t}"));
    let served = format_ident!("{}_served", kind.attr, span = ident.span());
    let router = format_ident!("{}_router", kind.rmcp_attr);
    quote! {
        #[doc(hidden)]
        #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]
        #(#lints)*
        fn #probe() {
            #[allow(unused_imports)]
            use ::mcp_toolname::__private::{#(#uses as _,)* RoutedByHand as _};
            (&&&::mcp_toolname::__private::RouterProbe(Self::#router)).#served();
        }
    }
}
