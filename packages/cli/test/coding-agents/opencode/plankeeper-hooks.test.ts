/**
 * plankeeper inside the real OpenCode CLI (pinned 1.18.33), set up exactly as `plankeeper setup
 * opencode` sets it up: the MCP server `plankeeper mcp --for opencode` and the plugin
 * `.opencode/plugin/plankeeper.js`, which asks one `plankeeper hook opencode --serve` process
 * per OpenCode about its events, on one SQLite store. The scripted model plays the agent; the
 * assertions read what OpenCode sent the model and what the store holds. Five `opencode run`s
 * in all (one is a resume): a run costs about 3 s of CPU, so each one covers as much as it can.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanEngine, type PlanKey } from 'plankeeper';
import { getLocale } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BIN } from '../setup/support/bin.js';
import { setUpForRealCli } from '../setup/support/project.js';
import { type OpencodeRun, OpencodeSandbox, PLANKEEPER_BIN } from './support/opencode-runner.js';
import {
  callTool,
  type RecordedModelRequest,
  ScriptedChatServer,
  say,
  withUsage,
} from './support/scripted-chat-server.js';

const en = getLocale('en').harness;
const todos = (...items: Array<[string, string]>) => ({
  todos: items.map(([content, status]) => ({ content, status })),
});
const bash = (line: string, id?: string) =>
  callTool('bash', { command: `echo ${line}`, description: 'Echo a line' }, id);

/**
 * A sandbox project after `plankeeper setup opencode` (the real setup, in-process). With
 * `counted`, through the test bin, which notes each plankeeper process it starts: runs given
 * countedEnv(sandbox) write them where hookProcesses() and servePids() read them.
 */
async function setUpSandbox(
  options: { store?: string; contextLimit?: number; counted?: boolean } = {},
) {
  const sandbox = await OpencodeSandbox.create({
    ...(options.contextLimit !== undefined && { contextLimit: options.contextLimit }),
  });
  setUpForRealCli('opencode', sandbox, {
    bin: options.counted ? TEST_BIN : PLANKEEPER_BIN,
    node: process.execPath,
    ...(options.store !== undefined && { store: options.store }),
  });
  return sandbox;
}

async function storedItems(sandbox: OpencodeSandbox, key: Omit<PlanKey, 'agent'>) {
  const store = await openStore(`sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`);
  try {
    const snapshot = await new PlanEngine({ store }).snapshot({ agent: 'opencode', ...key });
    return snapshot.items.map((item) => `${item.status} ${item.content}`);
  } finally {
    await store.close();
  }
}

const countedEnv = (sandbox: OpencodeSandbox) => ({
  PLANKEEPER_TEST_HOOK_LOG: join(sandbox.root, 'hook-processes.log'),
  PLANKEEPER_TEST_SERVE_PIDS: join(sandbox.root, 'serve.pids'),
});
const linesOf = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } catch {
    return [];
  }
};
/** Each `plankeeper hook` process started: `hook opencode --serve`, or `hook opencode <event>`. */
const hookProcesses = (sandbox: OpencodeSandbox) =>
  linesOf(countedEnv(sandbox).PLANKEEPER_TEST_HOOK_LOG);
const servePids = (sandbox: OpencodeSandbox) =>
  linesOf(countedEnv(sandbox).PLANKEEPER_TEST_SERVE_PIDS);
/** Each `plankeeper mcp` process started: the relay's fallback from the resident. */
const mcpProcesses = (sandbox: OpencodeSandbox) =>
  linesOf(`${countedEnv(sandbox).PLANKEEPER_TEST_HOOK_LOG}.mcp`);

const lastUserText = (request: RecordedModelRequest | undefined) =>
  request ? (ScriptedChatServer.userTexts(request).at(-1) ?? '') : '';

function expectCleanRun(run: OpencodeRun, server: ScriptedChatServer) {
  expect(run.timedOut, run.stderr).toBe(false);
  expect(run.code, run.stderr).toBe(0);
  expect(server.blockedRequests).toEqual([]);
}

describe('OpenCode with plankeeper: a turn with a plan, then a resumed session', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;
  let run: OpencodeRun;
  let resumed: OpencodeRun;
  let mainOfFirstRun: RecordedModelRequest[];
  let processesOfFirstRun: string[];

  beforeAll(async () => {
    sandbox = await setUpSandbox({ counted: true });
    server = await ScriptedChatServer.start([
      callTool(
        'plankeeper_todo_write',
        todos(['Write the parser', 'in_progress'], ['Test the parser', 'pending']),
        'call_write',
      ),
      bash('one', 'call_bash_1'),
      // An MCP isError result: OpenCode never calls tool.execute.after for it.
      callTool(
        'plankeeper_todos_complete',
        { items: [{ id: '99', reason: 'done' }] },
        'call_failed',
      ),
      bash('two', 'call_bash_2'),
      say('All done.'),
      say('All done, I checked.'),
      say('Partly done: I could not test the parser, there is no test runner.'),
    ]);
    const env = countedEnv(sandbox);
    run = await sandbox.run({ server, prompt: 'Write and test the parser.', env });
    mainOfFirstRun = server.ofKind('main');
    processesOfFirstRun = hookProcesses(sandbox);
    server.push(say('Two items are left.'));
    resumed = await sandbox.run({
      server,
      prompt: 'What is left?',
      args: ['--session', run.sessionId ?? ''],
      env,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('completes both runs, to the end of the script and not beyond', () => {
    expectCleanRun(run, server);
    expectCleanRun(resumed, server);
    expect(resumed.sessionId).toBe(run.sessionId);
    expect(mainOfFirstRun).toHaveLength(7);
    expect(server.pending).toBe(0);
    expect(server.overruns).toBe(0);
  });

  it('starts one plankeeper hook process per OpenCode run, not one per event', () => {
    // The first run alone had a dozen events (prompts, tool results, a failed call, answers).
    expect(processesOfFirstRun).toEqual(['hook opencode --serve']);
    expect(hookProcesses(sandbox)).toEqual(['hook opencode --serve', 'hook opencode --serve']);
  });

  it('serves OpenCode’s MCP connection in that process: no plankeeper mcp process starts', () => {
    // The plan tools answered (the test below); through the relay, not a server of their own.
    expect(mcpProcesses(sandbox)).toEqual([]);
  });

  it('the plan tool answers with plankeeper text, stored under the OpenCode session id', async () => {
    expect(server.toolResult('call_write')?.text).toContain('- [>] #1 Write the parser');
    // The plugin wrote the key into the call; without it the write would have gone to the
    // MCP connection's own plan.
    expect(await storedItems(sandbox, { session: run.sessionId! })).toEqual([
      'in_progress Write the parser',
      'pending Test the parser',
    ]);
  });

  it('nudges after 3 tool rounds without a plan update, the failed call counted', () => {
    expect(server.toolResult('call_failed')?.text).toMatch(/99/);
    expect(server.toolResult('call_bash_1')?.text).not.toContain('<reminder>');
    // bash's own output ends with a newline; the plugin appends after a blank line.
    expect(server.toolResult('call_bash_2')?.text).toBe(`two\n\n\n${en.reminder(3)}`);
  });

  it('bounces the first final answer once with the finish check, then the goal check; the third goes through', () => {
    const afterFirst = lastUserText(mainOfFirstRun[5]);
    expect(afterFirst).toBe(
      'Your todo list still has open items: #1 Write the parser; #2 Test the parser. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer.',
    );
    // Said once in the whole request: not again as a system message.
    const bounced = JSON.stringify(mainOfFirstRun[5]!.body);
    expect(bounced.split('still has open items').length - 1).toBe(1);
    expect(mainOfFirstRun[5]!.body.messages?.at(-2)).toMatchObject({
      role: 'assistant',
      content: 'All done.',
    });
    const afterSecond = ScriptedChatServer.userTexts(mainOfFirstRun[6]!);
    expect(afterSecond.at(-1)).toBe(en.goalCheck('Write and test the parser.'));
    expect(afterSecond.filter((text) => text.includes('still has open items'))).toHaveLength(1);
    expect(run.text).toContain('Partly done: I could not test the parser');
  });

  it('marks the plan as leftover on a new prompt in the resumed session', () => {
    const first = ScriptedChatServer.userTexts(server.ofKind('main')[7]!).join('\n');
    expect(first).toContain('What is left?');
    expect(first).toContain(`${en.leftoverHeading}`);
    expect(first).toContain('- [>] #1 Write the parser');
    // A new turn: nothing was written in it, so its answer is not bounced.
    expect(resumed.text).toBe('Two items are left.');
  });
});

describe('OpenCode with plankeeper: a task sub-agent, then an auto-compaction', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;
  let run: OpencodeRun;

  beforeAll(async () => {
    sandbox = await setUpSandbox({ contextLimit: 50_000 });
    server = await ScriptedChatServer.start([
      callTool(
        'plankeeper_todo_write',
        todos(['Write the parser', 'in_progress'], ['Test the parser', 'pending']),
      ),
      callTool('task', {
        description: 'Check the parser',
        prompt: 'Check that the parser compiles.',
        subagent_type: 'general',
      }),
      // The sub-agent's steps (in its own session) come before the main session reads its result.
      callTool('plankeeper_todo_write', todos(['Child check', 'in_progress'])),
      callTool('plankeeper_todo_write', todos(['Child check', 'completed'])),
      say('Partly done: it could not be compiled here.'),
      // Reported usage at the context limit: OpenCode compacts before the next step.
      withUsage(bash('long output'), 60_000),
      say('Partly done: I could not test the parser.'),
      say('Partly done: I could not test the parser.'),
    ]);
    run = await sandbox.run({ server, prompt: 'Write and test the parser.' });
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('runs to the end of the script', () => {
    expectCleanRun(run, server);
    expect(server.pending).toBe(0);
    expect(server.overruns).toBe(0);
  });

  it("keeps the sub-agent's plan in its own scope, apart from the parent's", async () => {
    const child = server.ofKind('subagent')[0]?.sessionId;
    expect(child).toMatch(/^ses_/);
    expect(child).not.toBe(run.sessionId);
    expect(await storedItems(sandbox, { session: run.sessionId! })).toEqual([
      'in_progress Write the parser',
      'pending Test the parser',
    ]);
    expect(await storedItems(sandbox, { session: run.sessionId!, scope: [child!] })).toEqual([
      'completed Child check',
    ]);
    expect(await storedItems(sandbox, { session: child! })).toEqual([]);
  });

  it('shows the plan again in the first request after the compaction summary', () => {
    expect(server.ofKind('compaction')).toHaveLength(1);
    const users = ScriptedChatServer.userTexts(server.requestForStep(6)!);
    expect(users).toContain(
      `${en.restoredHeading}\n- [>] #1 Write the parser\n- [ ] #2 Test the parser`,
    );
    // Added before OpenCode's own "Continue ..." message, which stays the last one.
    expect(users.at(-1)).toMatch(/^Continue if you have next steps/);
    expect(ScriptedChatServer.userTexts(server.requestForStep(5)!).join('\n')).not.toContain(
      en.restoredHeading,
    );
  });
});

describe('OpenCode with plankeeper: its hook process killed mid-session', () => {
  it('the session goes on, and a new process answers the later events', async () => {
    const sandbox = await setUpSandbox({ counted: true });
    const pids = countedEnv(sandbox).PLANKEEPER_TEST_SERVE_PIDS;
    const server = await ScriptedChatServer.start([
      callTool(
        'plankeeper_todo_write',
        todos(['Write the parser', 'in_progress'], ['Test the parser', 'pending']),
      ),
      callTool(
        'bash',
        { command: `kill -9 $(tail -n 1 ${pids})`, description: 'Stop plankeeper' },
        'call_kill',
      ),
      bash('one'),
      // The MCP connection went with the process: the relay starts a server of its own.
      callTool('plankeeper_todo_read', {}, 'call_read'),
      say('All done.'),
      say('All done, I checked.'),
      say('Partly done: I could not test the parser.'),
    ]);
    try {
      const run = await sandbox.run({
        server,
        prompt: 'Write the parser.',
        env: countedEnv(sandbox),
      });
      expectCleanRun(run, server);
      expect(server.pending).toBe(0);
      expect(server.overruns).toBe(0);
      expect(server.toolResult('call_kill')?.text).toBe('(no output)');
      expect(server.toolResult('call_read')?.text).toContain('#1 Write the parser');
      expect(mcpProcesses(sandbox)).toHaveLength(1);
      // Killed once, started again at a later event: two processes, never one per event.
      expect(servePids(sandbox)).toHaveLength(2);
      expect(hookProcesses(sandbox)).toEqual(['hook opencode --serve', 'hook opencode --serve']);
      // The new process read the plan and refused the first final answer.
      expect(lastUserText(server.ofKind('main')[5])).toBe(
        'Your todo list still has open items: #1 Write the parser; #2 Test the parser. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer.',
      );
      expect(ScriptedChatServer.userTexts(server.ofKind('main')[6]!).at(-1)).toBe(
        en.goalCheck('Write the parser.'),
      );
    } finally {
      await server.close();
      await sandbox.dispose();
    }
  }, 60_000);
});

describe('OpenCode with plankeeper: the store unreachable', () => {
  it('the run finishes as if plankeeper were not there (exit 0)', async () => {
    const sandbox = await setUpSandbox({ store: 'redis://127.0.0.1:1' });
    const server = await ScriptedChatServer.start([bash('hi', 'call_bash'), say('Read it.')]);
    try {
      const run = await sandbox.run({ server, prompt: 'Echo a line.' });
      expectCleanRun(run, server);
      expect(run.text).toBe('Read it.');
      expect(server.toolResult('call_bash')?.text).toBe('hi\n');
      expect(server.pending).toBe(0);
      expect(server.overruns).toBe(0);
      // The hooks ran and failed open: their one stderr line reached OpenCode's log.
      expect(run.stderr).toContain('plankeeper hook:');
      expect(run.durationMs).toBeLessThan(30_000);
    } finally {
      await server.close();
      await sandbox.dispose();
    }
  }, 60_000);
});
