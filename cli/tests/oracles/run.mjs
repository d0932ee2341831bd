// Runs one real MCP client against the fixture servers and the fake LLM API, and writes what
// the client sent the model. `node run.mjs CLIENT BIN CORPUS OUT`:
//   CLIENT  claude_code | codex | gemini_cli | cline | opencode | continue_cli | copilot_cli |
//           kilo_code | qwen_code | droid
//   BIN     the client's executable (from its npm package)
//   CORPUS  {"servers": [{"key": "...", "tools": ["...", ...]}, ...]}
//   OUT     written: {"client", "version", "refused": [key, ...], "requests", "methods" (every
//           MCP method the client called on a fixture server),
//           "tools": [{"name", "origin"}], "descriptions", "instructions", "references",
//           "prompt_bodies", "prompt_args", "arguments", "output"}
// The corpus may give servers `descriptions`, `instructions`, `prompts` (names; the fixture
// answers `prompts/get` with `oracle prompt body S.I`) and `delay_ms` (how long the server
// holds back its answer to `initialize`), and may give `select`: a name prefix
// whose deferred tools the fake model loads by tool search (the limits corpus), and `say`: the
// text sent instead of `hi` (Claude Code and Gemini CLI: a slash command, the prompts corpus),
// or `says`: several, each said in a session of its own (OUT's `said` maps each to the
// `prompt_bodies` and `prompt_args` of the requests it brought).
// A server may name a `plugin` (Claude Code): it is then shipped inside a plugin of that name
// (a folder with `.claude-plugin/plugin.json` and `.mcp.json`, loaded by `--plugin-dir`), not in
// the `--mcp-config` file; its `plugin_mcp` says where in the plugin: `.mcp.json` (the
// default), `"inline"` in the manifest's `mcpServers`, or a file (`"./servers.json"`) that
// the manifest's `mcpServers` names. `server_info` (`{"name", "version"}`)
// is what the server announces at initialize (default `oracle-fixture` 1.0.0).
// Claude Code: `plugin_install: true` installs the plugins from a local marketplace (`claude
// plugin install`) instead of `--plugin-dir`; `claude_scope: "project"` puts the servers in the project's `.mcp.json` (the
// working folder) instead of `--mcp-config`.
// Codex: `codex_toml` (TOML lines) on the corpus is added at the end of `config.toml` (with its
// own table headers), on a server at the end of that server's table.
// For allow lists: a server may give `extra`, fields added to its entry in the client's config
// (Gemini CLI's `includeTools`, Codex's `enabled_tools`, Copilot CLI's `tools`: JSON values,
// written as TOML for Codex), and the corpus may give `claude_settings`, a settings object
// Claude Code reads with `--settings` (its `permissions`).
// `prompt_bodies` is every `S.I` whose `oracle prompt body S.I` any captured request carries,
// `prompt_args` every `S.I.J=value` of `oracle prompt arg S.I.J=value` (argument J passed).
// With `call: true` the fake model calls every fixture tool it is offered (Claude Code, Qwen Code,
// Gemini CLI and the chat-completions clients); OUT's `called` is every `S.T` the client
// executed on its server, and `results` what it sent the model back for each call (the tool's
// answer `oracle called S.T`, or its refusal).
// A server may give `schemas`, each tool's `inputSchema`; `arguments` maps each "S.T" whose
// schema a request carries to the keys of its top-level `properties`, as the model got them.
// `origin` is "S.T" (server S, tool T of the corpus) where the request carries the tool's
// description, null where only the name is sent (Claude Code's list of deferred tools). Only
// 127.0.0.1 is reached: the fake API, and servers the client starts over stdio.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from './fake-llm.mjs';
import { clients, origin, strings } from './clients.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [client, bin, corpusFile, outFile] = process.argv.slice(2);
const corpus = JSON.parse(readFileSync(corpusFile, 'utf8'));
/** How long one client run may take before it is killed. */
const TIMEOUT_MS = Number(process.env.MCP_TOOLNAME_ORACLE_TIMEOUT_MS ?? 240000);
/**
 * What the user says: `hi`, or the corpus's `say` (a slash command) where a client takes it.
 * With `says` (a list), each is said in turn and the output gains `said`: for each, the
 * `prompt_bodies` and `prompt_args` of the requests it brought.
 */
const says = corpus.says?.length ? corpus.says : null;
const now = { given: corpus.say, say: corpus.say ?? 'hi' };

const scratch = mkdtempSync(join(tmpdir(), `oracle-${client}-`));
const home = join(scratch, 'home');
const captured = join(scratch, 'requests');
mkdirSync(home, { recursive: true });
mkdirSync(captured);

// One fixture server per corpus entry: `node server.mjs tools-S.json`, each tool described as
// `oracle tool S.T`, so a tool the request describes is traced back to its corpus entry.
const servers = corpus.servers.map((server, index) => {
  const file = join(scratch, `tools-${index}.json`);
  writeFileSync(file, JSON.stringify({ tools: server.tools, prefix: `${index}.`, descriptions: server.descriptions, instructions: server.instructions, prompts: server.prompts, schemas: server.schemas, delay_ms: server.delay_ms, server_info: server.server_info, calls_log: join(scratch, `calls-${index}.log`), called_log: join(scratch, `called-${index}.log`) }));
  return { key: server.key, plugin: server.plugin, pluginMcp: server.plugin_mcp, codexToml: server.codex_toml, command: process.execPath, args: [join(here, 'server.mjs'), file], extra: server.extra ?? {} };
});

/** Keys the client refused to start, each named by the client itself. */
const refused = [];
const { adapters, environment } = clients({ scratch, home, servers, corpus, bin, refused, now });
const adapter = adapters[client];
if (!adapter) {
  console.error(`unknown client ${client}: one of ${Object.keys(adapters).join(', ')}`);
  process.exit(2);
}

// The first line: Copilot CLI adds a hint to update on the next. `MCP_TOOLNAME_ORACLE_VERSION`
// is that line as an earlier run of the same executable read it: `--version` costs some
// clients a whole start-up (seconds of CPU, or a wait of ten for Cline).
const version = process.env.MCP_TOOLNAME_ORACLE_VERSION
  || execFileSync(bin, ['--version'], { encoding: 'utf8', env: environment({}) }).trim().split('\n')[0];

/**
 * Runs the client with `args` until it exits (or TIMEOUT_MS passes), then kills its process
 * group; with `until`, only until its output matches that (a server's address). Resolves to
 * how it ended, what it printed, and the match; `stop()` ends a child left running.
 */
async function runChild(args, env, until = null) {
  const child = spawn(bin, args, {
    cwd: home,
    detached: true,
    // Standard input an empty pipe, closed at once, not /dev/null: a client that reads a
    // piped input into the prompt (Qwen Code) reads nothing even where /dev/null is not the
    // device.
    stdio: ['pipe', 'pipe', 'pipe'],
    env: environment(env),
  });
  child.stdin.end();
  let output = '';
  let matched;
  const seen = new Promise((resolve) => {
    matched = resolve;
  });
  const keep = (data) => {
    if (output.length < 1e6) output += data;
    const match = until && until.exec(output);
    if (match) matched({ match: match[1] });
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ timeout: true }), TIMEOUT_MS);
  });
  const ended = await Promise.race(until ? [seen, exited, timeout] : [exited, timeout]);
  clearTimeout(timer);
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone, with its servers.
    }
  };
  if (!ended.match) stop();
  return { ended, output, match: ended.match ?? null, stop };
}

/** The captured requests' files, oldest first. */
const capturedFiles = () => readdirSync(captured)
  .filter((f) => f.endsWith('.json'))
  .sort((a, b) => Number(/\d+/.exec(a)) - Number(/\d+/.exec(b)))
  .map((f) => join(captured, f));

/** One run of the client; resolves to how it ended, what it printed and its requests. */
async function runOnce() {
  rmSync(captured, { recursive: true, force: true });
  mkdirSync(captured);
  // The limits corpus has the model load its deferred tools first (`select`: a name prefix).
  const api = await start(captured, { select: corpus.select ?? null, call: corpus.call ?? false });
  const { args, env } = adapter.setup(api.port);
  const { ended, output } = await runChild(args, env);
  api.close();
  return { ended, output, files: capturedFiles() };
}

/** What each of `says` brought, and every request of them all, one run a say. */
async function runEach() {
  const all = join(scratch, 'all-requests');
  mkdirSync(all);
  const per = [];
  let last;
  for (const [k, text] of says.entries()) {
    now.given = text;
    now.say = text;
    last = await runOnce();
    const kept = last.files.map((file) => {
      const to = join(all, `${k}-${basename(file)}`);
      writeFileSync(to, readFileSync(file));
      return to;
    });
    per.push([text, kept]);
  }
  return { ended: last.ended, output: last.output, files: per.flatMap(([, f]) => f), per };
}

/** What each of `says` brought, all said to one server of the client's (`serve`, `ask`). */
async function runServed() {
  rmSync(captured, { recursive: true, force: true });
  mkdirSync(captured);
  const api = await start(captured, { select: corpus.select ?? null, call: corpus.call ?? false });
  const { env, serve, ask } = adapter.setup(api.port);
  const server = await runChild(serve, env, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const per = [];
  let answer = '';
  if (server.match) {
    for (const text of says) {
      now.given = text;
      now.say = text;
      const before = new Set(capturedFiles());
      answer = await ask(server.match, TIMEOUT_MS);
      per.push([text, capturedFiles().filter((f) => !before.has(f))]);
    }
  }
  server.stop();
  api.close();
  return { ended: server.ended, output: `${server.output}\n${answer}`, files: capturedFiles(), per };
}

let run;
if (says && adapter.serves) {
  run = await runServed();
} else if (says) {
  run = await runEach();
} else {
  // A client that stops on keys it refuses (Codex, for required servers) is run again without
  // them, as many times as there are servers at the most.
  run = await runOnce();
  for (let attempt = 0; attempt < servers.length && adapter.refusedKeys; attempt += 1) {
    const keys = adapter.refusedKeys(run.output).filter((key) => !refused.includes(key));
    if (keys.length === 0) break;
    refused.push(...keys);
    run = await runOnce();
  }
}
const { ended, output } = run;
const requests = run.files;

/**
 * A captured request's body, parsed once however many readings below ask for it; `undefined`
 * where it is not JSON.
 */
const parsedBodies = new Map();
const bodyOf = (file) => {
  if (!parsedBodies.has(file)) {
    let parsed;
    try {
      parsed = JSON.parse(JSON.parse(readFileSync(file, 'utf8')).body);
    } catch {
      parsed = undefined;
    }
    parsedBodies.set(file, parsed);
  }
  return parsedBodies.get(file);
};

// The request that carried the most fixture tools is the one the model would see.
let best = [];
for (const file of requests) {
  const parsed = bodyOf(file);
  if (parsed === undefined) continue;
  const tools = adapter.tools(parsed);
  if (tools.length > best.length) best = tools;
}

/** The prompt bodies (`S.I`) and arguments (`S.I.J=value`) that `files` carry. */
function promptsOf(files) {
  const bodies = new Set();
  const args = new Set();
  for (const file of files) {
    const parsed = bodyOf(file);
    if (parsed === undefined) continue;
    const whole = JSON.stringify(parsed);
    for (const match of whole.matchAll(/oracle prompt body (\d+\.\d+)/g)) bodies.add(match[1]);
    for (const match of whole.matchAll(/oracle prompt arg (\d+\.\d+\.\d+=[A-Za-z0-9]+)/g)) args.add(match[1]);
  }
  return { prompt_bodies: [...bodies].sort(), prompt_args: [...args].sort() };
}
const said = run.per ? Object.fromEntries(run.per.map(([text, files]) => [text, promptsOf(files)])) : undefined;
// Long descriptions and instructions (the limits corpus), as the model got them: for each, the
// longest text any request carries that starts with its marker, as its length in UTF-16 units
// (how JavaScript clients measure) and its last characters.
const described = {};
const instructed = {};
const referenced = new Set();
const keepLongest = (into, key, text) => {
  if (text.length > (into[key]?.length ?? -1)) into[key] = { length: text.length, tail: text.slice(-40) };
};
for (const file of requests) {
  const parsed = bodyOf(file);
  if (parsed === undefined) continue;
  const whole = JSON.stringify(parsed);
  for (const match of whole.matchAll(/"type":"tool_reference","tool_name":"([^"]*)"/g)) {
    referenced.add(match[1]);
  }
  for (const text of strings(parsed)) {
    const tool = /^oracle tool (\d+\.\d+) /.exec(text);
    if (tool) keepLongest(described, tool[1], text);
    for (let at = text.indexOf('oracle instructions '); at >= 0; at = text.indexOf('oracle instructions ', at + 1)) {
      const run = /^oracle instructions (\d+) [a-z0-9 ]*(… \[truncated\])?/.exec(text.slice(at));
      if (run) keepLongest(instructed, run[1], run[0]);
    }
  }
}
// The argument names each fixture tool reached the model with: the top-level `properties`
// keys of the schema beside its description, in whichever form the API takes it (Anthropic's
// `input_schema`, OpenAI's `parameters`, Gemini's `parameters` or `parametersJsonSchema`);
// `shaped`, the whole schema, under the name of the member that carried it.
const argued = {};
const shaped = {};
const schemaOf = (tool) => tool.input_schema ?? tool.inputSchema ?? tool.parameters ?? tool.parametersJsonSchema;
function* described_objects(value) {
  if (Array.isArray(value)) for (const inner of value) yield* described_objects(inner);
  else if (value && typeof value === 'object') {
    if (typeof value.description === 'string') yield value;
    for (const inner of Object.values(value)) yield* described_objects(inner);
  }
}
for (const file of requests) {
  const parsed = bodyOf(file);
  if (parsed === undefined) continue;
  for (const tool of described_objects(parsed)) {
    const at = origin(tool.description);
    const properties = schemaOf(tool)?.properties;
    if (at && properties && typeof properties === 'object') argued[at] = Object.keys(properties);
    const form = ['input_schema', 'inputSchema', 'parameters', 'parametersJsonSchema'].find((k) => tool[k] !== undefined);
    if (at && form) shaped[at] = { form, schema: tool[form] };
  }
}
// Every MCP method the client called on any fixture server (`prompts/list`: it reads prompts),
// and every fixture tool it executed (`S.T`).
const methods = new Set();
const called = new Set();
for (const file of readdirSync(scratch)) {
  const into = file.startsWith('calls-') ? methods : file.startsWith('called-') ? called : null;
  if (into) for (const line of readFileSync(join(scratch, file), 'utf8').split('\n')) if (line) into.add(line);
}
// With `call`: what the client sent the model back for each call of the fake model (its id is
// `oracle_S_T`), as text: the tool's answer, or the client's refusal.
const results = {};
const textOf = (content) => (typeof content === 'string' ? content : JSON.stringify(content));
const resultsIn = (value) => {
  if (Array.isArray(value)) value.forEach(resultsIn);
  else if (value && typeof value === 'object') {
    const id = value.tool_use_id ?? value.tool_call_id ?? value.functionResponse?.id ?? value.call_id;
    const at = typeof id === 'string' ? /^oracle_(\d+)_(\d+)$/.exec(id) : null;
    if (at) results[`${at[1]}.${at[2]}`] = textOf(value.content ?? value.functionResponse?.response ?? value.output).slice(0, 2000);
    else Object.values(value).forEach(resultsIn);
  }
};
if (corpus.call) for (const file of requests) resultsIn(bodyOf(file));
writeFileSync(outFile, JSON.stringify({ client, version, ended, refused, requests: requests.length, tools: best, methods: [...methods].sort(), descriptions: described, instructions: instructed, references: [...referenced], ...promptsOf(requests), said, arguments: argued, schemas: shaped, called: [...called].sort(), results, output: output.slice(-4000) }, null, 1));
// The scratch HOME (configs, captured requests) is kept only when asked for, to debug a run.
if (!process.env.MCP_TOOLNAME_ORACLE_KEEP) rmSync(scratch, { recursive: true, force: true });
process.exit(0);
