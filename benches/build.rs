//! Building and merging 1,000 tools: `ToolRegistry` (checks every name, refuses duplicates)
//! beside rmcp's `ToolRouter` (keeps the later of two). Run: `cargo bench --bench build`.

mod common;

use common::{name, registry, route, router};
use criterion::{Criterion, criterion_group, criterion_main};
use mcp_toolname::{ToolDef, ToolRegistry};

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build_1000");
    group.bench_function("rmcp_router", |b| b.iter(|| router(1_000)));
    group.bench_function("registry", |b| b.iter(|| registry(1_000, 0)));
    group.bench_function("registry_100_aliases", |b| b.iter(|| registry(1_000, 100)));
    group.finish();

    let mut group = c.benchmark_group("merge_500_plus_500");
    let half = |from: usize| {
        (from..from + 500)
            .map(|i| route(name(i)))
            .collect::<Vec<_>>()
    };
    group.bench_function("rmcp_router_add", |b| {
        b.iter_batched(
            || (half(0), half(500)),
            |(a, z)| {
                let a = a.into_iter().fold(
                    rmcp::handler::server::router::tool::ToolRouter::new(),
                    |r, t| r.with_route(t),
                );
                let z = z.into_iter().fold(
                    rmcp::handler::server::router::tool::ToolRouter::new(),
                    |r, t| r.with_route(t),
                );
                a + z
            },
            criterion::BatchSize::SmallInput,
        );
    });
    group.bench_function("registry_try_merge", |b| {
        b.iter_batched(
            || (half(0), half(500)),
            |(a, z)| {
                let a = a
                    .into_iter()
                    .fold(ToolRegistry::builder(), |r, t| r.tool(ToolDef::new(t)))
                    .build()
                    .expect("a");
                let z = z
                    .into_iter()
                    .fold(ToolRegistry::builder(), |r, t| r.tool(ToolDef::new(t)))
                    .build()
                    .expect("z");
                a.try_merge(z).expect("distinct names")
            },
            criterion::BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
