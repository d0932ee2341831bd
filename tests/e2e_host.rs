//! End to end: the `host` example connects two calculator servers (real child processes)
//! that share every tool name, and routes calls by model-facing name.

use crate::common;

#[test]
fn the_host_gives_shared_tool_names_one_name_each_and_routes_by_it() {
    common::example("calculator"); // the host starts it from beside itself
    let out = std::process::Command::new(common::example("host"))
        .output()
        .expect("host runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for key in ["calc_a", "calc_b"] {
        for tool in ["add_numbers", "divide", "minus", "multiply", "subtract"] {
            let line = format!("mcp__{key}__{tool}");
            assert!(
                stdout.contains(&format!("{line:<32} -> server {key}, tool `{tool}`")),
                "{stdout}"
            );
        }
    }
    assert!(
        stdout
            .contains("call mcp__calc_a__add_numbers(2, 3) -> server calc_a, tool add_numbers: 5"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "call mcp__calc_b__add_numbers(40, 2) -> server calc_b, tool add_numbers: 42"
        ),
        "{stdout}"
    );
}
