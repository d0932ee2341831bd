//! One operation repeated, for callgrind, which counts instructions the same however loaded the
//! machine is: `benches/instructions.sh` runs this binary with a count and with 0, and divides
//! the difference by the count, so setting up (the peer, the routes) cancels out. Each run does
//! one operation more than asked, so what is made once on first use (the registry's sorted
//! list, the first warning of an alias) cancels out too.
//!
//! `instructions WHAT COUNT`, WHAT one of: `call_rmcp`, `call_canonical`, `call_alias` (100
//! tools, each with one listed alias), `list_rmcp`, `list_registry`, `list_registry_aliases`
//! (1,000 tools; the last with 100 listed aliases), `build_rmcp`, `build_registry` (1,000
//! tools).

mod common;

use std::hint::black_box;

use common::{Bench, context, name, peer, registry, router};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().expect("usage: instructions WHAT COUNT");
    let count: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .expect("usage: instructions WHAT COUNT");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let peer = peer(&rt);
    let target = name(50);
    let alias = format!("old_{target}");
    match what.as_str() {
        "call_rmcp" => {
            let rmcp = router(100);
            for _ in 0..=count {
                black_box(rt.block_on(rmcp.call(context(&Bench, &peer, &target)))).expect("call");
            }
        }
        "call_canonical" | "call_alias" => {
            let ours = registry(100, 100);
            let called = if what == "call_alias" {
                &alias
            } else {
                &target
            };
            for _ in 0..=count {
                black_box(rt.block_on(ours.call(context(&Bench, &peer, called)))).expect("call");
            }
        }
        "list_rmcp" => {
            let rmcp = router(1_000);
            for _ in 0..=count {
                black_box(rmcp.list_all());
            }
        }
        "list_registry" | "list_registry_aliases" => {
            let aliases = if what == "list_registry" { 0 } else { 100 };
            let ours = registry(1_000, aliases);
            for _ in 0..=count {
                black_box(ours.list_all());
            }
        }
        "build_rmcp" => {
            for _ in 0..=count {
                black_box(router(1_000));
            }
        }
        "build_registry" => {
            for _ in 0..=count {
                black_box(registry(1_000, 0));
            }
        }
        other => panic!("no such operation: {other}"),
    }
}
