/**
 * Claude Code configuration pieces for tests, in the CLI's own formats:
 * - project `.mcp.json`: `{"mcpServers": {<name>: {"type": "stdio", "command", "args", "env"}}}`
 *   (user scope instead: the same `mcpServers` object at the top of `$HOME/.claude.json`);
 * - `.claude/settings.json` (project) or `$HOME/.claude/settings.json` (user):
 *   `{"permissions": {"allow": ["mcp__<server>"]}, "hooks": {<Event>: [{"matcher"?, "hooks":
 *   [{"type": "command", "command", "args"?, "timeout"?}]}]}}`. With `args` the command is
 *   spawned directly (exec form, no shell).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standInMcpArgs } from '../../../support/stand-in-mcp-server.js';
import { PLANKEEPER_BIN, SUPPORT_DIR } from './claude-runner.js';

export interface McpServerEntry {
  type: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** `plankeeper mcp --store <store>` through the repository launcher. */
export function plankeeperMcpServer(
  store: string,
  extraArgs: readonly string[] = [],
): McpServerEntry {
  return {
    type: 'stdio',
    command: process.execPath,
    args: [PLANKEEPER_BIN, 'mcp', '--store', store, ...extraArgs],
  };
}

/** The stand-in MCP server (support/stand-in-mcp-server.mjs, tool `todo_write`), logging to log. */
export function standinMcpServer(
  log: string,
  options: { structured?: boolean } = {},
): McpServerEntry {
  return {
    type: 'stdio',
    command: process.execPath,
    args: standInMcpArgs(log, { tool: 'todo_write', structured: options.structured ?? false }),
  };
}

export function mcpJson(servers: Record<string, McpServerEntry>): Record<string, unknown> {
  return { mcpServers: servers };
}

/** Every hook event Claude Code 2.1.328 defines (its SDK schema's hook_event_name values). */
export const ALL_HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'PreModelSwitch',
  'PostModelSwitch',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'MessageDisplay',
] as const;

export type HookEvent = (typeof ALL_HOOK_EVENTS)[number];

/**
 * `hooks` settings that run support/hook-recorder.mjs for each event (exec form), which saves
 * each input as `<dir>/<Event>-<n>.json`. No matcher: every tool / source matches.
 */
export function recordingHooks(
  dir: string,
  events: readonly HookEvent[],
  options: { timeoutSeconds?: number } = {},
): Record<string, unknown> {
  return Object.fromEntries(
    events.map((event) => [
      event,
      [
        {
          hooks: [
            {
              type: 'command',
              command: process.execPath,
              args: [join(SUPPORT_DIR, 'hook-recorder.mjs'), dir, event],
              timeout: options.timeoutSeconds ?? 20,
            },
          ],
        },
      ],
    ]),
  );
}

/** The hook events `plankeeper setup claude-code` registers. */
export const PLANKEEPER_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
] as const satisfies readonly HookEvent[];

let setupHandlers:
  | Record<string, Array<{ matcher?: string; hooks: Array<{ type: string }> }>>
  | undefined;

/** The hooks `plankeeper setup claude-code` writes, read once from a throwaway project. */
function hooksSetupWrites() {
  if (setupHandlers) return setupHandlers;
  const dir = mkdtempSync(join(tmpdir(), 'pk-claude-hooks-'));
  try {
    const setup = spawnSync(process.execPath, [PLANKEEPER_BIN, 'setup', 'claude-code'], {
      cwd: dir,
      env: { ...process.env, HOME: dir },
      encoding: 'utf8',
    });
    if (setup.status !== 0) throw new Error(`setup claude-code failed: ${setup.stderr}`);
    setupHandlers = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).hooks;
    return setupHandlers!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `hooks` settings as setup writes them: SessionStart runs
 * `<node> bin/plankeeper.js hook claude-code SessionStart --store <store> [...extraArgs]`, every
 * other event calls the `plankeeper` MCP server's hook tool (mcp_tool), which answers with the
 * server's own store and options. `route: 'command'` runs every event as that command instead
 * (the fallback, and hooks on another store than the server's).
 * `without` leaves events out (e.g. PreToolUse, to see the MCP server's fallback key).
 */
export function plankeeperHooks(
  store: string,
  extraArgs: readonly string[] = [],
  options: { without?: readonly HookEvent[]; route?: 'mcp_tool' | 'command' } = {},
): Record<string, unknown> {
  const written = hooksSetupWrites();
  return Object.fromEntries(
    PLANKEEPER_HOOK_EVENTS.filter((event) => !options.without?.includes(event)).map((event) => {
      // Setup's matchers: PreToolUse for plankeeper's own tools, SessionStart where a session
      // lost its plan (resume, clear, compact).
      const matcher = written[event]?.[0]?.matcher;
      const served =
        options.route === 'command'
          ? undefined
          : written[event]?.[0]?.hooks.find((handler) => handler.type === 'mcp_tool');
      return [
        event,
        [
          {
            ...(matcher !== undefined && { matcher }),
            hooks: [
              served ?? {
                type: 'command',
                command: process.execPath,
                args: [
                  PLANKEEPER_BIN,
                  'hook',
                  'claude-code',
                  event,
                  '--store',
                  store,
                  ...extraArgs,
                ],
                timeout: 10,
              },
            ],
          },
        ],
      ];
    }),
  );
}
