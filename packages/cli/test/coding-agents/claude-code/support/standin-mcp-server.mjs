#!/usr/bin/env node
// A tiny MCP stdio server for tests: `node standin-mcp-server.mjs --log <file> [--structured]`.
// Offers one tool, `todo_write`, whose result text renders the items as "- #1 <content>".
// With --structured the result also carries `structuredContent` ({items, version}), as
// plankeeper's results once did, to show what the host hands its model in that case.
// Appends to the log file, one JSON line each: {"env": {...}} at start (the variables whose
// names start with CLAUDE, AI_AGENT or MCP), then {"received": <message>} per JSON-RPC message.
// Newline-delimited JSON-RPC 2.0 over stdin/stdout, no dependencies.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const logIndex = args.indexOf('--log');
const log = logIndex >= 0 ? args[logIndex + 1] : undefined;
const structured = args.includes('--structured');
const record = (entry) => {
  if (log) appendFileSync(log, `${JSON.stringify(entry)}\n`);
};
record({
  env: Object.fromEntries(
    Object.entries(process.env).filter(([name]) => /^(CLAUDE|AI_AGENT|MCP)/.test(name)),
  ),
});

const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const TOOL = {
  name: 'todo_write',
  description: 'Replace the todo list with these items.',
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
};

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  record({ received: message });
  if (message.id === undefined) return; // a notification
  switch (message.method) {
    case 'initialize':
      send({
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'standin', version: '1.0.0' },
        },
      });
      return;
    case 'tools/list':
      send({ id: message.id, result: { tools: [TOOL] } });
      return;
    case 'tools/call': {
      const todos = Array.isArray(message.params?.arguments?.todos)
        ? message.params.arguments.todos
        : [];
      const text = [
        `Todo list saved (${todos.length} items).`,
        ...todos.map((todo, index) => `- #${index + 1} ${todo.content}`),
      ].join('\n');
      const items = todos.map((todo, index) => ({ id: index + 1, ...todo }));
      send({
        id: message.id,
        result: {
          content: [{ type: 'text', text }],
          ...(structured && { structuredContent: { items, version: 1 } }),
        },
      });
      return;
    }
    case 'ping':
      send({ id: message.id, result: {} });
      return;
    default:
      send({
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      });
  }
});
