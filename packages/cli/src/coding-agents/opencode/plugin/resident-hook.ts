/**
 * How the plugin asks plankeeper: one `plankeeper hook opencode --serve` process per OpenCode
 * instance, a process per event when it cannot (../../resident-client/), each answer read as
 * `{"context"}` / `{"block"}` / `{"deny"}` (hook-answer.ts). `cwd` is the project OpenCode
 * opened, where the store is found (setup names no directory).
 */
import { mcpRouteFilePath, pendingRoute, writeRoute } from '../../hook-route/route-file.js';
import type { AskHook as AskFor } from '../../resident-client/hook-client.js';
import { residentClient } from '../../resident-client/resident-client.js';
import { type HookAnswer, parseAnswer } from './hook-answer.js';
import { type PluginSettings, timeoutFor } from './plugin-settings.js';

/** Asks plankeeper about one event; resolves to its answer, or undefined for none. */
export type AskHook = AskFor<HookAnswer>;

export function residentHook(
  settings: PluginSettings,
  log: (message: string) => void,
  cwd: string | undefined,
): AskHook {
  return residentClient({
    command: settings.command,
    options: settings.options,
    cwd,
    timeoutFor: (event) => timeoutFor(settings, event),
    parse: parseAnswer,
    log,
    // Nothing of it may keep OpenCode running.
    unref: true,
    // It serves OpenCode's MCP server too, once it listens: until then the relay in
    // opencode.json waits for it (hook-route/mcp-relay.ts).
    started: (pid) => {
      try {
        writeRoute(mcpRouteFilePath(cwd ?? process.cwd(), 'opencode'), pendingRoute(pid));
      } catch {
        // No route: the relay starts the server itself.
      }
    },
  });
}
