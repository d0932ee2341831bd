//! The lints of one client config: what its servers do to each other.

use super::{Level, Lint, ROW, Scope};

/// `key_collision`: two server keys become one prefix under a client.
pub const KEY_COLLISION: Lint = Lint {
    name: "key_collision",
    scope: Scope::Servers,
    targeted: true,
    reported_by: "`audit --config`",
    summary: "two server keys become one prefix under a client",
    finds: "Servers of one config whose keys a client makes one prefix (`Calc` and `calc` \
            under VS Code's lower-casing), so their tools share a namespace there.",
    why: "Warn. It is the config, not a server; in that client the servers' tools share one \
          namespace, and a tool name they share reaches the model once, from one of them \
          (which one, each client's rule says: the first to connect in Claude Code, the last \
          in Gemini CLI and OpenCode, the one written last in Cline, the key that sorts last \
          in GitHub Copilot CLI); Codex tells the servers apart by a hash after the \
          namespace, so every tool reaches the model under a name it cannot read.",
    help: "give the servers keys that differ in letters or digits",
    fix: "Rename one server's key in the config.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `name_collision`: tools of different servers get one model-facing name under a client.
pub const NAME_COLLISION: Lint = Lint {
    name: "name_collision",
    scope: Scope::Servers,
    targeted: true,
    reported_by: "`audit --config`",
    summary: "tools of different servers get one model-facing name under a client",
    finds: "Two (server, tool) pairs that one client names alike, after its prefix, \
            rewriting and cutting: their keys meet, a key and a tool meet at the separator \
            (`x` with `y__z`, `x__y` with `z`), or the client shows the bare name.",
    why: "Warn. In that client the model reaches only one of the tools, and in Claude Code, \
          Gemini CLI and OpenCode which one depends on the order the servers connect in; \
          Continue's CLI sends each under the one name, and the model cannot tell them apart. \
          `audit --config` gives each (client, server, tool) its fate over the whole config \
          (`shadowed`, `raced`), found by running each client on whole configs.",
    help: "rename a server key or a tool so the names stay apart",
    fix: "Rename one server's key (cheapest) or one of the tools.",
    source: "Each client preset, run or read at the version the preset records \
             (`mcp_toolname_rules::CLIENTS`; `mcp-toolname check --verbose` names it).",
    ..ROW
};

/// `shared_name`: one raw tool name on several servers.
pub const SHARED_NAME: Lint = Lint {
    name: "shared_name",
    scope: Scope::Servers,
    level: Level::Allow,
    reported_by: "`audit --config`",
    summary: "one raw tool name on several servers",
    finds: "A tool name that more than one server of the config lists.",
    why: "Allow. Every client this CLI knows prefixes the server key, so the tools stay \
          apart; only an agent that shows tools by bare name keeps one. Common names \
          (`search`, `list`) make this noise in most configs.",
    help: "none needed for prefixing clients; rename if a host shows bare names",
    fix: "Nothing, for the clients named in this page. For a host that shows tools by \
          bare name, rename one of them.",
    source: "This project's rule: an agent that shows tools by bare name keeps one of them.",
    ..ROW
};

/// `key_look_alike`: server keys that differ only in case and separators.
pub const KEY_LOOK_ALIKE: Lint = Lint {
    name: "key_look_alike",
    scope: Scope::Servers,
    said: true,
    reported_by: "`audit --config`",
    summary: "server keys that differ only in case and separators",
    finds: "Keys of one config that are one once case and `_` `-` `.` are ignored \
            (`MCPBrowser`, `mcpbrowser`): often one server configured twice.",
    why: "Warn. The tools reach the model twice, which costs context and confuses it.",
    help: "keep one of the servers, or give the other a key of its own",
    fix: "Drop the second entry, or rename it.",
    source: "This project's rule: nothing breaks on the wire, but people and models confuse such \
             names.",
    ..ROW
};

/// `prompt_collision`: prompts of different servers become one slash command under a client.
pub const PROMPT_COLLISION: Lint = Lint {
    name: "prompt_collision",
    scope: Scope::Servers,
    targeted: true,
    said: true,
    reported_by: "`audit --config`",
    summary: "prompts of different servers become one slash command under a client",
    finds: "Prompts of several servers that a client makes one command: one whose command \
            holds no server part (Gemini CLI, Qwen Code) keeps it for the server that answers \
            first and renames the others, and Gemini CLI renames every prompt met under \
            another name `/<server>.<command>`; one whose command holds the key (Claude Code, \
            Kilo Code) runs one server's where two keys make one, the others never.",
    why: "Warn. Which prompt the command runs can change from one start to the next.",
    help: "rename the prompts apart",
    fix: "Rename one of the prompts; `renamed` in the JSON says what each becomes.",
    source: "Each client preset's prompt rule (`mcp_toolname_rules::ClientPreset::prompts`), \
             as the client was run at the version the preset records.",
    ..ROW
};
