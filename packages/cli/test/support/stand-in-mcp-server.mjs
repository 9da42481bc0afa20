#!/usr/bin/env node
// The stand-in MCP server of the coding-agent tests: a tiny stdio server (newline-delimited
// JSON-RPC 2.0, no dependencies) beside plankeeper's own, to see what a host sends an MCP
// server and what it hands its model of a tool result. Start it (and read its log) through
// stand-in-mcp-server.ts:
//
//   node stand-in-mcp-server.mjs <log> [--tool todo_write|echo|show_plan] [--structured]
//                                      [--text <text>]
//
// It offers the one tool named by --tool (default todo_write):
// - todo_write ({ todos }): "Todo list saved (N items)." and a "- #i <content>" line per item;
//   structured: { items: the todos with ids, version: 1 }.
// - echo ({ text }): "ECHO TEXT: <text>"; structured: { echoed: <text> }.
// - show_plan ({ note? }): a fixed plan text; structured: a plan that says something different
//   (version 3), so a test can tell which of the two the model got.
// --structured adds that `structuredContent` to every result; --text answers every call with
// this text instead of the tool's own.
//
// It appends JSON lines to <log>: {kind: "start", pid, ppid, argv, env} when it starts, then
// {kind: "message", message} for every JSON-RPC message it receives.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [log, ...flags] = process.argv.slice(2);
const option = (name) => {
  const index = flags.indexOf(name);
  return index === -1 ? undefined : flags[index + 1];
};
const structured = flags.includes('--structured');
const fixedText = option('--text');

const TODOS_SCHEMA = {
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
};

const PLAN_TEXT = 'Plan (2 open):\n#1 [ ] Write the parser\n#2 [ ] Test the parser';
const PLAN_DATA = {
  items: [
    { id: 1, content: 'Write the parser', status: 'pending' },
    { id: 2, content: 'Test the parser', status: 'pending' },
  ],
  version: 3,
};

/** Each tool: its definition, its text answer and its structured answer for the arguments. */
const TOOLS = {
  todo_write: {
    description: 'Replace the todo list with these items.',
    inputSchema: TODOS_SCHEMA,
    text: (args) => {
      const todos = Array.isArray(args?.todos) ? args.todos : [];
      return [
        `Todo list saved (${todos.length} items).`,
        ...todos.map((todo, index) => `- #${index + 1} ${todo.content}`),
      ].join('\n');
    },
    structured: (args) => {
      const todos = Array.isArray(args?.todos) ? args.todos : [];
      return { items: todos.map((todo, index) => ({ id: index + 1, ...todo })), version: 1 };
    },
  },
  echo: {
    description: 'Echoes the text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    text: (args) => `ECHO TEXT: ${String(args?.text ?? '')}`,
    structured: (args) => ({ echoed: String(args?.text ?? '') }),
  },
  show_plan: {
    description: 'Show the current plan.',
    inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
    text: () => PLAN_TEXT,
    structured: () => PLAN_DATA,
  },
};

const name = option('--tool') ?? 'todo_write';
const tool = TOOLS[name];
if (log === undefined || tool === undefined) {
  process.stderr.write(
    'usage: stand-in-mcp-server.mjs <log> [--tool todo_write|echo|show_plan] [--structured]' +
      ' [--text <text>]\n',
  );
  process.exit(2);
}

const record = (entry) => appendFileSync(log, `${JSON.stringify(entry)}\n`);
const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

record({
  kind: 'start',
  pid: process.pid,
  ppid: process.ppid,
  argv: process.argv.slice(2),
  env: process.env,
});

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  record({ kind: 'message', message });
  if (message.id === undefined) return; // a notification
  const { id, method, params } = message;
  switch (method) {
    case 'initialize':
      send({
        id,
        result: {
          protocolVersion: params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'stand-in', version: '1.0.0' },
        },
      });
      return;
    case 'ping':
      send({ id, result: {} });
      return;
    case 'tools/list':
      send({
        id,
        result: {
          tools: [{ name, description: tool.description, inputSchema: tool.inputSchema }],
        },
      });
      return;
    case 'tools/call': {
      const args = params?.arguments;
      send({
        id,
        result: {
          content: [{ type: 'text', text: fixedText ?? tool.text(args) }],
          ...(structured && { structuredContent: tool.structured(args) }),
        },
      });
      return;
    }
    default:
      send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
