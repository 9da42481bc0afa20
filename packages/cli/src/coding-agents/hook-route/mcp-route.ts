/**
 * The MCP server of an agent whose plugin keeps a plankeeper process beside it, served by that
 * process (MCP_ROUTE_AGENTS: OpenCode, whose plugin starts `plankeeper hook opencode --serve`
 * as OpenCode loads it). The agent's MCP command is a bash relay (mcp-relay.ts) that hands its
 * stdio to this process over a loopback port named in a 0600 route file, so the session's
 * first model call waits for a bash start and a round trip rather than a second Node start.
 * The relay runs the real `plankeeper mcp` itself when there is no live route or this
 * process declines (`no`: words this version does not read, the relay's command says why).
 *
 * Each connection is served as `plankeeper mcp` serves stdio (`serve`): its own store, opened
 * for it and closed when the client leaves.
 */
import type { Socket } from 'node:net';
import { type Readable, Transform, type Writable } from 'node:stream';
import { readHandshake } from './mcp-handshake.js';
import { RELAY_END } from './mcp-relay.js';
import { mcpRouteFilePath } from './route-file.js';
import { listenWithRoute } from './routed-server.js';

/** Serves one MCP connection over `stdio` until the client leaves. */
export type ServeStdio = (stdio: { stdin: Readable; stdout: Writable }) => Promise<void>;

export interface McpRouteOptions {
  agent: string;
  /** The project: where the agent runs its MCP command, and so where the relay looks. */
  cwd: string;
  /** What serves the connection of `words` (an `mcp` command); undefined: the relay's own. */
  serve: (words: readonly string[]) => Promise<ServeStdio | undefined>;
  stderr: { write(text: string): unknown };
}

export interface McpRoute {
  readonly routeFile: string;
  /** Connections served so far. */
  readonly served: number;
  close(): Promise<void>;
}

/** A client that has not finished its handshake in this long is dropped. */
const HANDSHAKE_MS = 5000;

export async function startMcpRoute(options: McpRouteOptions): Promise<McpRoute> {
  const counts = { served: 0 };
  const routeFile = mcpRouteFilePath(options.cwd, options.agent);
  const sockets = new Set<Socket>();
  const server = await listenWithRoute(routeFile, (socket, secret) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    accept(socket, secret, options, counts);
  });
  return {
    routeFile,
    get served() {
      return counts.served;
    },
    async close() {
      // The resident's life is its host's (stdin): an MCP connection does not outlive it.
      for (const socket of sockets) socket.destroy();
      await server.close();
    },
  };
}

function accept(
  socket: Socket,
  secret: string,
  options: McpRouteOptions,
  counts: { served: number },
): void {
  let received = Buffer.alloc(0);
  socket.on('error', () => {});
  socket.setTimeout(HANDSHAKE_MS, () => socket.destroy());
  const onData = (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    const handshake = readHandshake(received, secret);
    if (handshake.kind === 'more') return;
    socket.off('data', onData);
    socket.pause();
    if (handshake.kind === 'refused') {
      socket.destroy();
      return;
    }
    socket.setTimeout(0);
    if (handshake.rest.length > 0) socket.unshift(handshake.rest);
    void hand(socket, handshake.words, options, counts);
  };
  socket.on('data', onData);
}

async function hand(
  socket: Socket,
  words: readonly string[],
  options: McpRouteOptions,
  counts: { served: number },
): Promise<void> {
  try {
    const serve = await options.serve(words);
    if (!serve) {
      socket.end('no\n');
      return;
    }
    counts.served++;
    socket.write('ok\n');
    // Read through a stream that keeps what arrives until the server listens (its store opens
    // first): the socket itself, paused for the handshake, would not flow again by itself.
    // It ends where the relay says its stdin ended.
    const stdin = inputUntilEnd();
    socket.pipe(stdin);
    await serve({ stdin, stdout: socket });
  } catch (error) {
    options.stderr.write(
      `plankeeper hook: the MCP connection failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  } finally {
    socket.end();
  }
}

/** The bytes before RELAY_END, then the end. */
function inputUntilEnd(): Transform {
  let ended = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (ended) return done();
      const at = chunk.indexOf(RELAY_END);
      if (at < 0) return done(null, chunk);
      ended = true;
      this.push(chunk.subarray(0, at));
      this.push(null);
      done();
    },
  });
}
