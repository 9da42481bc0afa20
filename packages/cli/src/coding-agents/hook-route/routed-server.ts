/**
 * A loopback TCP server found through a route file (route-file.ts): it listens on 127.0.0.1 at
 * any free port, then writes `<pid> <port> <secret>` (a secret new at every start) to
 * `routeFile`, and takes that line out again when it is closed or the process exits, so no
 * client knocks at a dead port. Unref'd: it keeps no process alive. The resident hook answerer
 * (resident-answerer.ts) and the resident MCP route (mcp-route.ts) each listen so.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { type Route, removeRoute, writeRoute } from './route-file.js';

export interface RoutedServer {
  readonly route: Route;
  close(): Promise<void>;
}

export async function listenWithRoute(
  routeFile: string,
  onConnection: (socket: Socket, secret: string) => void,
): Promise<RoutedServer> {
  const secret = randomBytes(24).toString('hex');
  const server = createServer((socket) => onConnection(socket, secret));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  // Resolves once the connections still open have ended.
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const route: Route = {
    pid: process.pid,
    port: (server.address() as { port: number }).port,
    secret,
  };
  try {
    writeRoute(routeFile, route);
  } catch (error) {
    await close();
    throw error;
  }
  const leave = () => removeRoute(routeFile, route);
  process.once('exit', leave);
  return {
    route,
    async close() {
      process.off('exit', leave);
      leave();
      await close();
    },
  };
}
