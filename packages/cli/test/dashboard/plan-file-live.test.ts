/**
 * A person's save of a plan file reaches the dashboard's live channel as it lands: the real
 * `plankeeper mcp --plan-file PLAN.md` (its client subscribed to nothing, making no call)
 * reads the save in, and the real `plankeeper dashboard` over the store beside the file
 * tells its viewers and shows the change.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { waitFor } from 'plankeeper/test';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const dir = mkdtempSync(join(tmpdir(), 'plankeeper-dashboard-plan-file-'));
const file = join(dir, 'PLAN.md');
const store = `sqlite:${join(dir, 'plans.db')}`;
const stopping: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.allSettled(stopping.map((stop) => stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function mcpClient(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--plan-file', 'PLAN.md', '--store', store, '--session', 's1'],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-dashboard-plan-file-test', version: '1.0.0' });
  await client.connect(transport);
  stopping.push(() => client.close());
  return client;
}

async function dashboard(): Promise<string> {
  const child: ChildProcess = spawn(
    process.execPath,
    [command, 'dashboard', '--store', store, '--port', '0'],
    { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  stopping.push(async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitFor(
    () => /dashboard: (http\S+)/.test(stdout) || child.exitCode !== null,
    'the dashboard URL or an exit',
    20_000,
  );
  const url = /dashboard: (http\S+)/.exec(stdout)?.[1];
  expect(url, stderr).toBeDefined();
  return url!;
}

/** The dashboard's event stream, its text so far growing as events come. */
async function events(url: string) {
  const response = await fetch(new URL('/api/events', url));
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen = { text: '' };
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      seen.text += decoder.decode(value, { stream: true });
    }
  })();
  stopping.push(() => reader.cancel());
  return seen;
}

describe('plankeeper dashboard over a plan file', () => {
  it("shows a person's save live, with no tool call", async () => {
    const client = await mcpClient();
    await client.callTool({
      name: 'todos_add',
      arguments: {
        todos: [{ content: 'Write the migration' }, { content: 'Backfill the column' }],
      },
    });
    const url = await dashboard();
    const stream = await events(url);
    await waitFor(() => stream.text.includes(': connected'), 'the event stream', 5000);
    const before = (stream.text.match(/event: plan-changed/g) ?? []).length;

    // Ana ticks #1 in her editor.
    writeFileSync(file, readFileSync(file, 'utf8').replace('- [ ] #1', '- [x] #1'));
    await waitFor(
      () => (stream.text.match(/event: plan-changed/g) ?? []).length > before,
      "the dashboard's event for Ana's save",
      8000,
    );
    const listing = (await (await fetch(new URL('/api/plans', url))).json()) as {
      plans: { total: number; completed: number }[];
    };
    expect(listing.plans.map((plan) => [plan.total, plan.completed])).toEqual([[2, 1]]);
  }, 60_000);
});
