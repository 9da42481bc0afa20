/**
 * Why the MCP HTTP server could not listen, as one line with what to do. Without it a
 * host name that does not resolve surfaced as a bare `getaddrinfo ENOTFOUND`, which reads
 * like a lost connection (the CLI took it for the plan store's).
 */
import { ConfigurationError } from '../../engine/errors.js';

/** Resolver codes: the bind address is a name nothing resolves. */
export const UNRESOLVED_HOST_CODES: readonly string[] = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'];

/** `cause` keeps the system error, so callers can still tell the cases apart by `code`. */
export function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const problem = listenProblem(error);
  if (problem === undefined) return error;
  return new ConfigurationError(`Cannot serve MCP on ${host}:${port}: ${problem}`, {
    cause: error,
  });
}

function listenProblem(error: NodeJS.ErrnoException): string | undefined {
  if (error.code !== undefined && UNRESOLVED_HOST_CODES.includes(error.code)) {
    return `the host name does not resolve to an address (${error.code}). Use an address such as 127.0.0.1, or add the name to the hosts file.`;
  }
  switch (error.code) {
    case 'EADDRINUSE':
      return 'the port is already in use. Pick another, or 0 for any free port.';
    case 'EADDRNOTAVAIL':
      return 'that address does not belong to this machine. Use 127.0.0.1 or one of its own addresses.';
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges). Pick a port above 1023.';
    default:
      return undefined;
  }
}
