//! The lint table: every finding kind the CLI reports, by its stable name, with its default
//! level and the words of its page in `docs/lints.md` (generated from this table: see
//! [`super::markdown`]). Levels, the config file, SARIF's rule metadata and the docs all read
//! it, so they cannot drift apart.

use super::{Level, Lint};

/// One row per lint, in the order the docs list them: tool names, then what comes past the
/// names, then prompts, then what servers of one config do to each other.
pub static LINTS: [Lint; 24] = [
    Lint {
        name: "spec",
        level: Level::Deny,
        targeted: false,
        said: false,
        reported_by: "`check`, `audit`, `audit --config`",
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
    },
    Lint {
        name: "contract",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`check`, `audit`, `audit --config`",
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
    },
    Lint {
        name: "client",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`check`, `audit`, `audit --config`",
        summary: "a client cuts, hashes, skips or refuses a tool name, or its API refuses what \
                  it sends",
        finds: "What one client preset (Claude Code, Codex, Gemini CLI, VS Code, Cursor, Cline, \
                OpenCode, Continue CLI, GitHub Copilot CLI, Roo Code) does to the name once it \
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
    },
    Lint {
        name: "duplicate",
        level: Level::Deny,
        targeted: false,
        said: false,
        reported_by: "`audit`, `audit --config`",
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
    },
    Lint {
        name: "case_collision",
        level: Level::Warn,
        targeted: false,
        said: false,
        reported_by: "`audit`, `audit --config`",
        summary: "tool names that differ only in case",
        finds: "Two or more tool names of one server that are equal but for case (`getUser`, \
                `GetUser`).",
        why: "Warn. The spec keeps them apart, but a model confuses them, and a client or a \
              did-you-mean that compares names without case keeps or picks only one.",
        help: "rename one so the names differ in more than case",
        fix: "Rename one of them, keeping the old name as an alias for a while.",
    },
    Lint {
        name: "look_alike",
        level: Level::Warn,
        targeted: false,
        said: false,
        reported_by: "`audit`, `audit --config`",
        summary: "tool names that differ only in case and in `_`, `-` and `.`",
        finds: "Two or more tool names of one server that are one once case and the separators \
                `_`, `-` and `.` are ignored (`run_query`, `Run-Query`), and that no client \
                merges (that is `normalisation_collision`).",
        why: "Warn. Nothing breaks on the wire, but models and people pick the wrong one.",
        help: "rename one so the names differ in words, not separators",
        fix: "Rename one of them, keeping the old name as an alias for a while.",
    },
    Lint {
        name: "normalisation_collision",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`audit`, `audit --config`",
        summary: "two tool names become one model-facing name under a client",
        finds: "Tool names of one server that a client's rewriting makes one (`admin.tools.list` \
                and `admin_tools_list` under Claude Code), saying what that client then does: \
                sends only the first or the last, or adds hash suffixes.",
        why: "Warn. The server is valid MCP, but in that client the model reaches only one of \
              the tools. Deny it for the clients in your `targets`.",
        help: "rename one so no client makes them one name",
        fix: "Rename one of the tools (usually the one with the character the client \
              replaces).",
    },
    Lint {
        name: "key_refused",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`check`, `audit`, `audit --config`",
        summary: "a client refuses the server key and does not start the server",
        finds: "A server key (`--server-key`, or the server's name in a config) that a client \
                refuses, so that client never starts the server (Codex and a key with a \
                space).",
        why: "Warn. It is the config's key, not the server, and other clients start it; deny \
              it for the clients in your `targets`.",
        help: "give the server a key of `A-Z a-z 0-9 _ -` only",
        fix: "Rename the key in the client's config: 1 to 32 of `A-Z a-z 0-9 _ -`, no `__`, no \
              `_` at either end.",
    },
    Lint {
        name: "too_many_tools",
        level: Level::Warn,
        targeted: true,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "more tools than the API behind a client takes in one request",
        finds: "A server (or the servers of a config together) listing more tools than an API \
                takes in one request, where the client sends every tool in each request.",
        why: "Warn. It depends on what else the user has installed; the request fails only in \
              the clients named.",
        help: "serve fewer tools, or split them across servers a user can turn off",
        fix: "Merge tools that differ by one argument, or split the server so users enable \
              only what they need.",
    },
    Lint {
        name: "description_cut",
        level: Level::Warn,
        targeted: true,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "a client cuts a tool's description",
        finds: "A tool description longer than a client keeps; the model reads only its \
                beginning.",
        why: "Warn. The tool works; the model may miss what the cut part said.",
        help: "shorten the description, with what matters first",
        fix: "Put what the model needs first, and shorten the description below the length \
              named.",
    },
    Lint {
        name: "instructions_cut",
        level: Level::Warn,
        targeted: true,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "a client cuts the server's instructions",
        finds: "Server instructions (from `initialize`) longer than a client keeps.",
        why: "Warn. The server works; the model may miss what the cut part said.",
        help: "shorten the instructions, with what matters first",
        fix: "Put what matters first, and move details into the tool descriptions.",
    },
    Lint {
        name: "instructions_not_sent",
        level: Level::Allow,
        targeted: false,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "clients that never pass the server's instructions to the model",
        finds: "A server with instructions, and the clients that drop them.",
        why: "Allow. It is true of every server with instructions and nothing in the server \
              can change it; it is worth knowing once, not on every run. `--warn \
              instructions_not_sent` shows it.",
        help: "repeat what the model must know in the tool descriptions",
        fix: "Repeat what the model must know in the tool descriptions.",
    },
    Lint {
        name: "tool_search_session",
        level: Level::Warn,
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
    },
    Lint {
        name: "alias_past_window",
        level: Level::Warn,
        targeted: false,
        said: true,
        reported_by: "`audit` of a server built with mcp-toolname",
        summary: "an alias whose window has closed is still declared",
        finds: "An alias whose `until` has passed (by the audit's clock, or by the server's: a \
                server built with mcp-toolname lists such an alias in surface mode, \
                `MCP_TOOLNAME_SURFACE=1`, which `audit` sets for a command), with the date it \
                ended. Clients calling it are refused with the new name; nothing else reads \
                it. The audit's clock is the system's, or `MCP_TOOLNAME_NOW` (an RFC 3339 \
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
    },
    Lint {
        name: "prompt_name",
        level: Level::Deny,
        targeted: false,
        said: false,
        reported_by: "`check --prompt`, `audit`, `audit --config`",
        summary: "a prompt name breaks the slash-command rule for prompts",
        finds: "A prompt name that no client can make a slash command of everywhere: empty, \
                past 128 characters, or holding white space, a control or an invisible \
                character.",
        why: "Deny. The build refuses the name (`#[mcp_prompt]`), and a name has one level in \
              the build and in the CLI. The MCP spec sets no format for prompt names, so the \
              rule is ours, read from the clients: a prompt so named is a command no client \
              runs whole. `--warn prompt_name` makes it a warning.",
        help: "rename the prompt without white space, controls or invisible characters",
        fix: "Use the suggested name; `#[mcp_prompt]` keeps the old one as an alias.",
    },
    Lint {
        name: "prompt_command",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`check --prompt`, `audit`, `audit --config`",
        summary: "a client cannot run a prompt as the slash command it makes of it",
        finds: "A prompt whose slash command does not run in a client (Claude Code ends a \
                command at white space), as the client was run.",
        why: "Warn. Other clients run it; deny it for the clients in your `targets`.",
        help: "rename the prompt so every client runs its command",
        fix: "Use the suggested name.",
    },
    Lint {
        name: "prompt_duplicate",
        level: Level::Deny,
        targeted: false,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "the server lists one prompt name more than once",
        finds: "A prompt name that appears twice or more in one server's `prompts/list`.",
        why: "Deny. The build refuses a prompt name used twice (`#[mcp_prompt]`), as \
              `duplicate` does for tools: `prompts/get` asks by name, so only one of them can \
              ever be got.",
        help: "give each prompt a name of its own",
        fix: "Rename or drop the others.",
    },
    Lint {
        name: "prompt_look_alike",
        level: Level::Warn,
        targeted: false,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "prompt names that differ only in case and separators",
        finds: "Prompt names of one server that are one once case and `_` `-` `.` `/` `:` and \
                spaces are ignored, saying which clients make them one command.",
        why: "Warn. People pick the wrong one from a list of slash commands.",
        help: "rename one so the prompts differ in words",
        fix: "Rename one of them.",
    },
    Lint {
        name: "prompt_argument",
        level: Level::Warn,
        targeted: true,
        said: true,
        reported_by: "`audit`, `audit --config`",
        summary: "a client cannot pass a prompt argument by its name",
        finds: "A prompt argument whose name a client that takes arguments by name cannot \
                type (Gemini CLI reads `--a=b=v` as argument `a`: a name that is empty or \
                holds `=`), and two arguments of one prompt with one name (`prompts/get` \
                takes them as a map, so only one value reaches the server), as the clients \
                were run.",
        why: "Warn. Clients that pass arguments by place (Claude Code) are not affected, and \
              a required argument may still be filled by place in Gemini CLI; an optional \
              one cannot be given there at all. The build cannot see argument names (they \
              come from the arguments type's JSON schema when the server runs), so `audit` \
              is where they are checked.",
        help: "rename the argument without `=`, and give each argument a name of its own",
        fix: "Rename the argument (with `#[serde(rename = \"...\")]` on the field of the \
              prompt's arguments type) to the suggested name.",
    },
    Lint {
        name: "key_collision",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`audit --config`",
        summary: "two server keys become one prefix under a client",
        finds: "Servers of one config whose keys a client makes one prefix (`Calc` and `calc` \
                under VS Code's lower-casing), so their tools share a namespace there.",
        why: "Warn. It is the config, not a server; in that client a tool name the servers \
              share reaches only one of them.",
        help: "give the servers keys that differ in letters or digits",
        fix: "Rename one server's key in the config.",
    },
    Lint {
        name: "name_collision",
        level: Level::Warn,
        targeted: true,
        said: false,
        reported_by: "`audit --config`",
        summary: "tools of different servers get one model-facing name under a client",
        finds: "Two (server, tool) pairs that one client names alike, after its prefix, \
                rewriting and cutting.",
        why: "Warn. In that client the model reaches only one of the tools.",
        help: "rename a server key or a tool so the names stay apart",
        fix: "Rename one server's key (cheapest) or one of the tools.",
    },
    Lint {
        name: "shared_name",
        level: Level::Allow,
        targeted: false,
        said: false,
        reported_by: "`audit --config`",
        summary: "one raw tool name on several servers",
        finds: "A tool name that more than one server of the config lists.",
        why: "Allow. Every client this CLI knows prefixes the server key, so the tools stay \
              apart; only an agent that shows tools by bare name keeps one. Common names \
              (`search`, `list`) make this noise in most configs.",
        help: "none needed for prefixing clients; rename if a host shows bare names",
        fix: "Nothing, for the clients named in this page. For a host that shows tools by \
              bare name, rename one of them.",
    },
    Lint {
        name: "key_look_alike",
        level: Level::Warn,
        targeted: false,
        said: true,
        reported_by: "`audit --config`",
        summary: "server keys that differ only in case and separators",
        finds: "Keys of one config that are one once case and `_` `-` `.` are ignored \
                (`MCPBrowser`, `mcpbrowser`): often one server configured twice.",
        why: "Warn. The tools reach the model twice, which costs context and confuses it.",
        help: "keep one of the servers, or give the other a key of its own",
        fix: "Drop the second entry, or rename it.",
    },
    Lint {
        name: "prompt_collision",
        level: Level::Warn,
        targeted: true,
        said: true,
        reported_by: "`audit --config`",
        summary: "prompts of different servers become one slash command under a client",
        finds: "Prompts of several servers that a client whose command holds no server part \
                (Gemini CLI) makes one command; it keeps it for the server that answers first \
                and renames the others.",
        why: "Warn. Which prompt the command runs can change from one start to the next.",
        help: "rename the prompts apart",
        fix: "Rename one of the prompts; `renamed` in the JSON says what each becomes.",
    },
];

impl Lint {
    /// The lint called `name`, if there is one.
    #[must_use]
    pub fn by_name(name: &str) -> Option<&'static Self> {
        LINTS.iter().find(|l| l.name == name)
    }
}
