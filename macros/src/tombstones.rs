//! `#[tool_registry(tombstone(...))]`: names of tools removed from the code, kept to say where
//! the tool went. Checked here: the name (an old name, held to the alias rule),
//! that no tool, alias or other tombstone of the impl has it, the date; and, as a warning,
//! that `renamed_to` / `instead` names a tool or alias of the impl.

use std::collections::HashMap;

use mcp_toolname_rules::{check_alias, closest_name, message};
use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;

use crate::dates::instant;
use crate::diag::{Errors, warning};
use crate::parse::{TombstoneAttr, ToolFn};

/// A tombstone the expansion registers.
pub struct ResolvedTombstone {
    pub name: LitStr,
    pub renamed_to: Option<LitStr>,
    pub instead: Option<LitStr>,
    pub until: Option<i64>,
    pub note: Option<LitStr>,
}

/// Checks every tombstone of the impl against its tools and aliases; returns those to
/// register.
pub fn check(
    tombstones: &[TombstoneAttr],
    tools: &[ToolFn],
    errors: &mut Errors,
    warnings: &mut TokenStream,
) -> Vec<ResolvedTombstone> {
    // Each name in the impl, with what holds it (for the message).
    let mut held: HashMap<String, String> = HashMap::new();
    for tool in tools.iter().filter(|t| !t.attr.name_invalid) {
        held.insert(tool.name().value(), format!("the tool `fn {}`", tool.ident));
        for alias in &tool.attr.aliases {
            held.insert(
                alias.name.value(),
                format!("an alias of `fn {}`", tool.ident),
            );
        }
    }
    let mut out = Vec::new();
    for tombstone in tombstones {
        let name = tombstone.name.value();
        let until = tombstone
            .until
            .as_ref()
            .and_then(|lit| instant(lit, "until", errors));
        if let Err(err) = check_alias(&name) {
            let text = message::old_name_error("tombstone", &name, &err);
            errors.push(tombstone.name.span(), text);
            continue;
        }
        if let Some(holder) = held.get(&name) {
            let text = message::tombstone_name_taken(&name, holder);
            errors.push(tombstone.name.span(), text);
            continue;
        }
        held.insert(name.clone(), "another tombstone".to_owned());
        for target in tombstone.renamed_to.iter().chain(&tombstone.instead) {
            if !held.contains_key(&target.value()) {
                let names: Vec<&str> = held.keys().map(String::as_str).collect();
                let closest = closest_name(&target.value(), &names);
                warnings.extend(warning(
                    &mcp_toolname_rules::lint::TOMBSTONE_TARGET,
                    target.span(),
                    &message::tombstone_points_nowhere(&name, &target.value(), closest),
                ));
            }
        }
        out.push(ResolvedTombstone {
            name: tombstone.name.clone(),
            renamed_to: tombstone.renamed_to.clone(),
            instead: tombstone.instead.clone(),
            until,
            note: tombstone.note.clone(),
        });
    }
    out
}

/// The statements pushing each tombstone, with its site, onto `__mcp_toolname_tombstones`.
pub fn expand(tombstones: &[ResolvedTombstone]) -> TokenStream {
    let pushes = tombstones.iter().map(|t| {
        let name = &t.name;
        let text = |lit: &Option<LitStr>| match lit {
            Some(l) => quote!(::core::option::Option::Some(#l)),
            None => quote!(::core::option::Option::None),
        };
        let (renamed_to, instead, note) = (text(&t.renamed_to), text(&t.instead), text(&t.note));
        let until = match t.until {
            Some(v) => quote!(::core::option::Option::Some(#v)),
            None => quote!(::core::option::Option::None),
        };
        let (line, column) = crate::diag::position(name.span());
        quote! {
            __mcp_toolname_tombstones.push(::mcp_toolname::__private::tombstone(
                #name, #renamed_to, #instead, #until, #note, ::core::file!(), #line, #column,
            ));
        }
    });
    quote!(#(#pushes)*)
}
