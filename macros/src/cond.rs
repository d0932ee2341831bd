//! Build conditions: the `cfg` predicates under which a tool exists. A proc macro cannot
//! evaluate `cfg`, so a problem between two tools is emitted under `cfg(all(<a>, <b>))`:
//! it fails exactly the builds in which both exist.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::Attribute;

/// `cfg` predicates that must all hold; none means every build.
#[derive(Clone, Default)]
pub struct Cond(Vec<TokenStream>);

impl Cond {
    /// The predicates of the `#[cfg(...)]` attributes among `attrs`.
    pub fn of_attrs(attrs: &[Attribute]) -> Self {
        Self(
            attrs
                .iter()
                .filter(|a| a.path().is_ident("cfg"))
                .filter_map(|a| a.meta.require_list().ok())
                .flat_map(|list| flatten(list.tokens.clone()))
                .collect(),
        )
    }

    /// Adds a predicate (from `cfg_attr(<predicate>, ...)`).
    pub fn push(&mut self, predicate: &impl ToTokens) {
        self.0.extend(flatten(predicate.to_token_stream()));
    }

    /// Both conditions at once.
    pub fn and(&self, other: &Self) -> Self {
        let mut all = self.0.clone();
        for p in &other.0 {
            if !all.iter().any(|q| q.to_string() == p.to_string()) {
                all.push(p.clone());
            }
        }
        Self(all)
    }

    /// Whether it holds in every build.
    pub fn is_always(&self) -> bool {
        self.0.is_empty()
    }

    /// The condition as a reader writes it: `cfg(unix)`, `cfg(all(unix, feature = "x"))`.
    pub fn shown(&self) -> String {
        let inner = match self.0.as_slice() {
            [one] => one.to_string(),
            all => format!(
                "all({})",
                all.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let tidy = inner
            .replace(" (", "(")
            .replace("( ", "(")
            .replace(" )", ")")
            .replace(" ,", ",");
        format!("cfg({tidy})")
    }

    /// `#[cfg(all(...))]`, or nothing for every build.
    pub fn attr(&self) -> TokenStream {
        if self.is_always() {
            return TokenStream::new();
        }
        let predicates = &self.0;
        quote!(#[cfg(all(#(#predicates),*))])
    }
}

/// A predicate as the list of predicates that must all hold: `all(a, b)` is `a` and `b`,
/// and `all()` (always true) is none.
fn flatten(predicate: TokenStream) -> Vec<TokenStream> {
    let trees: Vec<TokenTree> = predicate.clone().into_iter().collect();
    match trees.as_slice() {
        [TokenTree::Ident(all), TokenTree::Group(args)]
            if all == "all" && args.delimiter() == Delimiter::Parenthesis =>
        {
            let mut out = Vec::new();
            let mut piece = TokenStream::new();
            for tree in args.stream() {
                match tree {
                    TokenTree::Punct(p) if p.as_char() == ',' => {
                        out.extend(flatten(std::mem::take(&mut piece)));
                    }
                    other => piece.extend([other]),
                }
            }
            if !piece.is_empty() {
                out.extend(flatten(piece));
            }
            out
        }
        _ => vec![predicate],
    }
}

#[cfg(test)]
mod tests {
    use super::Cond;
    use quote::quote;

    #[test]
    fn conditions_flatten_all_and_drop_the_always_true_one() {
        let attrs: Vec<syn::Attribute> = vec![
            syn::parse_quote!(#[cfg(all())]),
            syn::parse_quote!(#[cfg(all(unix, not(windows)))]),
            syn::parse_quote!(#[doc = "not a cfg"]),
        ];
        let a = Cond::of_attrs(&attrs);
        assert_eq!(a.shown(), "cfg(all(unix, not(windows)))");
        let mut b = Cond::default();
        assert!(b.is_always() && b.attr().is_empty());
        b.push(&quote!(feature = "x"));
        assert_eq!(b.shown(), r#"cfg(feature = "x")"#);
        let both = a.and(&b).and(&b);
        assert_eq!(
            both.shown(),
            r#"cfg(all(unix, not(windows), feature = "x"))"#
        );
        assert_eq!(
            both.attr().to_string(),
            quote!(#[cfg(all(unix, not(windows), feature = "x"))]).to_string()
        );
    }
}
