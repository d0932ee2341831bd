//! Grouping in first-seen order, shared by every check across a list (tools, prompts,
//! servers) and by every report that makes like findings one: a report lists what it found in
//! the order the server or config gave it.

use std::collections::BTreeMap;

/// `pairs` grouped by key: the groups in the order their keys first appear, each with its
/// values in order.
pub fn in_order<K: Ord + Clone, V>(pairs: impl IntoIterator<Item = (K, V)>) -> Vec<(K, Vec<V>)> {
    let mut index: BTreeMap<K, usize> = BTreeMap::new();
    let mut groups: Vec<(K, Vec<V>)> = Vec::new();
    for (key, value) in pairs {
        match index.get(&key) {
            Some(&i) => groups[i].1.push(value),
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, vec![value]));
            }
        }
    }
    groups
}

/// Each name of `names` given more than once, with how many times, in the order each was
/// first given.
pub fn repeated<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    in_order(names.into_iter().map(|name| (name, ())))
        .into_iter()
        .filter(|(_, all)| all.len() > 1)
        .map(|(name, all)| (name, all.len()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_keep_the_order_first_seen() {
        assert_eq!(
            in_order([("b", 1), ("a", 2), ("b", 3)]),
            [("b", vec![1, 3]), ("a", vec![2])]
        );
        assert_eq!(
            repeated(["x", "y", "x", "z", "y", "x"]),
            [("x", 3), ("y", 2)]
        );
        assert!(repeated(["x", "y"]).is_empty());
    }
}
