//! Name checks, suggestions and client-side qualification: throughput for typical and
//! worst-case inputs, and growth at 1x, 10x, 100x input. Run: `cargo bench --bench names`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mcp_toolname::rules::{ALL, LLM_COMMON, MCP, check, suggest, suggest_all};
use mcp_toolname::{Namespace, ServerKey};

fn checks(c: &mut Criterion) {
    let typical: Vec<String> = (0..1_000)
        .map(|i| format!("get_user_profile_{i}_v2").repeat(1 + i % 2))
        .collect();
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Elements(typical.len() as u64));
    group.bench_function("typical_8_to_40_chars_x1000_mcp", |b| {
        b.iter(|| typical.iter().filter(|n| check(n, &MCP).is_ok()).count());
    });
    group.bench_function("typical_x1000_every_contract", |b| {
        b.iter(|| {
            typical
                .iter()
                .map(|n| ALL.iter().filter(|c| check(n, c).is_ok()).count())
                .sum::<usize>()
        });
    });
    group.finish();

    let mut group = c.benchmark_group("check_worst_case");
    for len in [1 << 10, 10 << 10, 100 << 10, 1 << 20] {
        // Valid up to the last character: the whole name is read before the verdict.
        let name = format!("{} x", "a".repeat(len - 2));
        group.throughput(Throughput::Bytes(len as u64));
        group.bench_with_input(BenchmarkId::from_parameter(len), &name, |b, name| {
            b.iter(|| check(name, &MCP))
        });
    }
    group.bench_function("max_128_chars", |b| {
        let name = "a".repeat(128);
        b.iter(|| check(&name, &MCP));
    });
    group.finish();
}

fn suggestions(c: &mut Criterion) {
    let mut group = c.benchmark_group("suggest");
    let typical = [
        "search documents",
        "admin.tools.list",
        "B\u{430}sh",
        "user-profile/update",
        "1c_reload",
    ];
    group.throughput(Throughput::Elements(typical.len() as u64));
    group.bench_function("typical_every_contract", |b| {
        b.iter(|| {
            typical
                .iter()
                .map(|n| suggest_all(n, ALL).len())
                .sum::<usize>()
        });
    });
    group.finish();
    let mut group = c.benchmark_group("suggest_worst_case");
    for len in [1 << 10, 10 << 10, 100 << 10] {
        let name = "é.".repeat(len / 3);
        group.throughput(Throughput::Bytes(name.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(len), &name, |b, name| {
            b.iter(|| suggest(name, &LLM_COMMON))
        });
    }
    group.finish();
}

fn qualification(c: &mut Criterion) {
    let mut group = c.benchmark_group("qualify_pairs");
    for pairs in [100, 1_000, 10_000] {
        let servers: Vec<(ServerKey, Vec<String>)> = (0..pairs / 100)
            .map(|s| {
                let tools = (0..100)
                    .map(|t| {
                        if t % 3 == 0 {
                            format!("tool.{t}.dotted")
                        } else {
                            format!("tool_{t}")
                        }
                    })
                    .collect();
                (
                    ServerKey::new(&format!("server{s}")).expect("valid key"),
                    tools,
                )
            })
            .collect();
        group.throughput(Throughput::Elements(pairs as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(pairs),
            &servers,
            |b, servers| {
                b.iter(|| Namespace::build(&LLM_COMMON, servers.clone()).expect("valid set"));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, checks, suggestions, qualification);
criterion_main!(benches);
