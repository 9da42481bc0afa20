/**
 * A project set up for both Claude Code and GitHub Copilot CLI, which both read its
 * `.mcp.json`: the real `claude` and the real `copilot` each write a plan through plankeeper's
 * server there, whichever agent's setup wrote the entry, and each plan is stored under that
 * agent's own name and session, never the other's.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import { copilotIn, describeRun, runCopilot } from '../copilot/support/run-copilot.js';
import { storedItems } from '../support/stored-plan.js';
import {
  runWithHookLog,
  SMOKE_SCRIPT,
  startClaudeCode,
} from './support/claude-code-after-setup.js';
import { HONEST_ANSWER, SMOKE_PLAN } from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

const COPILOT_PLAN = { todos: [{ content: 'Review the parser', status: 'in_progress' }] };

let model: ResponsesServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('Claude Code and Copilot CLI set up in one project (real CLIs)', () => {
  it.each([
    ['claude-code', 'copilot'],
    ['copilot', 'claude-code'],
  ] as const)(
    'set up %s, then %s: each agent’s plan under its own name',
    async (first, second) => {
      const { server, sandbox } = await startClaudeCode(SMOKE_SCRIPT);
      // The team's .mcp.json, so that Copilot reads it (and only it).
      sandbox.writeProjectFile('.mcp.json', { mcpServers: {} });
      setUpForRealCli(first, sandbox);
      setUpForRealCli(second, sandbox);
      const store = `sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`;

      const claude = await runWithHookLog(sandbox, server, 'Write and test the parser.');
      expect(claude.run.code, claude.why).toBe(0);
      const claudeSession = claude.run.result?.session_id;
      expect(claudeSession, claude.why).toBeTruthy();

      model = await ResponsesServer.start([
        callTool('plankeeper-todo_write', COPILOT_PLAN),
        say('Reviewed.'),
        say(HONEST_ANSWER),
      ]);
      const copilot = await runCopilot(copilotIn(sandbox), {
        modelUrl: model.url,
        prompt: 'Review the parser.',
      });
      expect(copilot.code, describeRun(copilot)).toBe(0);

      const claudeKey = { agent: 'claude-code', session: claudeSession! };
      const copilotKey = { agent: 'copilot', session: copilot.session };
      expect(await storedItems(store, claudeKey)).toEqual(SMOKE_PLAN.todos.map((t) => t.content));
      expect(await storedItems(store, copilotKey)).toEqual(['Review the parser']);
      // Neither wrote into the other's name with its own session.
      expect(await storedItems(store, { agent: 'claude-code', session: copilot.session })).toEqual(
        [],
      );
      expect(await storedItems(store, { agent: 'copilot', session: claudeSession! })).toEqual([]);
    },
    150_000,
  );
});
