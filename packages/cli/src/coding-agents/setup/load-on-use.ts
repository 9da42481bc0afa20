/**
 * A module loaded the first time setup needs it, synchronously. The agent registry imports
 * every agent's setup edits, so `plankeeper hook` (started on every tool call) and every other
 * command load them too: what only setup uses (the TOML parser, node:crypto, whose start-up
 * alone costs milliseconds) must not load with them.
 */
import { createRequire } from 'node:module';

export function loadOnUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= createRequire(import.meta.url)(id) as T;
    return loaded;
  };
}
