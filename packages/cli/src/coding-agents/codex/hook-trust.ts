/**
 * `[hooks.state."<key>"] trusted_hash` lines for plankeeper's handlers in Codex's hooks.json:
 * Codex runs a hook only once it is trusted, and setup records its own hooks as trusted (what
 * /hooks in the TUI stores), never the person's.
 */
import { isObject, type JsonObject, sameJson } from '../setup/json-file.js';
import { loadOnUse } from '../setup/load-on-use.js';
import type { FileEdit } from '../setup/types.js';

/** For the trust hashes only; not loaded by the hook, which imports the setup modules too. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');

export interface HookTrust {
  key: string;
  hash: string;
}

/**
 * The trust of each handler in `hooks` (hooks.json after setup's edit) that is setup's own on
 * one of `events` (`handlerOf`). The key is `<hooks.json path>:<event in snake_case>:<group
 * index>:<handler index>`; the hash is the sha256 of the handler's group as canonical JSON
 * (keys sorted, no spaces, matcher omitted when absent): both as `codex app-server` hooks/list
 * reports them (Codex 0.171.0; the Codex real-CLI test runs the hooks without
 * --dangerously-bypass-hook-trust). A mismatch after a Codex change only means Codex asks for
 * trust again (an untrusted hook is skipped).
 */
export function hookTrust(
  hooks: FileEdit,
  events: readonly string[],
  handlerOf: (event: string) => JsonObject,
): HookTrust[] {
  if (hooks.after === undefined) return [];
  const groups = (JSON.parse(hooks.after) as { hooks?: Record<string, unknown[]> }).hooks ?? {};
  const trust: HookTrust[] = [];
  for (const event of events) {
    const snake = event.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
    (groups[event] ?? []).forEach((group, groupIndex) => {
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : [];
      handlers.forEach((handler, handlerIndex) => {
        if (!isObject(handler) || typeof handler.command !== 'string') return;
        if (!sameJson(handler, handlerOf(event))) return;
        const hash = trustHash(snake, handler, group);
        trust.push({ key: `${hooks.path}:${snake}:${groupIndex}:${handlerIndex}`, hash });
      });
    });
  }
  return trust;
}

/** The sha256 of the handler's group as Codex hashes it (see hookTrust). */
function trustHash(snake: string, handler: JsonObject, group: unknown): string {
  const canonical = JSON.stringify({
    event_name: snake,
    hooks: [{ async: false, command: handler.command, timeout: handler.timeout, type: 'command' }],
    ...(isObject(group) && typeof group.matcher === 'string' && { matcher: group.matcher }),
  });
  return crypto().createHash('sha256').update(canonical).digest('hex');
}
