//! Any bytes as a set of servers and tools (`key\ttool\ttool\n...`): qualification is
//! injective, inside the contract, and reversible, or refuses the set with an error.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use mcp_toolname_rules::{LLM_COMMON, check};
use mcp_toolname_runtime::{Namespace, ServerKey};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut servers = Vec::new();
    for line in text.lines().take(16) {
        let mut parts = line.split('\t');
        let Some(key) = parts.next() else { continue };
        let Ok(key) = ServerKey::new(key) else { continue };
        servers.push((key, parts.take(32).map(str::to_owned).collect::<Vec<_>>()));
    }
    let Ok(ns) = Namespace::build(&LLM_COMMON, servers.clone()) else { return };
    let mut seen = HashSet::new();
    for (key, tools) in &servers {
        for tool in tools {
            let Some(name) = ns.qualified(key.as_str(), tool) else { continue };
            assert!(check(name, &LLM_COMMON).is_ok(), "{name:?}");
            assert!(seen.insert(name.to_owned()), "{name:?} given twice");
            assert_eq!(ns.resolve(name), Some((key.as_str(), tool.as_str())));
        }
    }
});
