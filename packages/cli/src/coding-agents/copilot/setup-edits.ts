/**
 * GitHub Copilot CLI: the hooks in a file setup creates, `.github/hooks/plankeeper.json`
 * (Copilot reads every `.github/hooks/*.json`; a person's hooks added there stay theirs,
 * hooks-file-edit.ts), and the MCP server in `.github/mcp.json`. Where Copilot loads an
 * extension (copilot-route.ts), `.github/extensions/plankeeper/extension.mjs`
 * (extension-source.ts) answers every event it has a hook for in one process, and the hooks
 * file keeps the rest.
 * Copilot reads `.mcp.json` instead when the project has one (Claude Code's file): then the
 * server goes there too, shared with Claude Code (setup/shared-mcp-json.ts). Hooks run with
 * bash in the project directory. `permissionRequest` runs for plankeeper's tools only (its
 * matcher) and approves them: no prompt for the plan.
 */
import { join } from 'node:path';
import { hookTimeout } from '../setup/check-values.js';
import { hookCommand, mcpCommand, refuseOwnServer, shellCommand } from '../setup/commands.js';
import { generatedFileEdit } from '../setup/generated-file-edit.js';
import { editJson } from '../setup/json-edit.js';
import { dropIfEmpty, isObject, type JsonObject, objectAt, sameJson } from '../setup/json-file.js';
import { isOwnedServer, Owned } from '../setup/owned.js';
import { mcpJsonPath, sharedMcpJsonEdit } from '../setup/shared-mcp-json.js';
import type { FileEdit, ReadText, SetupContext } from '../setup/types.js';
import { copilotRoute, HOOK_FILE_EVENTS } from './copilot-route.js';
import { copilotExtensionSource, EXTENSION_MARKER } from './extension-source.js';
import { hooksFileEdit } from './hooks-file-edit.js';

export const COPILOT_EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'postToolUse',
  'postToolUseFailure',
  'agentStop',
  'subagentStart',
  'subagentStop',
  'preCompact',
  'permissionRequest',
  'preMcpToolCall',
] as const;

/**
 * With `--approval`, preToolUse too, to hold other tools until the plan is approved; with
 * `--plan-file`, to refuse the model's own edit of the file (plan-file-guard).
 */
function copilotEvents(ctx: SetupContext): readonly string[] {
  return ctx.approval || ctx.planFile ? [...COPILOT_EVENTS, 'preToolUse'] : COPILOT_EVENTS;
}

/** A regular expression on the tool's name (`plankeeper-todo_write`, `plankeeper/todo_write` in the request). */
const PERMISSION_MATCHER = 'plankeeper[-/].*';
/** preMcpToolCall: plankeeper's own calls only (the matcher is on the server's tool name). */
const MCP_MATCHER = 'plankeeper[-/].*';
const SERVER = 'plankeeper';
const SERVER_FACT = 'mcpServers.plankeeper';
/** Seconds; a plankeeper hook answers in well under one. */
const HOOK_TIMEOUT_SEC = 10;

export function copilotEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const [command, ...args] = mcpCommand(ctx);
  const hooksPath = join(ctx.dir, '.github', 'hooks', 'plankeeper.json');
  const extensionPath = join(ctx.dir, '.github', 'extensions', 'plankeeper', 'extension.mjs');
  // Where Copilot loads an extension, it answers every event it has a hook for in one process.
  const inExtension = copilotRoute(ctx.env) === 'extension';
  const events = copilotEvents(ctx);
  const hookEvents = inExtension ? events.filter((event) => HOOK_FILE_EVENTS.has(event)) : events;
  const extensionEvents = events.filter((event) => !HOOK_FILE_EVENTS.has(event));
  const extension =
    inExtension && !remove ? copilotExtensionSource(ctx, extensionEvents) : undefined;
  const edits = [
    hooksFileEdit(ctx, read, remove, hooksPath, hookHandlers(ctx, hookEvents)),
    generatedFileEdit(
      ctx,
      read,
      {
        path: extensionPath,
        marker: EXTENSION_MARKER,
        name: 'the extension',
        written: 'the extension (answers the hook events in one process)',
      },
      extension,
    ),
    githubMcpEdit(ctx, read, remove, command!, args),
  ];
  // Claude Code's file, read by Copilot in place of .github/mcp.json when it exists.
  if (read(mcpJsonPath(ctx)) !== undefined || ctx.owned(mcpJsonPath(ctx)).length > 0) {
    edits.push(
      sharedMcpJsonEdit(ctx, read, remove, {
        type: 'stdio',
        command: command!,
        args,
        // For Claude Code, should it use this entry too (claude-code/setup-edits.ts).
        alwaysLoad: true,
      }),
    );
  }
  return edits;
}

/** plankeeper's handler on each event it hooks, in the order Copilot lists them. */
function hookHandlers(ctx: SetupContext, events: readonly string[]): Record<string, JsonObject> {
  const hooks: Record<string, JsonObject> = {};
  for (const event of events) {
    hooks[event] = {
      type: 'command',
      bash: shellCommand(hookCommand(ctx, event)),
      // The checks run on the model's answer; every other event answers at once.
      timeoutSec: hookTimeout(
        ctx.checks,
        event === 'agentStop' || event === 'subagentStop',
        HOOK_TIMEOUT_SEC,
      ),
      ...(event === 'permissionRequest' && { matcher: PERMISSION_MATCHER }),
      ...(event === 'preMcpToolCall' && { matcher: MCP_MATCHER }),
    };
  }
  return hooks;
}

function githubMcpEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  command: string,
  args: string[],
): FileEdit {
  const path = join(ctx.dir, '.github', 'mcp.json');
  const owned = new Owned(ctx.owned(path));
  const entry = { type: 'stdio', command, args };
  const edit = editJson(path, read, (settings, changes) => {
    const servers = settings.mcpServers;
    const existing = isObject(servers) ? servers[SERVER] : undefined;
    const ours = isOwnedServer(owned, SERVER_FACT, existing, entry, ctx.agent);
    if (remove) {
      if (isObject(servers) && existing !== undefined && ours) {
        delete servers[SERVER];
        dropIfEmpty(settings, 'mcpServers');
        changes.push('mcpServers.plankeeper');
      }
      owned.drop(SERVER_FACT);
      return;
    }
    refuseOwnServer(path, 'mcpServers.plankeeper', existing, ours);
    const target = objectAt(path, settings, 'mcpServers', 'mcpServers');
    owned.add(SERVER_FACT);
    if (sameJson(existing, entry)) return;
    target[SERVER] = entry;
    changes.push('mcpServers.plankeeper');
  });
  return { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }) };
}
