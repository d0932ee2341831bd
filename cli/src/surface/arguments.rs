//! How a tool's or prompt's arguments changed between two surfaces: each argument removed,
//! renamed, added, made required or of another type, with its semver level.

use mcp_toolname_rules::closest_name;
use mcp_toolname_rules::message::show;

use super::change::{Change, Items, Named, Words};
use super::entry::Entry;

/// How the arguments of `before` fit `after` (less the `carried` ones an alias fixes). An
/// argument gone while one of the same types is new is taken as renamed. A snapshot records
/// which argument names a schema lists, so "the old name is still accepted" can be seen only
/// as the old name still listed beside the new one: then nothing was removed, and the new
/// name is an argument added.
pub(super) fn arguments(
    items: Items<'_>,
    name: &str,
    before: &Entry,
    after: &Entry,
    carried: &[&str],
    out: &mut Vec<Change>,
) {
    let named = Named::new(name);
    let open = |a: &str| !carried.contains(&a);
    let removed: Vec<&str> = before
        .arguments
        .keys()
        .map(String::as_str)
        .filter(|a| open(a) && !after.arguments.contains_key(*a))
        .collect();
    let mut added: Vec<&str> = after
        .arguments
        .keys()
        .map(String::as_str)
        .filter(|a| open(a) && !before.arguments.contains_key(*a))
        .collect();
    let mut renamed = Vec::new();
    for old in &removed {
        let types = &before.arguments[*old].types;
        let fits: Vec<&str> = added
            .iter()
            .copied()
            .filter(|a| &after.arguments[*a].types == types)
            .collect();
        let to = match fits.as_slice() {
            [only] => Some(*only),
            _ => closest_name(old, &fits),
        };
        if let Some(to) = to {
            added.retain(|a| *a != to);
            renamed.push((*old, to));
        }
    }
    for (old, to) in &renamed {
        out.push(items.change_of(
            &named,
            Words::ArgumentRenamed(Box::new([(*old).into(), (*to).into()])),
        ));
    }
    for (arg, now) in &after.arguments {
        if !open(arg) || renamed.iter().any(|(_, to)| to == arg) {
            continue;
        }
        let said = || Box::<str>::from(arg.as_str());
        match before.arguments.get(arg) {
            None if now.required => out.push(items.change_of(&named, Words::RequiredAdded(said()))),
            None => out.push(items.change_of(&named, Words::OptionalAdded(said()))),
            Some(was) if was.types != now.types => out.push(items.change_of(
                &named,
                Words::Retyped(Box::new([
                    said(),
                    types(&was.types).into(),
                    types(&now.types).into(),
                ])),
            )),
            Some(was) if !was.required && now.required => {
                out.push(items.change_of(&named, Words::NowRequired(said())))
            }
            Some(_) => {}
        }
    }
    for arg in removed {
        if renamed.iter().any(|(old, _)| *old == arg) {
            continue;
        }
        out.push(items.change_of(&named, Words::ArgumentRemoved(arg.into())));
    }
}

/// An argument's JSON Schema types as a snapshot gives them (`string or null`), each escaped
/// and cut: a snapshot file is anybody's text.
fn types(types: &[String]) -> String {
    types
        .iter()
        .map(|t| show(t))
        .collect::<Vec<_>>()
        .join(" or ")
}
