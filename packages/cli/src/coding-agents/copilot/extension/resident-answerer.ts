/**
 * How the extension asks plankeeper: the resident answerer of the MCP server Copilot started
 * for the project (`plankeeper mcp --for copilot`) when its route is up, else one
 * `plankeeper hook copilot --serve` process for the session, else a process per event
 * (../../resident-client/), each answer Copilot's hook output as it stands (hook-output.ts).
 * Copilot runs an extension in its own Node (v24 in 1.0.102), not the one plankeeper's native
 * SQLite driver was built for, so the answers come from a plankeeper process, not from
 * plankeeper loaded here.
 */
import type { AskHook } from '../../resident-client/hook-client.js';
import { routedClient } from '../../resident-client/routed-client.js';
import { type ExtensionSettings, timeoutFor } from './extension-settings.js';
import { hookOutput } from './hook-output.js';

export function residentAnswerer(
  settings: ExtensionSettings,
  cwd: string,
  log: (line: string) => void,
): AskHook<object> {
  return routedClient(
    {
      command: settings.command,
      options: settings.options,
      cwd,
      timeoutFor: (event) => timeoutFor(settings, event),
      parse: hookOutput,
      log,
    },
    'copilot',
  );
}
