/**
 * The `hook` host tool of `plankeeper mcp --for claude-code` answers only the agent that
 * started the server (hook/mcp-host-tools.ts): a made-up call from any other MCP client (one
 * that started the server without Claude Code's session mark, or one that reached it over
 * HTTP) is answered neutrally and leaves another session's plan and turn record as they were.
 * The model never sees the tool in tools/list.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { newStoreUrl, withPlanEngine } from '../../support/seeded-store.js';

const BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));
const VICTIM = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const KEY = { agent: 'claude-code', session: VICTIM };

/** Made-up hook calls for the victim's session: a new prompt, a stop, a compaction. */
const FORGED = [
  { event: 'UserPromptSubmit', session_id: VICTIM, agent_id: '', prompt: 'Start over' },
  { event: 'Stop', session_id: VICTIM, agent_id: '', stop_hook_active: 'false' },
  { event: 'PreCompact', session_id: VICTIM, agent_id: '' },
];

const clients: Client[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const child of children.splice(0)) child.kill();
});

/** The victim's plan and turn record, exactly as stored. */
const stored = (store: string) =>
  withPlanEngine(store, async (engine) =>
    JSON.stringify([
      await engine.snapshot(KEY),
      await engine.history(KEY),
      await engine.turnState(KEY),
    ]),
  );

async function victimStore(): Promise<string> {
  const store = newStoreUrl('pk-hook-binding-');
  await withPlanEngine(store, (engine) =>
    engine.write(KEY, [
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Test the parser', status: 'pending' },
    ]),
  );
  return store;
}

async function overStdio(store: string, env: Record<string, string> = {}) {
  const client = new Client({ name: 'made-up-client', version: '1.0.0' });
  const environment = { ...getDefaultEnvironment(), ...env };
  const args = [BIN, 'mcp', '--store', store, '--for', 'claude-code'];
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env: environment }),
  );
  clients.push(client);
  return client;
}

async function overHttp(store: string) {
  const child = spawn(
    process.execPath,
    [BIN, 'mcp', '--store', store, '--for', 'claude-code', '--http', '0'],
    { env: { ...process.env, CLAUDE_CODE_SESSION_ID: VICTIM } },
  );
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
  });
  const client = new Client({ name: 'made-up-http-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  return client;
}

/** The text of each forged call's answer. */
async function forge(client: Client): Promise<string[]> {
  const answers: string[] = [];
  for (const args of FORGED) {
    const result = await client.callTool({ name: 'hook', arguments: args });
    expect(result.isError ?? false).toBe(false);
    const content = result.content as Array<{ text?: string }>;
    answers.push(content.map((part) => part.text ?? '').join(''));
  }
  return answers;
}

describe('the hook tool answers only the agent that started the server', () => {
  it('the calls change the plan’s turn record when Claude Code started the server', async () => {
    const store = await victimStore();
    const before = await stored(store);
    const client = await overStdio(store, { CLAUDE_CODE_SESSION_ID: 'the-host-session' });
    const answers = await forge(client);
    // `{}` is the server's answer that says nothing.
    expect(answers.some((answer) => answer !== '{}')).toBe(true);
    expect(await stored(store)).not.toBe(before);
  });

  it.each([
    ['a client that started the server itself', (store: string) => overStdio(store)],
    ['a client over HTTP', overHttp],
  ])('%s is answered neutrally, and the plan stays byte-identical', async (_, connect) => {
    const store = await victimStore();
    const before = await stored(store);
    const client = await connect(store);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('hook');
    expect(await forge(client)).toEqual(['{}', '{}', '{}']);
    await client.close();
    expect(await stored(store)).toBe(before);
  });
});
