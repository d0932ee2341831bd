//! Shared by the benchmarks: N generated tools as rmcp routes, a `ToolRegistry` and an rmcp
//! `ToolRouter` over the same routes, and a real server `Peer` (captured from an in-memory
//! session) to build `ToolCallContext`s with, since rmcp offers no other way to make one.

#![allow(dead_code)] // each bench binary uses part of this module

use std::sync::{Arc, OnceLock};

use mcp_toolname::{Alias, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, NumberOrString, Tool};
use rmcp::service::{NotificationContext, Peer, RequestContext};
use rmcp::{RoleServer, ServerHandler, ServiceExt};

/// The server type the routes belong to; it hands out its peer once initialized.
#[derive(Clone, Copy)]
pub struct Bench;

static PEER: OnceLock<Peer<RoleServer>> = OnceLock::new();

impl ServerHandler for Bench {
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let _ = PEER.set(context.peer);
    }
}

/// A real server peer, from a session over an in-memory duplex kept alive in `rt`.
pub fn peer(rt: &tokio::runtime::Runtime) -> Peer<RoleServer> {
    if let Some(peer) = PEER.get() {
        return peer.clone();
    }
    rt.block_on(async {
        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            if let Ok(running) = Bench.serve(server_io).await {
                let _ = running.waiting().await;
            }
        });
        let client = ().serve(client_io).await.expect("client connects");
        std::mem::forget(client); // keep the session open for the whole run
        while PEER.get().is_none() {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
    });
    PEER.get().expect("peer captured").clone()
}

pub fn name(i: usize) -> String {
    format!("tool_number_{i:05}_does_things")
}

pub fn route(name: String) -> ToolRoute<Bench> {
    route_of(name)
}

/// A tool of server type `S` that answers an empty result.
pub fn route_of<S: Send + Sync + 'static>(name: String) -> ToolRoute<S> {
    let schema = Arc::new(JsonObject::new());
    ToolRoute::new_dyn(Tool::new(name, "a generated tool", schema), |_ctx| {
        Box::pin(async { Ok(CallToolResult::default().into()) })
    })
}

pub fn router(n: usize) -> ToolRouter<Bench> {
    router_of(n)
}

/// `n` tools of server type `S`, in an rmcp router.
pub fn router_of<S: Send + Sync + 'static>(n: usize) -> ToolRouter<S> {
    (0..n).fold(ToolRouter::new(), |r, i| r.with_route(route_of(name(i))))
}

/// `n` tools; the first `aliases` of them carry one listed alias each (`old_<name>`).
pub fn registry(n: usize, aliases: usize) -> ToolRegistry<Bench> {
    registry_of(n, aliases)
}

/// [`registry`] for server type `S`.
pub fn registry_of<S: Send + Sync + 'static>(n: usize, aliases: usize) -> ToolRegistry<S> {
    let mut builder = ToolRegistry::builder();
    for i in 0..n {
        let mut def = ToolDef::new(route_of(name(i)));
        if i < aliases {
            def = def.alias(Alias::new(format!("old_{}", name(i))));
        }
        builder = builder.tool(def);
    }
    builder.build().expect("generated names are valid")
}

pub fn context<'a, S>(
    service: &'a S,
    peer: &Peer<RoleServer>,
    tool: &str,
) -> ToolCallContext<'a, S> {
    let request = RequestContext::new(NumberOrString::Number(1), peer.clone());
    ToolCallContext::new(
        service,
        CallToolRequestParams::new(tool.to_owned()),
        request,
    )
}
