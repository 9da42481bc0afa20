/**
 * Serves the plan tools over stdio: one connection, the process's stdin and stdout.
 * Stdout carries protocol messages only; anything else must go to stderr.
 *
 * When stdin ends, requests already received are still answered (a store across the
 * network may take a while) and then the server closes; the SDK transport alone would
 * neither notice the end nor wait. A frame too large or not JSON gets a JSON-RPC error
 * and the server keeps serving (see stdio-line-transport.ts). A call of a host tool is
 * answered from its line, outside the SDK (host-tool-lane.ts).
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError } from '../../engine/errors.js';
import { startHostToolCall } from './host-tool-lane.js';
import {
  createPlanMcpServer,
  type PlanMcpServer,
  type PlanMcpServerOptions,
} from './plan-mcp-server.js';
import { StdioLineTransport } from './stdio-line-transport.js';

export interface StdioServeOptions extends PlanMcpServerOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. */
  stdout?: Writable;
  /** Largest message read, in bytes; a larger one gets an error reply. Default 10 MiB. */
  maxMessageBytes?: number;
}

export interface StdioHandle {
  server: PlanMcpServer;
  /** Resolves when the client goes away (stdin ends) or `close()` is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveStdio(options: StdioServeOptions): Promise<StdioHandle> {
  const {
    stdin = process.stdin,
    stdout = process.stdout,
    maxMessageBytes,
    ...serverOptions
  } = options;
  if (
    maxMessageBytes !== undefined &&
    !(Number.isSafeInteger(maxMessageBytes) && maxMessageBytes > 0)
  ) {
    throw new ConfigurationError(
      `maxMessageBytes must be a positive whole number of bytes, not ${maxMessageBytes}.`,
    );
  }
  const server = createPlanMcpServer(serverOptions);
  const { hostTools } = serverOptions;
  // Host tool calls skip the SDK (host-tool-lane.ts), counted as in flight all the same.
  const takenFirst =
    hostTools && Object.keys(hostTools).length > 0
      ? (value: unknown) => {
          const call = startHostToolCall(value, hostTools);
          if (call) transport.answer(call.id, call.answer);
          return call !== undefined;
        }
      : undefined;
  const transport = new DrainingTransport(
    new StdioLineTransport(stdin, stdout, maxMessageBytes, takenFirst),
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const onEnd = () => {
    transport
      .drained()
      .then(() => server.close())
      .catch(() => {});
  };
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  closed.then(() => {
    stdin.off('end', onEnd);
    stdin.off('close', onEnd);
  });
  await server.connect(transport);
  return { server, closed, close: () => server.close() };
}

/** Passes messages through, counting requests not yet answered. */
class DrainingTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  private pending = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message)) this.pending++;
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => {
      this.release();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]): Promise<void> {
    try {
      await this.inner.send(message, options);
    } finally {
      if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
        this.pending = Math.max(0, this.pending - 1);
        if (this.pending === 0) this.release();
      }
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** A request answered outside the server: in flight until `result` is sent. */
  answer(id: string | number, result: Promise<object>): void {
    this.pending++;
    result
      .then((value) => this.send({ jsonrpc: '2.0', id, result: value } as JSONRPCMessage))
      .catch((error: unknown) => this.onerror?.(error as Error));
  }

  /** Resolves once every request received so far has been answered. */
  drained(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
