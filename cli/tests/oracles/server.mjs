// A stdio MCP server for the client oracle tests: it serves the tools named in the JSON file
// given as its argument (`{"tools": ["name", ...]}`), each described as `oracle tool N`, so a
// client's request can be traced back to the tool it came from. `descriptions` (one per tool,
// each appended to that text) and `instructions` (the server's, at initialize) are optional:
// the limits corpus uses them to see where a client cuts. `prompts` (names, or `{"name",
// "arguments": [...]}`) are served too, each described as `oracle prompt N`, and `prompts/get`
// answers `oracle prompt body N`, so a prompt that reaches the model is traced back to its
// entry (with ` oracle prompt arg N.J=value` for each argument J passed, so an argument that
// reaches the prompt is traced back too); for the CLI's own tests, `prompt_page` (prompts per `prompts/list` page),
// `prompts_capability` (declare `prompts` or not, whatever the list), `prompts_error` (answer
// `prompts/list` with this error message) and `prompt_cursor` (give this cursor on every
// page: a loop). `server_info` is the `serverInfo` announced at initialize. `delay_ms` holds back the answer to `initialize`, so that of two servers a
// client starts at once, the other answers first. Speaks just enough MCP (initialize, tools/list, prompts/list, prompts/get,
// ping) for a client to list its tools and prompts; it never calls out. `calls_log`: a file
// each method the client calls is appended to, a line each; `called_log`: a file each tool
// called (`tools/call`) is appended to, as `S.T`, and the call answers `oracle called S.T`. `schemas` (one per tool, optional)
// is each tool's `inputSchema` in place of an empty object's.
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { tools, prefix = "", descriptions = [], instructions, prompts = [] } = spec;
const promptNames = prompts.map((p) => (typeof p === 'string' ? p : p.name));
const promptArguments = prompts.map((p) => (typeof p === 'string' ? [] : p.arguments ?? []));
const declaresPrompts = spec.prompts_capability ?? prompts.length > 0;
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const listed = tools.map((name, index) => ({
  name,
  description: `oracle tool ${prefix}${index}${descriptions[index] ?? ''}`,
  inputSchema: spec.schemas?.[index] ?? { type: 'object', properties: {} },
}));

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  // Every method the client calls, a line each, where the spec names a file for them.
  if (spec.calls_log && typeof message.method === 'string') appendFileSync(spec.calls_log, `${message.method}\n`);
  if (message.id === undefined || message.id === null) return;
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  switch (message.method) {
    case 'initialize': {
      const answer = () => reply({
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: declaresPrompts ? { tools: {}, prompts: {} } : { tools: {} },
        serverInfo: spec.server_info ?? { name: 'oracle-fixture', version: '1.0.0' },
        ...(instructions === undefined ? {} : { instructions }),
      });
      if (spec.delay_ms) setTimeout(answer, spec.delay_ms);
      else answer();
      break;
    }
    case 'tools/list':
      reply({ tools: listed });
      break;
    case 'prompts/list': {
      if (spec.prompts_error !== undefined) {
        send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: spec.prompts_error } });
        break;
      }
      const start = Number(message.params?.cursor ?? 0) || 0;
      const end = Math.min(promptNames.length, start + (spec.prompt_page ?? promptNames.length));
      const page = promptNames.slice(start, end).map((name, i) => ({
        name,
        description: `oracle prompt ${prefix}${start + i}`,
        arguments: promptArguments[start + i].map((argument) => ({ name: argument })),
      }));
      const next = spec.prompt_cursor ?? (end < promptNames.length ? String(end) : undefined);
      reply({ prompts: page, ...(next === undefined ? {} : { nextCursor: next }) });
      break;
    }
    case 'prompts/get': {
      const index = promptNames.indexOf(message.params?.name);
      if (index < 0) {
        send({ jsonrpc: '2.0', id: message.id, error: { code: -32602, message: `no prompt ${message.params?.name}` } });
      } else {
        // Each declared argument the client passed, by its index: `oracle prompt arg S.I.J=value`.
        const given = message.params?.arguments ?? {};
        const args = promptArguments[index]
          .map((argument, j) => (Object.hasOwn(given, argument) ? ` oracle prompt arg ${prefix}${index}.${j}=${given[argument]}` : ''))
          .join('');
        reply({ messages: [{ role: 'user', content: { type: 'text', text: `oracle prompt body ${prefix}${index}${args}` } }] });
      }
      break;
    }
    case 'tools/call': {
      // Executed: the tool's origin goes to `called_log`, and the answer names it.
      const index = tools.indexOf(message.params?.name);
      if (index < 0) {
        send({ jsonrpc: '2.0', id: message.id, error: { code: -32602, message: `no tool ${message.params?.name}` } });
        break;
      }
      if (spec.called_log) appendFileSync(spec.called_log, `${prefix}${index}\n`);
      reply({ content: [{ type: 'text', text: `oracle called ${prefix}${index}` }] });
      break;
    }
    case 'ping':
      reply({});
      break;
    default:
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `no method ${message.method}` } });
  }
});
