//! Building and merging 1,000 tools: `ToolRegistry` (checks every name, refuses duplicates)
//! beside rmcp's `ToolRouter` (keeps the later of two); and adding N tools one at a time while
//! the server runs, with a notifier (each add used to rebuild `tools/list` to compare it)
//! and through `SharedToolRegistry`, beside a plain registry and rmcp's `add_route`.
//! Run: `cargo bench --bench build`.

mod common;

use common::{name, registry, route, router};
use criterion::{Criterion, criterion_group, criterion_main};
use mcp_toolname::{Schemas, SharedToolRegistry, ToolDef, ToolRegistry};

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build_1000");
    group.bench_function("rmcp_router", |b| b.iter(|| router(1_000)));
    group.bench_function("registry", |b| b.iter(|| registry(1_000, 0)));
    group.bench_function("registry_100_aliases", |b| b.iter(|| registry(1_000, 100)));
    group.finish();

    // Tools with the input schema a `Parameters<T>` gives (five arguments, one a nested object,
    // one an array of objects, one through `$defs`): the registry reads every argument name
    // (the Anthropic API refuses the whole request for one bad key) and inlines the `$ref`.
    // Run the same file on a checkout without those to compare.
    let mut group = c.benchmark_group("build_1000_with_arguments");
    let routes = || {
        (0..1_000)
            .map(|i| argued_route(name(i)))
            .collect::<Vec<_>>()
    };
    // Each route its own schema `Arc`: inlined 1,000 times (the default), or not at all.
    for (id, schemas) in [
        ("registry", Schemas::Portable),
        ("registry_as_written", Schemas::AsWritten),
    ] {
        group.bench_function(id, |b| {
            b.iter_batched(routes, |routes| build_with(routes, schemas), SMALL);
        });
    }
    // One schema `Arc` for every route, as rmcp gives every tool of one `Parameters<T>`:
    // inlined once.
    let shared = || {
        let schema = argued_route(name(0)).attr.input_schema;
        (0..1_000)
            .map(|i| {
                let mut route = argued_route(name(i));
                route.attr.input_schema = std::sync::Arc::clone(&schema);
                route
            })
            .collect::<Vec<_>>()
    };
    group.bench_function("registry_one_schema", |b| {
        b.iter_batched(
            shared,
            |routes| build_with(routes, Schemas::Portable),
            SMALL,
        );
    });
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

const SMALL: criterion::BatchSize = criterion::BatchSize::SmallInput;

/// A registry of `routes`, their schemas listed as `schemas` says.
fn build_with(
    routes: Vec<rmcp::handler::server::router::tool::ToolRoute<common::Bench>>,
    schemas: Schemas,
) -> ToolRegistry<common::Bench> {
    routes
        .into_iter()
        .fold(ToolRegistry::builder().schemas(schemas), |r, t| {
            r.tool(ToolDef::new(t))
        })
        .build()
        .expect("distinct names")
}

/// A tool whose input schema is what schemars writes for a five-field arguments type.
fn argued_route(name: String) -> rmcp::handler::server::router::tool::ToolRoute<common::Bench> {
    use rmcp::model::{CallToolResult, Tool};
    let serde_json::Value::Object(schema) = serde_json::json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look for."},
            "limit": {"type": ["integer", "null"], "format": "uint32", "minimum": 0},
            "filter": {"$ref": "#/$defs/Filter"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "sort": {"type": "object", "properties": {"field": {"type": "string"}, "desc": {"type": "boolean"}}}
        },
        "required": ["query"],
        "$defs": {"Filter": {"type": "object", "properties": {"rule_name": {"type": "string"}, "issue_type": {"type": "string"}}}}
    }) else {
        unreachable!("an object literal")
    };
    rmcp::handler::server::router::tool::ToolRoute::new_dyn(
        Tool::new(name, "a generated tool", std::sync::Arc::new(schema)),
        |_ctx| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// N tools added one at a time, each its own change of `tools/list`.
fn add_one_at_a_time(c: &mut Criterion) {
    for n in [1_000, 10_000] {
        let mut group = c.benchmark_group(format!("add_{n}_one_at_a_time"));
        group.sample_size(10);
        let routes = || (0..n).map(|i| route(name(i))).collect::<Vec<_>>();
        group.bench_function("rmcp_router_add_route", |b| {
            b.iter_batched(
                routes,
                |routes| {
                    let mut router = rmcp::handler::server::router::tool::ToolRouter::new();
                    for r in routes {
                        router.add_route(r);
                    }
                    router
                },
                criterion::BatchSize::LargeInput,
            );
        });
        group.bench_function("registry", |b| {
            b.iter_batched(
                routes,
                |routes| {
                    let mut registry = ToolRegistry::new();
                    for r in routes {
                        registry.try_add_route(r).expect("distinct");
                    }
                    registry
                },
                criterion::BatchSize::LargeInput,
            );
        });
        group.bench_function("registry_with_notifier", |b| {
            b.iter_batched(
                routes,
                |routes| {
                    let mut registry = ToolRegistry::new();
                    let fired = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
                    let seen = std::sync::Arc::clone(&fired);
                    registry.set_notifier(move || {
                        seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    });
                    for r in routes {
                        registry.try_add_route(r).expect("distinct");
                    }
                    (registry, fired)
                },
                criterion::BatchSize::LargeInput,
            );
        });
        group.bench_function("shared_update_each", |b| {
            b.iter_batched(
                routes,
                |routes| {
                    let shared = SharedToolRegistry::default();
                    for r in routes {
                        shared.update(|t| t.try_add_route(r)).expect("distinct");
                    }
                    shared
                },
                criterion::BatchSize::LargeInput,
            );
        });
        group.finish();
    }
}

criterion_group!(benches, build, add_one_at_a_time);
criterion_main!(benches);
