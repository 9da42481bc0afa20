/**
 * Records OpenCode's real plugin hook payloads (fixtures/*.json) with the real CLI and the
 * recorder plugin (support/event-recorder.mjs), in two `opencode run`s:
 *
 * 1. A new session: built-in `todowrite`, `bash`, plankeeper's `todo_write` over MCP, the
 *    stand-in MCP server's `show_plan`, a `task` sub-agent that runs `bash` itself, then one
 *    more `bash` step whose usage overflows the model's context, so OpenCode compacts and
 *    auto-continues, then a final answer.
 * 2. The same session resumed with `--session <id>`: a call to an MCP tool whose permission
 *    is `ask`; `opencode run` rejects the request, and that ends the turn.
 *
 * Each fixture is the first recorded call that matches its selector, as
 * `{hook, type?, input, output}`, with the sandbox's paths and the server's port replaced by
 * placeholders and strings over 1,500 characters cut short. By default the test checks that
 * every fixture still occurs and that its keys (two levels down) are still there;
 * PLANKEEPER_WRITE_FIXTURES=1 rewrites the files from this run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStandInLog } from '../../support/stand-in-mcp-server.js';
import {
  at,
  type OpencodeRun,
  OpencodeSandbox,
  plankeeperMcpCommand,
  REPO_ROOT,
  type RecordedHook,
  standinMcpCommand,
} from './support/opencode-runner.js';
import { callTool, ScriptedChatServer, say, withUsage } from './support/scripted-chat-server.js';

const FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));
const WRITE = process.env.PLANKEEPER_WRITE_FIXTURES === '1';
const CONTEXT_LIMIT = 50_000;

interface Context {
  main: string;
  child: string;
  /** index of the first hook call of the resumed run. */
  resumeFrom: number;
}

type Selector = (entry: RecordedHook, context: Context) => boolean;

const input = (entry: RecordedHook, ...path: string[]) => at(entry.input, ...path);
const output = (entry: RecordedHook, ...path: Array<string | number>) => at(entry.output, ...path);
const props = (entry: RecordedHook, ...path: string[]) =>
  at(entry.input, 'event', 'properties', ...path);
const hook = (name: string, more: Selector = () => true): Selector => {
  return (entry, context) => entry.hook === name && more(entry, context);
};
const event = (type: string, more: Selector = () => true): Selector => {
  return (entry, context) => entry.hook === 'event' && entry.type === type && more(entry, context);
};
const tool = (name: string, session: 'main' | 'child' = 'main'): Selector => {
  return (entry, context) =>
    input(entry, 'tool') === name && input(entry, 'sessionID') === context[session];
};
const inFirstRun: Selector = (entry, context) => entry.index < context.resumeFrom;
const inResumedRun: Selector = (entry, context) => entry.index >= context.resumeFrom;

/** fixture name -> the recorded call it is taken from. */
const FIXTURES: Record<string, Selector> = {
  'plugin.input': hook('plugin.input'),
  config: hook('config'),
  'chat.message': hook(
    'chat.message',
    (e, c) => input(e, 'sessionID') === c.main && inFirstRun(e, c),
  ),
  'chat.message.subagent': hook('chat.message', (e, c) => input(e, 'sessionID') === c.child),
  'chat.message.resumed': hook('chat.message', inResumedRun),
  'chat.params': hook('chat.params', (e) => input(e, 'agent') === 'build'),
  'chat.params.title': hook('chat.params', (e) => input(e, 'agent') === 'title'),
  'chat.params.compaction': hook('chat.params', (e) => input(e, 'agent') === 'compaction'),
  'chat.headers': hook('chat.headers', (e) => input(e, 'agent') === 'build'),
  'experimental.chat.system.transform': hook(
    'experimental.chat.system.transform',
    (e, c) =>
      input(e, 'sessionID') === c.main &&
      String(output(e, 'system', 0)).includes('You are opencode'),
  ),
  'experimental.chat.messages.transform': hook('experimental.chat.messages.transform', (e) =>
    JSON.stringify(output(e, 'messages') ?? []).includes('"type":"tool"'),
  ),
  'experimental.text.complete': hook(
    'experimental.text.complete',
    (e, c) => input(e, 'sessionID') === c.main,
  ),
  // Fires for built-in tools only (not for MCP tools), once per tool per request.
  'tool.definition': hook('tool.definition', (e) => input(e, 'toolID') === 'todowrite'),
  'tool.execute.before.todowrite': hook('tool.execute.before', tool('todowrite')),
  'tool.execute.after.todowrite': hook('tool.execute.after', tool('todowrite')),
  'tool.execute.before.bash': hook('tool.execute.before', tool('bash')),
  'tool.execute.after.bash': hook('tool.execute.after', tool('bash')),
  'shell.env': hook('shell.env', (e, c) => input(e, 'sessionID') === c.main),
  'tool.execute.before.mcp': hook('tool.execute.before', tool('plankeeper_todo_write')),
  'tool.execute.after.mcp': hook('tool.execute.after', tool('plankeeper_todo_write')),
  'tool.execute.before.task': hook('tool.execute.before', tool('task')),
  'tool.execute.after.task': hook('tool.execute.after', tool('task')),
  'tool.execute.before.subagent': hook('tool.execute.before', tool('bash', 'child')),
  'tool.execute.after.subagent': hook('tool.execute.after', tool('bash', 'child')),
  'tool.execute.before.denied': hook('tool.execute.before', tool('asker_show_plan')),
  'experimental.session.compacting': hook('experimental.session.compacting'),
  'experimental.compaction.autocontinue': hook('experimental.compaction.autocontinue'),
  dispose: hook('dispose'),
  'event.session.created': event('session.created', (e, c) => props(e, 'sessionID') === c.main),
  'event.session.created.subagent': event(
    'session.created',
    (e, c) => props(e, 'sessionID') === c.child,
  ),
  'event.session.updated': event('session.updated', (e, c) => props(e, 'sessionID') === c.main),
  'event.session.status.busy': event(
    'session.status',
    (e) => props(e, 'status', 'type') === 'busy',
  ),
  'event.session.status.idle': event(
    'session.status',
    (e, c) => props(e, 'status', 'type') === 'idle' && props(e, 'sessionID') === c.main,
  ),
  'event.session.idle': event('session.idle', (e, c) => props(e, 'sessionID') === c.main),
  'event.session.idle.subagent': event('session.idle', (e, c) => props(e, 'sessionID') === c.child),
  'event.session.compacted': event('session.compacted'),
  'event.session.diff': event('session.diff'),
  'event.message.updated.user': event(
    'message.updated',
    (e) => props(e, 'info', 'role') === 'user',
  ),
  'event.message.updated.assistant.tool-calls': event(
    'message.updated',
    (e) => props(e, 'info', 'finish') === 'tool-calls',
  ),
  'event.message.updated.assistant.stop': event(
    'message.updated',
    (e, c) =>
      props(e, 'info', 'finish') === 'stop' &&
      props(e, 'info', 'sessionID') === c.main &&
      props(e, 'info', 'summary') !== true,
  ),
  'event.message.updated.compaction-summary': event(
    'message.updated',
    (e) => props(e, 'info', 'summary') === true && props(e, 'info', 'finish') === 'stop',
  ),
  'event.message.part.updated.text': event(
    'message.part.updated',
    (e) => props(e, 'part', 'type') === 'text',
  ),
  'event.message.part.updated.tool': event(
    'message.part.updated',
    (e) =>
      props(e, 'part', 'type') === 'tool' && props(e, 'part', 'state', 'status') === 'completed',
  ),
  // The rejected permission of the resumed run: tool.execute.after is not called for it.
  'event.message.part.updated.tool-error': event(
    'message.part.updated',
    (e) => props(e, 'part', 'type') === 'tool' && props(e, 'part', 'state', 'status') === 'error',
  ),
  'event.message.part.updated.compaction': event(
    'message.part.updated',
    (e) => props(e, 'part', 'type') === 'compaction',
  ),
  'event.message.part.delta': event('message.part.delta'),
  'event.todo.updated': event('todo.updated'),
  'event.permission.asked': event('permission.asked'),
  'event.permission.replied': event('permission.replied'),
};

describe('OpenCode plugin hook payloads (fixtures)', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;
  let first: OpencodeRun;
  let resumed: OpencodeRun;
  let recorded: RecordedHook[];
  let context: Context;

  beforeAll(async () => {
    sandbox = await OpencodeSandbox.create({ record: true, contextLimit: CONTEXT_LIMIT });
    const store = join(sandbox.dir('store'), 'plans.db');
    sandbox.writeProjectFile('opencode.json', {
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        plankeeper: { type: 'local', command: plankeeperMcpCommand(store), enabled: true },
        standin: {
          type: 'local',
          command: standinMcpCommand(join(sandbox.recordDir, 'standin.jsonl')),
        },
        asker: {
          type: 'local',
          command: standinMcpCommand(join(sandbox.recordDir, 'asker.jsonl')),
        },
      },
      // asker_show_plan asks: `opencode run` rejects every permission request (no --auto).
      permission: { 'plankeeper_*': 'allow', 'standin_*': 'allow', asker_show_plan: 'ask' },
    });
    server = await ScriptedChatServer.start([
      callTool('todowrite', {
        todos: [
          { content: 'Write the parser', status: 'in_progress', priority: 'high' },
          { content: 'Test the parser', status: 'pending', priority: 'medium' },
        ],
      }),
      callTool('bash', { command: 'echo built-in bash', description: 'Echo a line' }),
      callTool('plankeeper_todo_write', {
        todos: [
          { content: 'Write the parser', status: 'in_progress' },
          { content: 'Test the parser', status: 'pending' },
        ],
      }),
      callTool('standin_show_plan', { note: 'from the main session' }),
      callTool('task', {
        description: 'Check the parser',
        prompt: 'Check that the parser compiles.',
        subagent_type: 'general',
      }),
      // The sub-agent's own loop (a child session):
      callTool('bash', { command: 'echo from the sub-agent', description: 'Echo a line' }),
      say('Sub-agent report: the parser compiles.'),
      // Back in the main session; this answer's usage overflows the context: compaction.
      withUsage(callTool('bash', { command: 'echo big', description: 'Echo a line' }), 60_000),
      say('All done after compaction.'),
      // The resumed run: the call asks for permission, `opencode run` rejects it, and the
      // rejection ends the turn (no further request).
      callTool('asker_show_plan', {}),
    ]);
    first = await sandbox.run({ server, prompt: 'Write and test the parser.' });
    const resumeFrom = sandbox.recorded().length;
    resumed = await sandbox.run({
      server,
      prompt: 'Continue where you left off.',
      args: first.sessionId ? ['--session', first.sessionId] : [],
    });
    recorded = sandbox.recorded();
    const main = first.sessionId ?? '';
    const childCreated = recorded.find(
      (entry) => entry.type === 'session.created' && props(entry, 'info', 'parentID') === main,
    );
    context = {
      main,
      child: String(childCreated ? props(childCreated, 'sessionID') : ''),
      resumeFrom,
    };
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('runs both sessions offline, to the end of the script', () => {
    for (const run of [first, resumed]) {
      expect(run.timedOut, run.stderr).toBe(false);
      expect(run.code, run.stderr).toBe(0);
    }
    expect(first.text).toContain('All done after compaction.');
    expect(resumed.sessionId).toBe(first.sessionId);
    expect(server.pending).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.blockedRequests).toEqual([]);
    expect(server.ofKind('compaction')).toHaveLength(1);
    expect(server.ofKind('subagent')).toHaveLength(2);
  });

  it('rejects a permission request in opencode run, and the rejection ends the turn', () => {
    expect(resumed.stderr).toContain('permission requested: asker_show_plan (*); auto-rejecting');
    const toolUse = resumed.events.find((event) => event.type === 'tool_use');
    expect(toolUse?.part).toMatchObject({
      tool: 'asker_show_plan',
      state: {
        status: 'error',
        error: 'The user rejected permission to use this specific tool call.',
      },
    });
    // The rejected call's step was the last request of the resumed run.
    expect(server.requests.at(-1)?.step).toBe(server.steps.length - 1);
    // The `permission.ask` plugin hook is declared in @opencode-ai/plugin but never called.
    expect(recorded.some((entry) => entry.hook === 'permission.ask')).toBe(false);
  });

  it('keys every hook and request by the session id; the sub-agent has its own', () => {
    expect(context.main).toMatch(/^ses_/);
    expect(context.child).toMatch(/^ses_/);
    expect(context.child).not.toBe(context.main);
    for (const request of server.ofKind('main', 'title', 'compaction')) {
      expect(request.sessionId).toBe(context.main);
    }
    for (const request of server.ofKind('subagent')) expect(request.sessionId).toBe(context.child);
    const sessionIds = new Set(
      recorded
        .filter((entry) => entry.hook.startsWith('tool.execute.') || entry.hook === 'chat.message')
        .map((entry) => input(entry, 'sessionID')),
    );
    expect(sessionIds).toEqual(new Set([context.main, context.child]));
  });

  it('records every fixture, and each still has the committed keys', () => {
    const found = selectFixtures(recorded, context);
    const missing = Object.keys(FIXTURES).filter((name) => found[name] === undefined);
    expect(missing).toEqual([]);
    if (WRITE) {
      mkdirSync(FIXTURES_DIR, { recursive: true });
      for (const [name, entry] of Object.entries(found)) {
        if (entry === undefined) continue;
        writeFixture(`${name}.json`, sandbox.scrub(fixtureOf(entry), server));
      }
      writeFixture('mcp.messages.json', sandbox.scrub(mcpMessages(sandbox), server));
      writeFixture('mcp.server-env.json', sandbox.scrub(mcpServerEnv(sandbox), server));
      // In the repository's JSON style (short arrays on one line), so `npm run lint` passes.
      execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'biome'), [
        'format',
        '--write',
        FIXTURES_DIR,
      ]);
      return;
    }
    for (const [name, entry] of Object.entries(found)) {
      const path = join(FIXTURES_DIR, `${name}.json`);
      expect(existsSync(path), `${name}.json is committed`).toBe(true);
      const committed = JSON.parse(readFileSync(path, 'utf8'));
      expect(keyPaths(fixtureOf(entry!)), name).toEqual(
        expect.arrayContaining(keyPaths(committed).filter((path) => !filledLater(path))),
      );
    }
  });

  it('hands MCP servers no session id (only OPENCODE=1 and OPENCODE_PID)', () => {
    const env = mcpServerEnv(sandbox);
    expect(env.OPENCODE).toBe('1');
    expect(env.OPENCODE_PID).toMatch(/^\d+$/);
    expect(Object.keys(env).filter((name) => /SESSION/i.test(name))).toEqual([]);
    expect(JSON.stringify(mcpMessages(sandbox))).not.toContain(context.main);
  });
});

function selectFixtures(recorded: RecordedHook[], context: Context) {
  return Object.fromEntries(
    Object.entries(FIXTURES).map(([name, select]) => [
      name,
      recorded.find((entry) => select(entry, context)),
    ]),
  ) as Record<string, RecordedHook | undefined>;
}

function fixtureOf(entry: RecordedHook) {
  return truncate({
    hook: entry.hook,
    ...(entry.type !== undefined && { type: entry.type }),
    input: entry.input,
    output: entry.output,
  });
}

/** Everything OpenCode sent the stand-in MCP server in the first run (initialize, ...). */
function mcpMessages(sandbox: OpencodeSandbox) {
  return readStandInLog(join(sandbox.recordDir, 'standin.jsonl'))[0]?.messages ?? [];
}

/** The MCP server's environment, as far as it is OpenCode's (PATH and the like left out). */
function mcpServerEnv(sandbox: OpencodeSandbox): Record<string, string> {
  const env = readStandInLog(join(sandbox.recordDir, 'standin.jsonl'))[0]?.env ?? {};
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => /OPENCODE|SESSION|BUN/i.test(name)),
  );
}

function truncate<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      return node.length > 1500 ? `${node.slice(0, 400)}…[cut: ${node.length} chars]` : node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value) as T;
}

/**
 * Keys OpenCode fills in beside its loop, not before a given hook: a user message's `summary`
 * (the diffs of its step) is written once OpenCode has summed the step up, so the request after
 * it may go out with or without it. plankeeper reads `summary` only on an assistant message.
 */
const FILLED_LATER = ['output.messages.info.summary'];

function filledLater(path: string): boolean {
  return FILLED_LATER.some((key) => path === key || path.startsWith(`${key}.`));
}

/** `a`, `a.b`, `a.b.c`: object keys three levels down (arrays: their first element). */
function keyPaths(value: unknown, prefix = '', depth = 0): string[] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const node = Array.isArray(value) ? value[0] : value;
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, item]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return [path, ...keyPaths(item, path, depth + 1)];
  });
}

function writeFixture(name: string, value: unknown): void {
  writeFileSync(join(FIXTURES_DIR, name), `${JSON.stringify(value, null, 2)}\n`);
}
