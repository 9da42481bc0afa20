/** The dashboard listening, or why it cannot, in words a person can act on. */
import type { createServer } from 'node:http';
import { DashboardError } from './dashboard-error.js';

export function listen(server: ReturnType<typeof createServer>, host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      reject(
        new DashboardError(`Cannot listen on ${host}:${port}: ${listenProblem(error)}`, {
          cause: error,
        }),
      );
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

function listenProblem(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'the port is already in use.';
    case 'EADDRNOTAVAIL':
      return 'that address does not belong to this machine.';
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges).';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve.';
    default:
      return error.message;
  }
}
