/**
 * Gemini CLI: one project file, `.gemini/settings.json`: the MCP server with `trust: true`
 * (the CLI then allows `mcp_plankeeper_*` without asking; without it headless mode does not
 * even offer the tools) and the hooks, each named "plankeeper" so `hooksConfig.disabled`
 * can switch them off. Gemini runs hook commands with the user's shell: paths are quoted.
 * All of it loads only in a trusted folder (the report says how).
 */
import { join } from 'node:path';
import { hookTimeout } from '../setup/check-values.js';
import { hookCommand, mcpCommand, refuseOwnServer } from '../setup/commands.js';
import { forwardedCommand, forwarderEdit } from '../setup/forwarder-edit.js';
import {
  eventsWithOurs,
  type HookPlan,
  putHook,
  removeHook,
  type SettingsStep,
} from '../setup/hook-groups.js';
import { editJson } from '../setup/json-edit.js';
import { dropIfEmpty, isObject, type JsonObject, objectAt, sameJson } from '../setup/json-file.js';
import { hookFact, isOwnedHook, isOwnedServer, Owned } from '../setup/owned.js';
import type { FileEdit, ReadText, SetupContext } from '../setup/types.js';

export const GEMINI_EVENTS = [
  'SessionStart',
  'BeforeAgent',
  'AfterTool',
  'AfterAgent',
  'PreCompress',
] as const;

/**
 * With `--approval`, BeforeTool too, to hold tools until the plan is approved; with
 * `--plan-file`, to refuse the model's own edit of the file (plan-file-guard).
 */
function geminiEvents(ctx: SetupContext): readonly string[] {
  return ctx.approval || ctx.planFile ? [...GEMINI_EVENTS, 'BeforeTool'] : GEMINI_EVENTS;
}

/** The tools that can write the plan file: the only ones BeforeTool needs without `--approval`. */
const FILE_WRITING_TOOLS = '^(write_file|replace|run_shell_command)$';

/**
 * The groups `handler` goes in on `event`: each hook starts a process only where plankeeper
 * may answer. Gemini CLI matches a tool's name as a regular expression, a session start's
 * source and a compression's trigger exactly (one group per source), and ignores the matcher
 * elsewhere. AfterTool runs for every call: it counts the calls for the reminder and notes
 * the successes the finish check weighs.
 */
export function geminiHookGroups(
  event: string,
  handler: JsonObject,
  holdsForApproval = true,
): JsonObject[] {
  const group = (matcher: string) => ({ matcher, hooks: [handler] });
  switch (event) {
    // A new session (`startup`) has no plan to restore, and BeforeAgent records the session
    // for the MCP server before the model can call a tool.
    case 'SessionStart':
      return [group('resume'), group('clear')];
    // `auto` fires before every model call and says nothing of a compaction (gemini-adapter.ts).
    case 'PreCompress':
      return [group('manual')];
    // plankeeper's own tools are never held for approval.
    case 'BeforeTool':
      return [group(holdsForApproval ? '^(?!mcp_plankeeper_)' : FILE_WRITING_TOOLS)];
    default:
      return [group('*')];
  }
}

const SERVER = 'plankeeper';
/** What setup records writing (setup/owned.ts). */
const SERVER_FACT = 'mcpServers.plankeeper';
/** Milliseconds (Gemini's unit); a plankeeper hook answers in well under one second. */
const HOOK_TIMEOUT_MS = 10_000;
const MCP_TIMEOUT_MS = 20_000;

/** The forwarder, in the project's `.gemini/`: the path the hook commands name. */
const FORWARDER = join('.gemini', 'plankeeper-hook.sh');

/**
 * The hook handler setup writes on `event`, named so `hooksConfig.disabled` can name it: the
 * forwarder to the MCP server Gemini CLI started for the project (hook-route/), with the
 * one-shot hook process as its way when that is down. Gemini CLI sets GEMINI_PROJECT_DIR for
 * its hooks, so the file names no directory of this machine. It runs a hook command with
 * `bash -c` (on Windows, PowerShell, where the forwarder runs in no case), so the forwarder is
 * sourced into that bash: one bash start per tool call, not two.
 */
function handlerFor(ctx: SetupContext, event: string): JsonObject {
  // The checks run on the model's answer; every other event answers at once.
  const timeout = hookTimeout(ctx.checks, event === 'AfterAgent', HOOK_TIMEOUT_MS, 1000);
  const script = `"$GEMINI_PROJECT_DIR"/${FORWARDER}`;
  return {
    name: 'plankeeper',
    type: 'command',
    command: forwardedCommand(script, timeout / 1000, hookCommand(ctx, event), 'sourced'),
    timeout,
  };
}

function serverEntry(ctx: SetupContext): JsonObject {
  const [command, ...args] = mcpCommand(ctx);
  return { command, args, trust: true, timeout: MCP_TIMEOUT_MS };
}

export function geminiEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const path = join(ctx.dir, '.gemini', 'settings.json');
  const owned = new Owned(ctx.owned(path));
  const entry = serverEntry(ctx);
  const edit = editJson(path, read, (settings, changes) => {
    const plan: HookPlan = {
      path,
      settings,
      isOurs: (handler, event) =>
        isOwnedHook(
          owned,
          event,
          handler,
          geminiEvents(ctx).includes(event) ? handlerFor(ctx, event) : undefined,
          ctx.agent,
        ),
    };
    const servers = settings.mcpServers;
    const existing = isObject(servers) ? servers[SERVER] : undefined;
    const ours = isOwnedServer(owned, SERVER_FACT, existing, entry, ctx.agent);
    const step = { ctx, path, settings, owned, changes, plan };
    if (remove) {
      removeSettings(step, existing !== undefined && ours);
      return;
    }
    refuseOwnServer(path, 'mcpServers.plankeeper', existing, ours);
    const target = objectAt(path, settings, 'mcpServers', 'mcpServers');
    owned.add(SERVER_FACT);
    if (!sameJson(existing, entry)) {
      target[SERVER] = entry;
      changes.push('mcpServers.plankeeper (trust: true)');
    }
    putHooks(step);
  });
  const script = join(ctx.dir, FORWARDER);
  return [
    { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }) },
    forwarderEdit(
      {
        path: script,
        agent: 'gemini',
        projectDirEnv: 'GEMINI_PROJECT_DIR',
        neutral: '{}',
        recorded: ctx.owned(script),
      },
      read,
      remove,
    ),
  ];
}

/** Takes out the server (`serverOurs`: there, and setup's) and setup's hooks. */
function removeSettings({ settings, owned, changes, plan }: SettingsStep, serverOurs: boolean) {
  const servers = settings.mcpServers;
  if (isObject(servers) && serverOurs) {
    delete servers[SERVER];
    dropIfEmpty(settings, 'mcpServers');
    changes.push('mcpServers.plankeeper');
  }
  for (const event of eventsWithOurs(plan)) {
    if (removeHook(plan, event)) changes.push(`hooks.${event}`);
  }
  owned.dropAll('');
}

/** Setup's hooks on every event of `ctx` (hooks it wrote on events no longer used taken out). */
function putHooks({ ctx, owned, changes, plan }: SettingsStep): void {
  for (const event of eventsWithOurs(plan)) {
    if (!geminiEvents(ctx).includes(event) && removeHook(plan, event)) {
      changes.push(`hooks.${event} (no longer used)`);
    }
  }
  const added: string[] = [];
  for (const event of geminiEvents(ctx)) {
    const handler = handlerFor(ctx, event);
    if (putHook(plan, event, geminiHookGroups(event, handler, Boolean(ctx.approval)))) {
      changes.push(`hooks.${event}`);
    }
    added.push(hookFact(event, handler));
  }
  owned.dropAll('hooks.');
  for (const fact of added) owned.add(fact);
}
