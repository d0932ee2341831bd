//! The sentences only the macros say about an item of one kind (two items of one name, an
//! alias that meets a name, an attribute where it cannot be, the fix of a name): the rules
//! crate keeps the sentences more than one crate says.

use mcp_toolname_rules::message::show;

use crate::kind::Kind;

/// Two items of one kind in one server with one name.
#[must_use]
pub fn item_duplicate(kind: &Kind, name: &str, first_fn: &str) -> String {
    let noun = kind.noun;
    format!(
        "{noun} name {} is already used by `fn {first_fn}`; {noun} names must be unique within \
         a server{}, and rmcp would keep only one of the two",
        show(name),
        kind.unique_source
    )
}

/// Help for [`item_duplicate`]: `fn {first_fn}` and `fn {second_fn}` hold the same name, so
/// an `alias` cannot keep it (an alias equal to its item's name is refused): the fix is to
/// delete one, or to name one differently.
#[must_use]
pub fn item_duplicate_help(kind: &Kind, name: &str, first_fn: &str, second_fn: &str) -> String {
    format!(
        "if `fn {first_fn}` and `fn {second_fn}` do the same thing, delete one of them (the \
         other keeps serving {}, so no `alias` is needed); if not, give one of them its own \
         name: `#[{}(name = \"...\")]`",
        show(name),
        kind.attr
    )
}

/// An alias with the name of an item of the same server.
#[must_use]
pub fn alias_is_item(kind: &Kind, alias: &str, alias_of_fn: &str, item_fn: &str) -> String {
    format!(
        "alias {} of `fn {alias_of_fn}` is the name of the {} `fn {item_fn}`; {} could not \
         tell which one is meant",
        show(alias),
        kind.noun,
        kind.ask
    )
}

/// Help for [`alias_is_item`]: what to write instead.
#[must_use]
pub fn alias_is_item_help(alias: &str, item_fn: &str) -> String {
    format!(
        "`fn {item_fn}` has the name {} now: remove the alias if `fn {item_fn}` took the name \
         over on purpose, or give one of them another name",
        show(alias)
    )
}

/// An alias declared twice in one server.
#[must_use]
pub fn item_duplicate_alias(kind: &Kind, alias: &str, first_fn: &str) -> String {
    format!(
        "alias {} is already declared on `fn {first_fn}`; {} could not tell which {} is \
         meant",
        show(alias),
        kind.ask,
        kind.noun
    )
}

/// An alias equal to its own item's name.
#[must_use]
pub fn item_alias_is_own_name(kind: &Kind, alias: &str) -> String {
    format!(
        "alias {} is this {}'s own name; remove the alias",
        show(alias),
        kind.noun
    )
}

/// rmcp's item attribute left inside our registry's impl.
#[must_use]
pub fn rmcp_attr_inside_registry(kind: &Kind) -> String {
    format!(
        "rmcp's `#[{}]` inside `#[{}]` would not be registered or checked; write `#[{}]` (it \
         takes the same arguments)",
        kind.rmcp_attr, kind.registry, kind.attr
    )
}

/// An alias on an item attribute outside a registry impl, where nothing serves it.
#[must_use]
pub fn item_alias_outside_registry(kind: &Kind) -> String {
    format!(
        "an alias is served by the registry of a `#[{registry}]` impl, and this `#[{attr}]` is \
         in none, so nothing would answer to the old name; put the fn in a `#[{registry}]` \
         impl, or add the alias where you register the route: {}",
        kind.by_hand,
        registry = kind.registry,
        attr = kind.attr,
    )
}

/// The item attribute on something that is not a fn.
#[must_use]
pub fn item_attr_not_on_fn(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on a fn: a method of a `#[{}]` impl, or any fn rmcp's `#[{}]` takes",
        kind.attr, kind.registry, kind.rmcp_attr
    )
}

/// The registry attribute on something that is not an impl block.
#[must_use]
pub fn item_registry_not_on_impl(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on an `impl` block whose methods carry `#[{}]`",
        kind.registry, kind.attr
    )
}

/// The registry attribute on `impl Trait for Type`.
#[must_use]
pub fn item_registry_on_trait_impl(kind: &Kind) -> String {
    format!(
        "`#[{}]` goes on an inherent impl (`impl Server {{ ... }}`), not on a trait impl; move \
         the `#[{}]` methods into one",
        kind.registry, kind.attr
    )
}

/// A registry impl with no item fn.
#[must_use]
pub fn item_registry_empty(kind: &Kind, fn_name: &str) -> String {
    format!(
        "`#[{registry}]` found no `#[{attr}]` fn in this impl, so `Self::{fn_name}()` would \
         serve no {noun}s; a `#[{attr}]` fn made by a `macro_rules!` call inside the impl is \
         not visible to it (let the macro emit the whole impl instead); write \
         `#[{registry}(allow_empty)]` if an empty registry is intended",
        registry = kind.registry,
        attr = kind.attr,
        noun = kind.noun,
    )
}

/// The fix for a name taken from the fn (no `name = ...` written), as a help line: the
/// attribute argument to write, and renaming the fn where `suggestion` is a Rust identifier.
#[must_use]
pub fn write_name_instead(kind: &Kind, suggestion: &str) -> String {
    let attr = format!("name = \"{}\"", suggestion.escape_default());
    let mut out = format!("write {} in `#[{}]`", show(&attr), kind.attr);
    let ident = suggestion.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && suggestion
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident {
        out.push_str(&format!(", or rename the fn to {}", show(suggestion)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicate_says_what_uniqueness_rests_on_and_how_to_fix_it() {
        assert_eq!(
            item_duplicate(&Kind::PROMPT, "review", "review_v1"),
            "prompt name `review` is already used by `fn review_v1`; prompt names must be \
             unique within a server (a client runs one slash command per name), and rmcp would \
             keep only one of the two"
        );
        assert_eq!(
            item_duplicate_help(&Kind::TOOL, "search", "find", "lookup"),
            "if `fn find` and `fn lookup` do the same thing, delete one of them (the other \
             keeps serving `search`, so no `alias` is needed); if not, give one of them its own \
             name: `#[mcp_tool(name = \"...\")]`"
        );
    }

    #[test]
    fn the_fix_of_a_name_taken_from_the_fn_names_the_attribute_of_its_kind() {
        assert_eq!(
            write_name_instead(&Kind::TOOL, "get_weather"),
            "write `name = \"get_weather\"` in `#[mcp_tool]`, or rename the fn to `get_weather`"
        );
        assert_eq!(
            write_name_instead(&Kind::PROMPT, "code-review"),
            "write `name = \"code-review\"` in `#[mcp_prompt]`"
        );
    }

    #[test]
    fn an_alias_that_meets_a_name_says_how_the_kind_is_asked_for() {
        assert!(
            alias_is_item(&Kind::TOOL, "a", "f", "g")
                .ends_with("; a call to it could not tell which one is meant")
        );
        assert!(
            item_duplicate_alias(&Kind::PROMPT, "a", "f")
                .ends_with("; a request for it could not tell which prompt is meant")
        );
    }
}
