//! `PromptRegistry`, over the protocol with rmcp's client where a client is
//! involved: one name per prompt on every change, names checked as slash commands,
//! `notifications/prompts/list_changed` once per net change, aliases served in their window
//! and refused after it naming the new prompt, tombstones.

use crate::common;

use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};
use mcp_toolname::rules::message::Kind;
use mcp_toolname::{
    Alias, ManualClock, Problem, PromptDef, PromptRegistry, Tombstone, mcp_prompt, prompt_registry,
};
use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, ListPromptsResult,
    PaginatedRequestParams, Prompt, PromptArgument, PromptMessage, Role, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ClientHandler, ErrorData, RoleClient, RoleServer, ServerHandler, ServiceExt};
use serde_json::json;

fn at(text: &str) -> DateTime<Utc> {
    text.parse().expect("a date")
}

/// A server whose prompts change while it runs: one registry behind a lock, whose notifier
/// counts each call (made before the change's `update` returns) and sends
/// `notifications/prompts/list_changed` to the session's peer once it is initialized.
#[derive(Clone)]
struct Server {
    prompts: Arc<Mutex<PromptRegistry<Server>>>,
    told: Arc<std::sync::atomic::AtomicUsize>,
    /// Bound with the library's `bind_peer_notifier` instead of the counting notifier.
    library_notifier: bool,
}

impl Server {
    fn prompts(&self) -> std::sync::MutexGuard<'_, PromptRegistry<Server>> {
        self.prompts.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn route(name: &str) -> PromptRoute<Server> {
    let said = format!("{name} says hello");
    PromptRoute::new_dyn(Prompt::new(name, Some("a prompt"), None), move |_| {
        let said = said.clone();
        Box::pin(async move {
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, said)]).into())
        })
    })
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_prompts_list_changed()
                .build(),
        )
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(self.prompts().list_prompts_result(&context))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let prompts = self.prompts().clone();
        let context = PromptContext::new(self, request.name, request.arguments, context);
        prompts.get_prompt(context).await
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        if self.library_notifier {
            self.prompts().bind_peer_notifier(&context.peer);
            return;
        }
        let told = Arc::clone(&self.told);
        let peer = context.peer.clone();
        self.prompts().set_notifier(move || {
            told.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let peer = peer.clone();
            tokio::spawn(async move {
                let _ = peer.notify_prompt_list_changed().await;
            });
        });
    }
}

/// A client that counts `notifications/prompts/list_changed`.
#[derive(Clone, Default)]
struct Listener {
    heard: Arc<std::sync::atomic::AtomicUsize>,
    wake: Arc<tokio::sync::Notify>,
}

impl ClientHandler for Listener {
    async fn on_prompt_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.heard.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.wake.notify_waiters();
    }
}

impl Listener {
    /// Checks that the registry called its notifier exactly `expected` times (each call is
    /// made before the change's `update` returns, so no extra one can still come), waits
    /// (until [`common::HANG`]) for the client to have heard that many, and returns what it
    /// heard.
    async fn heard(&self, server: &Server, expected: usize) -> usize {
        let order = std::sync::atomic::Ordering::SeqCst;
        assert_eq!(server.told.load(order), expected, "notifier calls");
        let count = || self.heard.load(order);
        common::woken_until(&self.wake, || count() >= expected).await;
        count()
    }
}

async fn connect(
    server: Server,
) -> (
    rmcp::service::RunningService<RoleClient, Listener>,
    Listener,
) {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let listener = Listener::default();
    let client = listener
        .clone()
        .serve(client_io)
        .await
        .expect("client connects");
    (client, listener)
}

#[test]
fn a_second_prompt_of_one_name_is_refused_naming_both() {
    let registry = PromptRegistry::<Server>::new().with_route(route("review"));
    let err = registry
        .clone()
        .try_with_route(route("review"))
        .expect_err("one name, two prompts");
    let text = err.to_string();
    assert!(
        text.starts_with("prompt name `review` is defined twice, at tests/prompt_registry.rs:"),
        "{text}"
    );
    assert!(
        text.contains("the registry keeps serving the prompts it had"),
        "{text}"
    );
    let (a, b) = (registry.clone(), registry.clone());
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| a + b));
    assert!(panicked.is_err(), "`+` of two registries with one prompt");
    assert!(
        matches!(&err.problems()[0], Problem::Duplicate { kind, name, .. } if **kind == Kind::PROMPT && name == "review")
    );
}

#[test]
fn names_and_arguments_a_slash_command_cannot_carry_are_refused() {
    let mut registry = PromptRegistry::<Server>::new();
    let err = registry
        .try_add_route(route("review pull request"))
        .expect_err("a space ends Claude Code's command");
    let [Problem::InvalidName { help, kind, .. }] = err.problems() else {
        panic!("{err}");
    };
    assert_eq!(
        (*kind, help.as_str()),
        (&Kind::PROMPT, "write `review_pull_request` instead")
    );

    let mut with_args = route("review");
    with_args.attr.arguments = Some(vec![PromptArgument::new("a=b")]);
    let err = registry
        .try_add_route(with_args)
        .expect_err("Gemini CLI reads `--a=b=v` as argument `a`");
    assert!(
        err.to_string()
            .starts_with("prompt `review`: argument name `a=b` contains `=` at index 1"),
        "{err}"
    );
    assert!(registry.is_empty(), "nothing was added");
    // A space in an argument name is passed by every client run (by place, or by name).
    let mut spaced = route("review");
    spaced.attr.arguments = Some(vec![PromptArgument::new("file path")]);
    registry
        .try_add_route(spaced)
        .expect("`file path` as an argument name");
    registry.remove_route("review");
    // A tool name the spec refuses is a fine prompt name.
    registry
        .try_add_route(route("git:review/ü"))
        .expect("`:`, `/` and `ü` run in Claude Code and Gemini CLI");
}

/// `bind_peer_notifier`, the library's own notifier for prompts, sends
/// `notifications/prompts/list_changed` to the session for a change.
#[tokio::test]
async fn the_bound_peer_notifier_tells_the_session() {
    let server = Server {
        prompts: Arc::new(Mutex::new(
            PromptRegistry::new().with_route(route("review")),
        )),
        told: Arc::default(),
        library_notifier: true,
    };
    let (client, listener) = connect(server.clone()).await;
    client.list_all_prompts().await.expect("prompts/list");
    server.prompts().add_route(route("summarize"));
    let heard = || listener.heard.load(std::sync::atomic::Ordering::SeqCst);
    common::woken_until(&listener.wake, || heard() > 0).await;
    assert_eq!(heard(), 1, "the session heard prompts/list_changed");
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn each_net_change_is_one_prompts_list_changed() {
    let server = Server {
        prompts: Arc::new(Mutex::new(
            PromptRegistry::new().with_route(route("review")),
        )),
        told: Arc::default(),
        library_notifier: false,
    };
    let (client, listener) = connect(server.clone()).await;
    // `on_initialized` has bound the session once `prompts/list` answers.
    let listed = client.list_all_prompts().await.expect("prompts/list");
    assert_eq!(listed.len(), 1);
    server.prompts().add_route(route("summarize"));
    assert_eq!(listener.heard(&server, 1).await, 1, "a prompt added");
    server.prompts().update(|p| {
        p.remove_route("review");
        p.add_route(route("review"));
    });
    assert_eq!(
        listener.heard(&server, 1).await,
        1,
        "removed and added back: no change"
    );
    server.prompts().update(|p| {
        p.disable_route("review");
        p.add_route(route("explain"));
    });
    assert_eq!(
        listener.heard(&server, 2).await,
        2,
        "two changes in one batch, one notification"
    );
    let names = common::prompt_names(&client).await;
    assert_eq!(names, ["explain", "summarize"]);
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn an_alias_answers_in_its_window_and_is_refused_after_it() {
    let clock = Arc::new(ManualClock::new(at("2027-01-01T00:00:00Z")));
    let registry = PromptRegistry::builder()
        .prompt(
            PromptDef::new(route("code_review"))
                .alias(Alias::new("review").until(at("2027-03-01T00:00:00Z"))),
        )
        .tombstone(Tombstone::renamed("critique", "code_review"))
        .clock(Arc::clone(&clock))
        .build()
        .expect("builds");
    let server = Server {
        prompts: Arc::new(Mutex::new(registry)),
        told: Arc::default(),
        library_notifier: false,
    };
    let (client, _listener) = connect(server).await;
    let got = client
        .get_prompt(GetPromptRequestParams::new("review"))
        .await
        .expect("inside the window");
    assert_eq!(
        got.messages[0].content.as_text().map(|t| t.text.as_str()),
        Some("code_review says hello")
    );
    assert_eq!(
        got.meta.expect("marked").0["mcp-toolname/deprecated"]["replacement"],
        json!("code_review")
    );

    let err = client
        .get_prompt(GetPromptRequestParams::new("critique"))
        .await
        .expect_err("a tombstone runs nothing");
    assert_eq!(
        common::rpc_error(&err).message,
        "prompt `critique` was renamed to `code_review`; nothing was run. Use `code_review` \
         instead, with the same arguments."
    );

    clock.set(at("2027-03-01T00:00:00Z"));
    let err = client
        .get_prompt(GetPromptRequestParams::new("review"))
        .await
        .expect_err("the window has closed");
    assert_eq!(
        common::rpc_error(&err).message,
        "prompt `review` was renamed to `code_review`, and the old name stopped working at \
         2027-03-01T00:00:00Z; use `code_review` instead"
    );
    let names = common::prompt_names(&client).await;
    assert_eq!(
        names,
        ["code_review"],
        "the old name left the list with its window"
    );
    client.cancel().await.expect("closes");
}

/// The macro's registry, bare under rmcp's `#[prompt_handler]` (it calls
/// `Self::prompt_router()`), with an alias that carries an argument.
#[derive(Clone)]
struct Macro;

#[prompt_registry]
impl Macro {
    /// Explains a topic at a level.
    #[mcp_prompt(alias(name = "eli5", args(level = "child")))]
    fn explain(
        &self,
        rmcp::handler::server::wrapper::Parameters(e): rmcp::handler::server::wrapper::Parameters<
            Explain,
        >,
    ) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!("Explain {} to a {}.", e.topic, e.level),
        )]
    }
}

#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
struct Explain {
    topic: String,
    level: String,
}

#[rmcp::prompt_handler]
impl ServerHandler for Macro {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_prompts().build())
    }
}

#[tokio::test]
async fn the_macro_registry_serves_bare_and_an_alias_carries_its_arguments() {
    let client = common::connect(Macro).await;
    let listed = client.list_all_prompts().await.expect("prompts/list");
    let eli5 = listed.iter().find(|p| p.name == "eli5").expect("listed");
    let args: Vec<&str> = eli5
        .arguments
        .iter()
        .flatten()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(args, ["topic"], "what the alias carries is not asked for");
    let mut params = GetPromptRequestParams::new("eli5");
    params.arguments = json!({"topic": "DNS"}).as_object().cloned();
    let got = client.get_prompt(params).await.expect("served");
    assert_eq!(
        got.messages[0].content.as_text().map(|t| t.text.as_str()),
        Some("Explain DNS to a child.")
    );
    let mut params = GetPromptRequestParams::new("eli5");
    params.arguments = json!({"topic": "DNS", "level": "expert"})
        .as_object()
        .cloned();
    let err = client
        .get_prompt(params)
        .await
        .expect_err("changes what it carries");
    assert!(
        common::rpc_error(&err)
            .message
            .contains("`eli5` is `explain` with `level`"),
        "{err:?}"
    );
    client.cancel().await.expect("closes");
}
