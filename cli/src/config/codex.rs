//! Codex's `non_prefixed_mcp_tool_names` feature in `config.toml`: the servers whose tools
//! Codex names `<key>__<tool>`, without `mcp__` ([`mcp_toolname_rules::CODEX_NON_PREFIXED`]).
//! Run on 0.171.0 (`cli/tests/oracle_plugins.rs`, 2026-12-03): `[features]
//! non_prefixed_mcp_tool_names = true` is every server; the table
//! `[features.non_prefixed_mcp_tool_names]` needs `enabled = true`, and then `server_names`
//! (keys as written) are the servers, or every server without it; a field of that name inside
//! `[mcp_servers.<key>]` does nothing.

use mcp_toolname_rules::message::show;

/// The servers Codex names without `mcp__`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NonPrefixed {
    /// None (the default).
    No,
    /// Every server.
    All,
    /// These keys, as written.
    Some(Vec<String>),
}

impl NonPrefixed {
    /// Whether Codex names server `key`'s tools without `mcp__`.
    pub(super) fn covers(&self, key: &str) -> bool {
        match self {
            Self::No => false,
            Self::All => true,
            Self::Some(keys) => keys.iter().any(|k| k == key),
        }
    }

    /// Which servers, in words.
    pub(super) fn describe(&self) -> String {
        match self {
            Self::No => "no server".to_owned(),
            Self::All => "every server".to_owned(),
            Self::Some(keys) => {
                let keys: Vec<String> = keys.iter().map(|k| show(k)).collect();
                format!("server {}", keys.join(", "))
            }
        }
    }
}

/// What `config.toml` (already read once as TOML) says of the feature.
///
/// # Errors
/// The feature given with a type Codex does not take, naming the field.
pub(super) fn non_prefixed(text: &str) -> Result<NonPrefixed, String> {
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return Ok(NonPrefixed::No);
    };
    let field = "`features.non_prefixed_mcp_tool_names`";
    let Some(value) = table
        .get("features")
        .and_then(toml::Value::as_table)
        .and_then(|f| f.get("non_prefixed_mcp_tool_names"))
    else {
        return Ok(NonPrefixed::No);
    };
    match value {
        toml::Value::Boolean(true) => Ok(NonPrefixed::All),
        toml::Value::Boolean(false) => Ok(NonPrefixed::No),
        toml::Value::Table(feature) => {
            match feature.get("enabled") {
                Some(toml::Value::Boolean(true)) => {}
                None | Some(toml::Value::Boolean(false)) => return Ok(NonPrefixed::No),
                Some(_) => return Err(format!("has {field}.enabled that is not true or false")),
            }
            let Some(names) = feature.get("server_names") else {
                return Ok(NonPrefixed::All);
            };
            let keys = names
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .map(|v| v.as_str().map(str::to_owned))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(|| {
                    format!("has {field}.server_names that is not a list of server keys")
                })?;
            Ok(NonPrefixed::Some(keys))
        }
        _ => Err(format!(
            "has {field} that is neither true or false nor a table with `enabled` and \
             `server_names`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_feature_as_codex_reads_it() {
        let read = |text: &str| non_prefixed(text).expect("read");
        assert_eq!(read("[mcp_servers.a]\ncommand = \"x\""), NonPrefixed::No);
        assert_eq!(
            read("[features]\nnon_prefixed_mcp_tool_names = true"),
            NonPrefixed::All
        );
        assert_eq!(
            read("[features]\nnon_prefixed_mcp_tool_names = false"),
            NonPrefixed::No
        );
        let table = "[features.non_prefixed_mcp_tool_names]\n";
        assert_eq!(
            read(&format!("{table}server_names = [\"a\"]")),
            NonPrefixed::No
        );
        assert_eq!(read(&format!("{table}enabled = true")), NonPrefixed::All);
        let some = read(&format!(
            "{table}enabled = true\nserver_names = [\"my-srv\"]"
        ));
        assert!(some.covers("my-srv") && !some.covers("my_srv"));
        assert!(non_prefixed(&format!("{table}enabled = 1")).is_err());
        assert!(non_prefixed("[features]\nnon_prefixed_mcp_tool_names = \"yes\"").is_err());
    }
}
