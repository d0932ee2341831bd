//! Parsing one `#[mcp_tool(...)]`: its own arguments (`name`, `alias`, `allow`), and rmcp's,
//! forwarded unchanged. Literals stay `LitStr` so every later error points at the literal.

use mcp_toolname_rules::message;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::meta::ParseNestedMeta;
use syn::{Attribute, Expr, Ident, LitStr, Token};

use crate::args::{SpanOf, allow_list, finish, flag, note_repeat, path_name, reject, string_value};
use crate::diag::Errors;
use crate::kind::Kind;

/// One `alias = "old"` or `alias(name = "old", ...)`.
pub struct AliasAttr {
    pub name: LitStr,
    pub until: Option<LitStr>,
    pub list_until: Option<LitStr>,
    pub since: Option<LitStr>,
    pub until_version: Option<LitStr>,
    pub hidden: bool,
    /// `expired = "tool_error" | "protocol_error"`: the runtime's `ExpiredAnswer` variant.
    pub expired: Option<Ident>,
    /// `notice = "meta" | "text" | "none"`: the runtime's `AliasNotice` variant.
    pub notice: Option<Ident>,
    /// `notice_once` (or `notice_once = false`): the notice only on the first call per session
    /// (or client); `None`: the registry's `alias_notice_once`.
    pub notice_once: Option<bool>,
    /// `args(mode = "single", depth = 2)`: arguments the alias carries, as a JSON object
    /// (literals only: string, integer, float, boolean).
    pub args: Option<serde_json::Map<String, serde_json::Value>>,
}

/// One `#[mcp_tool(...)]` on one fn.
pub struct ToolAttr {
    /// `name = "..."` as written, if given.
    pub name: Option<LitStr>,
    /// `name = ...` was written but is not a string literal (already reported): the name is
    /// unknown, so it is not checked.
    pub name_invalid: bool,
    pub aliases: Vec<AliasAttr>,
    /// rmcp `#[tool]` arguments, as tokens to forward.
    pub forwarded: Vec<TokenStream>,
    /// Contracts and clients whose findings this tool opts out of (`allow(llm_common)`), and
    /// warnings silenced for it (`allow(look_alike)`).
    pub allow: Vec<Ident>,
    /// `description = "..."` when written as a string literal.
    pub description: Option<String>,
    /// Whether `description = ...` was written (as a literal or not): it replaces the doc
    /// comment, as in rmcp.
    pub description_written: bool,
}

/// Parses one `#[mcp_tool(...)]` (or, for prompts, `#[mcp_prompt(...)]`): every argument is
/// read even when an earlier one is bad (each problem goes to `errors`).
pub fn tool_attr(attr: &Attribute, kind: &'static Kind, errors: &mut Errors) -> ToolAttr {
    let mut out = ToolAttr {
        name: None,
        name_invalid: false,
        aliases: Vec::new(),
        forwarded: Vec::new(),
        allow: Vec::new(),
        description: None,
        description_written: false,
    };
    if matches!(attr.meta, syn::Meta::Path(_)) {
        return out;
    }
    let mut seen: Vec<String> = Vec::new();
    let parsed = attr.parse_nested_meta(|meta| {
        let key = path_name(&meta);
        if key != "alias" {
            note_repeat(&mut seen, &key, &meta, kind.attr, errors);
        }
        let result = tool_arg(&meta, &key, kind, &mut out, errors);
        finish(&meta, &key, result, errors);
        Ok(())
    });
    if let Err(e) = parsed {
        errors.add(e);
    }
    out
}

fn tool_arg(
    meta: &ParseNestedMeta,
    key: &str,
    kind: &'static Kind,
    out: &mut ToolAttr,
    errors: &mut Errors,
) -> syn::Result<()> {
    let known = |k: &str| kind.own_args.contains(&k) || kind.forwarded.contains(&k);
    if !known(key) {
        reject(
            meta,
            kind.attr,
            key,
            &[kind.own_args, kind.forwarded].concat(),
            errors,
        );
        return Ok(());
    }
    match key {
        "name" => {
            out.name = string_value(meta, "name", "add_numbers", errors)?;
            out.name_invalid = out.name.is_none();
        }
        "alias" => {
            if let Some(alias) = alias_attr(meta, kind, errors)? {
                out.aliases.push(alias);
            }
        }
        "local" => {
            if flag(meta, key, errors)? == Some(true) {
                out.forwarded.push(meta.path.to_token_stream());
            }
        }
        "allow" => {
            for id in allow_list(meta, kind.attr, "codex", errors)? {
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
        k if kind.forwarded.contains(&k) => {
            let value: Expr = meta.value()?.parse()?;
            if k == "description" {
                out.description = match &value {
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(text),
                        ..
                    }) => Some(text.value()),
                    _ => None,
                };
                out.description_written = true;
            }
            if k == "arguments" {
                prompt_argument_names(value.to_token_stream(), errors);
            }
            if k == "input_schema" && kind.reaches_llms {
                super::schema::literal_schema_keys(value.to_token_stream(), errors);
            }
            let path = &meta.path;
            out.forwarded.push(quote!(#path = #value));
        }
        _ => reject(
            meta,
            kind.attr,
            key,
            &[kind.own_args, kind.forwarded].concat(),
            errors,
        ),
    }
    Ok(())
}

/// `alias = "old"` or `alias(name = "old", ...)`; `None` when it cannot be used (the
/// reason is in `errors`), every argument read all the same.
fn alias_attr(
    meta: &ParseNestedMeta,
    kind: &'static Kind,
    errors: &mut Errors,
) -> syn::Result<Option<AliasAttr>> {
    let alias_attr_name = format!("{}(alias(...))", kind.attr);
    let mut alias = AliasAttr {
        name: LitStr::new("", Span::call_site()),
        until: None,
        list_until: None,
        since: None,
        until_version: None,
        hidden: false,
        expired: None,
        notice: None,
        notice_once: None,
        args: None,
    };
    if meta.input.peek(Token![=]) {
        return Ok(
            string_value(meta, "alias", "plus", errors)?.map(|name| AliasAttr { name, ..alias })
        );
    }
    let mut name = None;
    let mut name_written = false;
    let mut seen: Vec<String> = Vec::new();
    let at = meta.path.span_of();
    meta.parse_nested_meta(|inner| {
        let key = path_name(&inner);
        note_repeat(&mut seen, &key, &inner, &alias_attr_name, errors);
        if !kind.alias_args.contains(&key.as_str()) {
            reject(&inner, &alias_attr_name, &key, kind.alias_args, errors);
            return Ok(());
        }
        let result = alias_arg(&inner, &key, kind, &mut alias, &mut name, errors);
        name_written |= key == "name";
        finish(&inner, &key, result, errors);
        Ok(())
    })?;
    match name {
        Some(name) => Ok(Some(AliasAttr { name, ..alias })),
        None => {
            if !name_written {
                errors.push(at, message::alias_without_name().to_owned());
            }
            Ok(None)
        }
    }
}

fn alias_arg(
    inner: &ParseNestedMeta,
    key: &str,
    kind: &Kind,
    alias: &mut AliasAttr,
    name: &mut Option<LitStr>,
    errors: &mut Errors,
) -> syn::Result<()> {
    match key {
        "name" => *name = string_value(inner, "name", "plus", errors)?,
        "until" => alias.until = string_value(inner, "until", "2027-03-01", errors)?,
        "list_until" => {
            alias.list_until = string_value(inner, "list_until", "2027-01-01", errors)?;
        }
        "since" => alias.since = string_value(inner, "since", "2026-12-01", errors)?,
        "until_version" => {
            alias.until_version = string_value(inner, "until_version", "2.0.0", errors)?;
        }
        "hidden" => {
            if let Some(hidden) = flag(inner, "hidden", errors)? {
                alias.hidden = hidden;
            }
        }
        "expired" => {
            alias.expired = choice(
                inner,
                "expired",
                &[
                    ("tool_error", "ToolError"),
                    ("protocol_error", "ProtocolError"),
                ],
                errors,
            )?;
        }
        "notice" => {
            alias.notice = choice(
                inner,
                "notice",
                &[("meta", "Meta"), ("text", "Text"), ("none", "None")],
                errors,
            )?;
        }
        "notice_once" => {
            alias.notice_once = flag(inner, "notice_once", errors)?;
        }
        "args" => alias.args = Some(carried_args(inner, kind, errors)?),
        // The caller refused every key outside the kind's `alias_args`, each matched above.
        _ => {}
    }
    Ok(())
}

/// `args(key = literal, ...)`: each key once, each value a string, integer, float or boolean
/// literal; anything else is reported where it stands and left out.
fn carried_args(
    meta: &ParseNestedMeta,
    kind: &Kind,
    errors: &mut Errors,
) -> syn::Result<serde_json::Map<String, serde_json::Value>> {
    use serde_json::Value;
    let mut out = serde_json::Map::new();
    let mut seen: Vec<String> = Vec::new();
    meta.parse_nested_meta(|inner| {
        let key = path_name(&inner);
        if seen.contains(&key) {
            errors.push(inner.path.span_of(), message::alias_arg_twice(&key));
        }
        if let Some(refused) = carried_key_refused(kind, &key) {
            errors.push(inner.path.span_of(), refused);
        }
        seen.push(key.clone());
        let expr: Expr = inner.value()?.parse()?;
        let value = match &expr {
            Expr::Lit(syn::ExprLit { lit, .. }) => match lit {
                syn::Lit::Str(s) => Some(Value::String(s.value())),
                syn::Lit::Int(i) => i.base10_parse::<i64>().ok().map(Value::from),
                syn::Lit::Float(f) => f.base10_parse::<f64>().ok().map(Value::from),
                syn::Lit::Bool(b) => Some(Value::Bool(b.value)),
                _ => None,
            },
            Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr,
                ..
            }) => match &**expr {
                Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                }) => i.base10_parse::<i64>().ok().map(|n| Value::from(-n)),
                Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Float(f),
                    ..
                }) => f.base10_parse::<f64>().ok().map(|n| Value::from(-n)),
                _ => None,
            },
            _ => None,
        };
        match value {
            Some(value) => {
                out.insert(key, value);
            }
            None => errors.push(
                syn::spanned::Spanned::span(&expr),
                message::alias_arg_not_literal(&key),
            ),
        }
        Ok(())
    })?;
    Ok(out)
}

/// Checks each prompt argument name the macro can see in rmcp's `arguments = ...`: the literal
/// of each `PromptArgument::new("...")`, as the registry checks the names when it is built
/// (a client cannot pass a name with `=`, a control or an invisible character).
fn prompt_argument_names(tokens: TokenStream, errors: &mut Errors) {
    use mcp_toolname_rules::{PROMPT_ARGUMENT, check};
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        if let TokenTree::Group(group) = tree {
            let after_new = i >= 4
                && matches!(&trees[i - 1], TokenTree::Ident(id) if id == "new")
                && matches!(&trees[i - 4], TokenTree::Ident(id) if id == "PromptArgument");
            if after_new && let Ok(lit) = syn::parse2::<LitStr>(group.stream()) {
                if let Err(err) = check(&lit.value(), &PROMPT_ARGUMENT) {
                    errors.push(
                        lit.span(),
                        message::prompt_argument_refused(&lit.value(), &err),
                    );
                }
                continue;
            }
            prompt_argument_names(group.stream(), errors);
        }
    }
}

/// Why a key an alias carries is refused where the macro sees it, as the registry would refuse
/// the tool's argument of that name: for a tool, a top-level argument name the Anthropic API
/// refuses (and with it every request); for a prompt, an argument name a client cannot pass.
fn carried_key_refused(kind: &Kind, key: &str) -> Option<String> {
    use mcp_toolname_rules::{PROMPT_ARGUMENT, check, lint, schema::argument_refusals};
    if kind.reaches_llms {
        let (rule, err) = argument_refusals(key, true)
            .into_iter()
            .find(|(r, _)| r.lint == &lint::ARGUMENT_NAME)?;
        return Some(message::argument_refused(
            key,
            &err,
            rule.contract,
            rule.applies_to,
        ));
    }
    let err = check(key, &PROMPT_ARGUMENT).err()?;
    Some(message::prompt_argument_refused(key, &err))
}

/// `key = "choice"`: the variant named for it, or an error listing the choices.
fn choice(
    inner: &ParseNestedMeta,
    key: &str,
    choices: &[(&str, &str)],
    errors: &mut Errors,
) -> syn::Result<Option<Ident>> {
    let Some(lit) = string_value(inner, key, choices[0].0, errors)? else {
        return Ok(None);
    };
    let value = lit.value();
    if let Some((_, variant)) = choices.iter().find(|(c, _)| *c == value) {
        return Ok(Some(Ident::new(variant, lit.span())));
    }
    let names: Vec<&str> = choices.iter().map(|(c, _)| *c).collect();
    errors.push(lit.span(), message::bad_choice(key, &value, &names));
    Ok(None)
}
