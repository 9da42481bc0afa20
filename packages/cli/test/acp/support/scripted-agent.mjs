// A minimal ACP agent for the proxy's tests: answers `initialize`, `session/new` (session
// "s-1"), `session/load` and `session/resume`, and sends each session request it got back to
// the editor as an `_test/got` notification, so the test sees the MCP servers the proxy added.
import { createInterface } from 'node:readline';

const write = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    write({
      id: message.id,
      result: { protocolVersion: 1, agentCapabilities: { loadSession: true } },
    });
  } else if (['session/new', 'session/load', 'session/resume'].includes(message.method)) {
    write({ method: '_test/got', params: message });
    write({ id: message.id, result: message.method === 'session/new' ? { sessionId: 's-1' } : {} });
  }
});
