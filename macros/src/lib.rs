//! Procedural macros of `mcp-toolname`: `#[tool_registry]` and `#[mcp_tool]`, and their prompt
//! twins `#[prompt_registry]` and `#[mcp_prompt]` (one code path, told which `Kind` of item
//! it reads). Use them through the `mcp-toolname` crate, which they generate code for.
//!
//! Each entry point only wires `parse -> check -> expand`; every problem of one impl is
//! reported in one build, and the user's code is still emitted so that no follow-on error
//! buries the real one.
#![forbid(unsafe_code)]

mod args;
mod check;
mod cond;
mod confuse;
#[cfg(test)]
mod corpus;
mod dates;
mod diag;
mod expand;
mod kind;
mod limits;
#[cfg(test)]
mod lints;
mod parse;
mod targets;
#[cfg(test)]
mod tests;
mod tombstones;
mod words;

use kind::Kind;
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
/// clients' prefixed length budgets: an error for each declared client that refuses the key,
/// a warning when they all take it but it breaks the rule we recommend), `allow(<warning>,
/// ...)` (warnings silenced for the whole impl), `alias_notice_once` (every alias's notice
/// only on the first call per session), `tombstone(name = "old", renamed_to = "new" | instead
/// = "other", until = "...", note = "...")` (a removed tool's name that answers where it
/// went), `list_ttl_secs = N` (how long 2026-07-28 clients may cache `tools/list`),
/// `schemas = "as_written"` (each input schema listed as rmcp writes it, `$defs` and `$ref`;
/// by default, `"portable"`, every `$ref` is replaced by its definition once, when the
/// registry is built, as `mcp_toolname::Schemas` says).
///
/// Each argument is read on its own, so every problem of the attribute, and of the impl,
/// shows in one build. A problem between two tools (one name, an alias equal to a tool or to
/// another alias, names clients merge) is emitted under both tools' `cfg`: it fails only the
/// builds in which both exist. `#[cfg_attr(<predicate>, mcp_tool(...))]` is a tool under
/// `<predicate>`.
#[proc_macro_attribute]
pub fn tool_registry(attr: TokenStream, item: TokenStream) -> TokenStream {
    registry(&Kind::TOOL, attr.into(), item.into()).into()
}

/// Replaces rmcp's `#[prompt_router]` on an impl, as `#[tool_registry]` replaces
/// `#[tool_router]`: checks every `#[mcp_prompt]` name (against the slash-command rule,
/// `mcp_toolname_rules::PROMPT`), alias and date of the impl at compile time, refuses two
/// prompts of one name (cfg-aware), and generates `fn prompt_router() -> PromptRegistry<Self>`
/// (built once per process for an impl without generic parameters), which rmcp's
/// `#[prompt_handler]` serves bare or with `router = ...`.
///
/// rmcp's arguments, with rmcp's meaning: `router = name`, `vis = pub(crate)`. Ours:
/// `allow_empty`, `alias_notice_once`, `tombstone(...)`, `list_ttl_secs = N`, as for tools.
#[proc_macro_attribute]
pub fn prompt_registry(attr: TokenStream, item: TokenStream) -> TokenStream {
    registry(&Kind::PROMPT, attr.into(), item.into()).into()
}

/// `#[tool_registry]` (or `#[prompt_registry]`, by `kind`) on `proc_macro2` tokens, so tests
/// can expand it.
fn registry(
    kind: &'static Kind,
    attr: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let mut errors = Errors::default();
    let args = parse::registry_args(attr, kind, &mut errors);
    let _silenced = diag::Silenced::set(kind, &args.allow);
    let mut item_impl = match syn::parse2::<syn::ItemImpl>(item.clone()) {
        Ok(item_impl) => item_impl,
        Err(_) => {
            let error = syn::Error::new(
                proc_macro2::Span::call_site(),
                crate::words::item_registry_not_on_impl(kind),
            )
            .to_compile_error();
            return quote!(#error #item);
        }
    };
    let (tools, found) = parse::take_tool_fns(&mut item_impl, kind, &mut errors);
    if let Some((trait_path, _)) = &item_impl.trait_ {
        // A trait impl cannot hold the generated fn: report, and emit the impl as it is.
        errors.add(syn::Error::new_spanned(
            trait_path,
            crate::words::item_registry_on_trait_impl(kind),
        ));
        let errors = errors.to_compile_errors();
        return quote!(#item_impl #errors);
    }
    if found == 0 && !args.allow_empty {
        errors.add(syn::Error::new_spanned(
            &item_impl.self_ty,
            crate::words::item_registry_empty(kind, &args.fn_name.to_string()),
        ));
    }
    let mut key_warnings = proc_macro2::TokenStream::new();
    let targets = targets::Targets::of_registry(kind, &args, &mut errors, &mut key_warnings);
    let (aliases, mut warnings) = check::impl_tools(&tools, &targets, &mut errors);
    if kind.reaches_llms {
        limits::impl_limits(
            &tools,
            &targets,
            proc_macro2::Span::call_site(),
            &mut errors,
            &mut warnings,
        );
    }
    warnings.extend(key_warnings);
    limits::windows_against_cache(
        args.list_ttl_secs.map(|(secs, _)| secs),
        &tools,
        &aliases,
        &mut warnings,
    );
    let tombstones = tombstones::check(&args.tombstones, &tools, &mut errors, &mut warnings);
    expand::registry(kind, &mut item_impl, &args, &tools, &aliases, &tombstones);
    let handler = args
        .server_handler
        .then(|| expand::server_handler(&item_impl, &args.fn_name));
    let errors = errors.to_compile_errors();
    quote!(#item_impl #handler #warnings #errors)
}

/// Marks a fn as an MCP tool, as rmcp's `#[tool]` does, with its name checked at compile
/// time.
///
/// In a `#[tool_registry]` impl, the registry reads it: `name`, any number of
/// `alias = "old"` / `alias(name, until, since, list_until, until_version, hidden, expired,
/// notice, notice_once, args(...))` (each described on the runtime's `Alias`), `allow(...)`
/// (contracts, clients or warnings this tool opts out of), and every argument of rmcp's
/// `#[tool]` (`description`, `title`,
/// `annotations(...)`, `input_schema`, `output_schema`, `icons`, `meta`, `local`), forwarded
/// unchanged.
///
/// Anywhere else rmcp's `#[tool]` works (a free fn, a method of a plain impl), it checks the
/// name the same way and generates what `#[tool]` generates (`<fn>_tool_attr()`, for
/// `with_route((f_tool_attr(), f))`). Aliases are refused there: no registry serves them.
#[proc_macro_attribute]
pub fn mcp_tool(attr: TokenStream, item: TokenStream) -> TokenStream {
    item_attr(&Kind::TOOL, attr, item)
}

/// Marks a fn as an MCP prompt, as rmcp's `#[prompt]` does, with its name checked at compile
/// time against the slash-command rule (`mcp_toolname_rules::PROMPT`).
///
/// In a `#[prompt_registry]` impl, the registry reads it: `name`, any number of
/// `alias = "old"` / `alias(name, until, since, list_until, until_version, hidden, notice,
/// notice_once, args(...))`, and every argument of rmcp's `#[prompt]` (`title`,
/// `description`, `arguments`, `icons`, `meta`, `local`), forwarded unchanged. Anywhere else
/// it checks the name and generates what `#[prompt]` generates (`<fn>_prompt_attr()`).
#[proc_macro_attribute]
pub fn mcp_prompt(attr: TokenStream, item: TokenStream) -> TokenStream {
    item_attr(&Kind::PROMPT, attr, item)
}

/// `#[mcp_tool]` or `#[mcp_prompt]` (by `kind`) on one fn.
fn item_attr(kind: &'static Kind, attr: TokenStream, item: TokenStream) -> TokenStream {
    if attr.to_string() == parse::REGISTERED_MARKER {
        return item;
    }
    let attr = proc_macro2::TokenStream::from(attr);
    let item = proc_macro2::TokenStream::from(item);
    let Ok(mut func) = syn::parse2::<syn::ItemFn>(item.clone()) else {
        let error = syn::Error::new(
            proc_macro2::Span::call_site(),
            crate::words::item_attr_not_on_fn(kind),
        )
        .to_compile_error();
        return quote!(#error #item).into();
    };
    let mut errors = Errors::default();
    let mut warnings = proc_macro2::TokenStream::new();
    // No registry silences anything here; its warnings name this kind's registry.
    let _silenced = diag::Silenced::set(kind, &[]);
    let path = quote::format_ident!("{}", kind.attr);
    let attribute: syn::Attribute = syn::parse_quote!(#[#path(#attr)]);
    let attr = parse::tool_attr(&attribute, kind, &mut errors);
    for alias in &attr.aliases {
        errors.push(
            alias.name.span(),
            crate::words::item_alias_outside_registry(kind),
        );
    }
    let name = attr.name.clone().unwrap_or_else(|| {
        let text = func.sig.ident.to_string();
        LitStr::new(text.trim_start_matches("r#"), func.sig.ident.span())
    });
    if !attr.name_invalid {
        let targets = targets::Targets::alone(kind);
        let seed = if name.value().is_empty() {
            func.sig
                .ident
                .to_string()
                .trim_start_matches("r#")
                .to_owned()
        } else {
            name.value()
        };
        let help = targets.help_alone(&seed);
        check::tool_name(
            &name,
            &help,
            &attr.allow,
            &targets,
            &mut errors,
            &mut warnings,
        );
    }
    expand::rmcp_tool_attr(kind, &mut func.attrs, 0, &name, &attr.forwarded, &[]);
    let errors = errors.to_compile_errors();
    // A method stands in an impl: say so when that impl (rmcp's `#[tool_router]`) or the
    // type's registry (another impl's `#[tool_registry]`) never serves it.
    // The fn's own lint levels (`#[allow(deprecated)]`) reach what is generated beside it.
    let lints: Vec<&syn::Attribute> = func
        .attrs
        .iter()
        .filter(|a| {
            ["allow", "expect", "warn", "deny"]
                .iter()
                .any(|l| a.path().is_ident(l))
        })
        .collect();
    let probe = func
        .sig
        .receiver()
        .is_some()
        .then(|| expand::served_probe(kind, &func.sig.ident, &lints));
    // The warnings as one named const: `const _` is not allowed in an impl, a named const is
    // (and at module level too, for a free fn).
    let warnings = (!warnings.is_empty()).then(|| {
        let holder = quote::format_ident!("__mcp_toolname_warnings_{}", func.sig.ident);
        quote! {
            #[doc(hidden)]
            #[allow(dead_code, non_upper_case_globals)]
            #(#lints)*
            const #holder: () = { #warnings };
        }
    });
    quote!(#func #probe #warnings #errors).into()
}

/// `tool_name!("literal")`: the literal, checked like a `#[mcp_tool]` name (an error for
/// the spec, a warning for the common LLM contract). Hidden: reached through
/// `mcp_toolname::tool_name!`.
#[doc(hidden)]
#[proc_macro]
pub fn checked_tool_name(input: TokenStream) -> TokenStream {
    let lit = match syn::parse::<syn::Lit>(input) {
        Ok(syn::Lit::Str(lit)) if lit.suffix().is_empty() => lit,
        Ok(other) => {
            let (found, example) = match &other {
                syn::Lit::Str(s) => ("a string literal with a suffix", s.value()),
                syn::Lit::ByteStr(b) => {
                    ("a byte string", String::from_utf8_lossy(&b.value()).into())
                }
                syn::Lit::CStr(_) => ("a C string", String::new()),
                syn::Lit::Byte(_) => ("a byte", String::new()),
                syn::Lit::Char(c) => ("a character", c.value().to_string()),
                syn::Lit::Int(_) => ("an integer", String::new()),
                syn::Lit::Float(_) => ("a float", String::new()),
                syn::Lit::Bool(_) => ("a boolean", String::new()),
                _ => ("not a string", String::new()),
            };
            let example = if example.is_empty() {
                "search_documents".to_owned()
            } else {
                example
            };
            let text = quote!(#other).to_string();
            let message = message::tool_name_not_str(found, &text, &example);
            return syn::Error::new_spanned(&other, message)
                .to_compile_error()
                .into();
        }
        Err(e) => return e.to_compile_error().into(),
    };
    let mut errors = Errors::default();
    let mut warnings = proc_macro2::TokenStream::new();
    let targets = targets::Targets::default_targets();
    let help = targets.help_alone(&lit.value());
    check::tool_name(&lit, &help, &[], &targets, &mut errors, &mut warnings);
    let errors = errors.to_compile_errors();
    quote!({ #errors #warnings #lit }).into()
}
