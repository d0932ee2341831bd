//! Parsing `#[tool_registry(...)]` and each `#[mcp_tool(...)]`. Literals stay `LitStr` so
//! every later error points at the literal; argument errors are collected, not returned at
//! the first one.

use mcp_toolname_rules::message;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::meta::ParseNestedMeta;
use syn::{Attribute, Expr, Ident, ImplItem, ImplItemFn, ItemImpl, LitStr, Token, Visibility};

use crate::diag::Errors;

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
}

/// The argument `#[tool_registry]` leaves in each `#[mcp_tool]` it has read.
pub const REGISTERED_MARKER: &str = "__read_by_tool_registry";

const REGISTRY_ARGS: &[&str] = &[
    "router",
    "server_handler",
    "vis",
    "allow_empty",
    "targets",
    "server_key",
    "server_key_len",
];

/// Arguments of `#[mcp_tool]` that rmcp's `#[tool]` takes and we forward unchanged.
const FORWARDED: &[&str] = &[
    "title",
    "description",
    "input_schema",
    "output_schema",
    "annotations",
    "icons",
    "meta",
    "local",
];
/// Arguments of `#[mcp_tool]` that are ours; with [`FORWARDED`], every argument it takes.
const OWN_ARGS: &[&str] = &["name", "alias", "allow"];
const ALIAS_ATTR: &str = "mcp_tool(alias(...))";
const ALIAS_ARGS: &[&str] = &[
    "name",
    "until",
    "list_until",
    "since",
    "until_version",
    "hidden",
];

/// One `alias = "old"` or `alias(name = "old", ...)`.
pub struct AliasAttr {
    pub name: LitStr,
    pub until: Option<LitStr>,
    pub list_until: Option<LitStr>,
    pub since: Option<LitStr>,
    pub until_version: Option<LitStr>,
    pub hidden: bool,
}

/// One `#[mcp_tool(...)]` on one fn.
pub struct ToolAttr {
    /// `name = "..."` as written, if given.
    pub name: Option<LitStr>,
    pub aliases: Vec<AliasAttr>,
    /// rmcp `#[tool]` arguments, as tokens to forward.
    pub forwarded: Vec<TokenStream>,
    /// Contracts whose warnings this tool opts out of: `allow(llm_common)`.
    pub allow: Vec<Ident>,
}

/// A fn of the impl carrying `#[mcp_tool]`, its attribute removed.
pub struct ToolFn {
    pub ident: Ident,
    pub attr: ToolAttr,
    /// The fn's `#[cfg(...)]` attributes, repeated on its registry entry.
    pub cfgs: Vec<Attribute>,
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

pub fn registry_args(attr: TokenStream, errors: &mut Errors) -> RegistryArgs {
    let mut args = RegistryArgs {
        fn_name: Ident::new("tool_router", Span::call_site()),
        server_handler: false,
        vis: Visibility::Inherited,
        allow_empty: false,
        targets: Vec::new(),
        targets_span: Span::call_site(),
        server_key: None,
        server_key_len: None,
        key_written: false,
    };
    let mut seen = Vec::new();
    let parser = syn::meta::parser(|meta| {
        let key = path_name(&meta);
        note_repeat(&mut seen, &key, &meta, "tool_registry", errors);
        match key.as_str() {
            "router" => args.fn_name = meta.value()?.parse()?,
            "server_handler" => args.server_handler = true,
            "allow_empty" => args.allow_empty = true,
            "targets" => {
                args.targets_span = meta.path.span_of();
                args.targets = id_list(
                    &meta,
                    "tool_registry",
                    "targets",
                    "openai, claude_code",
                    errors,
                )?;
            }
            "server_key" => {
                args.key_written = true;
                args.server_key = Some(string_value(&meta, "server_key", "github")?);
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
                        // Skip whatever was written, so the next argument still parses.
                        while !value.is_empty() && !value.peek(Token![,]) {
                            value.parse::<proc_macro2::TokenTree>()?;
                        }
                    }
                }
            }
            "registry" => {
                errors.push(
                    meta.path.span_of(),
                    message::renamed_argument("tool_registry", "registry", "router"),
                );
                skip_value(&meta)?;
            }
            "vis" => {
                let value = meta.value()?;
                args.vis = if value.peek(LitStr) {
                    value.parse::<LitStr>()?.parse()?
                } else {
                    value.parse()?
                };
            }
            _ => reject(&meta, "tool_registry", &key, REGISTRY_ARGS, errors)?,
        }
        Ok(())
    });
    if let Err(e) = syn::parse::Parser::parse2(parser, attr) {
        errors.add(e);
    }
    args
}

/// Takes every `#[mcp_tool]` off the fns of `item`, parsed, and counts the attributes found.
/// A fn whose attribute does not parse is left without one (its error is in `errors`), so
/// the rest still expands.
pub fn take_tool_fns(item: &mut ItemImpl, errors: &mut Errors) -> (Vec<ToolFn>, usize) {
    let mut tools = Vec::new();
    let mut found = 0;
    for impl_item in &mut item.items {
        let ImplItem::Fn(func) = impl_item else {
            continue;
        };
        if let Some(attr) = take_attr(func, "mcp_tool", errors) {
            found += 1;
            // Leave the user's path in place, marked as read, so their `use` of `mcp_tool`
            // stays used; `#[mcp_tool(<marker>)]` expands to the fn unchanged.
            let path = attr.path();
            let marker = syn::Ident::new(REGISTERED_MARKER, proc_macro2::Span::call_site());
            func.attrs.insert(0, syn::parse_quote!(#[#path(#marker)]));
            match tool_attr(&attr, errors) {
                Ok(parsed) => tools.push(ToolFn {
                    ident: func.sig.ident.clone(),
                    attr: parsed,
                    cfgs: func
                        .attrs
                        .iter()
                        .filter(|a| a.path().is_ident("cfg"))
                        .cloned()
                        .collect(),
                }),
                Err(e) => errors.add(e),
            }
        }
        // Report rmcp's `#[tool]` and drop it, so no follow-on error hides the first one.
        func.attrs.retain(|attr| {
            let rmcp_tool = is_attr(attr, "tool");
            if rmcp_tool {
                errors.push(
                    attr.path().span_of(),
                    message::rmcp_tool_inside_registry().to_owned(),
                );
            }
            !rmcp_tool
        });
    }
    (tools, found)
}

fn is_attr(attr: &Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == name)
}

/// Removes and returns the one `#[name]` attribute of `func`; a second one is an error.
fn take_attr(func: &mut ImplItemFn, name: &str, errors: &mut Errors) -> Option<Attribute> {
    let mut found: Option<Attribute> = None;
    func.attrs.retain(|attr| {
        if !is_attr(attr, name) {
            return true;
        }
        if found.is_some() {
            errors.push(attr.path().span_of(), message::attribute_twice(name));
        } else {
            found = Some(attr.clone());
        }
        false
    });
    found
}

pub fn tool_attr(attr: &Attribute, errors: &mut Errors) -> syn::Result<ToolAttr> {
    let mut out = ToolAttr {
        name: None,
        aliases: Vec::new(),
        forwarded: Vec::new(),
        allow: Vec::new(),
    };
    if matches!(attr.meta, syn::Meta::Path(_)) {
        return Ok(out);
    }
    let mut seen: Vec<String> = Vec::new();
    attr.parse_nested_meta(|meta| {
        let key = path_name(&meta);
        if key != "alias" {
            note_repeat(&mut seen, &key, &meta, "mcp_tool", errors);
        }
        match key.as_str() {
            "name" => out.name = Some(string_value(&meta, "name", "add_numbers")?),
            "alias" => out.aliases.push(alias_attr(&meta, errors)?),
            "local" => out.forwarded.push(meta.path.to_token_stream()),
            "allow" => {
                for id in id_list(&meta, "mcp_tool", "allow", "codex", errors)? {
                    if id == "mcp" {
                        errors.push(id.span(), message::spec_not_optional().to_owned());
                    } else {
                        out.allow.push(id);
                    }
                }
            }
            "annotations" => {
                let content;
                syn::parenthesized!(content in meta.input);
                let inner: TokenStream = content.parse()?;
                let path = &meta.path;
                out.forwarded.push(quote!(#path(#inner)));
            }
            k if FORWARDED.contains(&k) => {
                let value: Expr = meta.value()?.parse()?;
                let path = &meta.path;
                out.forwarded.push(quote!(#path = #value));
            }
            _ => reject(
                &meta,
                "mcp_tool",
                &key,
                &[OWN_ARGS, FORWARDED].concat(),
                errors,
            )?,
        }
        Ok(())
    })?;
    Ok(out)
}

fn alias_attr(meta: &ParseNestedMeta, errors: &mut Errors) -> syn::Result<AliasAttr> {
    if meta.input.peek(Token![=]) {
        let name = string_value(meta, "alias", "plus")?;
        return Ok(AliasAttr {
            name,
            until: None,
            list_until: None,
            since: None,
            until_version: None,
            hidden: false,
        });
    }
    let mut name = None;
    let mut until = None;
    let mut list_until = None;
    let mut since = None;
    let mut until_version = None;
    let mut hidden = false;
    let mut seen: Vec<String> = Vec::new();
    let at = meta.path.span_of();
    meta.parse_nested_meta(|inner| {
        let key = path_name(&inner);
        note_repeat(&mut seen, &key, &inner, ALIAS_ATTR, errors);
        match key.as_str() {
            "name" => name = Some(string_value(&inner, "name", "plus")?),
            "until" => until = Some(string_value(&inner, "until", "2027-03-01")?),
            "list_until" => list_until = Some(string_value(&inner, "list_until", "2027-01-01")?),
            "since" => since = Some(string_value(&inner, "since", "2026-12-01")?),
            "until_version" => {
                until_version = Some(string_value(&inner, "until_version", "2.0.0")?)
            }
            "hidden" => hidden = true,
            _ => reject(&inner, ALIAS_ATTR, &key, ALIAS_ARGS, errors)?,
        }
        Ok(())
    })?;
    let name = name.ok_or_else(|| syn::Error::new(at, message::alias_without_name()))?;
    Ok(AliasAttr {
        name,
        until,
        list_until,
        since,
        until_version,
        hidden,
    })
}

/// `key = "literal"`, with an error that shows the form when it is anything else.
fn string_value(meta: &ParseNestedMeta, key: &str, example: &str) -> syn::Result<LitStr> {
    let value = meta.value()?;
    let span = value.span();
    let lit = value
        .parse::<LitStr>()
        .map_err(|_| syn::Error::new(span, message::expected_string(key, example)))?;
    if lit.suffix().is_empty() {
        Ok(lit)
    } else {
        Err(syn::Error::new(
            span,
            message::expected_string(key, example),
        ))
    }
}

/// `targets(a, b)` or `allow(a, b)`: known target ids, each unknown one reported with a
/// "did you mean"; an empty list is an error.
fn id_list(
    meta: &ParseNestedMeta,
    outer: &str,
    attr: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<Vec<Ident>> {
    let content;
    syn::parenthesized!(content in meta.input);
    let paths = content.parse_terminated(syn::Path::parse_mod_style, Token![,])?;
    if paths.is_empty() {
        errors.push(meta.path.span_of(), message::empty_list(attr, example));
    }
    let ids = crate::targets::all_ids();
    let label = format!("{outer}({attr}(...))");
    let mut out = Vec::new();
    for path in paths {
        let text = path.to_token_stream().to_string().replace(' ', "");
        match path.get_ident() {
            Some(ident) if ids.contains(&text.as_str()) => out.push(ident.clone()),
            _ => errors.push(
                path.span_of(),
                message::unknown_argument(&label, &text, &ids),
            ),
        }
    }
    Ok(out)
}

/// Records `key`; an argument given twice in one attribute is an error.
fn note_repeat(
    seen: &mut Vec<String>,
    key: &str,
    meta: &ParseNestedMeta,
    attr: &str,
    errors: &mut Errors,
) {
    if seen.iter().any(|k| k == key) {
        errors.push(meta.path.span_of(), message::duplicate_argument(attr, key));
    }
    seen.push(key.to_owned());
}

/// Reports an unknown argument (with a "did you mean") and skips its value.
fn reject(
    meta: &ParseNestedMeta,
    attr: &str,
    key: &str,
    expected: &[&str],
    errors: &mut Errors,
) -> syn::Result<()> {
    errors.push(
        meta.path.span_of(),
        message::unknown_argument(attr, key, expected),
    );
    skip_value(meta)
}

fn path_name(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// Consumes the value of an argument we reject, so parsing goes on to the next one.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
}

/// The span of a path, joined where the compiler allows it.
trait SpanOf {
    fn span_of(&self) -> Span;
}

impl SpanOf for syn::Path {
    fn span_of(&self) -> Span {
        let mut tokens = self.to_token_stream().into_iter();
        let first = tokens.next().map_or_else(Span::call_site, |t| t.span());
        tokens
            .last()
            .and_then(|t| first.join(t.span()))
            .unwrap_or(first)
    }
}
