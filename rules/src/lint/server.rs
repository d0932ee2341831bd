//! The lints of what comes past the names: how many tools, descriptions and instructions, tool
//! search, the tokens of the definitions against a snapshot, and the windows and tombstones of
//! renamed tools.

use super::{Build, Level, Lint, ROW, Scope};

/// `too_many_tools`: more tools than the API behind a client takes in one request.
pub const TOO_MANY_TOOLS: Lint = Lint {
    name: "too_many_tools",
    scope: Scope::Beside,
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_registry_lists_more_tools_than_an_api_takes"],
    summary: "more tools than the API behind a client takes in one request",
    finds: "A server (or the servers of a config together) listing more tools than an API \
            takes in one request, where the client sends every tool in each request.",
    why: "Warn. It depends on what else the user has installed; the request fails only in \
          the clients named.",
    help: "serve fewer tools, or split them across servers a user can turn off",
    fix: "Merge tools that differ by one argument, or split the server so users enable \
          only what they need.",
    source: "Each API's limit on tools in one request, as the client preset that sends to it \
             records it (`mcp_toolname_rules::ToolCap`).",
    ..ROW
};

/// `description_cut`: a client cuts a tool's description.
pub const DESCRIPTION_CUT: Lint = Lint {
    name: "description_cut",
    scope: Scope::Beside,
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_description_cut_by_a_client"],
    summary: "a client cuts a tool's description",
    finds: "A tool description longer than a client keeps; the model reads only its \
            beginning.",
    why: "Warn. The tool works; the model may miss what the cut part said.",
    help: "shorten the description, with what matters first",
    fix: "Put what the model needs first, and shorten the description below the length \
          named.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `instructions_cut`: a client cuts the server's instructions.
pub const INSTRUCTIONS_CUT: Lint = Lint {
    name: "instructions_cut",
    scope: Scope::Beside,
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "a client cuts the server's instructions",
    finds: "Server instructions (from `initialize`) longer than a client keeps.",
    why: "Warn. The server works; the model may miss what the cut part said.",
    help: "shorten the instructions, with what matters first",
    fix: "Put what matters first, and move details into the tool descriptions.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `instructions_not_sent`: clients that never pass the server's instructions to the model.
pub const INSTRUCTIONS_NOT_SENT: Lint = Lint {
    name: "instructions_not_sent",
    scope: Scope::Beside,
    level: Level::Allow,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "clients that never pass the server's instructions to the model",
    finds: "A server with instructions, and the clients that drop them.",
    why: "Allow. It is true of every server with instructions and nothing in the server \
          can change it; it is worth knowing once, not on every run. `--warn \
          instructions_not_sent` shows it.",
    help: "repeat what the model must know in the tool descriptions",
    fix: "Repeat what the model must know in the tool descriptions.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `tool_search_session`: a client's tool search names a tool in a reference its API refuses.
pub const TOOL_SEARCH_SESSION: Lint = Lint {
    name: "tool_search_session",
    scope: Scope::Beside,
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "a client's tool search names a tool in a reference its API refuses",
    finds: "Tool names that a client which loads tools by search (Claude Code) names in a \
            reference longer than its API takes; the refused answer stays in the \
            conversation and every later request of the session fails.",
    why: "Warn. It breaks only once the search picks that tool, in that client.",
    help: "shorten the names to fit the reference limit with the server key",
    fix: "Shorten the names named (`mcp-toolname check --server-key KEY NAME` gives fixes \
          that fit).",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `token_growth`: the tool definitions a client hands its model grew past the threshold set.
pub const TOKEN_GROWTH: Lint = Lint {
    name: "token_growth",
    scope: Scope::Beside,
    level: Level::Deny,
    targeted: true,
    said: true,
    reported_by: "`diff`, `audit --baseline`, with a threshold (`--max-token-growth`, or \
                  `max_token_growth` in `mcp-toolname.toml`)",
    summary: "the tool definitions a client hands its model grew past the threshold set",
    finds: "Between two snapshots (`diff OLD NEW`), or a snapshot and the live server (`audit \
            --baseline`), a client whose tool definitions (each tool's name as that client \
            sends it, its description and its input schema) grew by more tokens, or by a \
            larger share, than the threshold. Tokens are counted with the tokenizer of the \
            client's models where it is public (`o200k_base` for Codex), else estimated at \
            ~4 bytes per token. Without a threshold the growth is reported, never a finding.",
    why: "Deny. A threshold is a budget the project set for itself: every request of every \
          conversation pays for the definitions, and passing the budget is what the gate is \
          for. `--warn token_growth` reports it without failing.",
    help: "shorten the descriptions and schemas that grew, or raise the threshold",
    fix: "Shorten the descriptions and schemas of the tools the report names first (those \
          that grew most), move detail the model rarely needs out of them, or raise the \
          threshold where the growth is worth its price.",
    source: "The threshold the project set; the tokenizer each client preset records \
             (`mcp_toolname_rules::Window::tokenizer`), else the ~4-bytes estimate of `audit \
             --verbose`'s cost.",
    ..ROW
};

/// `alias_past_window`: an alias whose window has closed is still declared.
pub const ALIAS_PAST_WINDOW: Lint = Lint {
    name: "alias_past_window",
    said: true,
    reported_by: "`audit`, `audit --config`, of a server built with mcp-toolname",
    summary: "an alias whose window has closed is still declared",
    finds: "An alias whose `until` has passed (by the audit's clock, or by the server's: a \
            server built with mcp-toolname lists such an alias in surface mode, \
            `MCP_TOOLNAME_SURFACE=1`, which `audit` and `audit --config` set for a \
            command), with the date it ended. Clients calling it are refused with the new \
            name; nothing else reads it. The audit's clock is the system's, or `MCP_TOOLNAME_NOW` (an RFC 3339 \
            instant) when set.",
    why: "Warn. Nothing breaks: the alias is refused as it should be. But a rename is \
          only finished once its old name is cleaned up, and an alias left in the code \
          keeps answering \"renamed\" for as long as it stays, with no window the reader \
          of the code can see has passed.",
    help: "turn the alias into a tombstone, or delete it",
    fix: "Delete the `alias(...)` from the `#[mcp_tool]`, or, to keep telling late \
          clients where the tool went, turn it into a tombstone: \
          `#[tool_registry(tombstone(name = \"calc.add\", renamed_to = \"add_numbers\"))]` \
          (with an `until` of its own).",
    source: "The alias's own `until`, against the audit's clock.",
    ..ROW
};

/// `alias_window_short`: an alias ends before a `tools/list` cached from before the rename
/// does.
pub const ALIAS_WINDOW_SHORT: Lint = Lint {
    name: "alias_window_short",
    reported_by: "",
    build: Build::Warning,
    old_names: &["alias_window_shorter_than_list_ttl"],
    summary: "an alias ends before a `tools/list` cached from before the rename does",
    finds: "With `list_ttl_secs` on the registry, an alias whose window (`since` to `until`) \
            is shorter than the time clients may cache `tools/list`: a client holding the list \
            from before the rename may call the old name after it is gone. Windows without \
            `since` are checked when the registry is built, against the clock.",
    why: "Warn. Only a client that caches the list that long and calls the old name late is \
          refused, and it is told the new name.",
    help: "end the alias's window later, or let clients cache the list for less",
    fix: "Move the alias's `until` to the date the message names or later, or lower the \
          registry's `list_ttl_secs`.",
    source: "The registry's own `list_ttl_secs`: how long you tell clients they may cache \
             `tools/list`.",
    ..ROW
};

/// `tombstone_target`: a tombstone sends callers to a name this impl does not serve.
pub const TOMBSTONE_TARGET: Lint = Lint {
    name: "tombstone_target",
    reported_by: "",
    build: Build::Warning,
    old_names: &["tombstone_points_to_no_tool_of_this_impl"],
    summary: "a tombstone sends callers to a name this impl does not serve",
    finds: "A `tombstone(...)` of a registry whose `renamed_to` or `instead` is no tool or \
            alias of the same impl, with the closest name that is.",
    why: "Warn. Another impl's registry may serve the name, which the build of this impl \
          cannot see; if none does, the model is sent to a name nothing answers.",
    help: "point the tombstone at a tool that exists",
    fix: "Correct `renamed_to` (or `instead`) to the tool's name; the message suggests the \
          closest one.",
    source: "This project's rule: a tombstone helps only if the name it points to answers.",
    ..ROW
};
