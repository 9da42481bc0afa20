/**
 * A Claude Code sub-agent under plankeeper's hooks (pinned 2.1.328): its hook calls carry
 * `agent_id`, so their state lives in the plan scope [agent_id] and its tool calls never
 * count toward the main conversation's nudge. (Its MCP calls share the main connection and
 * so the main plan: Claude Code tells an MCP server nothing of the sub-agent.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      read(), // inside the sub-agent
      read(),
      read(),
      say('Sub-agent: read three times.'),
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

  it('completes normally', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.ofKind('subagent').length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the sub-agent’s hook state in the scope [agent_id], apart from the main one', async () => {
    const opened = await openStore(store);
    try {
      const engine = new PlanEngine({ store: opened });
      const session = run.result!.session_id;
      const main = await engine.turnState({ agent: 'claude-code', session });
      expect(main?.state.wroteThisTurn).toBe(true);
      // The sub-agent's three Reads are not the main conversation's rounds.
      expect(main?.state.rounds).toBe(0);
      const { agent_id: agentId } = JSON.parse(
        readFileSync(join(dumps, 'SubagentStart-1.json'), 'utf8'),
      ) as { agent_id: string };
      const sub = await engine.turnState({ agent: 'claude-code', session, scope: [agentId] });
      expect(sub?.state.turn).toBe(agentId);
      expect(sub?.state.rounds).toBe(3);
    } finally {
      await opened.close();
    }
  });

  it('the main conversation gets no reminder for the sub-agent’s tool calls', () => {
    for (const request of server.ofKind('main'))
      expect(seenText(request)).not.toContain('<reminder>');
  });
});
