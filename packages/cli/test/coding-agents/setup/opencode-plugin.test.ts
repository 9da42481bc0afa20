/**
 * The plugin `plankeeper setup opencode` writes, loaded in-process with a stand-in for
 * `plankeeper hook` and for OpenCode's client: where each answer goes, and that no hook
 * throws, whatever it gets (a throw in `chat.message` would kill the person's turn). What it
 * does inside the real OpenCode is tested in test/coding-agents/opencode/plankeeper-hooks.test.ts.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from '../../../src/coding-agents/setup/index.js';

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pk-oc-plugin-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in bin. `<bin> hook opencode --serve` answers each request line `{id, event, input}`
 * with `answers[event]` (`{id, stdout}`, stdout '' when there is none); `<bin> hook opencode
 * <event>` answers its stdin the same way, alone. Both log each event and its input (calls()),
 * and each process it starts (processes()). With `serve: false` it is a plankeeper that does
 * not know `--serve`: it says so on stderr and exits, as an older one does.
 */
function standinBin(answers: Record<string, unknown>, options: { serve?: boolean } = {}): string {
  const bin = join(dir, 'standin-plankeeper.mjs');
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
  const at = (name: string) => JSON.stringify(join(dir, name));
  writeFileSync(
    bin,
    `import { appendFileSync, readFileSync } from 'node:fs';
const mode = process.argv[4];
appendFileSync(${at('processes.jsonl')}, JSON.stringify({ pid: process.pid, mode }) + '\\n');
const answer = (event, input) => {
  appendFileSync(${at('calls.jsonl')}, JSON.stringify({ event, input }) + '\\n');
  const found = JSON.parse(readFileSync(${at('answers.json')}, 'utf8'))[event];
  return found === undefined ? '' : JSON.stringify(found);
};
if (mode === '--serve' && ${options.serve === false}) {
  process.stderr.write('usage: plankeeper hook <agent> <event>\\n');
  process.exit(0);
}
let input = '';
for await (const chunk of process.stdin) {
  input += chunk;
  if (mode !== '--serve') continue;
  const lines = input.split('\\n');
  input = lines.pop();
  for (const line of lines) {
    const request = JSON.parse(line);
    const stdout = answer(request.event, request.input);
    process.stdout.write(JSON.stringify({ id: request.id, stdout }) + '\\n');
  }
}
if (mode !== '--serve') process.stdout.write(answer(mode, JSON.parse(input)));
`,
  );
  return bin;
}

/** Each process the stand-in bin started: its pid, and `--serve` or the one event it answered. */
function processes(): Array<{ pid: number; mode: string }> {
  try {
    return readFileSync(join(dir, 'processes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

function calls(): Array<{ event: string; input: Record<string, unknown> }> {
  try {
    return readFileSync(join(dir, 'calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

async function loadPlugin(bin: string, client: unknown, node = process.execPath): Promise<Hooks> {
  setup({ agent: 'opencode', dir, bin, node, env: { HOME: dir } });
  const url = pathToFileURL(join(dir, '.opencode', 'plugin', 'plankeeper.js'));
  const module = (await import(`${url.href}?${Date.now()}`)) as {
    PlankeeperPlugin: (input: unknown) => Promise<Hooks>;
  };
  return module.PlankeeperPlugin({ client, directory: dir });
}

/** OpenCode's client as far as the plugin uses it; `prompts` records added messages. */
function fakeClient(parts: unknown[] = []) {
  const prompts: unknown[] = [];
  return {
    prompts,
    app: { log: async () => ({}) },
    session: {
      get: async () => ({ data: { id: 'ses_main' } }),
      message: async () => ({ data: { info: { role: 'assistant' }, parts } }),
      prompt: async (request: unknown) => {
        prompts.push(request);
        return { data: {} };
      },
    },
  };
}

/** `tool.execute.after` of a bash call that printed "hi": the result the model then gets. */
async function afterBash(hooks: Hooks, callID: string): Promise<string> {
  const result = { title: 'echo', output: 'hi', metadata: {} };
  await hooks['tool.execute.after']!({ tool: 'bash', sessionID: 'ses_main', callID }, result);
  return result.output;
}

const userMessage = (text: string) => ({
  message: { id: 'msg_1', sessionID: 'ses_main', role: 'user' },
  parts: [{ id: 'prt_1', type: 'text', text }],
});

describe('the OpenCode plugin setup writes', () => {
  it('puts context into the new message and the tool result, and a refused stop into a message', async () => {
    const bin = standinBin({
      'chat.message': { context: 'Plan for the prompt' },
      'tool.execute.after': { context: 'Nudge' },
      'experimental.text.complete': { block: 'Open items remain.' },
    });
    const client = fakeClient([{ type: 'text', text: 'Done.' }]);
    const hooks = await loadPlugin(bin, client);

    const chat = userMessage('Write the parser.');
    await hooks['chat.message']!({ sessionID: 'ses_main' }, chat);
    expect(chat.parts.at(-1)).toMatchObject({
      type: 'text',
      text: 'Plan for the prompt',
      synthetic: true,
      messageID: 'msg_1',
      sessionID: 'ses_main',
    });
    expect(String((chat.parts.at(-1) as { id: string }).id)).toMatch(/^prt_[0-9a-f]{12}/);

    const mcp = { content: [{ type: 'text', text: 'Todo list updated.' }] };
    const tool = { tool: 'plankeeper_todo_write', sessionID: 'ses_main', callID: 'c1' };
    await hooks['tool.execute.after']!(tool, mcp);
    expect(mcp.content.at(-1)).toEqual({ type: 'text', text: 'Nudge' });
    const builtIn = { title: 'echo', output: 'hi', metadata: {} };
    await hooks['tool.execute.after']!({ ...tool, tool: 'bash' }, builtIn);
    expect(builtIn.output).toBe('hi\n\nNudge');

    await hooks['experimental.text.complete']!(
      { sessionID: 'ses_main', messageID: 'msg_2', partID: 'prt_2' },
      { text: 'Done.' },
    );
    expect(client.prompts).toEqual([
      {
        path: { id: 'ses_main' },
        body: { noReply: true, parts: [{ type: 'text', text: 'Open items remain.' }] },
      },
    ]);
    // The same message's end is checked once.
    await hooks['experimental.text.complete']!(
      { sessionID: 'ses_main', messageID: 'msg_2', partID: 'prt_3' },
      { text: 'More.' },
    );
    expect(client.prompts).toHaveLength(1);
    expect(calls().map((call) => call.event)).toEqual([
      'chat.message',
      'tool.execute.after',
      'tool.execute.after',
      'experimental.text.complete',
    ]);
  });

  it('asks one plankeeper process, started when the plugin loads, about every event', async () => {
    const hooks = await loadPlugin(
      standinBin({ 'tool.execute.after': { context: 'Nudge' } }),
      fakeClient(),
    );
    // Before any event: OpenCode's own start-up hides the process's.
    await vi.waitFor(() => expect(processes()).toHaveLength(1));
    for (const callID of ['c1', 'c2', 'c3']) {
      expect(await afterBash(hooks, callID)).toBe('hi\n\nNudge');
    }
    await hooks['chat.message']!({ sessionID: 'ses_main' }, userMessage('hi'));
    expect(calls().map((call) => call.event)).toEqual([
      'tool.execute.after',
      'tool.execute.after',
      'tool.execute.after',
      'chat.message',
    ]);
    expect(processes().map((each) => each.mode)).toEqual(['--serve']);
  });

  it('starts another process at the next event when its process died', async () => {
    const hooks = await loadPlugin(
      standinBin({ 'tool.execute.after': { context: 'Nudge' } }),
      fakeClient(),
    );
    expect(await afterBash(hooks, 'c1')).toBe('hi\n\nNudge');
    process.kill(processes()[0]!.pid, 'SIGKILL');
    // The event the plugin sends before it sees the process gone is answered neutrally.
    expect(['hi', 'hi\n\nNudge']).toContain(await afterBash(hooks, 'c2'));
    expect(await afterBash(hooks, 'c3')).toBe('hi\n\nNudge');
    expect(await afterBash(hooks, 'c4')).toBe('hi\n\nNudge');
    expect(processes().map((each) => each.mode)).toEqual(['--serve', '--serve']);
  });

  it('with a plankeeper that does not know --serve, answers every event, then a process each', async () => {
    const hooks = await loadPlugin(
      standinBin({ 'tool.execute.after': { context: 'Nudge' } }, { serve: false }),
      fakeClient(),
    );
    for (const callID of ['c1', 'c2', 'c3', 'c4', 'c5']) {
      expect(await afterBash(hooks, callID)).toBe('hi\n\nNudge');
    }
    const modes = processes().map((each) => each.mode);
    // Three tries at one process for all, then never again.
    expect(modes.filter((mode) => mode === '--serve')).toHaveLength(3);
    expect(modes.filter((mode) => mode === 'tool.execute.after')).toHaveLength(5);
    expect(modes.slice(-2)).toEqual(['tool.execute.after', 'tool.execute.after']);
  });

  it('does not take a message with tool calls for a final answer', async () => {
    const bin = standinBin({ 'experimental.text.complete': { block: 'Open.' } });
    const client = fakeClient([{ type: 'text' }, { type: 'tool', tool: 'bash' }]);
    const hooks = await loadPlugin(bin, client);
    await hooks['experimental.text.complete']!(
      { sessionID: 'ses_main', messageID: 'msg_2', partID: 'prt_2' },
      { text: 'Let me look.' },
    );
    expect(client.prompts).toEqual([]);
    expect(calls()).toEqual([]);
  });

  it('writes the plan key into plan tool calls, in place; a sub-agent gets its scope', async () => {
    const bin = standinBin({});
    const hooks = await loadPlugin(bin, fakeClient());
    await hooks.event!({
      event: {
        type: 'session.created',
        properties: { info: { id: 'ses_child', parentID: 'ses_main' } },
      },
    });
    const args = { todos: [], plankeeper_scope: 'from the model' };
    await hooks['tool.execute.before']!(
      { tool: 'plankeeper_todo_write', sessionID: 'ses_main', callID: 'c1' },
      { args },
    );
    expect(args).toEqual({ todos: [], plankeeper_session: 'ses_main' });
    const childArgs = { todos: [] };
    await hooks['tool.execute.before']!(
      { tool: 'plankeeper_todo_write', sessionID: 'ses_child', callID: 'c2' },
      { args: childArgs },
    );
    expect(childArgs).toEqual({
      todos: [],
      plankeeper_session: 'ses_main',
      plankeeper_scope: 'ses_child',
    });
    const bashArgs = { command: 'ls' };
    await hooks['tool.execute.before']!(
      { tool: 'bash', sessionID: 'ses_main', callID: 'c3' },
      { args: bashArgs },
    );
    expect(bashArgs).toEqual({ command: 'ls' });
    // The sub-agent's hooks carry its parent.
    await hooks['tool.execute.after']!(
      { tool: 'bash', sessionID: 'ses_child', callID: 'c4' },
      { output: '' },
    );
    expect(calls().map((call) => [call.event, call.input.parentID])).toEqual([
      ['session.created', 'ses_main'],
      ['tool.execute.after', 'ses_main'],
    ]);
  });

  it('never lets a key the model wrote through, even when the session lookup throws at once', async () => {
    const client = fakeClient();
    client.session.get = () => {
      throw new Error('lookup failed');
    };
    const hooks = await loadPlugin(standinBin({}), client);
    // A session this process never saw created (resumed): the plugin must ask OpenCode.
    const args = { todos: [], plankeeper_session: 'ses_victim', plankeeper_scope: 'ses_other' };
    await expect(
      hooks['tool.execute.before']!(
        { tool: 'plankeeper_todo_write', sessionID: 'ses_resumed', callID: 'c1' },
        { args },
      ),
    ).resolves.toBeUndefined();
    expect(args).toEqual({ todos: [], plankeeper_session: 'ses_resumed' });
  });

  it('counts a failed call once, and shows its answer with the next tool result', async () => {
    const bin = standinBin({ 'message.part.updated': { context: 'Reminder' } });
    const hooks = await loadPlugin(bin, fakeClient());
    const failed = {
      type: 'message.part.updated',
      properties: {
        sessionID: 'ses_main',
        part: {
          type: 'tool',
          tool: 'plankeeper_todos_complete',
          callID: 'c1',
          sessionID: 'ses_main',
          state: { status: 'error', error: 'x' },
        },
      },
    };
    await hooks.event!({ event: failed });
    await hooks.event!({ event: failed });
    const result = { output: 'hi' };
    await hooks['tool.execute.after']!(
      { tool: 'bash', sessionID: 'ses_main', callID: 'c2' },
      result,
    );
    expect(result.output).toBe('hi\n\nReminder');
    expect(calls().map((call) => call.event)).toEqual([
      'message.part.updated',
      'tool.execute.after',
    ]);
  });

  it('never throws: not on odd input, a client that fails, or a hook that cannot start', async () => {
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error('client gone');
        },
      },
    );
    for (const node of [process.execPath, join(dir, 'no-such-node')]) {
      const hooks = await loadPlugin(
        standinBin({ 'chat.message': { context: 'x' } }),
        broken,
        node,
      );
      for (const [name, hook] of Object.entries(hooks)) {
        for (const args of [
          [undefined, undefined],
          [{}, {}],
          [{ sessionID: 'ses_main' }, userMessage('hi')],
        ]) {
          await expect(hook(...(args as [unknown, unknown])), name).resolves.toBeUndefined();
        }
      }
    }
  });

  it('does nothing with an answer that is not JSON', async () => {
    const bin = join(dir, 'noisy.mjs');
    writeFileSync(bin, "process.stdout.write('not json {');\n");
    const hooks = await loadPlugin(bin, fakeClient());
    const chat = userMessage('hi');
    await hooks['chat.message']!({ sessionID: 'ses_main' }, chat);
    expect(chat.parts).toHaveLength(1);
  });
});
