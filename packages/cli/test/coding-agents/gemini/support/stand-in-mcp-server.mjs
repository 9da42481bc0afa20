#!/usr/bin/env node
/**
 * A tiny stdio MCP server (newline-delimited JSON-RPC, no SDK) standing in for plankeeper's:
 * one tool, `todo_write`, whose result carries BOTH a text block and `structuredContent`,
 * so a test sees which of the two the host hands its model.
 *
 *   node stand-in-mcp-server.mjs <log-file>
 *
 * It appends to <log-file> one JSON line at start (`{kind: "start", pid, ppid, env}`) and one
 * per message received (`{kind: "rpc", message}`).
 */
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const STAND_IN_TEXT = 'Stand-in plan:\n- [>] #1 Write the parser\n- [ ] #2 Test it';
const log = process.argv[2];
const record = (entry) => {
  if (log) appendFileSync(log, `${JSON.stringify(entry)}\n`);
};
record({ kind: 'start', pid: process.pid, ppid: process.ppid, env: process.env });

const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const tools = [
  {
    name: 'todo_write',
    description: 'Replace the todo list.',
    inputSchema: {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          items: {
            type: 'object',
            properties: { content: { type: 'string' }, status: { type: 'string' } },
            required: ['content', 'status'],
          },
        },
      },
      required: ['todos'],
    },
  },
];

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const message = JSON.parse(line);
  record({ kind: 'rpc', message });
  if (message.id === undefined) return; // a notification
  switch (message.method) {
    case 'initialize':
      return send({
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'stand-in', version: '1.0.0' },
        },
      });
    case 'ping':
      return send({ id: message.id, result: {} });
    case 'tools/list':
      return send({ id: message.id, result: { tools } });
    case 'tools/call': {
      const todos = message.params?.arguments?.todos ?? [];
      return send({
        id: message.id,
        result: {
          content: [{ type: 'text', text: STAND_IN_TEXT }],
          structuredContent: {
            items: todos.map((todo, index) => ({ id: index + 1, ...todo })),
            version: 1,
          },
        },
      });
    }
    default:
      return send({
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      });
  }
});
