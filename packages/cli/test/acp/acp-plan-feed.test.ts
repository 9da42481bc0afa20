/**
 * The proxy's plan feed without a model: a person changes the session's plan with
 * `plankeeper todos` (another process), and the editor's panel gets it; `session/load` or
 * `session/resume` of the same session gives the agent the same plan key and the editor the
 * stored plan again.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const BIN = fileURLToPath(new URL('../../../../bin/plankeeper.js', import.meta.url));
const AGENT = fileURLToPath(new URL('./support/scripted-agent.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'plankeeper-acp-feed-'));
const store = `sqlite:${join(root, 'plans.db')}`;

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-RPC, read by path in the assertions
type Message = Record<string, any>;
let proxy: ChildProcessWithoutNullStreams;
const messages: Message[] = [];

function send(message: Message): void {
  proxy.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
}

async function until<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const plans = () =>
  messages.filter((message) => message.params?.update?.sessionUpdate === 'plan_update');
const sessionKey = (got: Message) => {
  const args: string[] = got.params.params.mcpServers[0].args;
  return args[args.indexOf('--session') + 1] as string;
};

beforeAll(() => {
  proxy = spawn(process.execPath, [BIN, 'acp', '--store', store, '--', process.execPath, AGENT]);
  let buffer = '';
  proxy.stdout.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) messages.push(JSON.parse(line));
  });
});
afterAll(() => {
  proxy.kill();
  rmSync(root, { recursive: true, force: true });
});

describe('plankeeper acp plan feed (scripted agent)', () => {
  it("sends a person's change of the session's plan, and the stored plan again on load", async () => {
    send({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: 1, clientCapabilities: { plan: {} } },
    });
    send({ id: 1, method: 'session/new', params: { cwd: root, mcpServers: [] } });
    await until(() => messages.find((message) => message.id === 1));
    const created = messages.find((message) => message.method === '_test/got') as Message;
    const key = sessionKey(created);
    expect(plans()).toEqual([]);

    const person = await runCli(
      ['todos', '--store', store, '--agent', 'acp', '--session', key, '--add', 'Write the parser'],
      { input: '' },
    );
    expect(person.code, person.stderr).toBe(0);
    const [first] = await until(() => (plans().length === 1 ? plans() : undefined));
    expect(first?.params.sessionId).toBe('s-1');
    expect(first?.params.update.plan.entries.map((entry: Message) => entry.content)).toEqual([
      'Write the parser',
    ]);

    send({
      id: 2,
      method: 'session/load',
      params: { sessionId: 's-1', cwd: root, mcpServers: [] },
    });
    await until(() => (plans().length === 2 ? true : undefined));
    const loaded = messages.filter((message) => message.method === '_test/got')[1] as Message;
    expect(sessionKey(loaded)).toBe(key);
    // The plan follows the load's response, never comes before it.
    const order = messages.map((message) => message.id ?? message.params?.update?.sessionUpdate);
    expect(order.lastIndexOf('plan_update')).toBeGreaterThan(order.indexOf(2));

    // A later change reaches the loaded session once.
    await runCli(
      ['todos', '--store', store, '--agent', 'acp', '--session', key, '--add', 'Test it'],
      {
        input: '',
      },
    );
    await until(() => (plans().length >= 3 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(plans()).toHaveLength(3);
  });

  it('gives a resumed session the same server and plan, and the stored plan after the response', async () => {
    send({ id: 3, method: 'session/resume', params: { sessionId: 's-1', cwd: root } });
    await until(() => (plans().length === 4 ? true : undefined));
    const got = messages.filter((message) => message.method === '_test/got');
    expect(got[2]?.params.method).toBe('session/resume');
    expect(sessionKey(got[2] as Message)).toBe(sessionKey(got[0] as Message));
    const order = messages.map((message) => message.id ?? message.params?.update?.sessionUpdate);
    expect(order.lastIndexOf('plan_update')).toBeGreaterThan(order.indexOf(3));
    expect(plans()[3]?.params.update.plan.entries.map((entry: Message) => entry.content)).toEqual([
      'Write the parser',
      'Test it',
    ]);
  });
});
