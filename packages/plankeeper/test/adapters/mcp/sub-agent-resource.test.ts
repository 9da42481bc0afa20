import { getLocale, PlanEngine } from 'plankeeper';
import { startSubAgent } from 'plankeeper/harness';
import { PLAN_RESOURCE_URI } from 'plankeeper/mcp';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

const en = getLocale('en');

const key = { agent: 'coder', session: 's1' };

async function connected(engine: PlanEngine) {
  return (await connectClient({ engine, agent: key.agent, session: key.session })).client;
}

const texts = (result: { contents: unknown[] }) =>
  (result.contents as { mimeType: string; text: string }[]).map((content) => content.text);

describe('MCP plan resource with sub-agents', () => {
  it("shows the delegated item's progress and reads the sub-agent's plan under it", async () => {
    const engine = new PlanEngine();
    await engine.write(key, [
      { content: 'Research the bug', status: 'in_progress' },
      { content: 'Fix it', status: 'pending' },
    ]);
    const started = await startSubAgent(engine, {
      parent: key,
      item: '1',
      scope: 'research/1',
      locale: en,
    });
    if (!started.ok) throw new Error(started.text);
    await engine.write(started.sub.key, [
      { content: 'Read the logs', status: 'completed' },
      { content: 'Bisect', status: 'in_progress' },
    ]);
    const client = await connected(engine);

    const [markdown, json] = texts(await client.readResource({ uri: PLAN_RESOURCE_URI }));
    expect(markdown).toContain('- [>] #1 Research the bug (sub-agent: 1/2)');
    const data = JSON.parse(json!);
    expect(data.subAgents).toEqual([
      {
        item: '1',
        scope: 'research/1',
        uri: 'plankeeper://plan/sub-agent/research%2F1',
        total: 2,
        completed: 1,
      },
    ]);

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'plankeeper://plan/sub-agent/{scope}',
    ]);
    const child = await client.readResource({ uri: data.subAgents[0].uri });
    const [childMarkdown, childJson] = texts(child);
    expect(childMarkdown).toBe(
      '### Current todo list (1/2 completed)\n- [x] #1 Read the logs\n- [>] #2 Bisect',
    );
    expect(JSON.parse(childJson!)).toMatchObject({ scope: ['research/1'], version: 1 });
    expect((child.contents[0] as { uri: string }).uri).toBe(data.subAgents[0].uri);

    await expect(client.readResource({ uri: 'plankeeper://plan/other' })).rejects.toThrow(
      /Unknown resource "plankeeper:\/\/plan\/other"; this server has plankeeper:\/\/plan and its sub-agents' plans/,
    );
  });
});
