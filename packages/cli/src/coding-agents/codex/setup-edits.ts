/**
 * Codex: it reads MCP servers and hooks from the user's `$CODEX_HOME` (default ~/.codex),
 * and a project's `.codex/` only once the project is trusted, so setup writes the user
 * level: `[mcp_servers.plankeeper]` in config.toml (config-toml.ts) and the hooks in
 * hooks.json (here). Codex runs a hook only once it is trusted: setup records plankeeper's own
 * hooks as trusted in its block (hook-trust.ts), and never touches the user's hooks.
 */
import { join } from 'node:path';
import { hookTimeout } from '../setup/check-values.js';
import { hookArgs, shellQuote } from '../setup/commands.js';
import { forwardedCommand, forwarderEdit } from '../setup/forwarder-edit.js';
import {
  eventsWithOurs,
  type HookPlan,
  putHook,
  removeHook,
  SESSION_START_MATCHER,
} from '../setup/hook-groups.js';
import { editJson } from '../setup/json-edit.js';
import type { JsonObject } from '../setup/json-file.js';
import { hookFact, isOwnedHook, Owned } from '../setup/owned.js';
import type { FileEdit, ReadText, SetupContext } from '../setup/types.js';
import { codexHome, codexStore } from './codex-home.js';
import { configEdit, projectsOf } from './config-toml.js';
import { hookTrust } from './hook-trust.js';

export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
] as const;

/**
 * The events of `ctx`: with `--approval`, PreToolUse too, to hold tools until the plan is
 * approved; with `--plan-file`, to refuse the model's own edit of the file (plan-file-guard).
 */
export function codexEvents(ctx: SetupContext): readonly string[] {
  return ctx.approval || ctx.planFile ? [...CODEX_EVENTS, 'PreToolUse'] : CODEX_EVENTS;
}

/** Seconds; a plankeeper hook answers in well under one. */
const HOOK_TIMEOUT = 10;

export function codexEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const config = read(join(codexHome(ctx), 'config.toml')) ?? '';
  const shared = remove && projectsOf(config).some((dir) => dir !== ctx.dir);
  const hooks = shared ? keptHooks(ctx, read) : hooksEdit(ctx, read, remove);
  const trust = remove
    ? []
    : hookTrust(hooks, codexEvents(ctx), (event) => hookHandler(ctx, event));
  return [configEdit(ctx, read, remove, trust), hooks, scriptEdit(ctx, read, remove, shared)];
}

/** The hook forwarder beside hooks.json, there while any project set up uses the hooks. */
function scriptEdit(ctx: SetupContext, read: ReadText, remove: boolean, shared: boolean) {
  const path = forwarderPath(ctx);
  const edit = forwarderEdit(
    { path, agent: 'codex', neutral: '', recorded: ctx.owned(path) },
    read,
    remove && !shared,
  );
  return shared ? { ...edit, shared: true } : edit;
}

function forwarderPath(ctx: SetupContext): string {
  return join(codexHome(ctx), 'plankeeper-hook.sh');
}

/** hooks.json as it is, while another project set up still uses its hooks. */
function keptHooks(ctx: SetupContext, read: ReadText): FileEdit {
  const path = join(codexHome(ctx), 'hooks.json');
  const before = read(path);
  return { path, before, after: before, changes: [], shared: true };
}

/**
 * The handler setup writes on `event`: the forwarder to the MCP server Codex started for the
 * project (hook-route/), with the one-shot hook process as its way when that is down. Codex
 * runs a hook command with `<login shell> -c` (bash when it does not know the shell), so the
 * forwarder is sourced when that is bash: one bash start per tool call, not two.
 *
 * Not (yet) Codex's own `mcp_tool` hooks, as Claude Code's setup writes. Probed on the pinned
 * Codex (0.171.0) with stand-in servers: they call the tool, with `${session_id}`,
 * `${tool_name}`, `${hook_event_name}` and the like in its input filled from the hook input,
 * and read its text as the hook's answer (context reaches the model, a Stop blocks). Using them
 * would take the `hook` tool for Codex, its input spelled field by field, and a way to keep the
 * hooks answered without the server: a handler naming a server Codex did not start is
 * skipped, where the forwarder starts the hook process.
 */
function hookHandler(ctx: SetupContext, event: string): JsonObject {
  // The checks run on the model's answer; every other event answers at once.
  const timeout = hookTimeout(
    ctx.checks,
    event === 'Stop' || event === 'SubagentStop',
    HOOK_TIMEOUT,
  );
  const command = [ctx.node, ctx.bin, ...hookArgs(ctx, event, codexStore(ctx))];
  return {
    type: 'command',
    command: forwardedCommand(shellQuote(forwarderPath(ctx)), timeout, command, 'sourced-in-bash'),
    timeout,
  };
}

/** The group setup writes on `event`: SessionStart only where a session lost its plan. */
function hookGroup(event: string, handler: JsonObject): JsonObject {
  const matcher = event === 'SessionStart' ? SESSION_START_MATCHER : undefined;
  return { ...(matcher !== undefined && { matcher }), hooks: [handler] };
}

function hooksEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(codexHome(ctx), 'hooks.json');
  const owned = new Owned(ctx.owned(path));
  const edit = editJson(path, read, (settings, changes) => {
    const plan: HookPlan = {
      path,
      settings,
      isOurs: (handler, event) =>
        isOwnedHook(
          owned,
          event,
          handler,
          codexEvents(ctx).includes(event) ? hookHandler(ctx, event) : undefined,
          ctx.agent,
        ),
    };
    for (const event of eventsWithOurs(plan)) {
      const unused = !codexEvents(ctx).includes(event);
      if ((remove || unused) && removeHook(plan, event)) {
        changes.push(remove ? `hooks.${event}` : `hooks.${event} (no longer used)`);
      }
    }
    const added: string[] = [];
    if (!remove) {
      for (const event of codexEvents(ctx)) {
        const handler = hookHandler(ctx, event);
        if (putHook(plan, event, hookGroup(event, handler))) changes.push(`hooks.${event}`);
        added.push(hookFact(event, handler));
      }
    }
    owned.dropAll('');
    for (const fact of added) owned.add(fact);
  });
  return { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }) };
}
