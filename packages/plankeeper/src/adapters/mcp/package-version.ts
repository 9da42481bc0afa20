/** plankeeper's version, as the MCP server reports it in serverInfo. */
import { createRequire } from 'node:module';

let version: string | undefined;

/**
 * plankeeper's version for serverInfo, read once from the package manifest, found by the
 * package's name rather than by a path from this file: a bundle that carries this code (the
 * CLI's `plankeeper mcp`) is somewhere else and still finds the manifest.
 */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const manifest = createRequire(import.meta.url)('plankeeper/package.json');
      version = (manifest as { version: string }).version;
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
