// A fake LLM API on 127.0.0.1 for the client oracle tests. It speaks just enough of each
// protocol the clients use to take one request and end the turn with the text "ok":
// Anthropic Messages (SSE or JSON), OpenAI Responses (SSE), OpenAI chat completions (SSE or
// JSON) and Gemini generateContent / streamGenerateContent. Every request is written, body
// decoded, to `<dir>/request-N.json`; nothing is forwarded anywhere.
//
// Use as a module (`start(dir)` resolves to the port) or alone: `node fake-llm.mjs DIR`
// prints the port on stdout.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';

/** The largest request body kept, so a runaway client cannot fill the memory. */
const MAX_BODY = 64 * 1024 * 1024;

const sse = (res, events) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events) {
    if (event) res.write(`event: ${event}\n`);
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }
  res.end();
};

const json = (res, status, value) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

/**
 * With `select` (a name prefix such as `mcp__limits__`), the first Anthropic request that
 * offers `ToolSearch` and lists deferred tools with that prefix is answered with a
 * `ToolSearch` call selecting them all, so the next request carries their definitions as the
 * client loads them (the limits corpus reads their descriptions and the names it references).
 */
function toolSearchCall(body, select) {
  if (!select || !(body.tools ?? []).some((t) => t.name === 'ToolSearch')) return null;
  const said = JSON.stringify(body.messages ?? []);
  if (said.includes('"tool_result"')) return null;
  const names = [...new Set(JSON.stringify(body).match(/mcp__[A-Za-z0-9_-]+/g) ?? [])]
    .filter((name) => name.startsWith(select));
  return names.length === 0 ? null : { query: `select:${names.join(',')}`, max_results: names.length };
}

/** A fixture tool's origin (`S.T`) from its description `oracle tool S.T ...`. */
const originOf = (description) => /^oracle tool (\d+\.\d+)(?=$|\s)/.exec(description ?? '')?.[1] ?? null;

/**
 * With `call`, the fake model calls every fixture tool the request offers, once: each tool of
 * `tools[]` whose description is `oracle tool S.T`, and each deferred one the request lists as
 * `- "<name>": "oracle tool S.T"` (Qwen Code). Each call's id is `oracle_S_T`, so the result the
 * client sends back is traced to its tool. Nothing is called once the request carries a
 * result: the turn then ends.
 */
function fixtureCalls(body, call) {
  if (!call) return [];
  const said = JSON.stringify(body.messages ?? body.contents ?? []);
  if (said.includes('"tool_result"') || said.includes('"role":"tool"') || said.includes('"functionResponse"')) return [];
  const found = new Map();
  for (const tool of body.tools ?? []) {
    const fn = tool.function ?? tool;
    const at = originOf(fn.description);
    if (at && fn.name) found.set(at, fn.name);
  }
  const texts = [];
  const walk = (value) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(body);
  for (const text of texts) {
    for (const match of text.matchAll(/^- "((?:[^"\\]|\\.)*)": "oracle tool (\d+\.\d+)(?=["\s])/gm)) {
      if (!found.has(match[2])) found.set(match[2], JSON.parse(`"${match[1]}"`));
    }
  }
  return [...found].map(([at, name]) => ({ id: `oracle_${at.replace('.', '_')}`, name }));
}

function anthropic(res, body, select, call) {
  const calls = fixtureCalls(body, call);
  if (calls.length > 0) {
    const message = { id: 'msg_oracle', type: 'message', role: 'assistant', model: body.model ?? 'fake', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
    const uses = calls.map(({ id, name }) => ({ type: 'tool_use', id, name, input: {} }));
    if (!body.stream) {
      json(res, 200, { ...message, content: uses, stop_reason: 'tool_use' });
      return;
    }
    sse(res, [
      ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } }],
      ...uses.flatMap((use, index) => [
        ['content_block_start', { type: 'content_block_start', index, content_block: use }],
        ['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '{}' } }],
        ['content_block_stop', { type: 'content_block_stop', index }],
      ]),
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 1 } }],
      ['message_stop', { type: 'message_stop' }],
    ]);
    return;
  }
  const callSearch = toolSearchCall(body, select);
  const message = {
    id: 'msg_oracle',
    type: 'message',
    role: 'assistant',
    model: body.model ?? 'fake',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
  if (callSearch) {
    const use = { type: 'tool_use', id: 'toolu_oracle', name: 'ToolSearch', input: callSearch };
    if (!body.stream) {
      json(res, 200, { ...message, content: [use], stop_reason: 'tool_use' });
      return;
    }
    sse(res, [
      ['message_start', { type: 'message_start', message }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { ...use, input: {} } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(callSearch) } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 1 } }],
      ['message_stop', { type: 'message_stop' }],
    ]);
    return;
  }
  if (!body.stream) {
    json(res, 200, { ...message, content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' });
    return;
  }
  sse(res, [
    ['message_start', { type: 'message_start', message }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

function responses(res) {
  const usage = { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 };
  const item = { type: 'message', role: 'assistant', id: 'msg_oracle', content: [{ type: 'output_text', text: 'ok', annotations: [] }] };
  sse(res, [
    ['response.created', { type: 'response.created', response: { id: 'resp_oracle' } }],
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response: { id: 'resp_oracle', usage } }],
  ]);
}

function chat(res, body, call) {
  const base = { id: 'chat_oracle', object: 'chat.completion.chunk', created: 0, model: body.model ?? 'fake' };
  const calls = fixtureCalls(body, call).map(({ id, name }, index) => ({ index, id, type: 'function', function: { name, arguments: '{}' } }));
  if (calls.length > 0) {
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    if (!body.stream) {
      json(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: 'tool_calls' }], usage });
      return;
    }
    sse(res, [
      [null, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: null }] }],
      [null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage }],
      [null, '[DONE]'],
    ]);
    return;
  }
  if (!body.stream) {
    json(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    return;
  }
  sse(res, [
    [null, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: 'ok' }, finish_reason: null }] }],
    [null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }],
    [null, '[DONE]'],
  ]);
}

function gemini(res, url, body, call) {
  const calls = fixtureCalls({ tools: (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []), contents: body.contents }, call);
  const parts = calls.length > 0 ? calls.map(({ id, name }) => ({ functionCall: { id, name, args: {} } })) : [{ text: 'ok' }];
  const chunk = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  };
  if (url.includes(':streamGenerateContent')) sse(res, [[null, chunk]]);
  else json(res, 200, chunk);
}

function decode(raw, encoding) {
  switch (encoding) {
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'zstd':
      return zlib.zstdDecompressSync(raw);
    default:
      return raw;
  }
}

/**
 * Serves on an ephemeral port of 127.0.0.1, writing requests into `dir`; resolves to the port.
 * `select`: answer the first Anthropic request with a `ToolSearch` call for the deferred
 * tools whose names start with it (see above). `call`: call every fixture tool offered
 * (`fixtureCalls`).
 */
export function start(dir, { select = null, call = false } = {}) {
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      let text = '';
      try {
        text = decode(Buffer.concat(chunks), req.headers['content-encoding']).toString('utf8');
      } catch (error) {
        text = `<undecodable ${req.headers['content-encoding']} body: ${error.message}>`;
      }
      count += 1;
      writeFileSync(join(dir, `request-${count}.json`), JSON.stringify({ method: req.method, url: req.url, body: text }));
      let body = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        // Not JSON: answered by path alone.
      }
      const path = req.url.split('?')[0];
      if (req.method === 'GET' && path.endsWith('/models')) json(res, 200, { object: 'list', data: [{ id: 'fake', object: 'model' }], models: [] });
      else if (path.endsWith('/messages/count_tokens')) json(res, 200, { input_tokens: 1 });
      else if (path.endsWith('/messages')) anthropic(res, body, select, call);
      else if (path.endsWith('/responses')) responses(res);
      else if (path.endsWith('/chat/completions')) chat(res, body, call);
      else if (path.includes(':generateContent') || path.includes(':streamGenerateContent')) gemini(res, req.url, body, call);
      else if (path.includes(':countTokens')) json(res, 200, { totalTokens: 1 });
      else json(res, 404, { error: { message: `the fake LLM API has no ${req.method} ${path}` } });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, close: () => server.close() }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await start(process.argv[2] ?? '.');
  process.stdout.write(`${port}\n`);
}
