/**
 * A Claude Code sub-agent under plankeeper (pinned 2.1.328): its hook calls carry `agent_id`,
 * so their state lives in the plan scope [agent_id], and its MCP plan writes land there too:
 * the PreToolUse hook records the key of each plankeeper tool use, and the MCP server (which
 * Claude Code shares between the main conversation and its sub-agents) looks up the call's
 * `_meta["claudecode/toolUseId"]`. So the sub-agent's finish check reads its own plan, and
 * the main plan and nudge counter are untouched by it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolUseRecordKey } from '../../../src/coding-agents/claude-code/tool-use-keys.js';
import { withPlanEngine } from '../../support/seeded-store.js';
import {
  mcpJson,
  plankeeperHooks,
  plankeeperMcpServer,
  recordingHooks,
} from './support/claude-config.js';
import { type ClaudeRun, ClaudeSandbox } from './support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  say,
  seenText,
} from './support/scripted-anthropic-server.js';

describe('Claude Code with plankeeper: a sub-agent', () => {
  let server: ScriptedAnthropicServer;
  let sandbox: ClaudeSandbox;
  let store: string;
  let run: ClaudeRun;
  let dumps: string;

  beforeAll(async () => {
    sandbox = await ClaudeSandbox.create();
    store = `sqlite:${join(sandbox.dir('store'), 'plans.db')}`;
    sandbox.writeProjectFile(
      '.mcp.json',
      mcpJson({ plankeeper: plankeeperMcpServer(store, ['--for', 'claude-code']) }),
    );
    // plankeeper's hooks, and a recorder beside them on SubagentStart (for the agent_id).
    dumps = sandbox.dir('hooks');
    const hooks = plankeeperHooks(store) as Record<string, unknown[]>;
    const recorder = recordingHooks(dumps, ['SubagentStart']) as Record<string, unknown[]>;
    hooks.SubagentStart = [...(hooks.SubagentStart ?? []), ...(recorder.SubagentStart ?? [])];
    sandbox.writeProjectFile('.claude/settings.json', {
      permissions: { allow: ['mcp__plankeeper', 'Read'] },
      hooks,
    });
    sandbox.writeProjectFile('notes.txt', 'notes\n');
    const read = () => callTool('Read', { file_path: join(sandbox.project, 'notes.txt') });
    server = await ScriptedAnthropicServer.start([
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Check the notes', status: 'in_progress' }],
      }),
      callTool('Agent', {
        description: 'Read the notes',
        prompt: 'Read notes.txt three times.',
        subagent_type: 'general-purpose',
        run_in_background: false,
      }),
      // Inside the sub-agent: a plan of its own, three reads, a stop with the plan open...
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Open notes.txt', status: 'in_progress' },
          { content: 'Count its lines', status: 'pending' },
        ],
      }),
      read(),
      read(),
      read(),
      say('Sub-agent: read three times.'),
      // ...bounced by its finish check; it closes its plan and stops.
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Open notes.txt', status: 'completed' },
          { content: 'Count its lines', status: 'completed' },
        ],
      }),
      say('Sub-agent: one line.'),
      // The main conversation again.
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Check the notes', status: 'completed' }],
      }),
      say('I could not find anything wrong in the notes.'),
    ]);
    run = await sandbox.run({ server, prompt: 'Check the notes with a sub-agent.' });
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  const agentId = () =>
    (JSON.parse(readFileSync(join(dumps, 'SubagentStart-1.json'), 'utf8')) as { agent_id: string })
      .agent_id;

  it('completes normally', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.ofKind('subagent').length).toBeGreaterThanOrEqual(7);
  });

  it('stores the sub-agent’s MCP plan writes in the scope [agent_id]; the main plan is untouched', async () => {
    await withPlanEngine(store, async (engine) => {
      const session = run.result!.session_id;
      const main = await engine.snapshot({ agent: 'claude-code', session });
      expect(main.items.map((item) => [item.content, item.status])).toEqual([
        ['Check the notes', 'completed'],
      ]);
      // Its two writes, the sub-agent's link at SubagentStart and its end at SubagentStop.
      expect(main.version).toBe(4);
      expect(main.items[0]?.subAgent).toEqual({ scope: agentId(), ended: 'finished' });
      const sub = await engine.snapshot({ agent: 'claude-code', session, scope: [agentId()] });
      expect(sub.items.map((item) => [item.content, item.status])).toEqual([
        ['Open notes.txt', 'completed'],
        ['Count its lines', 'completed'],
      ]);
    });
    // The sub-agent's tool read back its own list, not the main one.
    const result = server.toolResult(server.steps[2]!.toolCalls[0]!.id);
    expect(result?.text).toContain('#1 Open notes.txt');
    expect(result?.text).not.toContain('Check the notes');
  });

  it('records plankeeper’s tool uses only (the PreToolUse matcher), none of the Reads', async () => {
    const ids = (from: number, to: number) =>
      server.steps.slice(from, to).map((step) => step.toolCalls[0]!.id);
    await withPlanEngine(store, async (engine) => {
      for (const id of [...ids(0, 1), ...ids(2, 3), ...ids(7, 8), ...ids(9, 10)]) {
        expect(await engine.turnState(toolUseRecordKey(id)), id).toBeDefined();
      }
      for (const id of [...ids(1, 2), ...ids(3, 6)]) {
        expect(await engine.turnState(toolUseRecordKey(id)), id).toBeUndefined();
      }
    });
  });

  it('the sub-agent’s finish check reads its own plan, once', () => {
    const bounced = server
      .ofKind('subagent')
      .filter((request) =>
        seenText(request).includes(
          'Your todo list still has open items: #1 Open notes.txt; #2 Count its lines.',
        ),
      );
    expect(bounced.length).toBeGreaterThan(0);
    expect(bounced[0]!.step).toBe(7);
  });

  it('keeps the sub-agent’s hook state in the scope [agent_id], apart from the main one', async () => {
    await withPlanEngine(store, async (engine) => {
      const session = run.result!.session_id;
      const main = await engine.turnState({ agent: 'claude-code', session });
      expect(main?.state.wroteThisTurn).toBe(true);
      // The sub-agent's calls are not the main conversation's rounds.
      expect(main?.state.rounds).toBe(0);
      const sub = await engine.turnState({ agent: 'claude-code', session, scope: [agentId()] });
      expect(sub?.state.turn).toBe(agentId());
      expect(sub?.state).toMatchObject({ wroteThisTurn: true, bounced: ['finish-check'] });
    });
  });

  it('tells the main conversation how the sub-agent on its item ended', () => {
    const told = server
      .ofKind('main')
      .filter((request) =>
        seenText(request).includes(
          'Sub-agent on #1 finished (2/2 done). Check its result, then complete #1 yourself.',
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });

  it('the main conversation gets no reminder and no sight of the sub-agent’s plan', () => {
    for (const request of server.ofKind('main')) {
      expect(seenText(request)).not.toContain('<reminder>');
      expect(seenText(request)).not.toContain('Count its lines');
    }
  });
});
