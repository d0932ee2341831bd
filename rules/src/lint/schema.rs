//! The lints of tool input schemas: argument names (property keys) an API refuses, and what
//! in a schema an API refuses or drops.

use super::{Build, Level, Lint, ROW};

/// `argument_name`: Claude's API refuses an argument name of a tool, and with it every request.
pub const ARGUMENT_NAME: Lint = Lint {
    name: "argument_name",
    level: Level::Deny,
    said: true,
    reported_by: "`audit`, `audit --config`",
    build: Build::Error,
    summary: "the Anthropic API refuses an argument name of a tool, and every request with it",
    finds: "A property key of a tool's input schema (one of its arguments) outside \
            `^[a-zA-Z0-9_.-]{1,64}$`: `rule_name[]`, a key with a space, a key past 64 \
            characters, anything not ASCII. Reported once per name, with the tools it \
            breaks.",
    why: "Deny. The Anthropic API (and Bedrock Converse for Claude) refuses the whole \
          request, not the one tool: one bad argument of one tool stops every conversation \
          of every client that has the server connected (Claude Code 2.1.332 leaves the \
          tool out instead). The build refuses such a name where the macro sees it (an \
          alias's `args`, a key of a literal `input_schema = json!(...)`), the registry \
          refuses it when it is built (so a test that builds it fails), and `audit` reports \
          it from a running server.",
    help: "rename the argument in the schema, keeping the Rust field",
    fix: "Rename the key on the wire and keep the Rust field: `#[serde(rename = \
          \"rule_names\")] rule_name: Vec<String>` (or drop a `rename` that put the brackets \
          in). In a literal schema, write the new key and read it in the handler.",
    source: "`mcp_toolname_rules::ANTHROPIC_ARGUMENT`: the API's own error, public in \
             PrefectHQ/fastmcp#839 (2025-06-15), erikmaday/unusual-whales-mcp#57 (2026-01-08) \
             and, for Bedrock, aws-solutions-library-samples/\
             accelerated-intelligent-document-processing-on-aws#709 (2026-08-31); read \
             2026-12-03.",
    ..ROW
};

/// `argument_contract`: another API's documented rule refuses an argument name.
pub const ARGUMENT_CONTRACT: Lint = Lint {
    name: "argument_contract",
    targeted: true,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "another API's documented rule refuses an argument name of a tool",
    finds: "A property key of a tool's input schema that an API's documented rule other \
            than Anthropic's refuses: Gemini's `FunctionDeclaration.parameters` takes a \
            letter or `_`, then `A-Z a-z 0-9 _`, at most 64 (no `-`, no `.`).",
    why: "Warn. The rule holds where a client sends the schema in that form (Gemini's \
          `parameters`; `parametersJsonSchema` states none), so whether it breaks depends \
          on your clients. Declare them with `targets` and it is denied for them.",
    help: "rename the argument in the schema, keeping the Rust field",
    fix: "`#[serde(rename = \"issue_type\")] issue_type: String` in place of a key \
          `issue-type`.",
    source: "`mcp_toolname_rules::schema::ARGUMENT_RULES`: each rule's address and the day it \
             was read (Gemini: cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/\
             FunctionDeclaration, read 2026-12-03).",
    ..ROW
};

/// `schema_root`: an API refuses the top level of a tool's input schema.
pub const SCHEMA_ROOT: Lint = Lint {
    name: "schema_root",
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "an API refuses the top level of a tool's input schema",
    finds: "`anyOf`, `oneOf` or `allOf` at the top level of an input schema (Claude's API \
            refuses it), and a top-level `type` other than `object` (Bedrock Converse \
            refuses it). One finding per rule and tool, naming the API and the rule's source.",
    why: "Warn. Each refuses the whole request, but only for the API named; \
          `--deny schema_root` where you serve it.",
    help: "move the union into the properties (or the description) and keep `type: object` \
           at the top",
    fix: "Write the choice as properties of one object (an enum field, optional fields) and \
          check it in the tool; a `#[serde(untagged)]` enum as the whole arguments type \
          makes such a schema.",
    source: "`mcp_toolname_rules::schema::keywords::SCHEMA_RULES`: each rule's source (the \
             APIs' errors in public reports, 2026) and the day it was read (2026-12-03).",
    ..ROW
};

/// `schema_strict`: OpenAI's strict mode refuses a tool's input schema.
pub const SCHEMA_STRICT: Lint = Lint {
    name: "schema_strict",
    level: Level::Allow,
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "OpenAI's strict mode refuses a tool's input schema",
    finds: "What OpenAI function calling with `strict: true` refuses: more than 5 levels of \
            nested objects, more than 100 object properties, an object without \
            `additionalProperties: false`, a property not in `required`.",
    why: "Allow. Only where a client turns strict mode on for MCP tools, and none run here \
          does; `--warn schema_strict` shows them for one that does. At allow they are not \
          even looked for: nearly every schema breaks a rule of strict mode, and they would be \
          one hidden finding for each tool of every server.",
    help: "close each object and require each property (an optional one as a union with \
           `null`)",
    fix: "`#[serde(deny_unknown_fields)]` on the arguments type makes schemars write \
          `additionalProperties: false`; an `Option<T>` field without `#[serde(default)]` \
          stays required.",
    source: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas, \
             read 2026-12-03.",
    ..ROW
};

/// `schema_ref`: a client drops `$defs` and sends a tool's `$ref`s pointing nowhere.
pub const SCHEMA_REF: Lint = Lint {
    name: "schema_ref",
    said: true,
    reported_by: "`audit`, `audit --config`",
    summary: "a client drops `$defs` and sends a tool's `$ref`s pointing nowhere",
    finds: "A `$ref` into `$defs` in a tool's input schema (rmcp, schemars, Pydantic and zod \
            write one for every nested type, enum and list of structs), under each client \
            whose measured handling removes `$defs` and keeps the `$ref` \
            (`ClientPreset::limits.schemas`): the model gets no shape for that argument.",
    why: "Warn. The tool still reaches the model, but an enum's values, a struct's fields or \
          the items of a list are gone, so the model guesses them and the call fails \
          validation at the server; an API that resolves references may refuse the request \
          instead. Where it breaks depends on the clients, each named with its version.",
    help: "serve the schema with every `$ref` replaced by its definition",
    fix: "With `#[tool_registry]`, schemas are served inlined by default (the registry \
          replaces each `$ref` by its definition once, when it is built); keep that on. Any \
          other server: dereference before listing (FastMCP does since its pull request \
          2814; for TypeScript, `@apidevtools/json-schema-ref-parser`'s `dereference`).",
    source: "run: `cli/tests/oracle_schemas.rs`, each client on the schemas rmcp 3.11 makes, \
             its `SchemaHandling` with the version (Continue CLI 1.5.47 drops `$defs`); \
             reported of VS Code Copilot and Claude Desktop in PrefectHQ/fastmcp PR 2861 \
             (the backport of 2814, 2026-01-13), of Copilot CLI 0.0.423 in github/copilot-cli #1876 (2026-03-06); \
             read 2026-12-06.",
    ..ROW
};
