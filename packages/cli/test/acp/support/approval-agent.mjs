// An ACP agent whose model writes a plan at once: on `session/new` it answers (session "s-1"),
// starts the MCP server the proxy added (the real `plankeeper mcp`) and calls its todo_write,
// as a model would. With `--approval` the plan then waits for a person.
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const write = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

async function writePlan(server) {
  const client = new Client({ name: 'approval-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args }));
  await client.callTool({
    name: 'todo_write',
    arguments: {
      todos: [
        { content: 'Write the parser', status: 'in_progress' },
        { content: 'Test the parser', status: 'pending' },
      ],
    },
  });
  await client.close();
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    write({ id: message.id, result: { protocolVersion: 1, agentCapabilities: {} } });
  } else if (message.method === 'session/new') {
    write({ id: message.id, result: { sessionId: 's-1' } });
    const server = message.params.mcpServers.find((each) => each.name === 'plankeeper');
    writePlan(server).catch((error) => process.stderr.write(`approval-agent: ${error}\n`));
  } else if ('id' in message && 'method' in message) {
    write({ id: message.id, error: { code: -32601, message: 'not in this script' } });
  }
});
