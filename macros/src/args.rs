//! One argument of an attribute at a time: a bad value is reported and skipped, and parsing
//! goes on with the next argument (darling's accumulator is the model), so one build shows
//! every problem of an attribute.

use mcp_toolname_rules::lint::{Build, Lint};
use mcp_toolname_rules::{ALL, CLIENTS, message};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Expr, Ident, LitStr, Token};

use crate::diag::Errors;

/// Every id `targets(...)` and `allow(...)` take.
pub fn all_ids() -> Vec<&'static str> {
    ALL.iter()
        .map(|c| c.id)
        .chain(CLIENTS.iter().map(|c| c.id))
        .collect()
}

/// Ends one argument: an error from its handler is recorded, and whatever is left of the
/// argument (up to the next `,`) is skipped, so the next argument still parses.
pub fn finish(meta: &ParseNestedMeta, key: &str, result: syn::Result<()>, errors: &mut Errors) {
    match result {
        Err(e) => errors.add(e),
        Ok(()) if !meta.input.is_empty() && !meta.input.peek(Token![,]) => {
            errors.push(meta.input.span(), message::expected_comma_after(key));
        }
        Ok(()) => return,
    }
    skip_rest(meta.input);
}

/// Consumes the tokens up to the next `,` of this level (or the end).
pub fn skip_rest(input: ParseStream) {
    while !input.is_empty() && !input.peek(Token![,]) {
        if input.parse::<TokenTree>().is_err() {
            break;
        }
    }
}

/// `key = "literal"`. Anything else (a macro call, a path, a suffixed literal) is reported on
/// the whole expression, with the form to write, and gives `None`.
pub fn string_value(
    meta: &ParseNestedMeta,
    key: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<Option<LitStr>> {
    let value = meta.value()?;
    if value.peek(LitStr) {
        let lit: LitStr = value.parse()?;
        if lit.suffix().is_empty() {
            return Ok(Some(lit));
        }
        errors.push(lit.span(), message::expected_string(key, example));
        return Ok(None);
    }
    let span = value.span();
    match value.parse::<Expr>() {
        Ok(Expr::Macro(mac)) => {
            let name = mac.mac.path.to_token_stream().to_string().replace(' ', "");
            errors.add(syn::Error::new_spanned(
                &mac,
                message::macro_for_string(key, &name, example),
            ));
        }
        Ok(Expr::Path(path)) => {
            let text = path.to_token_stream().to_string().replace(' ', "");
            errors.add(syn::Error::new_spanned(
                &path,
                message::path_for_string(key, &text, example),
            ));
        }
        Ok(expr) => errors.add(syn::Error::new_spanned(
            &expr,
            message::expected_string(key, example),
        )),
        Err(_) => {
            skip_rest(value);
            errors.push(span, message::expected_string(key, example));
        }
    }
    Ok(None)
}

/// A flag: `key` alone, or `key = true` / `key = false`. Any other value is reported and
/// gives `None`.
pub fn flag(meta: &ParseNestedMeta, key: &str, errors: &mut Errors) -> syn::Result<Option<bool>> {
    if !meta.input.peek(Token![=]) {
        return Ok(Some(true));
    }
    let value = meta.value()?;
    if value.peek(syn::LitBool) {
        return Ok(Some(value.parse::<syn::LitBool>()?.value));
    }
    let span = value.span();
    match value.parse::<Expr>() {
        Ok(expr) => errors.add(syn::Error::new_spanned(&expr, message::expected_bool(key))),
        Err(_) => {
            skip_rest(value);
            errors.push(span, message::expected_bool(key));
        }
    }
    Ok(None)
}

/// The paths of `attr(a, b)`; an empty list is an error.
fn paths(
    meta: &ParseNestedMeta,
    attr: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<syn::punctuated::Punctuated<syn::Path, Token![,]>> {
    let content;
    syn::parenthesized!(content in meta.input);
    let paths = content.parse_terminated(syn::Path::parse_mod_style, Token![,])?;
    if paths.is_empty() {
        errors.push(meta.path.span_of(), message::empty_list(attr, example));
    }
    Ok(paths)
}

/// `targets(a, b)`: known target ids, each unknown one reported with a "did you mean", each
/// repeated one reported; an empty list is an error.
pub fn id_list(
    meta: &ParseNestedMeta,
    outer: &str,
    attr: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<Vec<Ident>> {
    let paths = paths(meta, attr, example, errors)?;
    let ids = all_ids();
    let label = format!("{outer}({attr}(...))");
    let mut out: Vec<Ident> = Vec::new();
    for path in paths {
        let text = path.to_token_stream().to_string().replace(' ', "");
        match path.get_ident() {
            Some(ident) if out.contains(ident) => {
                errors.push(ident.span(), message::repeated_id(attr, &text));
            }
            Some(ident) if ids.contains(&text.as_str()) => out.push(ident.clone()),
            _ => errors.push(
                path.span_of(),
                message::unknown_argument(&label, &text, &ids),
            ),
        }
    }
    Ok(out)
}

/// `allow(a, b)`: contract and client ids (findings about them are left out) and the lints
/// the build warns of (from the one lint table). An old lint name is read as its lint's
/// name, with a warning naming that; a lint the build refuses or never reports is an error
/// saying so; anything else is unknown, with a "did you mean". Repeats and an empty list are
/// errors, as in [`id_list`].
pub fn allow_list(
    meta: &ParseNestedMeta,
    outer: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<Vec<Ident>> {
    let paths = allowed_paths(meta, outer, example, errors)?;
    let mut ids = all_ids();
    ids.extend(crate::diag::warnings().map(|l| l.name));
    let label = format!("{outer}(allow(...))");
    let mut out: Vec<Ident> = Vec::new();
    for path in paths {
        let text = path.to_token_stream().to_string().replace(' ', "");
        let Some(written) = path.get_ident() else {
            errors.push(
                path.span_of(),
                message::unknown_argument(&label, &text, &ids),
            );
            continue;
        };
        let ident = match Lint::renamed(&text) {
            Some(lint) => {
                errors.warn(crate::diag::renamed(written, lint));
                Ident::new(lint.name, written.span())
            }
            None => written.clone(),
        };
        let name = ident.to_string();
        if out.contains(&ident) {
            errors.push(ident.span(), message::repeated_id("allow", &name));
        } else if ids.contains(&name.as_str()) {
            out.push(ident);
        } else if let Some(lint) = Lint::by_name(&name) {
            let why = if lint.build == Build::Error {
                message::allow_build_error(lint.name)
            } else {
                message::allow_not_in_build(lint.name, lint.reported_by)
            };
            errors.push(ident.span(), why);
        } else {
            errors.push(
                path.span_of(),
                message::unknown_argument(&label, &text, &ids),
            );
        }
    }
    Ok(out)
}

/// The ids of `allow(a, b, reason = "...")`, the reason checked (as Rust's
/// `#[allow(lint, reason = "...")]`: last, once, a string that says something) and left for
/// the reader: it documents why, and the build has nothing else to do with it.
fn allowed_paths(
    meta: &ParseNestedMeta,
    outer: &str,
    example: &str,
    errors: &mut Errors,
) -> syn::Result<Vec<syn::Path>> {
    let content;
    syn::parenthesized!(content in meta.input);
    let mut paths = Vec::new();
    let mut reason: Option<syn::LitStr> = None;
    while !content.is_empty() {
        if content.peek(syn::Ident) && content.peek2(Token![=]) {
            let key: Ident = content.parse()?;
            content.parse::<Token![=]>()?;
            let value: syn::Lit = content.parse()?;
            if key != "reason" {
                errors.push(
                    key.span(),
                    message::unknown_argument(
                        &format!("{outer}(allow(...))"),
                        &key.to_string(),
                        &["reason"],
                    ),
                );
            } else if reason.is_some() {
                errors.push(key.span(), message::duplicate_argument("allow", "reason"));
            } else {
                match value {
                    syn::Lit::Str(text) if !text.value().trim().is_empty() => reason = Some(text),
                    other => errors.push(other.span(), message::allow_reason().to_owned()),
                }
            }
        } else {
            let path = content.call(syn::Path::parse_mod_style)?;
            if reason.is_some() {
                errors.push(path.span_of(), message::allow_reason_last().to_owned());
            }
            paths.push(path);
        }
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    if paths.is_empty() {
        errors.push(meta.path.span_of(), message::empty_list("allow", example));
    }
    Ok(paths)
}

/// Records `key`; an argument given twice in one attribute is an error.
pub fn note_repeat(
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

/// Reports an unknown argument (with a "did you mean"); [`finish`] skips its value.
pub fn reject(
    meta: &ParseNestedMeta,
    attr: &str,
    key: &str,
    expected: &[&str],
    errors: &mut Errors,
) {
    errors.push(
        meta.path.span_of(),
        message::unknown_argument(attr, key, expected),
    );
    skip_rest(meta.input);
}

pub fn path_name(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// The span of a path, joined where the compiler allows it.
pub trait SpanOf {
    fn span_of(&self) -> Span;
}

impl SpanOf for syn::Path {
    fn span_of(&self) -> Span {
        span_of_tokens(self.to_token_stream())
    }
}

/// The span from the first to the last token, where the compiler can join them.
pub fn span_of_tokens(tokens: TokenStream) -> Span {
    let mut tokens = tokens.into_iter();
    let first = tokens.next().map_or_else(Span::call_site, |t| t.span());
    tokens
        .last()
        .and_then(|t| first.join(t.span()))
        .unwrap_or(first)
}
