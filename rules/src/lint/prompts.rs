//! The lints of prompts: their names, their slash commands and their arguments.

use super::{Build, Level, Lint, ROW, Scope};

/// `prompt_name`: a prompt name breaks the slash-command rule for prompts.
pub const PROMPT_NAME: Lint = Lint {
    name: "prompt_name",
    scope: Scope::Prompt,
    level: Level::Deny,
    reported_by: "`check --prompt`, `audit`, `audit --config`",
    build: Build::Error,
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
    source: "This project's rule for prompt names (`mcp_toolname_rules::PROMPT`), read from the \
             clients: the MCP spec sets none.",
    ..ROW
};

/// `prompt_command`: a client cannot run a prompt as the slash command it makes of it.
pub const PROMPT_COMMAND: Lint = Lint {
    name: "prompt_command",
    scope: Scope::Prompt,
    targeted: true,
    reported_by: "`check --prompt`, `audit`, `audit --config`",
    summary: "a client cannot run a prompt as the slash command it makes of it",
    finds: "A prompt whose slash command does not run in a client (Claude Code and Qwen \
            Code end a command at white space; Qwen Code keeps its built-in commands, such as \
            `/help`, for itself), as the client was run.",
    why: "Warn. Other clients run it; deny it for the clients in your `targets`.",
    help: "rename the prompt so every client runs its command",
    fix: "Use the suggested name.",
    source: "Each client preset's prompt rule (`mcp_toolname_rules::ClientPreset::prompts`), \
             as the client was run at the version the preset records.",
    ..ROW
};

/// `prompt_duplicate`: the server lists one prompt name more than once.
pub const PROMPT_DUPLICATE: Lint = Lint {
    name: "prompt_duplicate",
    scope: Scope::Prompts,
    level: Level::Deny,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Error,
    summary: "the server lists one prompt name more than once",
    finds: "A prompt name that appears twice or more in one server's `prompts/list`.",
    why: "Deny. The build refuses a prompt name used twice (`#[mcp_prompt]`), as \
          `duplicate` does for tools: `prompts/get` asks by name, so only one of them can \
          ever be got.",
    help: "give each prompt a name of its own",
    fix: "Rename or drop the others.",
    source: "The MCP spec 2025-11-25, server/prompts: `prompts/get` asks for a prompt by its \
             name.",
    ..ROW
};

/// `prompt_look_alike`: prompt names that differ only in case and separators.
pub const PROMPT_LOOK_ALIKE: Lint = Lint {
    name: "prompt_look_alike",
    scope: Scope::Prompts,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Warning,
    old_names: &[
        "prompt_names_differ_only_in_case",
        "prompt_names_look_alike",
    ],
    summary: "prompt names that differ only in case and separators",
    finds: "Prompt names of one server that are one once case and `_` `-` `.` `/` `:` and \
            spaces are ignored, saying which clients make them one command.",
    why: "Warn. People pick the wrong one from a list of slash commands.",
    help: "rename one so the prompts differ in words",
    fix: "Rename one of them.",
    source: "This project's rule: nothing breaks on the wire, but people and models confuse such \
             names.",
    ..ROW
};

/// `prompt_argument`: a client cannot pass a prompt argument by its name.
pub const PROMPT_ARGUMENT: Lint = Lint {
    name: "prompt_argument",
    scope: Scope::Prompt,
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Error,
    summary: "a client cannot pass a prompt argument by its name",
    finds: "A prompt argument whose name a client that takes arguments by name cannot \
            type (Gemini CLI reads `--a=b=v` as argument `a`: a name that is empty or \
            holds `=`), and two arguments of one prompt with one name (`prompts/get` \
            takes them as a map, so only one value reaches the server), as the clients \
            were run.",
    why: "Warn. Clients that pass arguments by place (Claude Code) are not affected, and \
          a required argument may still be filled by place in Gemini CLI; an optional \
          one cannot be given there at all. The build refuses a name it sees (in \
          `arguments = ...` or an alias's `args`), and the registry refuses one when it is \
          built; names from the arguments type's schema are checked there and by `audit`.",
    help: "rename the argument without `=`, and give each argument a name of its own",
    fix: "Rename the argument (with `#[serde(rename = \"...\")]` on the field of the \
          prompt's arguments type) to the suggested name.",
    source: "Each client preset's prompt rule (`mcp_toolname_rules::ClientPreset::prompts`), \
             as the client was run at the version the preset records.",
    ..ROW
};
