//! Compile-time-checked MCP tool names for [rmcp](https://docs.rs/rmcp) servers.
//!
//! Swap rmcp's `#[tool_router]` for [`#[tool_registry]`](tool_registry) and `#[tool]` for
//! [`#[mcp_tool]`](mcp_tool). From then on:
//!
//! - a name outside the MCP spec (2025-11-25, server/tools, "Tool Names": 1 to 128 of
//!   `A-Z a-z 0-9 _ - .`) fails the build, pointing at the literal, with the name to write;
//! - a spec-valid name that OpenAI, Anthropic or Bedrock refuse (a dot, over 64 characters)
//!   builds with a warning saying so;
//! - two tools or aliases with one name fail the build, naming both fns;
//! - a renamed tool keeps answering to its old name (`alias`) until a date you choose.
//!
//! Prompts have the same pair: swap `#[prompt_router]` for
//! [`#[prompt_registry]`](prompt_registry) and `#[prompt]` for [`#[mcp_prompt]`](mcp_prompt);
//! a prompt name a client cannot run as a slash command (white space, a control or invisible
//! character, past 128 characters: [`rules::PROMPT`]) or used twice fails the build, and
//! [`PromptRegistry`] serves renamed prompts' old names for a window.
//!
//! ```
//! use mcp_toolname::{mcp_tool, tool_registry, ToolRegistry};
//! use rmcp::handler::server::wrapper::Parameters;
//! use rmcp::{schemars, tool_handler, ServerHandler};
//!
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct AddArgs { a: i64, b: i64 }
//!
//! #[derive(Clone)]
//! struct Calculator { tools: ToolRegistry<Self> }
//!
//! #[tool_registry]
//! impl Calculator {
//!     /// Adds two integers.
//!     // The old name stays callable until the date; `hidden` keeps it out of `tools/list`,
//!     // where its dot would break OpenAI, Anthropic and Bedrock requests.
//!     #[mcp_tool(name = "add_numbers", alias(name = "calc.add", until = "2027-03-01", hidden))]
//!     fn add(&self, Parameters(args): Parameters<AddArgs>) -> String {
//!         (args.a + args.b).to_string()
//!     }
//! }
//!
//! #[tool_handler(router = self.tools)]
//! impl ServerHandler for Calculator {}
//!
//! let server = Calculator { tools: Calculator::tool_router() };
//! let listed: Vec<_> = server.tools.list_all().into_iter().map(|t| t.name).collect();
//! assert_eq!(listed, ["add_numbers"]);
//! // Not listed, but a call to `calc.add` runs `add_numbers` until 2027-03-01:
//! let (alias, tool) = server.tools.aliases().next().unwrap();
//! assert_eq!((alias.name.as_ref(), tool, alias.hidden), ("calc.add", "add_numbers", true));
//! assert_eq!(alias.until_text().as_deref(), Some("2027-03-01T00:00:00Z"));
//! ```
#![forbid(unsafe_code)]
// A warning in an example is one a user copying it would see: the examples build clean.
#![doc(test(attr(deny(warnings))))]
#![warn(missing_docs)]

/// # Example
///
/// ```
/// use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
/// use rmcp::handler::server::wrapper::Parameters;
/// use rmcp::{ServerHandler, schemars, tool_handler};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Query {
///     /// Words to look for.
///     text: String,
/// }
///
/// #[derive(Clone)]
/// struct Docs {
///     tools: ToolRegistry<Self>,
/// }
///
/// // `router`, `vis`, `server_handler`, `allow_empty` as in rmcp's `#[tool_router]`; ours:
/// // `targets(...)`, `server_key`, `tombstone(...)`, `list_ttl_secs`, `allow(...)`.
/// #[tool_registry]
/// impl Docs {
///     /// Searches the docs.
///     // Every argument of rmcp's `#[tool]`, plus `alias(...)` (see `Alias`) and `allow(...)`.
///     #[mcp_tool(name = "search_docs", alias(name = "docs.search", until = "2030-01-01", hidden))]
///     fn search(&self, Parameters(q): Parameters<Query>) -> String {
///         format!("no page mentions {}", q.text)
///     }
/// }
///
/// #[tool_handler(router = self.tools)]
/// impl ServerHandler for Docs {}
///
/// let docs = Docs { tools: Docs::tool_router() };
/// assert_eq!(docs.tools.list_all()[0].name, "search_docs");
/// assert!(docs.tools.has_route("docs.search"), "the old name still answers");
/// ```
pub use mcp_toolname_macros::{mcp_tool, tool_registry};

/// # Example
///
/// ```
/// use mcp_toolname::{PromptRegistry, mcp_prompt, prompt_registry};
/// use rmcp::model::{PromptMessage, Role};
/// use rmcp::{ServerHandler, prompt_handler};
///
/// #[derive(Clone)]
/// struct Reviews {
///     prompts: PromptRegistry<Self>,
/// }
///
/// // `router`, `vis` as in rmcp's `#[prompt_router]`; ours as for `#[tool_registry]`.
/// #[prompt_registry]
/// impl Reviews {
///     /// Reviews the staged change.
///     #[mcp_prompt(name = "review_staged", alias = "review")]
///     fn review_staged(&self) -> Vec<PromptMessage> {
///         vec![PromptMessage::new_text(Role::User, "Review the staged change.")]
///     }
/// }
///
/// #[prompt_handler(router = self.prompts)]
/// impl ServerHandler for Reviews {}
///
/// let reviews = Reviews { prompts: Reviews::prompt_router() };
/// let names: Vec<_> = reviews.prompts.list_all().into_iter().map(|p| p.name).collect();
/// assert_eq!(names, ["review", "review_staged"]);
/// ```
pub use mcp_toolname_macros::{mcp_prompt, prompt_registry};
pub use mcp_toolname_rules as rules;
pub use mcp_toolname_runtime::{
    ALIAS_META_KEY, ALIAS_UNTIL_ENV_VAR, Alias, AliasNotice, AliasUsage, Clock,
    DEPRECATION_META_KEY, ExpiredAnswer, FixedClock, ManualClock, Namespace, NamespaceError,
    ORIGIN_META_KEY, OffsetClock, Origin, PROMPT_ALIAS_UNTIL_ENV_VAR, Problem, PromptDef,
    PromptRegistry, PromptRegistryBuilder, RegistryError, SURFACE_ENV_VAR, SURFACE_META_KEY,
    Schemas, ServerKey, SharedPromptRegistry, SharedToolRegistry, Successor, SystemClock,
    TOMBSTONE_META_KEY, Tombstone, ToolDef, ToolRegistry, ToolRegistryBuilder,
};

// Every Rust block of README.md is compiled and run as a doctest by `cargo test --doc` (and so
// by `cargo test --workspace`). A block fenced as rust must be complete code: rustdoc wraps it
// in `fn main`, and a last line `Ok::<(), E>(())` lets it use `?`. Blocks fenced as text, sh or
// toml are not Rust and are skipped; an unfenced-language block would be taken as Rust.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guides under `docs/`, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/renames.md")]
pub struct RenamesGuideDoctests;

/// docs/prompts.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/prompts.md")]
pub struct PromptsGuideDoctests;

/// docs/swap.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/swap.md")]
pub struct SwapGuideDoctests;

/// docs/compile-time.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/compile-time.md")]
pub struct CompileTimeGuideDoctests;

/// docs/aliases.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/aliases.md")]
pub struct AliasesGuideDoctests;

/// docs/registry.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/registry.md")]
pub struct RegistryGuideDoctests;

/// docs/hosts.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/hosts.md")]
pub struct HostsGuideDoctests;

/// docs/cli.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/cli.md")]
pub struct CliGuideDoctests;

/// docs/rules.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/rules.md")]
pub struct RulesGuideDoctests;

/// docs/lints.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/lints.md")]
pub struct LintsGuideDoctests;

/// docs/examples.md, doc-tested as README.md is.
#[cfg(doctest)]
#[doc = include_str!("../docs/examples.md")]
pub struct ExamplesGuideDoctests;

/// What the macros' generated code calls. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use mcp_toolname_macros::checked_tool_name;
    pub use mcp_toolname_rules::assert_spec_name;
    pub use mcp_toolname_runtime::__private::*;
}

/// A tool name checked at compile time, for names the macros cannot see (rmcp's
/// `ToolBase::name`, a hand-built `ToolRoute`).
///
/// With a string literal, a name outside the MCP spec fails the build with the full message
/// (what, where, what to write), and a name the common LLM contract refuses warns. With any
/// other `const` expression of type `&str`, a name outside the spec fails the build through
/// a `const` panic with a shorter message.
///
/// ```
/// const NAME: &str = mcp_toolname::tool_name!("complex-tool1");
/// const JOINED: &str = mcp_toolname::tool_name!(concat!("report", "_v2"));
/// assert_eq!((NAME, JOINED), ("complex-tool1", "report_v2"));
/// ```
///
/// ```compile_fail
/// const NAME: &str = mcp_toolname::tool_name!("search documents");
/// ```
#[macro_export]
macro_rules! tool_name {
    ($name:literal) => {
        $crate::__private::checked_tool_name!($name)
    };
    ($name:expr) => {{
        const NAME: &str = $crate::__private::assert_spec_name($name);
        NAME
    }};
}
