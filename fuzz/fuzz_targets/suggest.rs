//! Any bytes as a tool name: the suggestion for each contract passes it, and a passing name
//! is its own suggestion.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_toolname_rules::{ALL, check, suggest, suggest_all};

fuzz_target!(|data: &[u8]| {
    let name = String::from_utf8_lossy(data);
    for contract in ALL {
        let fixed = suggest(&name, contract);
        assert!(check(&fixed, contract).is_ok(), "{fixed:?} fails {}", contract.id);
        if check(&name, contract).is_ok() {
            assert_eq!(fixed, name, "a passing name changed");
        }
    }
    let all = suggest_all(&name, ALL);
    assert!(ALL.iter().all(|c| check(&all, c).is_ok()), "{all:?}");
});
