/** Why `plankeeper mcp --http` could not listen, as a one-line CLI error a user can act on. */
import { CliError } from '../../cli-error.js';
import { EXIT } from '../../exit-codes.js';
import type { McpSettings } from './mcp-settings.js';

/** Listening failures a user can fix (port taken, no permission, a host that does not resolve) as one-line CLI errors. */
export async function listen<T>(start: () => Promise<T>, settings: McpSettings): Promise<T> {
  try {
    return await start();
  } catch (error) {
    // serveHttp words these itself and keeps the system error as the cause.
    const system = ((error as { cause?: unknown }).cause ?? error) as NodeJS.ErrnoException;
    const host = settings.http?.host;
    const where = `${host}:${settings.http?.port}`;
    switch (system.code) {
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'EAI_NONAME':
        throw new CliError(
          `--host ${host}: the name does not resolve to an address (${system.code}). Use --host 127.0.0.1, or add the name to the hosts file.`,
          EXIT.config,
        );
      case 'EADDRINUSE':
        throw new CliError(
          `cannot listen on ${where}: the port is already in use. Pick another with --http, or --http 0 for any free port.`,
          EXIT.config,
        );
      case 'EACCES':
      case 'EADDRNOTAVAIL':
        throw new CliError((error as Error).message, EXIT.config);
    }
    throw error;
  }
}
