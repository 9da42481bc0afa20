/**
 * plankeeper inside the real Claude Code CLI (pinned 2.1.328), configured as `plankeeper setup
 * claude-code` configures it: the MCP server `plankeeper mcp --for claude-code` and every hook
 * `plankeeper hook claude-code <Event>`, on one SQLite store. The scripted model plays the
 * agent; the assertions read what the CLI sent the model and what the store holds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The server on `store`; the hooks setup writes, or command hooks on `hookStore` when given. */
function configure(sandbox: ClaudeSandbox, store: string, hookStore?: string) {
  sandbox.writeProjectFile(
    '.mcp.json',
    mcpJson({ plankeeper: plankeeperMcpServer(store, ['--for', 'claude-code']) }),
  );
  sandbox.writeProjectFile('.claude/settings.json', {
    permissions: { allow: ['mcp__plankeeper', 'Read'] },
    hooks:
      hookStore === undefined
        ? plankeeperHooks(store)
        : plankeeperHooks(hookStore, [], { route: 'command' }),
  });
  writeFileSync(join(sandbox.project, 'notes.txt'), 'parser notes\n');
}

describe('Claude Code with plankeeper: one turn with a plan', () => {
  let server: ScriptedAnthropicServer;
  let sandbox: ClaudeSandbox;
  let store: string;
  let run: ClaudeRun;
  let resumed: ClaudeRun;
  let main: RecordedModelRequest[];

  beforeAll(async () => {
    sandbox = await ClaudeSandbox.create();
    store = `sqlite:${join(sandbox.dir('store'), 'plans.db')}`;
    configure(sandbox, store);
    const read = () => callTool('Read', { file_path: join(sandbox.project, 'notes.txt') });
    server = await ScriptedAnthropicServer.start([
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Write the parser', status: 'in_progress' },
          { content: 'Test the parser', status: 'pending' },
        ],
      }),
      read(),
      read(),
      read(),
      say('All done.'),
      say('I could not test the parser: there is no test runner here.'),
    ]);
    run = await sandbox.run({ server, prompt: 'Write and test the parser.' });
    main = server.ofKind('main');
    server.script(say('Noted.'));
    resumed = await sandbox.run({
      server,
      prompt: 'What is left?',
      args: ['--resume', run.result?.session_id ?? ''],
    });
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('completes both runs normally', () => {
    for (const each of [run, resumed]) {
      expect(each.timedOut).toBe(false);
      expect(each.code, each.stderr).toBe(0);
    }
    expect(run.result?.result).toBe('I could not test the parser: there is no test runner here.');
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
  });

  it('the plan tool answers with plankeeper text, stored under the Claude Code session id', async () => {
    const result = server.toolResult(server.steps[0]!.toolCalls[0]!.id);
    expect(result?.isError).toBe(false);
    expect(result?.text).toContain('[>] #1 Write the parser');
    const plan = await storedPlan(store, { agent: 'claude-code', session: run.result!.session_id });
    expect(plan.items.map((item) => item.content)).toEqual(['Write the parser', 'Test the parser']);
  });

  it('nudges after 3 tool rounds without a plan update', () => {
    // main[4] follows the third Read; the two before it carry no reminder.
    expect(seenText(main[4]!)).toContain(
      'PostToolUse:Read hook additional context: <reminder>3 tool rounds without a todo list update.',
    );
    expect(seenText(main[3]!)).not.toContain('<reminder>');
  });

  it('blocks the first stop once with the finish check; the second stop goes through', () => {
    const afterStop = seenText(main[5]!);
    // Once, as the Stop hook's additional context: no "blocking error from command".
    const reason = 'Your todo list still has open items: #1 Write the parser; #2 Test the parser.';
    expect(afterStop).toContain(`Stop hook additional context: ${reason}`);
    expect(afterStop.split(reason)).toHaveLength(2);
    expect(afterStop).not.toContain('blocking error');
    expect(main).toHaveLength(6);
  });

  it('shows the plan once in the resumed session, marked as leftover by the new prompt', () => {
    const first = seenText(server.ofKind('main')[6]!);
    expect(first).not.toContain('### Your todo list, shown again');
    expect(first).toContain(
      'UserPromptSubmit hook additional context: ### Leftover todo list from an earlier request',
    );
    expect(resumed.result?.result).toBe('Noted.');
  });
});

const DEAD = 'redis://127.0.0.1:1';
const store = (sandbox: ClaudeSandbox) => `sqlite:${join(sandbox.dir('store'), 'plans.db')}`;

describe('Claude Code with plankeeper: the store unreachable', () => {
  it.each([
    ['command hooks on a dead store', (box: ClaudeSandbox) => [store(box), DEAD]],
    ['the server, answering its hooks, on a dead store', (_box: ClaudeSandbox) => [DEAD]],
  ] as const)(
    '%s: the run completes as if plankeeper were not there',
    async (_, stores) => {
      const sandbox = await ClaudeSandbox.create();
      const server = await ScriptedAnthropicServer.start([
        callTool('Read', { file_path: join(sandbox.project, 'notes.txt') }),
        say('Read it.'),
      ]);
      try {
        const [serverStore, hookStore] = stores(sandbox);
        configure(sandbox, serverStore!, hookStore);
        const run = await sandbox.run({ server, prompt: 'Read the notes.' });
        expect(run.code, run.stderr).toBe(0);
        expect(run.result?.result).toBe('Read it.');
        expect(run.durationMs).toBeLessThan(20_000);
        expect(server.unusedSteps).toBe(0);
      } finally {
        await server.close();
        await sandbox.dispose();
      }
    },
    60_000,
  );
});
