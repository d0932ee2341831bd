//! rmcp's default handler mode, a bare `#[tool_handler]`, calls `Self::tool_router()` on every
//! `tools/call`, `tools/list` and `get`. rmcp's fn builds every route each time; ours hands
//! out a clone of a registry built once per process. Both beside a call on a router kept in a
//! field, 50 tools, in one run. Run: `cargo bench --bench bare`.

mod common;

use common::{context, peer};
use criterion::{Criterion, criterion_group, criterion_main};

/// One impl with the given tools, under the given router and tool attributes. (rmcp's
/// `#[tool_router]` cannot see `#[tool]` fns that a `macro_rules!` call inside the impl
/// makes, so the macro emits the whole impl.)
macro_rules! server {
    ($ty:ident, $router:path, $tool:path, [$($f:ident)*]) => {
        struct $ty;
        #[$router]
        impl $ty {
            $(
                #[$tool(description = "a generated tool")]
                fn $f(&self) -> String {
                    String::new()
                }
            )*
        }
    };
}

/// The same 50 tool names for both.
macro_rules! fifty {
    ($ty:ident, $router:path, $tool:path) => {
        server!($ty, $router, $tool, [t00 t01 t02 t03 t04 t05 t06 t07 t08 t09 t10 t11 t12 t13
            t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24 t25 t26 t27 t28 t29 t30 t31 t32 t33 t34
            t35 t36 t37 t38 t39 t40 t41 t42 t43 t44 t45 t46 t47 t48 t49]);
    };
}

fifty!(RmcpServer, rmcp::tool_router, rmcp::tool);
fifty!(
    OurServer,
    mcp_toolname::tool_registry,
    mcp_toolname::mcp_tool
);

// The routes are methods of these types; calls run them with these as `self`.
static RMCP: RmcpServer = RmcpServer;
static OURS: OurServer = OurServer;

fn bare(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let peer = peer(&rt);
    let mut group = c.benchmark_group("bare_tool_handler_call_50");
    let kept_rmcp = RmcpServer::tool_router();
    let kept_ours = OurServer::tool_router();
    group.bench_function("rmcp_bare", |b| {
        b.iter(|| {
            rt.block_on(RmcpServer::tool_router().call(context(&RMCP, &peer, "t25")))
                .expect("call")
        });
    });
    group.bench_function("registry_bare", |b| {
        b.iter(|| {
            rt.block_on(OurServer::tool_router().call(context(&OURS, &peer, "t25")))
                .expect("call")
        });
    });
    group.bench_function("rmcp_kept", |b| {
        b.iter(|| {
            rt.block_on(kept_rmcp.call(context(&RMCP, &peer, "t25")))
                .expect("call")
        });
    });
    group.bench_function("registry_kept", |b| {
        b.iter(|| {
            rt.block_on(kept_ours.call(context(&OURS, &peer, "t25")))
                .expect("call")
        });
    });
    group.finish();
}

criterion_group!(benches, bare);
criterion_main!(benches);
