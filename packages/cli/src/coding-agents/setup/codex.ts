/**
 * Codex: it reads MCP servers and hooks from the user's `$CODEX_HOME` (default ~/.codex),
 * and a project's `.codex/` only once the project is trusted, so setup writes the user
 * level: `[mcp_servers.plankeeper]` in config.toml (`required = true`: Codex waits for the
 * server instead of starting the turn without its tools; `default_tools_approval_mode =
 * "approve"`: no approval asked, which `exec` could not answer anyway) and the hooks in
 * hooks.json. Codex then runs a hook only after the person trusted it (/hooks in the TUI,
 * stored as a hash in config.toml); the report says so rather than forging that hash.
 */
import { join } from 'node:path';
import { hookArgs, isPlankeeperHookCommand, mcpArgs, shellCommand } from './commands.js';
import { eventsWithOurs, type HookPlan, putHook, removeHook } from './hook-groups.js';
import { editJson } from './json-edit.js';
import { isObject } from './json-file.js';
import { parseToml, tomlString, withBlock, withoutBlock } from './toml-block.js';
import { type FileEdit, type ReadText, SetupConfigError, type SetupContext } from './types.js';

export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
] as const;

/** Seconds; a plankeeper hook answers in well under one. */
const HOOK_TIMEOUT = 10;

export function codexEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  return [configEdit(ctx, read, remove), hooksEdit(ctx, read, remove)];
}

function configEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.codexHome, 'config.toml');
  const before = read(path);
  const text = before ?? '';
  parseToml(path, text);
  const { text: userText, found } = withoutBlock(text);
  if (remove) {
    if (!found) return { path, before, after: before, changes: [] };
    return {
      path,
      before,
      after: userText,
      changes: ['[mcp_servers.plankeeper]'],
      empty: userText.trim() === '',
    };
  }
  const servers = parseToml(path, userText).mcp_servers;
  if (isObject(servers) && 'plankeeper' in servers) {
    throw new SetupConfigError(
      path,
      'already defines [mcp_servers.plankeeper] outside plankeeper setup’s block; delete that table, then run setup again',
    );
  }
  const args = mcpArgs(ctx).map(tomlString).join(', ');
  const block = [
    '[mcp_servers.plankeeper]',
    `command = ${tomlString(ctx.node)}`,
    `args = [${args}]`,
    'required = true',
    'default_tools_approval_mode = "approve"',
    'startup_timeout_sec = 20',
    '',
  ].join('\n');
  const after = withBlock(text, block);
  // The block must not clash with the user's TOML (say, an inline `mcp_servers = {...}`).
  parseToml(path, after);
  return { path, before, after, changes: after === before ? [] : ['[mcp_servers.plankeeper]'] };
}

function hooksEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.codexHome, 'hooks.json');
  return editJson(path, read, (settings, changes) => {
    const plan: HookPlan = {
      path,
      settings,
      isOurs: (handler) =>
        typeof handler.command === 'string' && isPlankeeperHookCommand(handler.command, ctx.agent),
    };
    for (const event of eventsWithOurs(plan)) {
      const unused = !(CODEX_EVENTS as readonly string[]).includes(event);
      if ((remove || unused) && removeHook(plan, event)) {
        changes.push(remove ? `hooks.${event}` : `hooks.${event} (no longer used)`);
      }
    }
    if (remove) return;
    for (const event of CODEX_EVENTS) {
      const handler = {
        type: 'command',
        command: shellCommand([ctx.node, ...hookArgs(ctx, event)]),
        timeout: HOOK_TIMEOUT,
      };
      if (putHook(plan, event, { hooks: [handler] })) changes.push(`hooks.${event}`);
    }
  });
}
