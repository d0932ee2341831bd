//! The argument names of an input schema written as a literal in the attribute
//! (`input_schema = json!({...})`, or rmcp's `object!`): each top-level key of its
//! `properties` is checked where the macro sees it, as the registry checks a `Parameters<T>`
//! schema when it is built (an argument name the Anthropic API refuses stops every request).

use mcp_toolname_rules::{lint, message, schema::argument_refusals};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::LitStr;

use crate::diag::Errors;

/// Each refused top-level argument name of the literal schemas in `tokens`, reported at its
/// key. A schema built any other way (a fn call, a variable) is left to the registry build.
pub fn literal_schema_keys(tokens: TokenStream, errors: &mut Errors) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        let TokenTree::Group(group) = tree else {
            continue;
        };
        let after_bang = i >= 2
            && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '!')
            && matches!(&trees[i - 2], TokenTree::Ident(id) if id == "json" || id == "object");
        match object_of(group) {
            Some(object) if after_bang => top_level_keys(&object, errors),
            _ => literal_schema_keys(group.stream(), errors),
        }
    }
}

/// The braces of a JSON object macro's input: `json!({...})` or `json!{...}`.
fn object_of(group: &Group) -> Option<Group> {
    if group.delimiter() == Delimiter::Brace {
        return Some(group.clone());
    }
    let mut inner = group.stream().into_iter();
    match (inner.next(), inner.next()) {
        (Some(TokenTree::Group(object)), None) if object.delimiter() == Delimiter::Brace => {
            Some(object)
        }
        _ => None,
    }
}

/// The keys of `"properties": {...}` in the object `schema`, each checked.
fn top_level_keys(schema: &Group, errors: &mut Errors) {
    for (key, value) in entries(schema) {
        if key.value() != "properties" {
            continue;
        }
        let Some(TokenTree::Group(properties)) = value.first() else {
            continue;
        };
        if properties.delimiter() != Delimiter::Brace {
            continue;
        }
        for (key, _) in entries(properties) {
            let name = key.value();
            if let Some((rule, err)) = argument_refusals(&name, true)
                .into_iter()
                .find(|(r, _)| r.lint == &lint::ARGUMENT_NAME)
            {
                errors.push(
                    key.span(),
                    message::schema_key_refused(&name, &err, rule.contract, rule.applies_to),
                );
            }
        }
    }
}

/// The `"key": value` entries of a `{...}` object in `json!` syntax whose key is a string
/// literal, each with its value's tokens (up to the next comma at this depth).
fn entries(object: &Group) -> Vec<(LitStr, Vec<TokenTree>)> {
    let mut out = Vec::new();
    let mut trees = object.stream().into_iter().peekable();
    while let Some(first) = trees.next() {
        let mut value = Vec::new();
        let colon = matches!(trees.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        if colon {
            trees.next();
        }
        for tree in trees.by_ref() {
            if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ',') {
                break;
            }
            value.push(tree);
        }
        if colon && let Ok(key) = syn::parse2::<LitStr>(TokenStream::from(first)) {
            out.push((key, value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn refused(tokens: TokenStream) -> Vec<String> {
        let mut errors = Errors::default();
        literal_schema_keys(tokens, &mut errors);
        errors
            .to_compile_errors()
            .to_string()
            .split("argument name `")
            .skip(1)
            .map(|rest| rest.split('`').next().unwrap_or_default().to_owned())
            .collect()
    }

    #[test]
    fn each_form_of_a_literal_schema_is_read_at_its_top_level() {
        let forms = [
            quote!(Arc::new(
                rmcp::object!({"properties": {"a b": {}, "ok": {"properties": {"c d": {}}}}})
            )),
            quote!(serde_json::json!({"type": "object", "properties": {"ok": 1, "a b": {}}})),
            quote!(object! { "properties": { "a b": { "type": "string" } } }),
            quote!(std::sync::Arc::new(
                object!({"required": ["x y"], "properties": {"a b": {}}}).clone()
            )),
        ];
        for form in forms {
            assert_eq!(refused(form.clone()), ["a b"], "{form}");
        }
    }

    #[test]
    fn a_schema_not_written_as_a_literal_is_left_to_the_registry() {
        for form in [
            quote!(schema_for::<Args>()),
            quote!(Arc::new(other!({"properties": {"a b": {}}}))),
            quote!(json!({"a b": {"properties": 1}})),
            quote!(json!([{"properties": {"a b": {}}}])),
        ] {
            assert_eq!(refused(form.clone()), Vec::<String>::new(), "{form}");
        }
    }
}
