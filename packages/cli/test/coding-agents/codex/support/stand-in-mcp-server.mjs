#!/usr/bin/env node
// A tiny MCP server over stdio for tests: `node stand-in-mcp-server.mjs <log> [--structured]`.
// Offers one tool, `echo` ({ text }), answering with the text content `ECHO TEXT: <text>`;
// with --structured the result also carries `structuredContent: { echoed: <text> }`.
// Appends every JSON-RPC message it receives to <log> (one per line) and writes the
// environment it was started with to <log>.env.json, so a test can read what Codex sent
// (the `_meta` of tools/call carries sessionId and threadId).
import { appendFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const log = process.argv[2];
const structured = process.argv.includes('--structured');
if (log === undefined) {
  process.stderr.write('usage: stand-in-mcp-server.mjs <log> [--structured]\n');
  process.exit(2);
}
writeFileSync(`${log}.env.json`, JSON.stringify(process.env, null, 2));

const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const echo = {
  name: 'echo',
  description: 'Echoes the text back.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
  },
};

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  appendFileSync(log, `${line}\n`);
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const { id, method, params } = message;
  if (method === 'initialize') {
    send({
      id,
      result: {
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'stand-in', version: '1.0.0' },
      },
    });
  } else if (method === 'tools/list') {
    send({ id, result: { tools: [echo] } });
  } else if (method === 'tools/call') {
    const text = String(params.arguments?.text ?? '');
    send({
      id,
      result: {
        content: [{ type: 'text', text: `ECHO TEXT: ${text}` }],
        ...(structured ? { structuredContent: { echoed: text } } : {}),
      },
    });
  } else {
    send({ id, error: { code: -32601, message: `method not found: ${method}` } });
  }
});
