/**
 * Hook inputs of the real Claude Code CLI (pinned 2.1.328), captured by a recording hook on
 * every event through one scripted session in three runs:
 *
 * 1. `claude -p` (startup): an MCP tool call (plankeeper todo_write), a rejected MCP call,
 *    a failing built-in tool (Read of a missing file), a foreground sub-agent that calls an
 *    MCP tool, then a Stop that the hook blocks once, then a second Stop;
 * 2. `claude -p /compact --resume <id>`: a manual compaction;
 * 3. `claude -p /clear --resume <id>`: a clear, which starts a new session id.
 *
 * The test checks that the capture works (the hooks fire, and carry the session id the MCP
 * servers got as CLAUDE_CODE_SESSION_ID) and that every input still has the shape of the
 * committed fixtures in ./fixtures. To re-record the fixtures (paths scrubbed to /tmp/HOME,
 * /tmp/PROJECT, /tmp/TMP):
 *
 *   PLANKEEPER_RECORD_FIXTURES=1 npx vitest run packages/cli/test/coding-agents/claude-code/hook-fixtures.test.ts
 *   npx biome format --write packages/cli/test/coding-agents/claude-code/fixtures
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStandInLog } from '../../support/stand-in-mcp-server.js';
import {
  ALL_HOOK_EVENTS,
  mcpJson,
  plankeeperMcpServer,
  recordingHooks,
  standinMcpServer,
} from './support/claude-config.js';
import { type ClaudeRun, ClaudeSandbox } from './support/claude-runner.js';
import { callTool, ScriptedAnthropicServer, say } from './support/scripted-anthropic-server.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RECORD = process.env.PLANKEEPER_RECORD_FIXTURES === '1';
const STOP_BLOCK_REASON = 'Item #2 is still open: finish it or say why it cannot be done.';

type HookInput = Record<string, unknown> & { hook_event_name: string; session_id: string };

interface Capture {
  /** Every hook input in firing order. */
  inputs: HookInput[];
  /** The env of the first hook call of each event. */
  envs: Map<string, Record<string, string>>;
}

describe('Claude Code: hook inputs through a scripted session', () => {
  let server: ScriptedAnthropicServer;
  let sandbox: ClaudeSandbox;
  let dumps: string;
  let standinLog: string;
  const runs: ClaudeRun[] = [];
  let capture: Capture;

  beforeAll(async () => {
    server = await ScriptedAnthropicServer.start();
    sandbox = await ClaudeSandbox.create();
    dumps = sandbox.dir('hooks');
    standinLog = join(sandbox.root, 'standin.log');
    sandbox.writeProjectFile(
      '.mcp.json',
      mcpJson({
        plankeeper: plankeeperMcpServer(`sqlite:${join(sandbox.dir('store'), 'plans.db')}`),
        standin: standinMcpServer(standinLog),
      }),
    );
    sandbox.writeProjectFile('.claude/settings.json', {
      permissions: { allow: ['mcp__plankeeper', 'mcp__standin'] },
      hooks: recordingHooks(dumps, ALL_HOOK_EVENTS),
    });
    // The first Stop is blocked once, so the second carries stop_hook_active: true.
    writeFileSync(
      join(dumps, 'Stop-1.reply'),
      JSON.stringify({ decision: 'block', reason: STOP_BLOCK_REASON }),
    );

    server.script(
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Write the parser', status: 'in_progress' },
          { content: 'Test the parser', status: 'pending' },
        ],
      }),
      callTool('mcp__plankeeper__todos_complete', { items: [{ id: 7, reason: 'done' }] }),
      callTool('Read', { file_path: join(sandbox.project, 'missing.txt') }),
      callTool('Agent', {
        description: 'Check the parser',
        prompt: 'Read the plan and report.',
        subagent_type: 'general-purpose',
        run_in_background: false,
      }),
      callTool('mcp__plankeeper__todo_read', {}), // inside the sub-agent
      say('Sub-agent report: the plan has two items.'), // the sub-agent's last answer
      say('First stop.'),
      say('Second stop, after the hook blocked the first.'),
    );
    const first = await sandbox.run({ server, prompt: 'Plan the parser work, then do it.' });
    runs.push(first);
    const sessionId = first.result?.session_id ?? '';
    runs.push(await sandbox.run({ server, prompt: '/compact', args: ['--resume', sessionId] }));
    runs.push(await sandbox.run({ server, prompt: '/clear', args: ['--resume', sessionId] }));
    capture = readCapture(dumps);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('runs every CLI invocation to a clean exit, fast, without leaving 127.0.0.1', () => {
    for (const run of runs) {
      expect(run.timedOut).toBe(false);
      expect(run.code, run.stderr).toBe(0);
      expect(run.durationMs).toBeLessThan(15_000);
    }
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.blockedRequests).toEqual([]);
    expect(server.ofKind('subagent')).toHaveLength(2);
    expect(server.ofKind('compact').length).toBeGreaterThan(0);
  });

  it('hooks fire with the session id the MCP servers got as CLAUDE_CODE_SESSION_ID', () => {
    const sessionId = runs[0]!.result!.session_id;
    const start = find(capture, 'SessionStart', { source: 'startup' });
    expect(start.session_id).toBe(sessionId);
    const mcpEnv = readStandinEnv(standinLog)[0]!;
    expect(mcpEnv.CLAUDE_CODE_SESSION_ID).toBe(sessionId);
    // The same id on every model request of the session, and in the hooks' own env.
    expect(server.ofKind('main')[0]!.headers['x-claude-code-session-id']).toBe(sessionId);
    expect(capture.envs.get('SessionStart')?.CLAUDE_CODE_SESSION_ID).toBe(sessionId);
    expect(capture.envs.get('SessionStart')?.CLAUDE_PROJECT_DIR).toBe(sandbox.project);
  });

  it('captures tool, sub-agent, stop, compaction and clear events with their ids', () => {
    const sessionId = runs[0]!.result!.session_id;
    const calls = server.steps.flatMap((step) => step.toolCalls);
    const pre = find(capture, 'PreToolUse', { tool_name: 'mcp__plankeeper__todo_write' });
    expect(pre.tool_use_id).toBe(calls[0]!.id);
    expect(pre.mcp_server).toEqual({ name: 'plankeeper', source: 'project' });
    expect(pre.agent_id).toBeUndefined();
    const post = find(capture, 'PostToolUse', { tool_name: 'mcp__plankeeper__todo_write' });
    expect(JSON.stringify(post.tool_response)).toContain('#1 Write the parser');
    // A rejected MCP call (isError) is a PostToolUseFailure, with the result text as error.
    const rejected = find(capture, 'PostToolUseFailure', {
      tool_name: 'mcp__plankeeper__todos_complete',
    });
    expect(rejected.error).toContain('no item #7');

    const subStart = find(capture, 'SubagentStart', {});
    const subPre = find(capture, 'PreToolUse', { tool_name: 'mcp__plankeeper__todo_read' });
    expect(subPre.agent_id).toBe(subStart.agent_id);
    expect(subPre.agent_type).toBe('general-purpose');
    expect(subPre.session_id).toBe(sessionId); // sub-agents share the session id
    const subStop = find(capture, 'SubagentStop', { agent_type: 'general-purpose' });
    expect(subStop.agent_id).toBe(subStart.agent_id);

    const stops = capture.inputs.filter((input) => input.hook_event_name === 'Stop');
    expect(stops.map((stop) => stop.stop_hook_active)).toEqual([false, true]);
    expect(stops[1]!.last_assistant_message).toBe('Second stop, after the hook blocked the first.');

    expect(find(capture, 'SessionStart', { source: 'resume' }).session_id).toBe(sessionId);
    expect(find(capture, 'PreCompact', {}).trigger).toBe('manual');
    expect(find(capture, 'SessionStart', { source: 'compact' }).session_id).toBe(sessionId);
    expect(find(capture, 'PostCompact', {}).trigger).toBe('manual');
    expect(find(capture, 'SessionEnd', { reason: 'clear' }).session_id).toBe(sessionId);
    const cleared = find(capture, 'SessionStart', { source: 'clear' });
    expect(cleared.session_id).not.toBe(sessionId);
    expect(runs[2]!.result?.session_id).toBe(cleared.session_id);
  });

  it(RECORD ? 'records the fixtures' : 'matches the shapes of the recorded fixtures', () => {
    // Env fixtures: only what Claude Code itself sets (not the runner's own variables).
    const ours = new Set(Object.keys(sandbox.env(server)));
    const fixtures = selectFixtures(capture, standinLog, ours);
    if (RECORD) {
      mkdirSync(FIXTURES, { recursive: true });
      for (const [name, value] of Object.entries(fixtures)) {
        writeFileSync(join(FIXTURES, name), `${JSON.stringify(sandbox.scrub(value), null, 2)}\n`);
      }
      return;
    }
    for (const [name, value] of Object.entries(fixtures)) {
      const path = join(FIXTURES, name);
      expect(existsSync(path), `${name} is recorded`).toBe(true);
      const recorded = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      expect(shapeOf(sandbox.scrub(value)), name).toEqual(shapeOf(recorded));
    }
  });
});

/** The fixture files: one input per event, plus the variants the hooks must tell apart. */
function selectFixtures(
  capture: Capture,
  standinLog: string,
  runnerEnv: ReadonlySet<string>,
): Record<string, unknown> {
  const own = (env: Record<string, string>) =>
    redactSecrets(Object.fromEntries(Object.entries(env).filter(([name]) => !runnerEnv.has(name))));
  const env = (event: string) => own(capture.envs.get(event) ?? {});
  return {
    'SessionStart.json': find(capture, 'SessionStart', { source: 'startup' }),
    'SessionStart.resume.json': find(capture, 'SessionStart', { source: 'resume' }),
    'SessionStart.compact.json': find(capture, 'SessionStart', { source: 'compact' }),
    'SessionStart.clear.json': find(capture, 'SessionStart', { source: 'clear' }),
    'UserPromptSubmit.json': find(capture, 'UserPromptSubmit', {}),
    'PreToolUse.json': find(capture, 'PreToolUse', { tool_name: 'mcp__plankeeper__todo_write' }),
    'PreToolUse.subagent.json': find(capture, 'PreToolUse', {
      tool_name: 'mcp__plankeeper__todo_read',
    }),
    'PostToolUse.json': find(capture, 'PostToolUse', { tool_name: 'mcp__plankeeper__todo_write' }),
    'PostToolUse.Agent.json': find(capture, 'PostToolUse', { tool_name: 'Agent' }),
    'PostToolUseFailure.json': find(capture, 'PostToolUseFailure', { tool_name: 'Read' }),
    'PostToolUseFailure.mcp.json': find(capture, 'PostToolUseFailure', {
      tool_name: 'mcp__plankeeper__todos_complete',
    }),
    'PostToolBatch.json': find(capture, 'PostToolBatch', {}),
    'SubagentStart.json': find(capture, 'SubagentStart', {}),
    'SubagentStop.json': find(capture, 'SubagentStop', { agent_type: 'general-purpose' }),
    'SubagentStop.compact.json': find(capture, 'SubagentStop', { agent_type: '' }),
    'Stop.json': find(capture, 'Stop', { stop_hook_active: false }),
    'Stop.after-block.json': find(capture, 'Stop', { stop_hook_active: true }),
    'PreCompact.json': find(capture, 'PreCompact', {}),
    'PostCompact.json': find(capture, 'PostCompact', {}),
    'SessionEnd.json': find(capture, 'SessionEnd', { reason: 'other' }),
    'SessionEnd.clear.json': find(capture, 'SessionEnd', { reason: 'clear' }),
    'hook-env.SessionStart.json': env('SessionStart'),
    'hook-env.PreToolUse.json': env('PreToolUse'),
    'mcp-server-env.json': own(readStandinEnv(standinLog)[0] ?? {}),
  };
}

function readCapture(dir: string): Capture {
  const order = readFileSync(join(dir, 'order.log'), 'utf8').split('\n').filter(Boolean);
  const seen = new Map<string, number>();
  const inputs: HookInput[] = [];
  const envs = new Map<string, Record<string, string>>();
  for (const event of order) {
    const n = (seen.get(event) ?? 0) + 1;
    seen.set(event, n);
    inputs.push(JSON.parse(readFileSync(join(dir, `${event}-${n}.json`), 'utf8')) as HookInput);
    if (n === 1) {
      envs.set(event, JSON.parse(readFileSync(join(dir, `${event}-${n}.env.json`), 'utf8')));
    }
  }
  // Every dump is in the order log (none written by a hook that died half-way).
  const files = readdirSync(dir).filter((name) => /^[A-Za-z]+-\d+\.json$/.test(name));
  expect(files).toHaveLength(inputs.length);
  return { inputs, envs };
}

function find(capture: Capture, event: string, fields: Record<string, unknown>): HookInput {
  const found = capture.inputs.find(
    (input) =>
      input.hook_event_name === event &&
      Object.entries(fields).every(([key, value]) => input[key] === value),
  );
  if (!found) {
    const fired = capture.inputs.map((input) => input.hook_event_name).join(', ');
    throw new Error(`no ${event} hook input with ${JSON.stringify(fields)}; fired: ${fired}`);
  }
  return found;
}

/** The stand-in MCP server's environment at each start: the variables of Claude Code and MCP. */
function readStandinEnv(log: string): Array<Record<string, string>> {
  return readStandInLog(log).map((started) =>
    Object.fromEntries(
      Object.entries(started.env).filter(([name]) => /^(CLAUDE|AI_AGENT|MCP)/.test(name)),
    ),
  );
}

/** Tokens and process ids vary per run and mean nothing to a reader: placeholders. */
function redactSecrets(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      /TOKEN|KEY/.test(name)
        ? '<redacted>'
        : name === 'CLAUDE_PID'
          ? '<pid>'
          : value.replace(/\/\d+\.sock$/, '/<pid>.sock'),
    ]),
  );
}

/** A value's shape: key names and value types, recursively (arrays: their first element). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return value === null ? 'null' : typeof value;
}
