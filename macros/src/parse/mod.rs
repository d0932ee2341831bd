//! Parsing `#[tool_registry(...)]` and finding each `#[mcp_tool(...)]` of its impl (plain or
//! under `cfg_attr`); [`tool`] parses each one. Literals stay `LitStr` so every later error
//! points at the literal; argument errors are collected, not returned at the first one.

use mcp_toolname_rules::message;
use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::{Attribute, Ident, ImplItem, ImplItemFn, ItemImpl, LitStr, Meta, Token, Visibility};

use crate::args::{
    SpanOf, allow_list, finish, flag, id_list, note_repeat, path_name, reject, skip_rest,
    string_value,
};
use crate::cond::Cond;
use crate::diag::Errors;
use crate::kind::Kind;

mod schema;
mod tool;

pub use tool::{AliasAttr, ToolAttr, tool_attr};

/// Arguments of `#[tool_registry(...)]`.
pub struct RegistryArgs {
    /// Name of the generated fn (`router = my_tools`); `tool_router` by default, as rmcp's.
    pub fn_name: Ident,
    /// `server_handler`: also emit `#[tool_handler] impl ServerHandler for Self {}`, as rmcp.
    pub server_handler: bool,
    /// Visibility of the generated fn (`vis = pub(crate)`); private by default, as rmcp's.
    pub vis: Visibility,
    /// `allow_empty`: an impl without `#[mcp_tool]` fns is intended.
    pub allow_empty: bool,
    /// `targets(anthropic, claude_code, ...)`: contract and client ids, unchecked.
    pub targets: Vec<Ident>,
    /// Where `targets(...)` was written (or the call site).
    pub targets_span: Span,
    /// `server_key = "github"`.
    pub server_key: Option<LitStr>,
    /// `server_key_len = 16`, checked to be 1 to 32, and where it was written.
    pub server_key_len: Option<(usize, Span)>,
    /// Whether `server_key` or `server_key_len` was written, even if it did not parse.
    pub key_written: bool,
    /// `alias_notice_once`: every alias of the impl that does not say otherwise adds its
    /// notice only to the first call per session (or client).
    pub alias_notice_once: bool,
    /// `tombstone(...)`, each: removed tools' names that answer where the tool went.
    pub tombstones: Vec<TombstoneAttr>,
    /// `list_ttl_secs = 86400`: how long clients of protocol 2026-07-28 may cache
    /// `tools/list`, and where it was written.
    pub list_ttl_secs: Option<(u64, Span)>,
    /// `allow(look_alike, ...)`: warnings silenced for the whole impl.
    pub allow: Vec<Ident>,
    /// `schemas = "as_written"`: input schemas listed as rmcp writes them, not inlined.
    pub schemas_as_written: bool,
}

/// One `tombstone(name = "old", renamed_to = "new" | instead = "other", until = "...",
/// note = "...")` of `#[tool_registry]`.
pub struct TombstoneAttr {
    pub name: LitStr,
    pub renamed_to: Option<LitStr>,
    pub instead: Option<LitStr>,
    pub until: Option<LitStr>,
    pub note: Option<LitStr>,
}

/// The argument `#[tool_registry]` leaves in each `#[mcp_tool]` it has read.
pub const REGISTERED_MARKER: &str = "__read_by_tool_registry";

/// A fn of the impl carrying `#[mcp_tool]`, its attribute removed.
pub struct ToolFn {
    pub ident: Ident,
    pub attr: ToolAttr,
    /// The builds in which the tool exists: the fn's `#[cfg(...)]`, and the predicates of a
    /// `#[cfg_attr(<predicate>, mcp_tool(...))]` around its attribute. Its registry entry
    /// is emitted under it.
    pub cond: Cond,
    /// The `cfg_attr` predicates around its `#[mcp_tool]` (empty when written plainly): its
    /// rmcp `#[tool]` is emitted under them.
    pub attr_preds: Vec<Meta>,
    /// The description rmcp gives the tool, where the build knows it: `description = "..."`,
    /// else the doc comment as rmcp joins it (each line trimmed, blank ones left out, joined
    /// by newlines); `None` when it is not a literal (`include_str!`, a `const`).
    pub description: Option<String>,
    /// The tool's input as the build sees it: the type inside `Parameters<...>` among the
    /// fn's arguments, as written (spaces dropped); empty when it takes none. Two paths to
    /// one type (`Args`, `crate::Args`) read as two shapes.
    pub shape: String,
}

impl ToolFn {
    /// The tool name: the literal, or the fn name (without `r#`) spanned on the fn name.
    pub fn name(&self) -> LitStr {
        self.attr.name.clone().unwrap_or_else(|| {
            let text = self.ident.to_string();
            LitStr::new(text.strip_prefix("r#").unwrap_or(&text), self.ident.span())
        })
    }
}

pub fn registry_args(attr: TokenStream, kind: &'static Kind, errors: &mut Errors) -> RegistryArgs {
    let mut args = RegistryArgs {
        fn_name: Ident::new(kind.router_fn, Span::call_site()),
        server_handler: false,
        vis: Visibility::Inherited,
        allow_empty: false,
        targets: Vec::new(),
        targets_span: Span::call_site(),
        server_key: None,
        server_key_len: None,
        key_written: false,
        alias_notice_once: false,
        tombstones: Vec::new(),
        list_ttl_secs: None,
        allow: Vec::new(),
        schemas_as_written: false,
    };
    let mut seen = Vec::new();
    let parser = syn::meta::parser(|meta| {
        let key = path_name(&meta);
        if key != "tombstone" {
            note_repeat(&mut seen, &key, &meta, kind.registry, errors);
        }
        if !kind.registry_args.contains(&key.as_str()) {
            unknown_registry_arg(&meta, &key, kind, errors);
            return Ok(());
        }
        let result = registry_arg(&meta, &key, kind, &mut args, errors);
        finish(&meta, &key, result, errors);
        Ok(())
    });
    if let Err(e) = syn::parse::Parser::parse2(parser, attr) {
        errors.add(e);
    }
    args
}

/// `tombstone(...)`; `None` when it cannot be used (the reason is in `errors`).
fn tombstone_attr(
    meta: &ParseNestedMeta,
    kind: &Kind,
    errors: &mut Errors,
) -> syn::Result<Option<TombstoneAttr>> {
    let attr_name = format!("{}(tombstone(...))", kind.registry);
    const ARGS: &[&str] = &["name", "renamed_to", "instead", "until", "note"];
    let at = meta.path.span_of();
    let mut out = TombstoneAttr {
        name: LitStr::new("", at),
        renamed_to: None,
        instead: None,
        until: None,
        note: None,
    };
    let mut name = None;
    let mut seen = Vec::new();
    meta.parse_nested_meta(|inner| {
        let key = path_name(&inner);
        note_repeat(&mut seen, &key, &inner, &attr_name, errors);
        let result = match key.as_str() {
            "name" => string_value(&inner, "name", "validate_adr", errors).map(|v| name = v),
            "renamed_to" => string_value(&inner, "renamed_to", "validate_adrs", errors)
                .map(|v| out.renamed_to = v),
            "instead" => {
                string_value(&inner, "instead", "list_events", errors).map(|v| out.instead = v)
            }
            "until" => string_value(&inner, "until", "2027-06-01", errors).map(|v| out.until = v),
            "note" => {
                string_value(&inner, "note", "events are pages now", errors).map(|v| out.note = v)
            }
            _ => {
                reject(&inner, &attr_name, &key, ARGS, errors);
                Ok(())
            }
        };
        finish(&inner, &key, result, errors);
        Ok(())
    })?;
    if let (Some(_), Some(instead)) = (&out.renamed_to, &out.instead) {
        errors.push(
            instead.span(),
            message::tombstone_renamed_and_instead().to_owned(),
        );
    }
    match name {
        Some(name) => Ok(Some(TombstoneAttr { name, ..out })),
        None => {
            if !seen.iter().any(|k| k == "name") {
                errors.push(at, message::tombstone_without_name().to_owned());
            }
            Ok(None)
        }
    }
}

/// An argument the registry attribute of `kind` does not take: rmcp's old name for one it
/// takes is named as such, anything else is refused with the list of what it takes.
fn unknown_registry_arg(meta: &ParseNestedMeta, key: &str, kind: &Kind, errors: &mut Errors) {
    if key == "registry" {
        errors.push(
            meta.path.span_of(),
            message::renamed_argument(kind.registry, "registry", "router"),
        );
        skip_rest(meta.input);
    } else {
        reject(meta, kind.registry, key, kind.registry_args, errors);
    }
}

fn registry_arg(
    meta: &ParseNestedMeta,
    key: &str,
    kind: &Kind,
    args: &mut RegistryArgs,
    errors: &mut Errors,
) -> syn::Result<()> {
    match key {
        "router" => {
            // rmcp's `#[tool_router]` takes a name, its `#[prompt_router]` a string: both work.
            let value = meta.value()?;
            args.fn_name = if value.peek(LitStr) {
                value.parse::<LitStr>()?.parse()?
            } else {
                value.parse()?
            };
        }
        "server_handler" => {
            if let Some(on) = flag(meta, key, errors)? {
                args.server_handler = on;
            }
        }
        "allow_empty" => {
            if let Some(on) = flag(meta, key, errors)? {
                args.allow_empty = on;
            }
        }
        "alias_notice_once" => {
            if let Some(on) = flag(meta, key, errors)? {
                args.alias_notice_once = on;
            }
        }
        "tombstone" => {
            if let Some(tombstone) = tombstone_attr(meta, kind, errors)? {
                args.tombstones.push(tombstone);
            }
        }
        "list_ttl_secs" => {
            let value = meta.value()?;
            let span = value.span();
            match value
                .parse::<syn::LitInt>()
                .ok()
                .filter(|lit| lit.suffix().is_empty())
                .and_then(|lit| lit.base10_parse::<u64>().ok())
            {
                Some(secs) => args.list_ttl_secs = Some((secs, span)),
                None => {
                    errors.push(span, message::bad_list_ttl().to_owned());
                    skip_rest(value);
                }
            }
        }
        "allow" => {
            args.allow = allow_list(meta, kind.registry, "look_alike", errors)?;
        }
        "schemas" => {
            if let Some(lit) = string_value(meta, "schemas", "as_written", errors)? {
                match lit.value().as_str() {
                    "portable" => args.schemas_as_written = false,
                    "as_written" => args.schemas_as_written = true,
                    other => errors.push(lit.span(), message::bad_schemas(other)),
                }
            }
        }
        "targets" => {
            args.targets_span = meta.path.span_of();
            args.targets = id_list(
                meta,
                "tool_registry",
                "targets",
                "openai, claude_code",
                errors,
            )?;
        }
        "server_key" => {
            args.key_written = true;
            args.server_key = string_value(meta, "server_key", "github", errors)?;
        }
        "server_key_len" => {
            args.key_written = true;
            let value = meta.value()?;
            let span = value.span();
            let len = value
                .parse::<syn::LitInt>()
                .ok()
                .filter(|lit| lit.suffix().is_empty())
                .and_then(|lit| lit.base10_parse::<usize>().ok())
                .filter(|len| (1..=32).contains(len));
            match len {
                Some(len) => args.server_key_len = Some((len, span)),
                None => {
                    errors.push(span, message::bad_server_key_len().to_owned());
                    skip_rest(value);
                }
            }
        }
        "vis" => {
            let value = meta.value()?;
            args.vis = if value.peek(LitStr) {
                value.parse::<LitStr>()?.parse()?
            } else {
                value.parse()?
            };
        }
        // The caller refused every key outside the kind's `registry_args`, each matched above.
        _ => {}
    }
    Ok(())
}

/// Takes every `#[mcp_tool]` off the fns of `item` (also one inside
/// `#[cfg_attr(<predicate>, mcp_tool(...))]`, which makes a tool under that predicate),
/// parsed, and counts the attributes found. Argument errors are in `errors`; the tool is
/// still kept, so the rest of the impl is checked and expands.
pub fn take_tool_fns(
    item: &mut ItemImpl,
    kind: &'static Kind,
    errors: &mut Errors,
) -> (Vec<ToolFn>, usize) {
    let mut tools = Vec::new();
    let mut found = 0;
    for impl_item in &mut item.items {
        let ImplItem::Fn(func) = impl_item else {
            continue;
        };
        if let Some((attr, preds)) = take_attr(func, kind.attr, errors) {
            found += 1;
            // Leave the user's path in place, marked as read, so their `use` of `mcp_tool`
            // stays used; `#[mcp_tool(<marker>)]` expands to the fn unchanged.
            let path = attr.path();
            let marker = syn::Ident::new(REGISTERED_MARKER, proc_macro2::Span::call_site());
            func.attrs.insert(0, syn::parse_quote!(#[#path(#marker)]));
            let mut cond = Cond::of_attrs(&func.attrs);
            for pred in &preds {
                cond.push(pred);
            }
            let attr = tool_attr(&attr, kind, errors);
            let description = if attr.description_written {
                attr.description.clone()
            } else {
                doc_text(&func.attrs)
            };
            tools.push(ToolFn {
                ident: func.sig.ident.clone(),
                attr,
                cond,
                attr_preds: preds,
                description,
                shape: input_shape(&func.sig),
            });
        }
        // Report rmcp's `#[tool]` (`#[prompt]`) and drop it, so no follow-on error hides the
        // first one.
        func.attrs.retain(|attr| {
            let rmcp_item = is_attr(attr, kind.rmcp_attr);
            if rmcp_item {
                errors.push(
                    attr.path().span_of(),
                    crate::words::rmcp_attr_inside_registry(kind),
                );
            }
            !rmcp_item
        });
    }
    (tools, found)
}

/// The type inside the first `Parameters<...>` argument of `sig` (rmcp's extractor of a
/// tool's arguments), as written without spaces; empty when there is none.
fn input_shape(sig: &syn::Signature) -> String {
    sig.inputs
        .iter()
        .filter_map(|arg| match arg {
            syn::FnArg::Typed(typed) => Some(&*typed.ty),
            syn::FnArg::Receiver(_) => None,
        })
        .find_map(|ty| {
            let syn::Type::Path(path) = ty else {
                return None;
            };
            let last = path.path.segments.last()?;
            if last.ident != "Parameters" {
                return None;
            }
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return None;
            };
            Some(args.args.to_token_stream().to_string().replace(' ', ""))
        })
        .unwrap_or_default()
}

/// The doc comment as rmcp makes a description of it: each `#[doc = "..."]` line trimmed,
/// blank ones left out, joined by newlines; `None` when a line is not a literal.
fn doc_text(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) = &nv.value
        else {
            return None;
        };
        let line = text.value().trim().to_owned();
        if !line.is_empty() {
            lines.push(line);
        }
    }
    Some(lines.join("\n"))
}

fn is_attr(attr: &Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == name)
}

fn is_meta(meta: &Meta, name: &str) -> bool {
    meta.path().segments.last().is_some_and(|s| s.ident == name)
}

/// Removes and returns the one `#[name]` attribute of `func` (written plainly or inside a
/// `cfg_attr`, with the predicates it sits under); a second one is an error.
fn take_attr(
    func: &mut ImplItemFn,
    name: &str,
    errors: &mut Errors,
) -> Option<(Attribute, Vec<Meta>)> {
    let mut found: Option<(Attribute, Vec<Meta>)> = None;
    let mut kept = Vec::with_capacity(func.attrs.len());
    for attr in std::mem::take(&mut func.attrs) {
        let (taken, rest) = if is_attr(&attr, name) {
            (Some((attr.clone(), Vec::new())), None)
        } else if attr.path().is_ident("cfg_attr") {
            match split_cfg_attr(&attr.meta, name) {
                Some((preds, meta, rest)) => {
                    let rest = rest.map(|m| Attribute {
                        meta: m,
                        ..attr.clone()
                    });
                    (Some((syn::parse_quote!(#[#meta]), preds)), rest)
                }
                None => (None, Some(attr)),
            }
        } else {
            (None, Some(attr))
        };
        kept.extend(rest);
        if let Some((attr, preds)) = taken {
            if found.is_some() {
                errors.push(attr.path().span_of(), message::attribute_twice(name));
            } else {
                found = Some((attr, preds));
            }
        }
    }
    func.attrs = kept;
    found
}

/// In `cfg_attr(<predicate>, a, b, ...)`, finds `name(...)` (also inside a nested
/// `cfg_attr`): the predicates it sits under, the attribute itself, and the `cfg_attr`
/// without it (`None` when nothing is left).
fn split_cfg_attr(meta: &Meta, name: &str) -> Option<(Vec<Meta>, Meta, Option<Meta>)> {
    let list = meta.require_list().ok()?;
    let args = list
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .ok()?;
    let mut args = args.into_iter();
    let predicate = args.next()?;
    let mut rest: Vec<Meta> = Vec::new();
    let mut hit = None;
    for arg in args {
        if hit.is_some() {
            rest.push(arg);
        } else if is_meta(&arg, name) {
            hit = Some((Vec::new(), arg));
        } else if let Some((preds, inner, left)) = split_cfg_attr(&arg, name) {
            hit = Some((preds, inner));
            rest.extend(left);
        } else {
            rest.push(arg);
        }
    }
    let (inner_preds, found) = hit?;
    let mut preds = vec![predicate.clone()];
    preds.extend(inner_preds);
    let path = &list.path;
    let rest = (!rest.is_empty()).then(|| syn::parse_quote!(#path(#predicate, #(#rest),*)));
    Some((preds, found, rest))
}
