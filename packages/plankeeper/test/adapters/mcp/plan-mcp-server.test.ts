import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type CallToolResult,
  ErrorCode,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { PlanStore } from 'plankeeper';
import { defaultInstructions, getLocale, MemoryPlanStore, PlanEngine } from 'plankeeper';
import { PLAN_RESOURCE_URI } from 'plankeeper/mcp';
import type { PlanChange } from 'plankeeper/stores';
import { createSchemas, toJsonSchema } from 'plankeeper/tools';
import { describe, expect, it } from 'vitest';
import { connectClient as connect } from '../../support/mcp-clients.js';

const en = getLocale('en');
const zh = getLocale('zh');

const DESIGN_TOOL_NAMES = [
  'todo_write',
  'todo_read',
  'todos_add',
  'todos_complete',
  'todos_remove',
  'todos_get_remaining',
  'todos_get_all',
];

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text')
    throw new Error(`expected text content, got ${JSON.stringify(result)}`);
  return first.text;
}

/** Resolves on the next resources/updated notification, counting every one in `seen`. */
function watchUpdates(client: Client) {
  const seen: string[] = [];
  let wake: (() => void) | undefined;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    seen.push(notification.params.uri);
    wake?.();
  });
  return {
    seen,
    next: (count: number) =>
      new Promise<void>((resolve) => {
        if (seen.length >= count) return resolve();
        wake = () => {
          if (seen.length >= count) resolve();
        };
      }),
  };
}

describe('MCP server: tools', () => {
  it('lists the DESIGN tools with exactly our JSON Schemas and descriptions', async () => {
    const engine = new PlanEngine();
    const { client } = await connect({ engine });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DESIGN_TOOL_NAMES);
    const schemas = createSchemas(engine.limits);
    for (const tool of tools) {
      const name = tool.name as keyof typeof schemas;
      expect(tool.inputSchema).toEqual(toJsonSchema(schemas[name]));
      expect(tool.description).toBe(en.tools[name]);
    }
    const write = tools.find((tool) => tool.name === 'todo_write')!;
    expect(write.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(write.inputSchema).not.toHaveProperty('$schema');
    expect(tools.find((tool) => tool.name === 'todo_read')!.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(write.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('honours the preset, the engine limits and the language', async () => {
    const engine = new PlanEngine({ limits: { maxItems: 3 } });
    const { client } = await connect({ engine, tools: 'whole-list', locale: 'zh' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['todo_write', 'todo_read']);
    expect(tools[0]!.description).toBe(zh.tools.todo_write);
    expect(tools[0]!.inputSchema).toMatchObject({ properties: { todos: { maxItems: 3 } } });

    const granular = await connect({ engine: new PlanEngine(), tools: 'granular' });
    expect((await granular.client.listTools()).tools.map((tool) => tool.name)).toEqual(
      DESIGN_TOOL_NAMES.slice(2),
    );
  });

  it('todo_write creates the plan and a later todo_read sees it', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connect({ engine, agent: 'support' });
    const written = await call(client, 'todo_write', {
      todos: [
        { content: 'Find the return policy', status: 'in_progress' },
        { content: 'Draft the answer', status: 'pending' },
      ],
    });
    expect(written.isError).toBeFalsy();
    expect(textOf(written)).toContain('Todo list updated (0/2 completed).');
    // The model reads the text; hosts that prefer structuredContent must not find any.
    expect(written.structuredContent).toBeUndefined();
    expect(textOf(written)).toContain('- [>] #1 Find the return policy');
    expect(server.planKey.agent).toBe('support');
    expect((await engine.snapshot(server.planKey)).items).toHaveLength(2);

    const read = await call(client, 'todo_read');
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toBe(
      [
        '### Current todo list (0/2 completed)',
        '- [>] #1 Find the return policy',
        '- [ ] #2 Draft the answer',
      ].join('\n'),
    );
  });

  it('sends structuredContent beside the text to a server configured for it', async () => {
    const { client } = await connect({ engine: new PlanEngine(), structuredContent: true });
    const written = await call(client, 'todo_write', {
      todos: [
        { content: 'Find the return policy', status: 'in_progress' },
        { content: 'Draft the answer', status: 'pending' },
      ],
    });
    expect(textOf(written)).toContain('Todo list updated (0/2 completed).');
    expect(written.structuredContent).toMatchObject({
      version: 1,
      items: [
        { id: '1', content: 'Find the return policy', status: 'in_progress' },
        { id: '2', content: 'Draft the answer', status: 'pending' },
      ],
    });
    const remaining = await call(client, 'todos_get_remaining');
    expect(remaining.structuredContent).toMatchObject({ items: [{ id: '1' }, { id: '2' }] });
  });

  it('runs the granular family end to end and records the call in history', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connect({ engine });
    const added = await call(client, 'todos_add', {
      todos: [{ content: 'Run the tests' }, { title: 'Fix the failure' }],
    });
    expect(textOf(added)).toContain('Added #1, #2.');
    const completed = await call(client, 'todos_complete', {
      items: [{ id: 1, reason: 'all 40 tests pass' }],
    });
    expect(completed.isError).toBeFalsy();
    const remaining = await call(client, 'todos_get_remaining');
    expect(textOf(remaining)).toBe('- [ ] #2 Fix the failure');
    expect(remaining.structuredContent).toBeUndefined();
    const all = await call(client, 'todos_get_all');
    expect(textOf(all)).toContain('- [x] #1 Run the tests');

    const history = await engine.history(server.planKey);
    expect(history.map((revision) => revision.source.tool)).toEqual([
      'todos_add',
      'todos_complete',
    ]);
    expect(history[1]!.source.callId).toMatch(/^\d+$/);
    expect(history[1]!.record?.items[0]?.note).toBe('all 40 tests pass');
  });

  it.each([
    {
      what: 'two items in_progress',
      args: {
        todos: [
          { content: 'A', status: 'in_progress' },
          { content: 'B', status: 'in_progress' },
        ],
      },
      says: 'only one may be',
    },
    { what: 'an unknown field', args: { todos: [], extra: 1 }, says: 'unknown field "extra"' },
    { what: 'a null list', args: { todos: null }, says: 'todos is null' },
    { what: 'a missing list', args: {}, says: 'todos is missing' },
    {
      what: 'a bad status',
      args: { todos: [{ content: 'A', status: 'done' }] },
      says: 'use pending, in_progress, completed or cancelled',
    },
  ])('rejects $what as an isError result and leaves the plan unchanged', async ({ args, says }) => {
    const engine = new PlanEngine();
    const { client, server } = await connect({ engine });
    await call(client, 'todo_write', {
      todos: [{ content: 'Keep me', status: 'in_progress' }],
    });
    const before = await engine.snapshot(server.planKey);
    const beforeResource = await client.readResource({ uri: PLAN_RESOURCE_URI });

    const result = await call(client, 'todo_write', args);

    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^Rejected; the todo list is unchanged\. Fix and resend:\n- /);
    expect(textOf(result)).toContain(says);
    expect(await engine.snapshot(server.planKey)).toEqual(before);
    expect(await client.readResource({ uri: PLAN_RESOURCE_URI })).toEqual(beforeResource);
    expect(await engine.history(server.planKey)).toHaveLength(1);
  });

  it('reports a rejection in the server language', async () => {
    const { client } = await connect({ engine: new PlanEngine(), locale: 'zh' });
    const result = await call(client, 'todos_complete', { items: [{ id: 9, reason: '完成' }] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^已拒绝，待办清单未改动。/);
  });

  it('turns a failing store into a readable isError result', async () => {
    const store = new MemoryPlanStore();
    const broken: PlanStore = Object.assign(Object.create(store) as PlanStore, {
      compareAndSet: () => Promise.reject(new Error('disk full')),
    });
    const { client } = await connect({ engine: new PlanEngine({ store: broken }) });
    const result = await call(client, 'todos_add', { todos: [{ content: 'A' }] });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'todos_add failed: disk full' }],
      isError: true,
    });
  });

  it('answers an unknown tool with a protocol error naming the available tools', async () => {
    const { client } = await connect({ engine: new PlanEngine(), tools: 'whole-list' });
    await expect(call(client, 'todo_delete')).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('available: todo_write, todo_read'),
    });
  });
});

describe('MCP server: sessions', () => {
  it('gives each connection without a session its own plan', async () => {
    const engine = new PlanEngine();
    const first = await connect({ engine });
    const second = await connect({ engine });
    expect(first.server.planKey.session).not.toBe(second.server.planKey.session);

    await call(first.client, 'todo_write', {
      todos: [{ content: 'Only mine', status: 'pending' }],
    });
    expect(textOf(await call(second.client, 'todo_read'))).toContain('No todos.');
    expect(textOf(await call(first.client, 'todo_read'))).toContain('Only mine');
  });

  it('shares one plan between connections given the same session', async () => {
    const engine = new PlanEngine();
    const first = await connect({ engine, session: 'team-7' });
    const second = await connect({ engine, session: 'team-7' });
    expect(second.server.planKey).toEqual({ agent: 'mcp', session: 'team-7' });

    await call(first.client, 'todos_add', { todos: [{ content: 'Shared step' }] });
    expect(textOf(await call(second.client, 'todos_get_all'))).toContain('#1 Shared step');
    await call(second.client, 'todos_complete', { items: [{ id: '1', reason: 'done by second' }] });
    expect(textOf(await call(first.client, 'todo_read'))).toContain('- [x] #1 Shared step');
  });

  it('keeps agents apart even within one session', async () => {
    const engine = new PlanEngine();
    const first = await connect({ engine, session: 's', agent: 'planner' });
    const second = await connect({ engine, session: 's', agent: 'coder' });
    await call(first.client, 'todos_add', { todos: [{ content: 'Planner step' }] });
    expect(textOf(await call(second.client, 'todo_read'))).toContain('No todos.');
  });
});

describe('MCP server: plan resource', () => {
  it('lists and reads the plan as Markdown and JSON', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connect({ engine, session: 'read-me' });
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: PLAN_RESOURCE_URI, mimeType: 'text/markdown' }),
    ]);

    const empty = await client.readResource({ uri: PLAN_RESOURCE_URI });
    expect(empty.contents[0]).toMatchObject({ text: '### Current todo list\nNo todos.' });

    await engine.write(server.planKey, [
      { content: 'Look up the policy', status: 'completed', note: 'found in FAQ' },
      { content: 'Answer', status: 'in_progress' },
    ]);
    const { contents } = await client.readResource({ uri: PLAN_RESOURCE_URI });
    expect(contents).toHaveLength(2);
    expect(contents[0]).toEqual({
      uri: PLAN_RESOURCE_URI,
      mimeType: 'text/markdown',
      text: [
        '### Current todo list (1/2 completed)',
        '- [x] #1 Look up the policy (found in FAQ)',
        '- [>] #2 Answer',
      ].join('\n'),
    });
    expect(contents[1]).toMatchObject({ uri: PLAN_RESOURCE_URI, mimeType: 'application/json' });
    const json = JSON.parse((contents[1] as { text: string }).text);
    expect(json).toMatchObject({
      agent: 'mcp',
      session: 'read-me',
      version: 1,
      items: [
        { id: '1', status: 'completed', note: 'found in FAQ' },
        { id: '2', status: 'in_progress' },
      ],
    });
  });

  it('rejects an unknown resource uri', async () => {
    const { client } = await connect({ engine: new PlanEngine() });
    await expect(client.readResource({ uri: 'plankeeper://other' })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('notifies a subscriber after a write to its plan, and not for other plans', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connect({ engine, session: 'watched' });
    const other = await connect({ engine, session: 'elsewhere' });
    const updates = watchUpdates(client);
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });

    // A write to another session first: had it notified, that message would arrive first.
    await call(other.client, 'todos_add', { todos: [{ content: 'Not yours' }] });
    await call(client, 'todo_write', { todos: [{ content: 'Watched step', status: 'pending' }] });
    await updates.next(1);
    expect(updates.seen).toEqual([PLAN_RESOURCE_URI]);
    const { contents } = await client.readResource({ uri: PLAN_RESOURCE_URI });
    expect(contents[0]).toMatchObject({ text: expect.stringContaining('Watched step') });

    // Writes by anyone else to the same plan count too (here: the host itself).
    await engine.add(server.planKey, [{ content: 'Added by the host' }]);
    await updates.next(2);
    expect(updates.seen).toHaveLength(2);
  });

  it('stops notifying after unsubscribe', async () => {
    const engine = new PlanEngine();
    const { client } = await connect({ engine });
    const updates = watchUpdates(client);
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    await call(client, 'todos_add', { todos: [{ content: 'One' }] });
    await updates.next(1);

    await client.unsubscribeResource({ uri: PLAN_RESOURCE_URI });
    await call(client, 'todos_add', { todos: [{ content: 'Unheard' }] });
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    await call(client, 'todos_add', { todos: [{ content: 'Three' }] });
    await updates.next(2);
    // Had the unsubscribed write notified, there would be three by now (same ordered channel).
    expect(updates.seen).toHaveLength(2);
  });

  it('sends no notification for a write that changes nothing', async () => {
    const engine = new PlanEngine();
    const { client } = await connect({ engine });
    const updates = watchUpdates(client);
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    const list = { todos: [{ content: 'Only step', status: 'in_progress' }] };
    await call(client, 'todo_write', list);
    await updates.next(1);
    expect(textOf(await call(client, 'todo_write', list))).toContain('unchanged');
    await call(client, 'todos_add', { todos: [{ content: 'A real change' }] });
    await updates.next(2);
    // Had the unchanged write notified, there would be three by now (same ordered channel).
    expect(updates.seen).toHaveLength(2);
  });

  it('releases its store subscription when the connection closes', async () => {
    const store = new MemoryPlanStore();
    let listening = 0;
    const counting: PlanStore = Object.assign(Object.create(store) as PlanStore, {
      subscribe: async (listener: (change: PlanChange) => void) => {
        const unsubscribe = await store.subscribe(listener);
        listening++;
        return () => {
          listening--;
          unsubscribe();
        };
      },
    });
    const { client } = await connect({ engine: new PlanEngine({ store: counting }) });
    expect(listening).toBe(0);
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    await client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    expect(listening).toBe(1);
    await client.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listening).toBe(0);
  });
});

describe('MCP server: instructions', () => {
  it('sends the default instructions in the initialize result', async () => {
    const english = await connect({ engine: new PlanEngine() });
    expect(english.client.getInstructions()).toBe(defaultInstructions('en'));
    const chinese = await connect({ engine: new PlanEngine(), locale: 'zh' });
    expect(chinese.client.getInstructions()).toBe(defaultInstructions('zh'));
    expect(defaultInstructions('zh')).not.toBe(defaultInstructions('en'));
  });

  it('offers plan-instructions as a prompt in English and Chinese', async () => {
    const { client } = await connect({ engine: new PlanEngine() });
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: 'plan-instructions',
        arguments: [expect.objectContaining({ name: 'locale', required: false })],
      }),
    ]);
    const english = await client.getPrompt({ name: 'plan-instructions' });
    expect(english.messages).toEqual([
      { role: 'user', content: { type: 'text', text: defaultInstructions('en') } },
    ]);
    const chinese = await client.getPrompt({
      name: 'plan-instructions',
      arguments: { locale: 'zh' },
    });
    expect(chinese.messages[0]?.content).toEqual({ type: 'text', text: defaultInstructions('zh') });
  });

  it('defaults the prompt to the server language and rejects unknown ones', async () => {
    const { client } = await connect({ engine: new PlanEngine(), locale: 'zh' });
    const prompt = await client.getPrompt({ name: 'plan-instructions' });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: defaultInstructions('zh') });
    await expect(
      client.getPrompt({ name: 'plan-instructions', arguments: { locale: 'fr' } }),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('Unknown locale "fr"'),
    });
    await expect(client.getPrompt({ name: 'other' })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });
});
