//! The macro's fixes are the rules crate's one fixer's: a registry that
//! declares every contract and client, under a key, offers for each name exactly what
//! `FixRules` (and so `check` and `audit`, which call it with the same inputs) offers.

use std::collections::HashMap;

use mcp_toolname_rules::{ALL, CLIENTS, FixRules, MCP, SetFix, check};
use proc_macro2::{TokenStream, TokenTree};
use proptest::prelude::*;
use quote::{format_ident, quote};

/// Every string literal of `tokens`, nested groups included (the `compile_error!` texts).
pub fn strings(tokens: TokenStream, out: &mut Vec<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Group(g) => strings(g.stream(), out),
            TokenTree::Literal(lit) => {
                if let Ok(s) = syn::parse_str::<syn::LitStr>(&lit.to_string()) {
                    out.push(s.value());
                }
            }
            _ => {}
        }
    }
}

/// `#[tool_registry(targets(every contract, every client), server_key = key)]` over one
/// tool per name; each name the errors give a fix for, with the fixes given.
fn fixes_offered(names: &[String], key: &str) -> HashMap<String, Vec<String>> {
    let ids: Vec<syn::Ident> = ALL
        .iter()
        .map(|c| c.id)
        .chain(CLIENTS.iter().map(|c| c.id))
        .map(|id| format_ident!("{id}"))
        .collect();
    let tools = names.iter().enumerate().map(|(i, name)| {
        let f = format_ident!("tool_{i}");
        quote!(#[mcp_tool(name = #name)] fn #f(&self) -> String { String::new() })
    });
    let attr = quote!(targets(#(#ids),*), server_key = #key);
    let item = quote!(impl Server { #(#tools)* });
    let mut texts = Vec::new();
    strings(
        crate::registry(&crate::kind::Kind::TOOL, attr, item),
        &mut texts,
    );
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for text in texts {
        let (Some(name), Some(fix)) = (
            between(&text, "tool name `", "`"),
            between(&text, "write `", "` instead"),
        ) else {
            continue;
        };
        out.entry(name.to_owned()).or_default().push(fix.to_owned());
    }
    out
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let len = text[start..].find(close)?;
    Some(&text[start..start + len])
}

fn name() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(vec![
            "get",
            "approve",
            "official",
            "mirror",
            "queue",
            "item",
            "without",
            "modifying",
            "send",
            "implementation",
            "notification",
            "the",
            "of",
            "by",
            "id",
        ])
        .prop_map(str::to_owned),
        "[a-z]{1,8}",
    ];
    (
        prop::collection::vec(word, 1..8),
        prop::sample::select(vec!["_", ".", " "]),
    )
        .prop_map(|(w, sep)| w.join(sep))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_fix_the_build_offers_is_the_fixers(
        names in prop::collection::hash_set(name(), 1..5),
        key in "[a-z][a-z-]{1,40}[a-z]",
    ) {
        let names: Vec<String> = names.into_iter().collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let valid: Vec<&str> = refs.iter().copied().filter(|n| check(n, &MCP).is_ok()).collect();
        let rules = FixRules::new(ALL, CLIENTS, Some(&key));
        let expected = rules.fixes(&refs, &valid);
        let offered = fixes_offered(&names, &key);
        for (name, fix) in refs.iter().zip(&expected) {
            let SetFix::Rename(to) = fix else {
                prop_assert!(!offered.contains_key(*name), "{name:?}: {offered:?}");
                continue;
            };
            let given = offered.get(*name);
            prop_assert!(given.is_some(), "no fix offered for {name:?}: {offered:?}");
            for fix in given.into_iter().flatten() {
                prop_assert_eq!(fix, to, "{:?} under key {:?}", name, key);
            }
        }
    }
}

#[test]
fn the_pulsemcp_tools_get_the_fixes_check_gives() {
    let names = [
        "approve_official_mirror_queue_item_without_modifying".to_owned(),
        "send_mcp_implementation_posted_notification".to_owned(),
    ];
    let offered = fixes_offered(&names, "pulsemcp-admin-submission-queue-readonly");
    assert!(
        offered[&names[0]].iter().all(|f| f == "approve_item"),
        "{offered:?}"
    );
    assert!(
        // Every client targeted: Qwen Code's 63 whole leaves 16.
        offered[&names[1]].iter().all(|f| f == "send_impl_notif"),
        "{offered:?}"
    );
}
