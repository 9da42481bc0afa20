/**
 * The first line an MCP client sends over stdio: what a coding agent waits on at every
 * session start, and what the start-up tests answer to see which modules it loads.
 */
export const INITIALIZE_LINE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
})}\n`;
