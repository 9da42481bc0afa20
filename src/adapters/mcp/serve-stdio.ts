/**
 * Serves the plan tools over stdio: one connection, the process's stdin and stdout.
 * Stdout carries protocol messages only; anything else must go to stderr.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  createPlanMcpServer,
  type PlanMcpServer,
  type PlanMcpServerOptions,
} from './plan-mcp-server.js';

export interface StdioServeOptions extends PlanMcpServerOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. */
  stdout?: Writable;
}

export interface StdioHandle {
  server: PlanMcpServer;
  /** Resolves when the client goes away (stdin ends) or `close()` is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveStdio(options: StdioServeOptions): Promise<StdioHandle> {
  const { stdin = process.stdin, stdout = process.stdout, ...serverOptions } = options;
  const server = createPlanMcpServer(serverOptions);
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The SDK transport does not notice a closed stdin; without this the process would hang.
  const onEnd = () => {
    server.close().catch(() => {});
  };
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  await server.connect(transport);
  return {
    server,
    closed,
    async close() {
      stdin.off('end', onEnd);
      stdin.off('close', onEnd);
      await server.close();
    },
  };
}
