/**
 * Claude Code: the MCP server in the project's `.mcp.json`, and in `.claude/settings.json`
 * the hooks, the permission rule `mcp__plankeeper` (every tool of the server, no prompt) and
 * `enabledMcpjsonServers: ["plankeeper"]` (the approval Claude Code would otherwise ask for
 * once, interactively, before it starts a project's server).
 * Hooks are calls to that MCP server (`mcp_tool`, mcp-tool-hooks.ts), but SessionStart, which
 * runs before the server is up: a command hook in the exec form (`command` + `args`), no shell
 * (for a devDependency, the shell form from $CLAUDE_PROJECT_DIR), and only where a session lost its plan (resume, /clear, compaction: its matcher).
 * PreToolUse runs for plankeeper's own tools only (its matcher): it tells the MCP server which
 * plan a call is for (claude-code/tool-use-keys.ts), and would only cost time on other tools;
 * with `--approval` it runs for every tool, to hold the others until the plan is approved;
 * with `--plan-file` for the file and shell tools too, to refuse the model's edit of the file.
 */
import { join } from 'node:path';
import { CLAUDE_HOOK_EVENTS } from 'plankeeper/hooks';
import { hookArgs, hookCommand, mcpCommand, shellCommand } from '../setup/commands.js';
import {
  eventsWithOurs,
  type HookPlan,
  putHook,
  removeHook,
  SESSION_START_MATCHER,
  type SettingsStep,
} from '../setup/hook-groups.js';
import { editJson } from '../setup/json-edit.js';
import { arrayAt, dropIfEmpty, isObject, type JsonObject, objectAt } from '../setup/json-file.js';
import { PROJECT_BIN } from '../setup/launch-command.js';
import { hookFact, isOwnedHook, Owned } from '../setup/owned.js';
import { sharedMcpJsonEdit } from '../setup/shared-mcp-json.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from '../setup/types.js';
import { mcpToolHandler } from './mcp-tool-hooks.js';

/** The events setup registers: the ones the core answers in Claude Code's format. */
export const CLAUDE_CODE_EVENTS = CLAUDE_HOOK_EVENTS;

const SERVER = 'plankeeper';
const PERMISSION = 'mcp__plankeeper';
/** What setup records writing (setup/owned.ts). */
const PERMISSION_FACT = 'permissions.allow mcp__plankeeper';
const ENABLED_FACT = 'enabledMcpjsonServers plankeeper';
/** Seconds; a plankeeper hook answers in well under one. */
const HOOK_TIMEOUT = 10;
/** Matchers of the events that run for some tools only (a regular expression on the name). */
const MATCHERS: Partial<Record<(typeof CLAUDE_CODE_EVENTS)[number], string>> = {
  PreToolUse: 'mcp__plankeeper__.*',
  SessionStart: SESSION_START_MATCHER,
};
/** With a plan file, PreToolUse runs for the tools that can write it too (plan-file-guard). */
const PLAN_FILE_PRE_TOOL_MATCHER = '^(mcp__plankeeper__.*|Edit|Write|MultiEdit|NotebookEdit|Bash)$';

export function claudeCodeEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  return [
    mcpJsonEdit(ctx, read, remove),
    settingsEdit(ctx, read, remove),
    localSettingsEdit(ctx, read, remove),
  ];
}

const STORE_VARIABLE = 'PLANKEEPER_STORE';
const STORE_FACT = 'env.PLANKEEPER_STORE';

/**
 * A store URL with a password goes into the person's own `.claude/settings.local.json` (which
 * Claude Code keeps out of git), as `env.PLANKEEPER_STORE`: Claude Code passes its settings'
 * `env` to the hooks and the MCP server, and the shared files name no store at all.
 */
function localSettingsEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.dir, '.claude', 'settings.local.json');
  const owned = new Owned(ctx.owned(path));
  const kept: KeptReason[] = [];
  const edit = editJson(path, read, (settings, changes) => {
    const env = settings.env;
    const current = isObject(env) ? env[STORE_VARIABLE] : undefined;
    if (remove || ctx.privateStore === undefined) {
      if (owned.has(STORE_FACT) && isObject(env) && current !== undefined) {
        delete env[STORE_VARIABLE];
        dropIfEmpty(settings, 'env');
        changes.push(STORE_FACT);
      }
      owned.drop(STORE_FACT);
      return;
    }
    if (current !== undefined && !owned.has(STORE_FACT)) {
      // The person's own store for this project stays theirs.
      if (current !== ctx.privateStore) kept.push({ setting: STORE_FACT });
      return;
    }
    owned.add(STORE_FACT);
    if (current === ctx.privateStore) return;
    objectAt(path, settings, 'env', 'env')[STORE_VARIABLE] = ctx.privateStore;
    changes.push(STORE_FACT);
  });
  return { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }), kept };
}

/**
 * The server entry setup writes (shared with Copilot CLI, setup/shared-mcp-json.ts). `alwaysLoad`: Claude Code otherwise defers MCP tools behind
 * its ToolSearch tool, and the model would not see todo_write (or its schema) until it
 * searched for it; the seven plan tools are offered from the first request instead.
 */
function serverEntry(ctx: SetupContext): JsonObject {
  const [command, ...args] = mcpCommand(ctx);
  return { type: 'stdio', command, args, alwaysLoad: true };
}

function mcpJsonEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  return sharedMcpJsonEdit(ctx, read, remove, serverEntry(ctx));
}

/** The handler on `event`: a call to the running MCP server where Claude Code can make one. */
function handlerFor(ctx: SetupContext, event: string): JsonObject {
  const handler = mcpToolHandler(event, {
    guardsPlanFile: ctx.planFile !== undefined,
    checks: ctx.checks,
  });
  if (handler) return handler;
  if (ctx.installed === 'dev-dependency') {
    // The shell form, for $CLAUDE_PROJECT_DIR: a hook runs where the session's shell last
    // went, which may be a sub-folder without node_modules.
    const command = `node "$CLAUDE_PROJECT_DIR"/${PROJECT_BIN} ${shellCommand(hookArgs(ctx, event))}`;
    return { type: 'command', command, timeout: HOOK_TIMEOUT };
  }
  const [command, ...args] = hookCommand(ctx, event);
  return { type: 'command', command, args, timeout: HOOK_TIMEOUT };
}

function settingsEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.dir, '.claude', 'settings.json');
  const owned = new Owned(ctx.owned(path), ctx.created(path));
  const kept: KeptReason[] = [];
  const edit = editJson(path, read, (settings, changes) => {
    const plan: HookPlan = {
      path,
      settings,
      isOurs: (handler, event) =>
        isOwnedHook(
          owned,
          event,
          handler,
          (CLAUDE_CODE_EVENTS as readonly string[]).includes(event)
            ? handlerFor(ctx, event)
            : undefined,
          ctx.agent,
        ),
    };
    const step = { ctx, path, settings, owned, changes, plan };
    if (remove) removeSettings(step, kept);
    else addSettings(step);
  });
  return { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }), kept };
}

/**
 * Only what setup added: a rule or server the person had before stays, and so does one in a
 * file without records, which may be theirs (the report says so).
 */
function removeSettings({ settings, owned, changes, plan }: SettingsStep, kept: KeptReason[]) {
  const entries: [JsonObject, string, string, string][] = [
    [objectOr(settings.permissions), 'allow', PERMISSION, PERMISSION_FACT],
    [settings, 'enabledMcpjsonServers', SERVER, ENABLED_FACT],
  ];
  for (const [parent, key, value, fact] of entries) {
    const label = `${key === 'allow' ? 'permissions.allow' : key} "${value}"`;
    if (!isListed(parent, key, value)) continue;
    const origin = owned.origin(fact, true);
    if (origin === 'setup') {
      takeOut(parent, key, value);
      if (key === 'allow') dropIfEmpty(settings, 'permissions');
      changes.push(label);
    } else {
      kept.push(origin === 'unknown' ? { unrecorded: label } : { setting: label });
    }
  }
  for (const event of eventsWithOurs(plan)) {
    if (removeHook(plan, event)) changes.push(`hooks.${event}`);
  }
  owned.dropAll('');
}

function addSettings(step: SettingsStep): void {
  const { path, settings, owned, plan } = step;
  // In a file without records, hooks of setup's form mean an earlier version set it up.
  const earlierSetupHere = owned.unrecorded && eventsWithOurs(plan).length > 0;
  const permissions = objectAt(path, settings, 'permissions', 'permissions');
  const allow = arrayAt(path, permissions, 'allow', 'permissions.allow');
  addListed(step, allow, PERMISSION, PERMISSION_FACT, earlierSetupHere);
  const enabled = arrayAt(path, settings, 'enabledMcpjsonServers', 'enabledMcpjsonServers');
  addListed(step, enabled, SERVER, ENABLED_FACT, earlierSetupHere);
  putHooks(step);
}

/** `value` added to `list` (and owned), or, already there, recorded as whose it is. */
function addListed(
  { owned, changes }: SettingsStep,
  list: unknown[],
  value: string,
  fact: string,
  earlierSetupHere: boolean,
): void {
  if (!list.includes(value)) {
    list.push(value);
    owned.add(fact);
    // The fact's setting, then the value quoted: `permissions.allow "mcp__plankeeper"`.
    changes.push(`${fact.split(' ')[0]} "${value}"`);
  } else {
    owned.found(fact, owned.origin(fact, earlierSetupHere));
  }
}

/** Setup's hooks on every event (hooks it wrote on events no longer used taken out). */
function putHooks({ ctx, owned, changes, plan }: SettingsStep): void {
  for (const event of eventsWithOurs(plan)) {
    if (!(CLAUDE_CODE_EVENTS as readonly string[]).includes(event) && removeHook(plan, event)) {
      changes.push(`hooks.${event} (no longer used)`);
    }
  }
  const added: string[] = [];
  for (const event of CLAUDE_CODE_EVENTS) {
    const handler = handlerFor(ctx, event);
    // Holding other tools for approval needs PreToolUse on every tool, not ours only.
    const matcher = event === 'PreToolUse' ? preToolMatcher(ctx) : MATCHERS[event];
    const group = { ...(matcher !== undefined && { matcher }), hooks: [handler] };
    if (putHook(plan, event, group)) changes.push(`hooks.${event}`);
    added.push(hookFact(event, handler));
  }
  owned.dropAll('hooks.');
  for (const fact of added) owned.add(fact);
}

function preToolMatcher(ctx: SetupContext): string | undefined {
  if (ctx.approval) return undefined;
  return ctx.planFile === undefined ? MATCHERS.PreToolUse : PLAN_FILE_PRE_TOOL_MATCHER;
}

function objectOr(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function isListed(parent: JsonObject, key: string, value: string): boolean {
  const list = parent[key];
  return Array.isArray(list) && list.includes(value);
}

/** Removes `value` from the array `parent[key]` (and the array, if that empties it). */
function takeOut(parent: JsonObject, key: string, value: string): void {
  parent[key] = (parent[key] as unknown[]).filter((item) => item !== value);
  dropIfEmpty(parent, key);
}
