//! Claude Code's server key for a server it did not read from an MCP config of its own: one
//! shipped inside a Claude Code plugin, and a claude.ai connector. The key is then made into
//! the server part by Claude Code's ordinary rule ([`crate::client_key`]), so what a plugin
//! or a connector adds is the key alone.
//!
//! Plugins (the `@anthropic-ai/claude-code` npm package 2.1.332, run with `--plugin-dir`
//! against a fake Messages API, `cli/tests/oracle_plugins.rs`, 2026-12-03): a plugin's server
//! is named `plugin:<plugin>:<server>`, `<plugin>` the manifest's `name` and `<server>` its
//! key in the plugin's `.mcp.json` or the manifest's `mcpServers`; every character outside
//! `A-Z a-z 0-9 _ -` of that (the two `:` too) becomes `_`, one per UTF-16 unit, case kept and
//! no Unicode folding, so the model sees `mcp__plugin_<plugin>_<server>__<tool>`, within the
//! same 128 (a longer name is left out) and the same deferred-tools list as any server.
//! Claude Code refuses to load a plugin by path whose name is empty or holds white space,
//! `@`, `:`, `/`, `\`, a control, format or private-use character ([`plugin_name_refusal`]).
//!
//! Connectors (reported, not run here: they need a claude.ai account): Claude Code names a
//! claude.ai connector `claude.ai <display name>`, so `Google Calendar` becomes
//! `mcp__claude_ai_Google_Calendar__<tool>` (github.com/anthropics/claude-code/issues/39422,
//! 2026-03-26, lists `mcp__claude_ai_Gmail__*`, `mcp__claude_ai_Google_Calendar__*`,
//! `mcp__claude_ai_Google_Drive__*`).

use crate::qualify::KeyRefusal;

/// The key Claude Code gives server `server` of plugin `plugin` (the manifest's `name`).
///
/// ```
/// use mcp_toolname_rules::{client_key, plugin_server_key, CLAUDE_CODE};
/// let key = plugin_server_key("my-Plugin.x", "Srv.Key-1");
/// assert_eq!(key, "plugin:my-Plugin.x:Srv.Key-1");
/// assert_eq!(client_key(&CLAUDE_CODE, &key).as_deref(), Ok("plugin_my-Plugin_x_Srv_Key-1"));
/// ```
#[must_use]
pub fn plugin_server_key(plugin: &str, server: &str) -> String {
    format!("plugin:{plugin}:{server}")
}

/// The key Claude Code gives the claude.ai connector shown as `connector` (its display
/// name, such as `Google Calendar`).
///
/// ```
/// use mcp_toolname_rules::{client_key, connector_server_key, CLAUDE_CODE};
/// let key = connector_server_key("Google Calendar");
/// assert_eq!(client_key(&CLAUDE_CODE, &key).as_deref(), Ok("claude_ai_Google_Calendar"));
/// ```
#[must_use]
pub fn connector_server_key(connector: &str) -> String {
    format!("claude.ai {connector}")
}

/// Why Claude Code refuses to load plugin `name` from a folder (`--plugin-dir`, a local
/// path): the first character it refuses, or an empty name (`at: None`). `None` when it loads
/// it. Unassigned code points, which it refuses too, are not told apart here.
///
/// ```
/// use mcp_toolname_rules::plugin_name_refusal;
/// assert_eq!(plugin_name_refusal("my-Plugin.x"), None);
/// assert_eq!(plugin_name_refusal("a b").and_then(|r| r.at), Some((' ', 1)));
/// assert!(plugin_name_refusal("").is_some_and(|r| r.at.is_none()));
/// ```
#[must_use]
pub fn plugin_name_refusal(name: &str) -> Option<KeyRefusal> {
    if name.is_empty() {
        return Some(KeyRefusal { at: None });
    }
    name.chars()
        .enumerate()
        .find(|(_, c)| refused_in_plugin_name(*c))
        .map(|(index, ch)| KeyRefusal {
            at: Some((ch, index)),
        })
}

/// A character Claude Code refuses in the name of a plugin it loads by path: white space
/// (JavaScript's `\s`: Unicode white space and U+FEFF), `@ : / \`, and controls (Cc), format
/// characters (Cf) and private-use ones (Co).
const fn refused_in_plugin_name(ch: char) -> bool {
    ch.is_whitespace()
        || matches!(ch, '@' | ':' | '/' | '\\')
        || matches!(ch as u32,
            // Cc
            0x00..=0x1F | 0x7F..=0x9F
            // Cf
            | 0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x0890 | 0x0891 | 0x08E2
            | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
            | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F
            // Co
            | 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x10_0000..=0x10_FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CLAUDE_CODE, Fate, client_key, qualify};

    /// The names Claude Code 2.1.332 sent for these plugins and keys (run, 2026-12-03).
    #[test]
    fn plugin_keys_as_claude_code_sent_them() {
        for (plugin, key, part) in [
            ("my-Plugin.x", "Srv.Key-1", "plugin_my-Plugin_x_Srv_Key-1"),
            ("inl", "in line", "plugin_inl_in_line"),
            ("ünï", "数据", "plugin__n____"),
            ("ｆｕｌｌ", "s😀", "plugin______s__"),
            ("zw", "z\u{200b}w", "plugin_zw_z_w"),
            ("ﬁx", "k", "plugin__x_k"),
            ("UP", "K", "plugin_UP_K"),
        ] {
            let got = client_key(&CLAUDE_CODE, &plugin_server_key(plugin, key));
            assert_eq!(got.as_deref(), Ok(part), "{plugin} {key}");
        }
    }

    #[test]
    fn a_plugin_name_past_128_is_left_out() {
        let key = plugin_server_key("lenp", "lens");
        let fixed = "mcp__plugin_lenp_lens__".len();
        let q = qualify(&CLAUDE_CODE, &key, &"w".repeat(128 - fixed));
        assert_eq!((q.measured, q.fate), (128, Fate::Normalised));
        let q = qualify(&CLAUDE_CODE, &key, &"v".repeat(129 - fixed));
        assert_eq!(q.fate, Fate::Skipped);
    }

    /// Refused and loaded by Claude Code 2.1.332 from `--plugin-dir` (run, 2026-12-03).
    #[test]
    fn plugin_names_claude_code_refuses() {
        for refused in [
            "a@b",
            "a:b",
            "a\\b",
            "a/b",
            "a\u{a0}b",
            "a\u{200b}b",
            "a\u{e000}b",
            "a\u{2028}b",
            "a\tb",
            "p a",
            "bi\u{202e}di",
        ] {
            assert!(plugin_name_refusal(refused).is_some(), "{refused:?}");
        }
        for loaded in [
            "ok.Name_1",
            "a#b",
            "é",
            "my-Plugin.x",
            "ünï",
            "ｆｕｌｌ",
            "ﬁx",
        ] {
            assert_eq!(plugin_name_refusal(loaded), None, "{loaded:?}");
        }
    }

    #[test]
    fn connectors_as_reported() {
        for (name, part) in [
            ("Gmail", "claude_ai_Gmail"),
            ("Google Drive", "claude_ai_Google_Drive"),
            ("Atlassian Rovo", "claude_ai_Atlassian_Rovo"),
        ] {
            let got = client_key(&CLAUDE_CODE, &connector_server_key(name));
            assert_eq!(got.as_deref(), Ok(part));
        }
    }
}
