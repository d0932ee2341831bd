//! What a change may not bring into a [`State`]: a name outside the item's contract, a bad
//! alias or window, and a name already held (by the set, or by the new definition itself).

use mcp_toolname_rules::message::Kind;
use mcp_toolname_rules::{FixRules, check, check_alias};

use super::State;
use crate::alias::rfc3339;
use crate::def::Def;
use crate::error::Problem;
use crate::item::Item;
use crate::origin::Origin;
use crate::registry::entry::Named;
use crate::tombstone::Tombstone;

impl<R: Item> State<R> {
    /// Who holds `name` now, tool or alias.
    fn holder(&self, name: &str) -> Option<&Origin> {
        self.names.get(name).map(Named::origin)
    }

    /// Every problem `def` would bring into this set: a name outside the spec, a bad alias,
    /// an empty window, and each name already held (by this set or by `def` itself).
    pub fn problems_of(&self, def: &Def<R>, problems: &mut Vec<Problem>) {
        let name = def.route.name();
        if let Err(error) = check(name, R::KIND.contract) {
            let in_use: Vec<&str> = self
                .names
                .keys()
                .map(AsRef::as_ref)
                .chain(def.aliases.iter().map(|a| a.name.as_ref()))
                .collect();
            problems.push(Problem::InvalidName {
                name: name.to_string(),
                origin: def.origin.clone(),
                error,
                help: FixRules::only(&[R::KIND.contract]).help_in(name, &in_use),
                kind: R::KIND,
            });
        }
        let own = def.route.own_problems();
        if !own.is_empty() {
            problems.push(Problem::Arguments {
                name: name.to_string(),
                origin: def.origin.clone(),
                problems: own,
            });
        }
        if let Some(first) = self.holder(name) {
            problems.push(duplicate(R::KIND, name, first, &def.origin));
        }
        if def.aliases.is_empty() {
            return; // the aliases' site is written out only when there is one
        }
        let alias_origin = def.alias_origin();
        for (i, alias) in def.aliases.iter().enumerate() {
            if let Err(error) = check_alias(&alias.name) {
                problems.push(Problem::InvalidAlias {
                    name: alias.name.to_string(),
                    origin: alias_origin.clone(),
                    error,
                });
            }
            if alias.args.is_some() {
                let found = def.route.alias_problems(alias);
                if !found.is_empty() {
                    problems.push(Problem::AliasArgs {
                        name: alias.name.to_string(),
                        origin: alias_origin.clone(),
                        problems: found,
                    });
                }
            }
            if let (Some(since), Some(until)) = (alias.since, alias.until)
                && since >= until
            {
                problems.push(Problem::EmptyWindow {
                    name: alias.name.to_string(),
                    origin: alias_origin.clone(),
                    since: rfc3339(since),
                    until: rfc3339(until),
                });
            }
            let own = (alias.name == *name).then_some(&def.origin).or_else(|| {
                def.aliases[..i]
                    .iter()
                    .any(|a| a.name == alias.name)
                    .then_some(&alias_origin)
            });
            if let Some(first) = self.holder(&alias.name).or(own) {
                problems.push(duplicate(R::KIND, &alias.name, first, &alias_origin));
            }
        }
    }

    /// Every problem `tombstone` would bring into this set: a name no client could send (the
    /// alias rule: it is an old name), or one in use.
    pub fn problems_of_tombstone(
        &self,
        tombstone: &Tombstone,
        origin: &Origin,
        problems: &mut Vec<Problem>,
    ) {
        if let Err(error) = check_alias(&tombstone.name) {
            problems.push(Problem::InvalidAlias {
                name: tombstone.name.to_string(),
                origin: origin.clone(),
                error,
            });
        }
        if let Some(first) = self.holder(&tombstone.name) {
            problems.push(duplicate(R::KIND, &tombstone.name, first, origin));
        }
    }
}

fn duplicate(kind: &'static Kind, name: &str, first: &Origin, second: &Origin) -> Problem {
    Problem::Duplicate {
        kind,
        name: name.to_owned(),
        first: first.clone(),
        second: second.clone(),
    }
}
