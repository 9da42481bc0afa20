/**
 * One shared list, four `plankeeper mcp --list NAME` processes (one per session), driven by
 * the official MCP SDK client on every store that several processes can share. Each worker
 * reads the list, starts a random pending item with a whole-list `todo_write` (claiming is
 * just starting) and completes it, until nothing is pending. Reads go stale between the
 * processes all the time, so claims collide; the stored plan and its history must show that
 * no item was ever started twice or owned by two sessions, and no update was lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBackend,
  redisBackend,
  warnIfUnavailable,
} from '../../../plankeeper/test/support/store-fixtures.js';
import { testTag } from '../../../plankeeper/test/support/test-run.js';
import {
  postgresSchema,
  removeRedisPlansTagged,
} from '../../../plankeeper/test/support/url-namespaces.js';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-shared-list-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const WORKERS = 4;
const ITEMS = 12;

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function session(store: string, list: string, name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--store', store, '--list', list, '--session', name],
    cwd: scratch,
    stderr: 'pipe',
  });
  const client = new Client({ name: `shared-list-${name}`, version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ok: result.isError !== true, text: (result.content[0] as { text: string }).text };
}

interface Line {
  id: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  content: string;
  owner?: string;
}

const MARKERS = { ' ': 'pending', '>': 'in_progress', x: 'completed', '-': 'cancelled' } as const;

/** The items of a rendered list: `- [>] #4 Item 4 [worker-1]`, a completion's note after it. */
function parseList(text: string): Line[] {
  return [...text.matchAll(/^- \[(.)\] #(\d+) (Item \d+)(?: \[([^\]]+)\])?(?: \(.*\))?$/gm)].map(
    (match) => ({
      status: MARKERS[match[1] as keyof typeof MARKERS],
      id: match[2]!,
      content: match[3]!,
      ...(match[4] !== undefined && { owner: match[4] }),
    }),
  );
}

async function work(client: Client, name: string) {
  const claimed: string[] = [];
  const refusals: string[] = [];
  for (let round = 0; round < 200; round++) {
    const items = parseList((await call(client, 'todo_read')).text);
    const pending = items.filter((item) => item.status === 'pending');
    if (pending.length === 0) return { claimed, refusals };
    const pick = pending[Math.floor(Math.random() * pending.length)]!;
    const todos = items.map((item) => ({
      id: item.id,
      content: item.content,
      status: item.id === pick.id ? 'in_progress' : item.status,
    }));
    const start = await call(client, 'todo_write', { todos });
    // Refused (the list moved under a stale read), or kept as another's: a claim too late.
    const mine = parseList(start.text).find((item) => item.id === pick.id);
    if (!start.ok || mine?.owner !== name) {
      expect(start.ok || mine === undefined, start.text).toBe(true);
      refusals.push(start.text);
      continue;
    }
    expect(mine.status).toBe('in_progress');
    claimed.push(pick.id);
    const done = await call(client, 'todos_complete', {
      items: [{ id: pick.id, reason: `done by ${name}` }],
    });
    expect(done, `${name} completing its own #${pick.id}: ${done.text}`).toMatchObject({
      ok: true,
    });
  }
  throw new Error(`${name} never saw the list finished`);
}

/** Names this file's lists, so that what they leave on a shared server can be found. */
const TAG = testTag();

/** Each store's URL for the test, made before it, and how to remove what the test made. */
const stores = [
  {
    name: 'sqlite',
    prepare: async () => ({
      url: `sqlite:${join(mkdtempSync(join(scratch, 'db-')), 'plans.db')}`,
      remove: async () => {},
    }),
  },
  {
    name: 'redis',
    backend: redisBackend,
    // The CLI takes no key prefix: its plans go under the default one, named with TAG.
    prepare: async () => {
      const url = process.env.REDIS_URL!;
      return { url, remove: () => removeRedisPlansTagged(url, TAG) };
    },
  },
  {
    name: 'postgres',
    backend: postgresBackend,
    prepare: async () => {
      const schema = await postgresSchema(process.env.DATABASE_URL!, TAG);
      return { url: schema.url, remove: schema.drop };
    },
  },
];

describe.each(stores)('a shared list on $name', ({ name, prepare, backend }) => {
  // A missing service is said, never skipped in silence (CI provides both).
  const skip = backend !== undefined && warnIfUnavailable(backend, 'the shared-list MCP claims');
  let store: string | undefined;
  let remove = async () => {};
  beforeAll(async () => {
    if (!skip) ({ url: store, remove } = await prepare());
  });
  afterAll(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await remove();
  });
  it.skipIf(skip)(
    `${WORKERS} MCP server processes claim its items: none started twice, none lost`,
    async () => {
      const list = `claims-${name}-${TAG}`;
      const names = Array.from({ length: WORKERS }, (_, index) => `worker-${index}`);
      const sessions = await Promise.all(names.map((each) => session(store!, list, each)));
      const added = await call(sessions[0]!, 'todos_add', {
        todos: Array.from({ length: ITEMS }, (_, index) => ({ content: `Item ${index + 1}` })),
      });
      expect(added.ok).toBe(true);

      const results = await Promise.all(
        sessions.map((client, index) => work(client, names[index]!)),
      );

      const claims = results.flatMap((result, index) =>
        result.claimed.map((id) => [id, names[index]!] as const),
      );
      expect(claims.map(([id]) => Number(id)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: ITEMS }, (_, index) => index + 1),
      );
      // A refused claim names the session that got there first, never the writer itself.
      results.forEach((result, index) => {
        for (const text of result.refusals) {
          expect(text).toMatch(/is in progress by worker-\d|was completed by worker-\d/);
          expect(text).not.toMatch(new RegExp(`by ${names[index]}\\b`));
        }
      });

      const shown = await runCli(
        ['todos', '--store', store!, '--list', list, '--json', '--history', '100'],
        { cwd: scratch },
      );
      expect(shown.stderr).toBe('');
      const stored = JSON.parse(shown.stdout) as {
        key: unknown;
        version: number;
        plan: { items: { id: string; status: string; owner?: string; note?: string }[] };
        history: {
          version: number;
          record: { items: { id: string; status: string; owner?: string }[] } | null;
          source: { tool: string; owner?: string };
        }[];
      };
      expect(stored.key).toEqual({ agent: 'list', session: list });
      const owners = new Map(claims);
      for (const item of stored.plan.items) {
        expect(item).toMatchObject({ status: 'completed', owner: owners.get(item.id) });
        expect(item.note).toBe(`done by ${owners.get(item.id)}`);
      }
      // One add, then one claim and one completion per item: refusals wrote nothing.
      expect(stored.version).toBe(1 + 2 * ITEMS);
      expect(stored.history.map((revision) => revision.version)).toEqual(
        Array.from({ length: 1 + 2 * ITEMS }, (_, index) => index + 1),
      );
      const starts = new Map<string, number>();
      let previous: { id: string; status: string }[] = [];
      for (const revision of stored.history) {
        const items = revision.record!.items;
        for (const item of items) {
          const before = previous.find((each) => each.id === item.id);
          if (item.status === 'in_progress' && before?.status !== 'in_progress') {
            starts.set(item.id, (starts.get(item.id) ?? 0) + 1);
            // The revision that started it was written by the session that owns it.
            expect(revision.source.owner).toBe(item.owner);
            expect(item.owner).toBe(owners.get(item.id));
          }
        }
        // At most one item in progress per owner in every stored version.
        const active = items.filter((item) => item.status === 'in_progress').map((i) => i.owner);
        expect(new Set(active).size).toBe(active.length);
        previous = items;
      }
      expect([...starts.values()]).toEqual(Array.from({ length: ITEMS }, () => 1));
    },
    120_000,
  );
});
