/**
 * The MCP server and the official SDK client joined by an in-memory linked pair, for the
 * adapter tests. Every client `connectClient` opens is closed after each test.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createPlanMcpServer, type PlanMcpServerOptions } from 'plankeeper/mcp';
import { afterEach } from 'vitest';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

/** A new server for `options` and a client connected to it. */
export async function connectClient(options: PlanMcpServerOptions) {
  const server = createPlanMcpServer(options);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'plankeeper-test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  clients.push(client);
  return { client, server };
}
