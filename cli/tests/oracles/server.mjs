// A stdio MCP server for the client oracle tests: it serves the tools named in the JSON file
// given as its argument (`{"tools": ["name", ...]}`), each described as `oracle tool N`, so a
// client's request can be traced back to the tool it came from. `descriptions` (one per tool,
// each appended to that text) and `instructions` (the server's, at initialize) are optional:
// the limits corpus uses them to see where a client cuts. Speaks just enough MCP (initialize,
// tools/list, ping) for a client to list its tools; it never calls out.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const { tools, prefix = "", descriptions = [], instructions } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const listed = tools.map((name, index) => ({
  name,
  description: `oracle tool ${prefix}${index}${descriptions[index] ?? ''}`,
  inputSchema: { type: 'object', properties: {} },
}));

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined || message.id === null) return;
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  switch (message.method) {
    case 'initialize':
      reply({
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'oracle-fixture', version: '1.0.0' },
        ...(instructions === undefined ? {} : { instructions }),
      });
      break;
    case 'tools/list':
      reply({ tools: listed });
      break;
    case 'ping':
      reply({});
      break;
    default:
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `no method ${message.method}` } });
  }
});
