//! `tools/call` dispatch and `tools/list`: `ToolRegistry` beside rmcp's `ToolRouter`, over
//! the same routes, in one run. Run: `cargo bench --bench dispatch`.

mod common;

use common::{Bench, context, name, peer, registry, router};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcp_toolname::AliasNotice;

fn dispatch(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let peer = peer(&rt);
    let mut group = c.benchmark_group("tools_call");
    for n in [10, 100, 1_000] {
        let target = name(n / 2);
        let rmcp = router(n);
        let ours = registry(n, n.min(100));
        // The same, every alias with `notice = "none"`: no `_meta` per call.
        let quiet = registry(n, n.min(100))
            .reconfigure()
            .alias_notice(AliasNotice::None)
            .build()
            .expect("the same tool set");
        let alias = format!("old_{}", name(n.min(100) / 2));
        group.bench_with_input(BenchmarkId::new("rmcp_router", n), &n, |b, _| {
            b.iter(|| {
                rt.block_on(rmcp.call(context(&Bench, &peer, &target)))
                    .expect("call")
            });
        });
        group.bench_with_input(BenchmarkId::new("registry_canonical", n), &n, |b, _| {
            b.iter(|| {
                rt.block_on(ours.call(context(&Bench, &peer, &target)))
                    .expect("call")
            });
        });
        group.bench_with_input(BenchmarkId::new("registry_alias", n), &n, |b, _| {
            b.iter(|| {
                rt.block_on(ours.call(context(&Bench, &peer, &alias)))
                    .expect("call")
            });
        });
        group.bench_with_input(
            BenchmarkId::new("registry_alias_notice_none", n),
            &n,
            |b, _| {
                b.iter(|| {
                    rt.block_on(quiet.call(context(&Bench, &peer, &alias)))
                        .expect("call")
                });
            },
        );
    }
    group.finish();
}

/// The error path a client can spam: an unknown name, close to a served one (found through the
/// match-key index) or far from all (an edit-distance scan on small servers, none past 256).
fn unknown(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let peer = peer(&rt);
    let mut group = c.benchmark_group("tools_call_unknown");
    for n in [10, 100, 1_000] {
        let ours = registry(n, 0);
        let close = name(n / 2).to_uppercase().replace('_', ".");
        let far = "no_such_tool_anywhere_at_all_".to_owned();
        for (label, called) in [("close", &close), ("far", &far)] {
            group.bench_with_input(BenchmarkId::new(label, n), &n, |b, _| {
                b.iter(|| {
                    rt.block_on(ours.call(context(&Bench, &peer, called)))
                        .expect_err("unknown")
                });
            });
        }
    }
    group.finish();
}

fn list(c: &mut Criterion) {
    let mut group = c.benchmark_group("tools_list");
    for n in [10, 100, 1_000] {
        let rmcp = router(n);
        let plain = registry(n, 0);
        let aliased = registry(n, n.min(100));
        group.bench_with_input(BenchmarkId::new("rmcp_router", n), &n, |b, _| {
            b.iter(|| rmcp.list_all())
        });
        group.bench_with_input(BenchmarkId::new("registry_0_aliases", n), &n, |b, _| {
            b.iter(|| plain.list_all())
        });
        group.bench_with_input(BenchmarkId::new("registry_100_aliases", n), &n, |b, _| {
            b.iter(|| aliased.list_all());
        });
    }
    group.finish();
}

fn lookup(c: &mut Criterion) {
    let mut group = c.benchmark_group("get_by_name");
    for n in [10, 1_000] {
        let target = name(n / 2);
        let rmcp = router(n);
        let ours = registry(n, 0);
        group.bench_with_input(BenchmarkId::new("rmcp_router", n), &n, |b, _| {
            b.iter(|| rmcp.get(&target).is_some())
        });
        group.bench_with_input(BenchmarkId::new("registry", n), &n, |b, _| {
            b.iter(|| ours.get(&target).is_some())
        });
    }
    group.finish();
}

criterion_group!(benches, dispatch, unknown, list, lookup);
criterion_main!(benches);
