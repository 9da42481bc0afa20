/**
 * `plankeeper mcp --plan-file PLAN.md` watches the file: a person's save reaches a client
 * subscribed to the plan resource as it lands, with no tool call in between, whether the
 * editor writes in place, saves by rename, or deletes the file and writes it anew. The
 * server still exits when the client leaves (the watch keeps nothing alive).
 */
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from 'plankeeper/test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-plan-file-watch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

/** A client of a server on `dir`/PLAN.md, subscribed to the plan; `updated` fills as told. */
async function subscribed(dir: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1'],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-plan-file-watch-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updated.push(notification.params.uri);
  });
  await client.subscribeResource({ uri: 'plankeeper://plan' });
  return { client, transport, updated };
}

async function planText(client: Client): Promise<string> {
  const resource = await client.readResource({ uri: 'plankeeper://plan' });
  return (resource.contents[0] as { text: string }).text;
}

const WRITTEN = '# Plan\n\n- [ ] #1 Write the migration\n- [ ] #2 Backfill the column\n';

/** The three ways an editor saves a file. */
const SAVES: [string, (file: string, text: string) => void][] = [
  ['in place', (file, text) => writeFileSync(file, text)],
  [
    'by rename',
    (file, text) => {
      writeFileSync(`${file}.swp`, text);
      renameSync(`${file}.swp`, file);
    },
  ],
  [
    'by deleting and writing anew',
    (file, text) => {
      rmSync(file);
      writeFileSync(file, text);
    },
  ],
];

describe('plankeeper mcp --plan-file, watching the file', () => {
  it.each(SAVES)(
    "tells a resource subscriber of a person's save %s, with no tool call",
    async (_how, save) => {
      const dir = mkdtempSync(join(scratch, 'save-'));
      const file = join(dir, 'PLAN.md');
      const { client, updated } = await subscribed(dir);
      await client.callTool({
        name: 'todos_add',
        arguments: {
          todos: [{ content: 'Write the migration' }, { content: 'Backfill the column' }],
        },
      });
      expect(readFileSync(file, 'utf8')).toBe(WRITTEN);
      await waitFor(() => updated.length > 0, 'the notice of the add', 5000);
      updated.length = 0;

      // Ana ticks #1 and adds a step.
      save(file, WRITTEN.replace('- [ ] #1', '- [x] #1').concat('- [ ] Drop the old table\n'));
      await waitFor(() => updated.length > 0, "the notice of Ana's save", 5000);
      expect(updated[0]).toBe('plankeeper://plan');
      // Read in as the next call would: the new line numbered in the file already.
      await waitFor(
        () => readFileSync(file, 'utf8').includes('- [ ] #3 Drop the old table'),
        'the new line numbered',
        5000,
      );
      const plan = await planText(client);
      expect(plan).toMatch(/#1 Write the migration/);
      expect(plan).toMatch(/#3 Drop the old table/);
      expect(plan).toMatch(/\[x\] #1|completed/);
    },
  );

  it('exits when the client leaves', async () => {
    const dir = mkdtempSync(join(scratch, 'exit-'));
    const { client, transport } = await subscribed(dir);
    await client.callTool({
      name: 'todos_add',
      arguments: { todos: [{ content: 'Write the migration' }] },
    });
    const pid = transport.pid;
    expect(pid).toBeTypeOf('number');
    await client.close();
    await waitFor(() => !alive(pid!), 'the server to exit', 5000);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
