/**
 * Through the MCP server and the official SDK client: a plan tool call the model made from
 * an older read does not undo what a person changed since. The server's turn record says
 * which version the model last saw (the last result it returned); the write keeps the
 * person's changes and says so, a granular call that would undo one is refused, and once
 * the model has been told, its next call goes through.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';
import { anaCancelsAndRewords, migrationList } from '../../support/person-edits-scenario.js';

type Item = { id: string; content: string; status: string; note?: string };

async function call(
  client: Awaited<ReturnType<typeof connectClient>>['client'],
  name: string,
  args: Record<string, unknown>,
) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  return { ok: result.isError !== true, text: first?.type === 'text' ? first.text : '' };
}

const lines = (items: readonly Item[]) =>
  items.map((item) => `${item.id} ${item.status} ${item.content}`);

const list = migrationList;

describe("the MCP server keeps a person's change from a write sent from an older read", () => {
  it('keeps the cancel and the rewording, tells the model, and lets its next write through', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connectClient({ engine, session: 's1' });
    const key = server.planKey;
    await call(client, 'todo_write', list(['in_progress', 'pending', 'pending']));
    const read = await call(client, 'todo_read', {});
    expect(read.text).toMatch(/#2 Email customers/);

    await anaCancelsAndRewords(engine, key);

    const stale = await call(client, 'todo_write', list(['completed', 'in_progress', 'pending']));
    expect(stale.ok).toBe(true);
    expect(lines((await engine.snapshot(key)).items)).toEqual([
      '1 completed Migrate STAGING DB only',
      '2 cancelled Email customers',
      '3 pending Write release notes',
    ]);
    // Told with the write: who changed what (from the server's rules), then what was kept.
    expect(stale.text).toMatch(/^Changed by a person \(Ana\): cancelled #2 .*; edited #1\n/);
    expect(stale.text).toContain(
      'Kept changes by a person (Ana) that you had not seen: #1 reworded: Migrate STAGING DB only; #2 cancelled (Legal says do NOT email)',
    );

    // The model has now seen the change: reopening #2 on purpose goes through.
    const knowing = await call(client, 'todo_write', {
      todos: [
        { id: '1', content: 'Migrate STAGING DB only', status: 'completed' },
        { id: '2', content: 'Email customers', status: 'in_progress' },
        { id: '3', content: 'Write release notes', status: 'pending' },
      ],
    });
    expect(knowing.text).not.toMatch(/Kept/);
    expect((await engine.snapshot(key)).items[1]?.status).toBe('in_progress');
  });

  it('refuses a completion of an item the person cancelled, then accepts the call made knowing it', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connectClient({ engine, session: 's2' });
    const key = server.planKey;
    await call(client, 'todo_write', list(['in_progress', 'pending', 'pending']));
    await engine.editAsPerson(key, { kind: 'cancel', id: '1', reason: 'not this week' });
    const before = await engine.snapshot(key);

    const stale = await call(client, 'todos_complete', {
      items: [{ id: '1', reason: 'migrated' }],
    });
    expect(stale.ok).toBe(false);
    expect(stale.text).toContain(
      'Changed by a person after your last read: #1 cancelled (not this week).',
    );
    expect(await engine.snapshot(key)).toEqual(before);

    const again = await call(client, 'todos_complete', {
      items: [{ id: '1', reason: 'migrated' }],
    });
    expect(again.ok).toBe(true);
  });

  it('loses none of 25 person adds racing 25 whole-list writes from the read before them', async () => {
    const engine = new PlanEngine({ limits: { maxItems: 40 } });
    const { client, server } = await connectClient({
      engine,
      session: 's3',
      structuredContent: true,
    });
    const key = server.planKey;
    await call(client, 'todo_write', list(['in_progress', 'pending', 'pending']));
    const sent: Promise<unknown>[] = [];
    for (let round = 0; round < 25; round++) {
      // The model reads, then sends the list it read while a person adds from the dashboard.
      const read = (await client.callTool({ name: 'todo_read', arguments: {} })) as CallToolResult;
      const { items } = read.structuredContent as { items: Item[] };
      const todos = items.map(({ id, content, status }) => ({ id, content, status }));
      sent.push(engine.editAsPerson(key, { kind: 'add', content: `Person step ${round}` }));
      sent.push(call(client, 'todo_write', { todos }));
      await Promise.all(sent.slice(-2));
    }
    const results = await Promise.all(sent);
    expect(results.filter((result) => !(result as { ok: boolean }).ok)).toEqual([]);
    const contents = (await engine.snapshot(key)).items.map((item) => item.content);
    const lost = Array.from({ length: 25 }, (_, round) => `Person step ${round}`).filter(
      (content) => !contents.includes(content),
    );
    expect(lost).toEqual([]);
  });

  it("a session's first call, before the server has shown it anything, writes as it always has", async () => {
    const engine = new PlanEngine();
    const { client, server } = await connectClient({ engine, session: 's4' });
    const key = server.planKey;
    // A list from an earlier session, one item a person added.
    await engine.write(key, [{ content: 'Old step', status: 'pending' }]);
    await engine.editAsPerson(key, { kind: 'add', content: 'Old person step' });
    const first = await call(client, 'todo_write', list(['in_progress', 'pending', 'pending']));
    expect(first.text).not.toMatch(/Kept/);
    expect((await engine.snapshot(key)).items.map((item) => item.content)).toEqual([
      'Migrate prod DB',
      'Email customers',
      'Write release notes',
    ]);
  });
});
