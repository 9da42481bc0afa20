// A stand-in MCP server over stdio (newline-delimited JSON-RPC 2.0), with no dependencies,
// for seeing exactly what OpenCode does with a tool result.
//
//   node standin-mcp-server.mjs <record-file> [--no-structured]
//
// Tool `show_plan` answers a text content block ("#1 [ ] Write the parser" ...) and, unless
// --no-structured, a `structuredContent` object ({"items": [...], "version": 3}) that says
// something different, so a test can tell which of the two the model got. Every message
// received, plus the server's environment and arguments at start, is appended as a JSON
// line to <record-file>.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [recordFile, ...flags] = process.argv.slice(2);
const structured = !flags.includes('--no-structured');

const PLAN_TEXT = 'Plan (2 open):\n#1 [ ] Write the parser\n#2 [ ] Test the parser';
const PLAN_DATA = {
  items: [
    { id: 1, content: 'Write the parser', status: 'pending' },
    { id: 2, content: 'Test the parser', status: 'pending' },
  ],
  version: 3,
};

function record(entry) {
  if (recordFile) appendFileSync(recordFile, `${JSON.stringify(entry)}\n`);
}

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

record({ kind: 'start', pid: process.pid, argv: process.argv.slice(2), env: process.env });

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  record({ kind: 'message', message });
  const { id, method, params } = message;
  if (method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'standin', version: '0.0.1' },
      },
    });
  } else if (method === 'tools/list') {
    send({
      jsonrpc: '2.0',
      id,
      result: {
        tools: [
          {
            name: 'show_plan',
            description: 'Show the current plan.',
            inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
          },
        ],
      },
    });
  } else if (method === 'tools/call') {
    send({
      jsonrpc: '2.0',
      id,
      result: {
        content: [{ type: 'text', text: PLAN_TEXT }],
        ...(structured && { structuredContent: PLAN_DATA }),
      },
    });
  } else if (method === 'ping') {
    send({ jsonrpc: '2.0', id, result: {} });
  } else if (id !== undefined) {
    send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
