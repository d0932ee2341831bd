//! The lints of tool names, one by one: the spec, the contracts and clients, names of one
//! server that clash, and the server key.

use super::{Build, Level, Lint, ROW, Scope};

/// `spec`: a tool name breaks the MCP spec's rule for tool names.
pub const SPEC: Lint = Lint {
    name: "spec",
    scope: Scope::Name,
    level: Level::Deny,
    reported_by: "`check`, `audit`, `audit --config`",
    build: Build::Error,
    summary: "a tool name breaks the MCP spec's rule for tool names",
    finds: "A tool name that is empty, longer than 128 characters, or holds a character \
            outside `A-Z a-z 0-9 _ - .` (MCP spec 2025-11-25, server/tools, Tool Names). \
            The message names the character, its index and its code point, so homoglyphs \
            and invisible characters show.",
    why: "Deny. The spec says SHOULD, and the official conformance suite reports the same \
          breach as a `WARNING` (see *Why a spec breach is denied* above). But every LLM \
          API refuses nearly every name outside the spec (a space, a slash, a comma, \
          anything not ASCII, past 128 characters), and one refused name fails the whole \
          request, every tool of every server with it: the breach breaks sessions in every \
          client that sends names as they are. That is the build-stopping kind of finding, \
          so it keeps the exit code 1 it had before levels existed.",
    help: "rename the tool to a name inside the spec (each finding offers one)",
    fix: "Rename the tool to the suggested name (it passes every contract and, with \
          `audit`, is unique on the server), and keep the old name callable for a while \
          with an alias: `#[mcp_tool(name = \"search_documents\", alias(name = \"search \
          documents\", until = \"2027-03-01\", hidden))]`.",
    source: "The MCP spec 2025-11-25, server/tools, Tool Names: `mcp_toolname_rules::MCP` holds \
             its address and the day it was last read.",
    ..ROW
};

/// `contract`: an LLM API's rule (or SEP-986's) refuses a name the spec allows.
pub const CONTRACT: Lint = Lint {
    name: "contract",
    scope: Scope::Name,
    targeted: true,
    reported_by: "`check`, `audit`, `audit --config`",
    build: Build::Warning,
    old_names: &[
        "tool_name_refused_by_llm_apis",
        "listed_alias_refused_by_llm_apis",
    ],
    summary: "an LLM API's rule (or SEP-986's) refuses a name the spec allows",
    finds: "A name inside the MCP spec that another contract refuses: OpenAI, Anthropic, \
            Gemini, Bedrock, DeepSeek, their intersection `llm_common`, `portable`, or \
            SEP-986's 64 characters. A dot (`admin.tools.list`) and a name past 64 \
            characters are the usual causes. One finding per contract; the text report says \
            each reason once.",
    why: "Warn. The name is valid MCP, and most clients rewrite it before an API sees it \
          (Claude Code turns `.` into `_`), so whether it breaks depends on the clients and \
          APIs you serve. Declare them with `targets` and this lint becomes deny for them \
          and silent for the others.",
    help: "rename the tool to a name every API takes, or declare your `targets`",
    fix: "Rename to the suggested name, or keep the name and narrow the contracts you \
          promise: `targets = [\"gemini\", \"claude_code\"]` in `mcp-toolname.toml` (the \
          ids of the macros' `targets(...)`).",
    source: "Each contract's own documentation, or what its API answered: \
             `mcp_toolname_rules::ALL` holds each one's address and the day it was last read.",
    ..ROW
};

/// `client`: a client cuts, hashes, skips or refuses a tool name, or its API refuses what it
/// sends.
pub const CLIENT: Lint = Lint {
    name: "client",
    scope: Scope::Name,
    targeted: true,
    reported_by: "`check`, `audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_name_over_client_budget"],
    summary: "a client cuts, hashes, skips or refuses a tool name, or its API refuses what \
              it sends",
    finds: "What one client preset (Claude Code, Codex, Gemini CLI, VS Code, Cursor, Cline, \
            OpenCode, Continue CLI, GitHub Copilot CLI, Roo Code, Kilo Code CLI, Qwen Code, \
            Droid) does to the name once it \
            puts its prefix and your server key in front of it: cut past its budget, a hash \
            suffix the model cannot read, the tool left out, or a name it sends as it is that \
            the API behind it refuses. Each client's rule was run or read at the version \
            the report names.",
    why: "Warn. The name is valid MCP; the harm is in one client, and depends on the key \
          each user gives your server. Declare the clients you promise to work with in \
          `targets` to make this deny for them.",
    help: "shorten the name so it fits every client with your server key",
    fix: "Use the suggested name, which fits every client's budget with the key given to \
          `--server-key` (or the config's key). A shorter server key helps every tool at \
          once.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `duplicate`: the server lists one tool name more than once.
pub const DUPLICATE: Lint = Lint {
    name: "duplicate",
    level: Level::Deny,
    reported_by: "`audit`, `audit --config`",
    build: Build::Error,
    summary: "the server lists one tool name more than once",
    finds: "A tool name that appears twice or more in one server's `tools/list`, across all \
            its pages.",
    why: "Deny. Tool names must be unique within a server (MCP spec, Tool Names), and a \
          client keeps only one of the tools: the other cannot be called at all. rmcp's \
          own `+` and `#[tool_router]` keep the later tool silently, which is how this \
          ships.",
    help: "give each tool a name of its own",
    fix: "Rename or drop one of the tools. With `#[tool_registry]` two tools with one name \
          fail the build.",
    source: "The MCP spec 2025-11-25, server/tools, Tool Names: a name is unique within a server.",
    ..ROW
};

/// `case_collision`: tool names that differ only in case.
pub const CASE_COLLISION: Lint = Lint {
    name: "case_collision",
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_names_differ_only_in_case"],
    summary: "tool names that differ only in case",
    finds: "Two or more tool names of one server that are equal but for case (`getUser`, \
            `GetUser`).",
    why: "Warn. The spec keeps them apart, but a model confuses them, and a client or a \
          did-you-mean that compares names without case keeps or picks only one.",
    help: "rename one so the names differ in more than case",
    fix: "Rename one of them, keeping the old name as an alias for a while.",
    source: "This project's rule: nothing breaks on the wire, but people and models confuse such \
             names.",
    ..ROW
};

/// `look_alike`: tool names that differ only in case and in `_`, `-` and `.`.
pub const LOOK_ALIKE: Lint = Lint {
    name: "look_alike",
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_names_look_alike"],
    summary: "tool names that differ only in case and in `_`, `-` and `.`",
    finds: "Two or more tool names of one server that are one once case and the separators \
            `_`, `-` and `.` are ignored (`run_query`, `Run-Query`), and that no client \
            merges (that is `normalisation_collision`).",
    why: "Warn. Nothing breaks on the wire, but models and people pick the wrong one.",
    help: "rename one so the names differ in words, not separators",
    fix: "Rename one of them, keeping the old name as an alias for a while.",
    source: "This project's rule: nothing breaks on the wire, but people and models confuse such \
             names.",
    ..ROW
};

/// `confusable`: tool names a model can take for one another, where their inputs or
/// descriptions say the tools are alike too.
pub const CONFUSABLE: Lint = Lint {
    name: "confusable",
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    summary: "tool names a model can take for one another, with alike inputs or descriptions",
    finds: "Two tool names of one server that differ in more than case and separators but read \
            alike: one word plural in one and singular in the other (`get_skill`, \
            `get_skills`), the same words in another order (`search_items`, `item_search`), a \
            verb swapped for its near-synonym (`list_skills`, `get_skills`), or one letter \
            apart in names of six letters or more, digits left alone (`get_status`, \
            `get_stats`); and only where something says the tools are alike too: the same \
            input (the same argument names and types, at least one; in the build, the \
            same `Parameters<T>` type) or near-identical descriptions (three in five or more \
            of their words shared, little words like `the` left out). The build sees the \
            description only where it is a literal or the doc comment, and the input only as \
            the written type path: two paths to one type read as two shapes.",
    why: "Warn. Nothing breaks on the wire, but a model choosing between two such tools picks \
          the wrong one. An issue of this project cites a public study that found such pairs \
          on 45.8% of 377 registry servers (not found in the public sources searched, \
          2026-12-03); public reports of agent failures name the same pairs (`search_files` \
          and `find_files`). Measured on names and inputs (no descriptions) with the labelled \
          corpus `cli/tests/data/confusable_corpus.json` (`cargo test -p mcp-toolname-cli \
          --bin mcp-toolname confusable::corpus`), read 2026-12-05: 377 tools (291 distinct) in 18 \
          listings of 17 public servers, each with its source and version (the reference and archived \
          reference servers, GitHub's `github-mcp-server` at 64a49f3 with and without its \
          granular tools, Playwright, Notion, Sentry), and 3 constructed servers. Public: 0 \
          warnings, so no false positive, and 0 of the 5 pairs judged confusable found (recall \
          0): they differ in words the lint does not read as alike (`read_file` and \
          `read_text_file`, `browser_snapshot` and `browser_take_screenshot`); the names alone \
          pair 5 others, all one of a thing and its list (`actions_get`, `actions_list`), which \
          their inputs keep quiet. Constructed: precision 1.00, recall 0.57 (8 of 14); missed \
          are verbs it does not group (`refund`, `reverse`), two spellings of a noun \
          (`deploy`, `deployment`) and a swapped verb whose inputs differ.",
    help: "rename one so the names say how the tools differ, or merge them into one tool",
    fix: "Rename one to say what sets it apart (`search_items` and `item_search` as \
          `search_items` and `search_item_history`), or merge the two into one tool with an \
          argument. `allow(confusable)` on either tool silences it in the build.",
    source: "This project's rule (2026-12-03): agentbeck.bot report 16790 (2026-06-17), \
             \"similarly-named MCP tools cause persistent selection confusion even with good \
             descriptions\", names `search_files` and `find_files`; Microsoft Research, \
             \"Tool-space interference in the MCP era\" (2025-09) on tools whose names and \
             descriptions overlap.",
    ..ROW
};

/// `normalisation_collision`: two tool names become one model-facing name under a client.
pub const NORMALISATION_COLLISION: Lint = Lint {
    name: "normalisation_collision",
    targeted: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &["tool_names_merged_by_clients"],
    summary: "two tool names become one model-facing name under a client",
    finds: "Tool names of one server that a client's rewriting makes one (`admin.tools.list` \
            and `admin_tools_list` under Claude Code), saying what that client then does: \
            sends only the first or the last, or adds hash suffixes.",
    why: "Warn. The server is valid MCP, but in that client the model reaches only one of \
          the tools. Deny it for the clients in your `targets`.",
    help: "rename one so no client makes them one name",
    fix: "Rename one of the tools (usually the one with the character the client \
          replaces).",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `key_refused`: a client refuses the server key and does not start the server.
pub const KEY_REFUSED: Lint = Lint {
    name: "key_refused",
    targeted: true,
    reported_by: "`check`, `audit`, `audit --config`",
    build: Build::Error,
    summary: "a client refuses the server key and does not start the server",
    finds: "A server key (`--server-key`, or the server's name in a config) that a client \
            refuses, so that client never starts the server (Codex and a key with a \
            space); and the name of a Claude Code plugin that Claude Code refuses to load, \
            so none of its servers start (a space, `@`, `:`, `/`).",
    why: "Warn. It is the config's key, not the server, and other clients start it; deny \
          it for the clients in your `targets`.",
    help: "give the server a key (and a plugin a name) of `A-Z a-z 0-9 _ -` only",
    fix: "Rename the key in the client's config: 1 to 32 of `A-Z a-z 0-9 _ -`, no `__`, no \
          `_` at either end.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `listed_alias_name`: a listed alias breaks the naming rule its registry checks.
pub const LISTED_ALIAS_NAME: Lint = Lint {
    name: "listed_alias_name",
    reported_by: "",
    build: Build::Warning,
    old_names: &[
        "listed_alias_refused_by_the_spec",
        "listed_alias_breaks_slash_commands",
    ],
    summary: "a listed alias breaks the naming rule its registry checks",
    finds: "An alias without `hidden` whose name breaks the MCP spec's rule for tool names (in \
            a `#[prompt_registry]`, the slash-command rule for prompts). An alias is an old \
            name, which may have broken the rule all along; unless it is `hidden`, it is listed \
            in every client's `tools/list` (`prompts/list`).",
    why: "Warn. An old name may break the rule, since clients called it before the rename; \
          but listed, it reaches every client as a name they refuse or cannot run, and \
          `audit` reports it there as `spec` (or `prompt_name`), a deny.",
    help: "add `hidden` to the alias",
    fix: "Add `hidden` to the `alias(...)`: the old name stays callable, and leaves the list.",
    source: "The MCP spec's rule for tool names (`mcp_toolname_rules::MCP`), or the \
             slash-command rule for prompts (`mcp_toolname_rules::PROMPT`).",
    ..ROW
};

/// `key_outside_rule`: a server key the clients accept but that breaks the recommended rule.
pub const KEY_OUTSIDE_RULE: Lint = Lint {
    name: "key_outside_rule",
    reported_by: "",
    build: Build::Warning,
    old_names: &["server_key_outside_the_recommended_rule"],
    summary: "a server key the clients accept but that breaks the recommended rule",
    finds: "A `server_key` in `#[tool_registry(...)]` that every client you target accepts, \
            but that is not 1 to 32 of `A-Z a-z 0-9 _ -` without `__` and without `_` at \
            either end.",
    why: "Warn. It is advice: the clients start the server, but a key outside the rule means \
          different things in different clients, and splits more than one way in \
          `mcp__<key>__<tool>`. The CLI gives the same advice beside its report \
          (`server_key_advice` in JSON), not as a finding.",
    help: "use a key of 1 to 32 of `A-Z a-z 0-9 _ -`, without `__` or `_` at either end",
    fix: "Rename the key (`server_key = \"...\"`, and the key users give the server in their \
          client config) to 1 to 32 of `A-Z a-z 0-9 _ -`, without `__` or `_` at either end.",
    source: "The clients' own rules for a server key, as each client preset records them \
             (`mcp_toolname_rules::SERVER_KEY` is the rule they all accept).",
    ..ROW
};

/// `underscore_name`: a tool name that starts with `_` or holds `__`.
pub const UNDERSCORE_NAME: Lint = Lint {
    name: "underscore_name",
    scope: Scope::Name,
    reported_by: "`check`, `audit`, `audit --config`",
    summary: "a tool name that starts with `_` or holds `__`",
    finds: "A tool name that starts with `_` (`__IMPORTANT`, `_internal`) or holds `__` \
            (`mcp__get_dsl`). The spec and every LLM API allow both; the finding says what \
            clients do with them.",
    why: "Warn. `__` is the separator most clients put between `mcp`, the server key and the \
          tool (`mcp__<key>__<tool>`), and clients that split a model-facing name on it read \
          such a name wrong: xAI's Grok Build CLI leaves out every tool whose name holds `__` \
          (it wants exactly one in `<server>__<tool>`), and a tool named `__IMPORTANT` made it \
          drop the whole server. Claude Code's permission rules and agents' tool lists also \
          split on it.",
    help: "rename the tool to start with a letter and use single `_` between words",
    fix: "Rename the tool (each finding offers a name: leading `_` dropped, each run of `_` \
          made one), keeping the old name as a hidden alias for a while.",
    source: "User reports, read 2026-12-06: thedotmack/claude-mem #3288 (2026-07-16: Grok Build \
             aborts the whole server over `__IMPORTANT`) and mastergo-design/mastergo-magic-mcp \
             #115 (2026-07-31: Grok Build 1.x registers only the tools whose `<server>__<tool>` \
             holds one `__`; fixed there by dropping the `mcp__` prefix). Not run here: no Grok \
             Build package is on a registry this project installs from.",
    ..ROW
};

/// `key_stutter`: tool names that begin with their server's key.
pub const KEY_STUTTER: Lint = Lint {
    name: "key_stutter",
    level: Level::Allow,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "tool names that begin with their server's key",
    finds: "Tools whose names begin with the server's key and a separator (`fleet_exec` under \
            key `fleet`). The finding says which clients prefix the key, and so say it twice \
            (`mcp__fleet__fleet_exec`), and which send bare names, where the key in the name \
            is what keeps it apart from another server's `exec`.",
    why: "Allow. Neither form is wrong everywhere: the prefix is noise (and characters of a \
          name budget) in every client that prefixes keys, and the only thing that keeps names \
          apart in clients that do not. Raise it when the clients you target all prefix.",
    help: "drop the key from the names if every client you target prefixes it",
    fix: "For prefixing clients only (Claude Code, Codex, Gemini CLI and most others), rename \
          `fleet_exec` to `exec`, keeping the old name as a hidden alias. If users run the \
          server in a client that sends bare names (Continue CLI, Kiro CLI), keep the prefix.",
    source: "axelmierczuk/fleet-mcp #86 (the stutter, reported); which clients prefix the key: \
             the client presets (`uses_server_key`), each with its own source.",
    ..ROW
};
