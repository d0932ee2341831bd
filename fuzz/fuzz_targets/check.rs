//! Any bytes as a tool name: `check` agrees with itself across contracts, never panics, and
//! every message about the name stays short and free of raw control characters.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_toolname_rules::{ALL, check, check_alias, is_control_like, message};

fuzz_target!(|data: &[u8]| {
    let name = String::from_utf8_lossy(data);
    for contract in ALL {
        if let Err(err) = check(&name, contract) {
            let text = message::name_error(&name, &err, contract);
            assert!(!text.chars().any(is_control_like), "raw control character in {text:?}");
            assert!(text.len() < 2048, "message of {} bytes", text.len());
        }
    }
    if let Err(err) = check_alias(&name) {
        let text = message::alias_name_error(&name, &err);
        assert!(!text.chars().any(is_control_like), "raw control character in {text:?}");
    }
});
