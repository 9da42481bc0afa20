/**
 * Compaction and /clear in one real Claude Code session (pinned 2.1.328, stream-json, one
 * process, so one MCP server throughout): five user turns — a plan, `/compact`, more work,
 * `/clear`, a new plan.
 *
 * - After compaction the model's next request shows the plan again (SessionStart with source
 *   compact; PreCompact only marks it pending, since what it said would be compacted away).
 * - `/clear` starts a new session id in the same process; the MCP server's
 *   CLAUDE_CODE_SESSION_ID is still the old one, but each plankeeper call is keyed by what its
 *   PreToolUse hook recorded, so the new plan is the new session's, where the hooks look. The
 *   old plan stays under the old session (a resume of it gets it back) and is not shown.
 */
import { join } from 'node:path';
import { getLocale } from 'plankeeper/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPlan } from '../support/stored-plan.js';
import { mcpJson, plankeeperHooks, plankeeperMcpServer } from './support/claude-config.js';
import { type ClaudeRun, ClaudeSandbox } from './support/claude-runner.js';
import {
  callTool,
  type RecordedModelRequest,
  ScriptedAnthropicServer,
  say,
  seenText,
} from './support/scripted-anthropic-server.js';

const { harness } = getLocale('en');

describe('Claude Code with plankeeper: /compact, then /clear, in one session', () => {
  let server: ScriptedAnthropicServer;
  let sandbox: ClaudeSandbox;
  let store: string;
  let run: ClaudeRun;
  /** The session ids of the five turns' results. */
  let sessions: string[];
  /** The first main request after compaction, and after the clear. */
  let afterCompact: RecordedModelRequest;
  let afterClear: RecordedModelRequest;

  beforeAll(async () => {
    sandbox = await ClaudeSandbox.create();
    store = `sqlite:${join(sandbox.dir('store'), 'plans.db')}`;
    sandbox.writeProjectFile(
      '.mcp.json',
      mcpJson({ plankeeper: plankeeperMcpServer(store, ['--for', 'claude-code']) }),
    );
    sandbox.writeProjectFile('.claude/settings.json', {
      permissions: { allow: ['mcp__plankeeper'] },
      hooks: plankeeperHooks(store),
    });
    const write = (content: string, status: string) =>
      callTool('mcp__plankeeper__todo_write', { todos: [{ content, status }] });
    server = await ScriptedAnthropicServer.start([
      // 1. "Do the first task.": a plan, a stop bounced by the finish check, an honest stop.
      write('First task', 'in_progress'),
      say('I could not finish the first task yet.'),
      say('I could not finish the first task yet.'),
      // 2. "/compact" (the compaction request takes no step). 3. "Go on.":
      write('First task', 'completed'),
      say('I could not check the first task further.'),
      // 4. "/clear" (no model request). 5. "Do the second task.":
      write('Second task', 'in_progress'),
      say('I could not finish the second task.'),
      say('I could not finish the second task.'),
    ]);
    run = await sandbox.run({
      server,
      streamJsonPrompts: [
        'Do the first task.',
        '/compact',
        'Go on.',
        '/clear',
        'Do the second task.',
      ],
      timeoutMs: 60_000,
    });
    sessions = run.events
      .filter((event) => event.type === 'result')
      .map((event) => String(event.session_id));
    const main = server.ofKind('main');
    afterCompact = main.find((request) => request.step === 3)!;
    afterClear = main.find((request) => request.step === 5)!;
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  async function plan(session: string) {
    const snapshot = await storedPlan(store, { agent: 'claude-code', session });
    return snapshot.items.map((item) => [item.content, item.status]);
  }

  it('runs all five turns, compacting once; /clear starts a new session id', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.ofKind('compact')).toHaveLength(1);
    expect(sessions).toHaveLength(5);
    expect(new Set(sessions.slice(0, 3)).size).toBe(1);
    expect(sessions[4]).not.toBe(sessions[0]);
  });

  it('after compaction the next request shows the plan again, once', () => {
    const seen = seenText(afterCompact);
    expect(seen).toContain(
      `SessionStart hook additional context: ${harness.restoredHeading}\n- [>] #1 First task`,
    );
    // Shown by SessionStart, so no tool result after it repeats it.
    const later = server.ofKind('main').filter((request) => (request.step ?? 0) > 3);
    for (const request of later) {
      expect(seenText(request).split(harness.restoredHeading).length - 1).toBeLessThanOrEqual(1);
    }
  });

  it('after /clear the old plan is neither shown nor changed; the new one is the new session’s', async () => {
    expect(seenText(afterClear)).not.toContain('First task');
    expect(seenText(afterClear)).not.toContain(harness.restoredHeading);
    expect(await plan(sessions[0]!)).toEqual([['First task', 'completed']]);
    expect(await plan(sessions[4]!)).toEqual([['Second task', 'in_progress']]);
    const result = server.toolResult(server.steps[5]!.toolCalls[0]!.id);
    expect(result?.text).toContain('#1 Second task');
    expect(result?.text).not.toContain('First task');
  });

  it('after /clear the Stop hook checks the plan the tool wrote', () => {
    const bounced = server.ofKind('main').find((request) => request.step === 7);
    expect(seenText(bounced!)).toContain(
      'Stop hook additional context: Your todo list still has open items: #1 Second task.',
    );
  });
});
