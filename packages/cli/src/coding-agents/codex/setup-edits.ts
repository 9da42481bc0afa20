/**
 * Codex: it reads MCP servers and hooks from the user's `$CODEX_HOME` (default ~/.codex),
 * and a project's `.codex/` only once the project is trusted, so setup writes the user
 * level: `[mcp_servers.plankeeper]` in config.toml (`required = true`: Codex waits for the
 * server instead of giving it one second and starting the turn without its tools — see
 * MISSING_INSTALL for why that never blocks Codex; `default_tools_approval_mode =
 * "approve"`: no approval asked, which `exec` could not answer anyway) and the hooks in
 * hooks.json. Codex runs a hook only once it is trusted: setup records plankeeper's own
 * hooks as trusted in its block (`[hooks.state."<key>"] trusted_hash`, what /hooks in the TUI
 * stores), with the hash Codex computes (see hookTrust), and never touches the user's hooks.
 */
import { join, resolve } from 'node:path';
import { hookArgs, mcpArgs, shellCommand } from '../setup/commands.js';
import {
  eventsWithOurs,
  type HookPlan,
  putHook,
  removeHook,
  SESSION_START_MATCHER,
} from '../setup/hook-groups.js';
import { editJson } from '../setup/json-edit.js';
import { isObject, type JsonObject, sameJson } from '../setup/json-file.js';
import { loadOnUse } from '../setup/load-on-use.js';
import { hookFact, isOwnedHook, Owned } from '../setup/owned.js';
import {
  BLOCK_END,
  BLOCK_START,
  parseToml,
  tomlString,
  withBlock,
  withoutBlock,
} from '../setup/toml-block.js';
import {
  type FileEdit,
  type ReadText,
  SetupConfigError,
  type SetupContext,
} from '../setup/types.js';

export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
] as const;

/** The events of `ctx`: with `--approval`, PreToolUse too, to hold tools until the plan is approved. */
export function codexEvents(ctx: SetupContext): readonly string[] {
  return ctx.approval ? [...CODEX_EVENTS, 'PreToolUse'] : CODEX_EVENTS;
}

/** For the trust hashes only; not loaded by the hook, which imports this module too. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');

/** Where Codex keeps its user config: $CODEX_HOME, default ~/.codex (relative: to the project). */
export function codexHome(ctx: SetupContext): string {
  return resolve(ctx.dir, ctx.env.CODEX_HOME?.trim() || join(ctx.home, '.codex'));
}

/**
 * Run by `node -e` before the bin (`process.argv[1]`): the bin itself when it is there; when
 * the plankeeper install is gone, an MCP server with no tools and one line on stderr, so a
 * required server never stops `codex` from starting in any project.
 */
export const MISSING_INSTALL = [
  'const bin = process.argv[1];',
  "if (require('node:fs').existsSync(bin)) import(require('node:url').pathToFileURL(bin).href);",
  'else {',
  "  process.stderr.write('plankeeper: ' + bin + ' is gone; run plankeeper setup codex again (or --remove)\\n');",
  "  let rest = '';",
  "  process.stdin.on('data', (chunk) => {",
  "    const lines = (rest + chunk).split('\\n');",
  '    rest = lines.pop();',
  '    for (const line of lines) {',
  '      let m;',
  '      try { m = JSON.parse(line); } catch { continue; }',
  '      if (m.id === undefined) continue;',
  "      const result = m.method === 'initialize' ? { protocolVersion: m.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'plankeeper', version: '0' } } : m.method === 'tools/list' ? { tools: [] } : undefined;",
  "      const answer = result ? { jsonrpc: '2.0', id: m.id, result } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'plankeeper is not installed' } };",
  "      process.stdout.write([JSON.stringify(answer), ''].join('\\n'));",
  '    }',
  '  });',
  '}',
].join('\n');

/** Seconds; a plankeeper hook answers in well under one. */
const HOOK_TIMEOUT = 10;

export function codexEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const config = read(join(codexHome(ctx), 'config.toml')) ?? '';
  const shared = remove && projectsOf(config).some((dir) => dir !== ctx.dir);
  const hooks = shared ? keptHooks(ctx, read) : hooksEdit(ctx, read, remove);
  const trust = remove ? [] : hookTrust(ctx, hooks);
  return [configEdit(ctx, read, remove, trust), hooks];
}

/** hooks.json as it is, while another project set up still uses its hooks. */
function keptHooks(ctx: SetupContext, read: ReadText): FileEdit {
  const path = join(codexHome(ctx), 'hooks.json');
  const before = read(path);
  return { path, before, after: before, changes: [], shared: true };
}

/**
 * `[hooks.state."<key>"] trusted_hash` lines for plankeeper's handlers in hooks.json. The key
 * is `<hooks.json path>:<event in snake_case>:<group index>:<handler index>`; the hash is the
 * sha256 of the handler's group as canonical JSON (keys sorted, no spaces, matcher omitted
 * when absent): both as `codex app-server` hooks/list reports them (Codex 0.171.0; the Codex
 * real-CLI test runs the hooks without --dangerously-bypass-hook-trust). A mismatch after a
 * Codex change only means Codex asks for trust again (an untrusted hook is skipped).
 */
function hookTrust(ctx: SetupContext, hooks: FileEdit): HookTrust[] {
  if (hooks.after === undefined) return [];
  const groups = (JSON.parse(hooks.after) as { hooks?: Record<string, unknown[]> }).hooks ?? {};
  const trust: HookTrust[] = [];
  for (const event of codexEvents(ctx)) {
    const snake = event.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
    (groups[event] ?? []).forEach((group, groupIndex) => {
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : [];
      handlers.forEach((handler, handlerIndex) => {
        if (!isObject(handler) || typeof handler.command !== 'string') return;
        if (!sameJson(handler, hookHandler(ctx, event))) return;
        const canonical = JSON.stringify({
          event_name: snake,
          hooks: [
            { async: false, command: handler.command, timeout: handler.timeout, type: 'command' },
          ],
          ...(isObject(group) && typeof group.matcher === 'string' && { matcher: group.matcher }),
        });
        const hash = crypto().createHash('sha256').update(canonical).digest('hex');
        trust.push({ key: `${hooks.path}:${snake}:${groupIndex}:${handlerIndex}`, hash });
      });
    });
  }
  return trust;
}

interface HookTrust {
  key: string;
  hash: string;
}

function configEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  trust: readonly HookTrust[],
): FileEdit {
  const path = join(codexHome(ctx), 'config.toml');
  const before = read(path);
  const text = before ?? '';
  parseToml(path, text);
  const { text: userText, found } = withoutBlock(text);
  const others = projectsOf(text).filter((dir) => dir !== ctx.dir);
  if (remove) {
    if (!found) return { path, before, after: before, changes: [] };
    if (others.length > 0) {
      // Another project still runs plankeeper through this block: only this project leaves it.
      const after = withBlock(text, blockText(text).replace(projectLine(ctx.dir), ''));
      const changes = after === before ? [] : [projectLine(ctx.dir).trim()];
      return { path, before, after, changes, shared: true };
    }
    return {
      path,
      before,
      after: userText,
      changes: ['[mcp_servers.plankeeper]'],
      empty: userText.trim() === '',
    };
  }
  const user = parseToml(path, userText);
  const servers = user.mcp_servers;
  if (isObject(servers) && 'plankeeper' in servers) {
    throw new SetupConfigError(
      path,
      'already defines [mcp_servers.plankeeper] outside plankeeper setup’s block; delete that table, then run setup again',
    );
  }
  // A hook the person already trusted (Codex wrote that outside the block) keeps their entry.
  const state = isObject(user.hooks) && isObject(user.hooks.state) ? user.hooks.state : {};
  const trustLines = trust
    .filter((entry) => !(entry.key in state))
    .flatMap((entry) => [
      `[hooks.state.${tomlString(entry.key)}]`,
      `trusted_hash = "sha256:${entry.hash}"`,
      '',
    ]);
  const args = ['-e', MISSING_INSTALL, ctx.bin, ...mcpArgs(ctx, codexStore(ctx))]
    .map(tomlString)
    .join(', ');
  const block = [
    ...[...others, ctx.dir].sort().map((dir) => projectLine(dir).trimEnd()),
    '[mcp_servers.plankeeper]',
    `command = ${tomlString(ctx.node)}`,
    `args = [${args}]`,
    'required = true',
    'default_tools_approval_mode = "approve"',
    'startup_timeout_sec = 20',
    '',
    ...trustLines,
  ].join('\n');
  const after = withBlock(text, block);
  // The block must not clash with the user's TOML (say, an inline `mcp_servers = {...}`).
  parseToml(path, after);
  const changes = [
    '[mcp_servers.plankeeper]',
    ...(trustLines.length > 0 ? ['trust for its hooks'] : []),
  ];
  return { path, before, after, changes: after === before ? [] : changes };
}

/**
 * The store Codex's commands name: its files are the person's own (in their home), so a URL
 * with credentials may stand there, as the person gave it.
 */
function codexStore(ctx: SetupContext): string | undefined {
  return ctx.store ?? ctx.privateStore;
}

/**
 * The block names each project set up (a comment line each): the server and hooks in the home
 * serve them all, each finding its own store at run time (project-store.ts: the session's
 * directory), and `--remove` in one project leaves them while another is still listed.
 */
const PROJECT_MARK = '# set up for: ';

function projectLine(dir: string): string {
  return `${PROJECT_MARK}${tomlString(dir)}\n`;
}

/** The text inside setup's block (without its markers), or ''. */
function blockText(text: string): string {
  const start = text.indexOf(BLOCK_START);
  if (start < 0) return '';
  const from = text.indexOf('\n', start) + 1;
  const end = text.indexOf(BLOCK_END, from);
  return text.slice(from, end < 0 ? text.length : end);
}

/** The projects the block lists. */
function projectsOf(text: string): string[] {
  return blockText(text)
    .split('\n')
    .filter((line) => line.startsWith(PROJECT_MARK))
    .map((line) => JSON.parse(line.slice(PROJECT_MARK.length)) as string);
}

/** The handler setup writes on `event`. */
function hookHandler(ctx: SetupContext, event: string) {
  return {
    type: 'command',
    command: shellCommand([ctx.node, ctx.bin, ...hookArgs(ctx, event, codexStore(ctx))]),
    timeout: HOOK_TIMEOUT,
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
