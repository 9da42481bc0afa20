/**
 * `plankeeper setup pi` against the real Pi CLI (RPC mode, and print mode once) and a
 * scripted OpenAI-compatible model: the plan tools write the store, the plan section reaches
 * the model's request, an unfinished answer is sent back and a finished one goes through,
 * `--approval` holds a tool, `--verify` refuses an answer while the check fails, and a
 * plankeeper that cannot start leaves Pi working.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlanTools, defaultInstructions, getLocale, PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, openaiWire } from '../../support/fake-provider-server.js';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import { MODEL, PI_BIN, PiSandbox } from './support/pi-runner.js';

const en = getLocale('en');
/** plankeeper's bin in this checkout, as an install links it. */
const PLANKEEPER_BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

/** One streamed model turn: a text answer, or calls of tools with their arguments. */
function say(text: string) {
  return openaiWire.stream({ deltas: [{ content: text }] });
}
function call(...calls: [id: string, name: string, args: unknown][]) {
  return openaiWire.stream({
    deltas: calls.map(([id, name, args], index) => ({
      toolCall: { index, id, name, arguments: JSON.stringify(args) },
    })),
  });
}

/** The text of every message of one request the model got, in order. */
function messagesOf(request: { body: unknown }): { role: string; text: string }[] {
  const { messages } = request.body as { messages: { role: string; content: unknown }[] };
  return messages.map(({ role, content }) => ({
    role,
    text:
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((part: { text?: string }) => part.text ?? '').join('\n')
          : '',
  }));
}

const TWO_STEPS = {
  todos: [
    { content: 'Read the code', status: 'in_progress' },
    { content: 'Fix the bug', status: 'pending' },
  ],
};
const BOTH_DONE = {
  todos: [
    { id: '1', content: 'Read the code', status: 'completed' },
    { id: '2', content: 'Fix the bug', status: 'completed' },
  ],
};

/** Where a project's devDependency bin is; setup writes this path, relative to the project. */
const PROJECT_BIN = 'node_modules/@plankeeper/cli/bin/plankeeper.js';

describe('plankeeper setup pi, in the real Pi', () => {
  let sandbox: PiSandbox;
  let server: FakeProviderServer;
  beforeEach(async () => {
    sandbox = PiSandbox.create();
    server = await FakeProviderServer.start();
  });
  afterEach(async () => {
    await server.close();
    await sandbox.dispose();
  });

  /** `plankeeper setup pi` in the project, as a person runs it from this checkout. */
  async function setUp(...flags: string[]) {
    const run = await runCli(['setup', 'pi', '--dir', sandbox.project, ...flags], {
      env: homeEnv(sandbox.home),
    });
    expect(run.code, run.stderr).toBe(0);
  }

  async function storedPlan(session: string) {
    const store = await openStore(`sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`);
    try {
      return await new PlanEngine({ store }).snapshot({ agent: 'pi', session });
    } finally {
      await store.close();
    }
  }

  it.each(['en', 'zh'] as const)(
    'gives the model the plan tools as the MCP server lists them, and the planning guidance (%s)',
    async (lang) => {
      await setUp('--lang', lang);
      server.reply(say('Hello.'));
      const run = await sandbox.run({ server, prompts: ['Say hello'] });
      expect(run.stderr).toBe('');
      const [request] = server.requests;
      const body = request!.body as {
        tools: { function: { name: string; description: string; parameters: unknown } }[];
      };
      const locale = getLocale(lang);
      for (const tool of createPlanTools({ engine: new PlanEngine(), locale, tools: 'both' })) {
        const offered = body.tools.find((each) => each.function.name === tool.name)?.function;
        expect(offered, tool.name).toBeDefined();
        expect(offered!.description).toBe(tool.description);
        expect(offered!.parameters).toEqual(tool.inputSchema);
      }
      expect(messagesOf(request!)[0]!.text).toContain(defaultInstructions(locale));
    },
  );

  it.each([
    ['a global install, on PATH', ['plankeeper']],
    ['the project’s devDependency', ['node', PROJECT_BIN]],
    ['the project’s devDependency, as an earlier setup wrote it', ['npx', '--no', 'plankeeper']],
  ])('finds plankeeper as %s', async (_case, launch) => {
    await setUp();
    // The extension as setup writes it for that install, and the install itself.
    const extension = join(sandbox.project, '.pi', 'extensions', 'plankeeper.ts');
    const text = readFileSync(extension, 'utf8').replace(
      /^const PLANKEEPER_LAUNCH = .*$/m,
      `const PLANKEEPER_LAUNCH = ${JSON.stringify(launch)};`,
    );
    writeFileSync(extension, text);
    const installed =
      launch[0] === 'npx'
        ? join(sandbox.project, 'node_modules', '.bin', 'plankeeper')
        : launch[0] === 'node'
          ? join(sandbox.project, PROJECT_BIN)
          : join(sandbox.dir('global-bin'), 'plankeeper');
    const bin = dirname(installed);
    mkdirSync(bin, { recursive: true });
    symlinkSync(PLANKEEPER_BIN, installed);
    server.reply(say('Hello.'));
    const run = await sandbox.run({
      server,
      prompts: ['Say hello'],
      ...(launch[0] === 'plankeeper' && { pathBefore: [bin] }),
    });
    expect(run.stderr).toBe('');
    const tools = (server.requests[0]!.body as { tools: { function: { name: string } }[] }).tools;
    expect(tools.map((tool) => tool.function.name)).toContain('todo_write');
  });

  it('stores the plan the model writes under Pi’s session, shows it before the next call, and sends an unfinished answer back once', async () => {
    await setUp();
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      say('All done.'),
      call(['call_2', 'todo_write', BOTH_DONE]),
      say('Both steps are done.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix the bug'], runsEach: [2] });
    expect(run.stderr).toBe('');
    expect(server.requests).toHaveLength(4);
    expect(server.pending).toBe(0);

    // The call after the write ends with the plan section, in the user's role.
    const afterWrite = messagesOf(server.requests[1]!);
    expect(afterWrite.at(-1)).toEqual({ role: 'user', text: 'Stored as: now #1; open #2.' });
    // "All done." with both items open is sent back as the user's next message.
    const sentBack = messagesOf(server.requests[2]!);
    const bounce =
      'Your todo list still has open items: #1 Read the code; #2 Fix the bug. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer.';
    expect(sentBack.slice(-3, -1)).toEqual([
      { role: 'assistant', text: 'All done.' },
      { role: 'user', text: bounce },
    ]);
    // The plan widget above Pi's editor, after each write (an RPC UI request).
    const widgets = run.events.filter(
      (event) => event.method === 'setWidget' && event.widgetKey === 'plankeeper',
    );
    expect(widgets.map((event) => event.widgetLines)).toMatchSnapshot('widgets');
    // The finished answer went through: the run ended there.
    const plan = await storedPlan(run.sessionId!);
    expect(plan.items.map((item) => [item.content, item.status])).toEqual([
      ['Read the code', 'completed'],
      ['Fix the bug', 'completed'],
    ]);
  });

  it('with --approval, holds another tool until a person approves the plan', async () => {
    await setUp('--approval', 'once');
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      call(['call_2', 'bash', { command: 'touch ran.txt' }]),
      say('Waiting for approval.'),
    );
    await sandbox.run({ server, prompts: ['Fix the bug'] });
    const held = messagesOf(server.requests[2]!).find(
      (message) =>
        message.role === 'tool' && message.text.includes(en.approval.waiting('unapproved', 'bash')),
    );
    expect(held).toBeDefined();
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('with --verify, sends an answer back while the check fails, and lets it through once it passes', async () => {
    await setUp('--verify', 'test -f fixed.txt');
    server.reply(
      call(['call_1', 'bash', { command: 'echo work > work.txt' }]),
      say('Fixed.'),
      call(['call_2', 'bash', { command: 'touch fixed.txt' }]),
      say('Fixed now.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix it'], runsEach: [2] });
    expect(run.stderr).toBe('');
    expect(server.requests).toHaveLength(4);
    const sentBack = messagesOf(server.requests[2]!).filter((message) => message.role === 'user');
    expect(sentBack.at(-1)!.text).toContain('test -f fixed.txt');
    // After the check passed, the answer went through: no fourth run.
    expect(existsSync(join(sandbox.project, 'fixed.txt'))).toBe(true);
  });

  it('with --plan-file, refuses a write of the file by Pi’s own tools; the plan tools keep it', async () => {
    await setUp('--plan-file', 'PLAN.md');
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      call(['call_2', 'write', { path: 'PLAN.md', content: '- [x] #1 ticked by hand\n' }]),
      call(['call_3', 'todo_write', BOTH_DONE]),
      say('Both done.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix the bug'] });
    expect(run.stderr).toBe('');
    expect(messagesOf(server.requests[2]!).at(-2)).toEqual({
      role: 'tool',
      text: en.planFile.toolEdit('write', 'PLAN.md'),
    });
    const file = readFileSync(join(sandbox.project, 'PLAN.md'), 'utf8');
    expect(file).not.toContain('ticked by hand');
    expect(file).toContain('- [x] #2 Fix the bug');
  });

  it('with --plan-file and --max-items 25, the plan tools keep 25 items in the file', async () => {
    await setUp('--plan-file', 'PLAN.md', '--max-items', '25');
    const todos = Array.from({ length: 25 }, (_, at) => ({
      content: `Step ${at + 1}`,
      status: 'completed',
    }));
    server.reply(call(['call_1', 'todo_write', { todos }]), say('All 25 done.'));
    const run = await sandbox.run({ server, prompts: ['Do the 25 steps'] });
    expect(run.stderr).toBe('');
    const file = readFileSync(join(sandbox.project, 'PLAN.md'), 'utf8');
    expect(file).toContain('- [x] #25 Step 25');
  });

  it('with --plan-file and --verify, a turn that only planned runs no check', async () => {
    await setUp('--plan-file', 'PLAN.md', '--verify', 'echo ran >> ../checks.log; exit 1');
    server.reply(
      call(['call_1', 'todo_write', { todos: [{ content: 'Plan it', status: 'completed' }] }]),
      say('Planned.'),
    );
    const run = await sandbox.run({ server, prompts: ['Plan it'] });
    expect(run.stderr).toBe('');
    expect(readFileSync(join(sandbox.project, 'PLAN.md'), 'utf8')).toContain('Plan it');
    expect(existsSync(join(sandbox.root, 'checks.log'))).toBe(false);
  });

  it('keys the plan of a pi that Pi starts one scope below Pi’s session', async () => {
    await setUp();
    const nested = `${PI_BIN} -p --model ${MODEL} --no-session "Check the tests"`;
    server.reply(
      call(['call_1', 'bash', { command: nested }]),
      // The nested pi: its own plan, then its answer.
      call([
        'call_2',
        'todo_write',
        { todos: [{ content: 'Run the tests', status: 'completed' }] },
      ]),
      say('The tests pass.'),
      say('The sub-agent ran the tests.'),
    );
    const run = await sandbox.run({ server, prompts: ['Have the tests checked'] });
    expect(server.requests).toHaveLength(4);
    const store = await openStore(`sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`);
    try {
      const plans = await store.list({ agent: 'pi' });
      expect(plans.map((plan) => plan.key.session)).toEqual([run.sessionId]);
      expect(plans[0]!.key.scope).toHaveLength(1);
      expect(plans[0]!.key.scope![0]).not.toBe(run.sessionId);
    } finally {
      await store.close();
    }
  });

  it('with --evidence enforce, refuses a completion with no work since the item started', async () => {
    await setUp('--evidence', 'enforce');
    server.reply(
      call([
        'call_1',
        'todo_write',
        { todos: [{ content: 'Fix the bug', status: 'in_progress' }] },
      ]),
      call([
        'call_2',
        'todo_write',
        { todos: [{ id: '1', content: 'Fix the bug', status: 'completed' }] },
      ]),
      call(['call_3', 'bash', { command: 'ls' }]),
      call([
        'call_4',
        'todo_write',
        { todos: [{ id: '1', content: 'Fix the bug', status: 'completed' }] },
      ]),
      say('Fixed.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix the bug'] });
    expect(run.stderr).toBe('');
    const refused = messagesOf(server.requests[2]!).at(-2)!;
    expect(refused.role).toBe('tool');
    expect(refused.text).toMatchSnapshot('refused completion');
    const plan = await storedPlan(run.sessionId!);
    expect(plan.items.map((item) => item.status)).toEqual(['completed']);
  });

  it('reminds the model after 3 tool rounds without a plan update while an item is open', async () => {
    await setUp();
    const ls = (id: string) => call([id, 'bash', { command: 'ls' }]);
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      ls('call_2'),
      ls('call_3'),
      ls('call_4'),
      call(['call_5', 'todo_write', BOTH_DONE]),
      say('Both done.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix the bug'] });
    expect(run.stderr).toBe('');
    const reminder = en.harness.reminder(3);
    const reminded = server.requests.map((request) =>
      messagesOf(request).some((message) => message.role === 'user' && message.text === reminder),
    );
    // Kept where it was first added, so every later call has it too.
    expect(reminded).toEqual([false, false, false, false, true, true]);
  });

  it('marks a plan from an earlier request as left over, with the change a person made since', async () => {
    await setUp();
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      say('Stopping here.'),
      // Sent back by the finish check, then by the goal check: once each per request.
      say('Both steps are still open: I was asked to stop.'),
      say('Both steps are still open, as I said.'),
      say('Sure.'),
    );
    const run = await sandbox.run({
      server,
      prompts: ['Fix the bug', 'What is 2 + 2?'],
      runsEach: [3, 1],
      between: async (session) => {
        const added = await runCli(
          [
            'todos',
            '--agent',
            'pi',
            '--session',
            session,
            '--by',
            'Ann',
            '--add',
            'Write the note',
          ],
          { cwd: sandbox.project },
        );
        expect(added.code, added.stderr).toBe(0);
      },
    });
    expect(run.stderr).toBe('');
    expect(server.requests).toHaveLength(5);
    const section = messagesOf(server.requests[4]!).at(-1)!;
    expect(section.role).toBe('user');
    expect(section.text).toMatchSnapshot('leftover plan with a person’s change');
  });

  it('an error inside plankeeper on one event is one line on stderr, and Pi goes on', async () => {
    await setUp('--plan-file', 'PLAN.md');
    // Bytes that are not UTF-8, written where the plan file guard cannot see the path.
    const spoil = `node -e "require('fs').writeFileSync('PL'+'AN.md', Buffer.from([0xff, 0xfe]))"`;
    server.reply(
      call(['call_1', 'todo_write', TWO_STEPS]),
      call(['call_2', 'bash', { command: spoil }]),
      say('Done anyway.'),
    );
    const run = await sandbox.run({ server, prompts: ['Fix the bug'] });
    expect(server.requests).toHaveLength(3);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^plankeeper \(pi [a-z_]+\): [^\n]+ \(went on without it\)$/);
    }
    const ended = run.events.filter((event) => event.type === 'agent_end');
    expect(JSON.stringify(ended.at(-1))).toContain('Done anyway.');
  });

  it('a plankeeper that cannot start says so in one line, and Pi answers without it', async () => {
    await setUp();
    // A folder where the store's file should be: plankeeper cannot open it.
    mkdirSync(join(sandbox.project, '.plankeeper', 'plans.db'), { recursive: true });
    server.reply(say('Hello anyway.'));
    const run = await sandbox.run({ server, prompts: ['Say hello'] });
    expect(run.stderr).toMatch(/^plankeeper \(pi\): [^\n]+ \(Pi goes on without it\)\n$/);
    const answer = run.events.find((event) => event.type === 'agent_end');
    expect(JSON.stringify(answer)).toContain('Hello anyway.');
    const names = (server.requests[0]!.body as { tools: { function: { name: string } }[] }).tools;
    expect(names.map((tool) => tool.function.name)).not.toContain('todo_write');
  });

  it('in print mode, the answer is printed and the person told once that nothing was sent back', async () => {
    await setUp();
    server.reply(call(['call_1', 'todo_write', TWO_STEPS]), say('All done.'));
    const run = await sandbox.run({ server, prompts: ['Fix the bug'], print: true });
    expect(run.stdout).toBe('All done.\n');
    expect(run.stderr).toBe(
      "plankeeper: Pi's print mode (-p) ends before an extension sees the run end, so the checks before an answer cannot send the model back there; they run in Pi's interactive and RPC modes.\n",
    );
  });
});
