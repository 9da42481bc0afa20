/**
 * `plankeeper/ag-ui` driven by `@ag-ui/client`'s own agent: the plan goes out as a
 * STATE_SNAPSHOT and then STATE_DELTA patches that the client applies (fast-json-patch, as in
 * a browser) to the very plan the store holds after every write; a person's edit sent back
 * in `RunAgentInput.state` becomes a person change that the model's next stale write keeps.
 */
import type { BaseEvent } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import fastJsonPatch from 'fast-json-patch';
import { PlanEngine } from 'plankeeper';
import { agentHost, agUiEvents, PLAN_STATE_KEY, planAgUiState } from 'plankeeper/ag-ui';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { collect, InProcessAgent } from './in-process-agent.js';

const key = { agent: 'agent', session: 'thread-1' };
const planning = { finishCheck: false, goalCheck: false } as const;

const write = (todos: { content: string; status: string }[]) => ({
  tool: 'todo_write',
  args: { todos },
});

describe('plankeeper/ag-ui: the plan as shared state', () => {
  it('sends a snapshot, then deltas that rebuild the stored plan after every write', async () => {
    const engine = new PlanEngine();
    const model = new ScriptedModel([
      write([
        { content: 'Read the issue', status: 'in_progress' },
        { content: 'Fix the parser', status: 'pending' },
      ]),
      write([
        { content: 'Read the issue', status: 'completed' },
        { content: 'Fix the parser', status: 'in_progress' },
        { content: 'Add a test', status: 'pending' },
      ]),
      write([{ content: 'Read the issue', status: 'completed' }]),
      { final: 'Done.' },
    ]);
    const host = agentHost({ model, planning: { ...planning, engine } });
    const agent = new InProcessAgent(host);
    const events: BaseEvent[] = [];
    const states: unknown[] = [];
    agent.addMessage({ id: 'u1', role: 'user', content: 'Fix the parser bug' });
    const result = await agent.runAgent(
      {},
      {
        onEvent: ({ event }) => {
          events.push(event);
        },
        onStateChanged: ({ state }) => {
          states.push(structuredClone(state));
        },
      },
    );

    const types = events.map((event) => event.type);
    expect(types[0]).toBe(EventType.RUN_STARTED);
    expect(types.indexOf(EventType.STATE_SNAPSHOT)).toBeLessThan(
      types.indexOf(EventType.STATE_DELTA),
    );
    expect(types.filter((type) => type === EventType.STATE_DELTA)).toHaveLength(3);
    expect(types.at(-1)).toBe(EventType.RUN_FINISHED);
    expect(result.result).toBe('Done.');

    // The client's state after each delta is the plan at the version that delta carries.
    const history = await engine.history(key);
    const deltaStates = states.slice(1) as { plankeeper: { version: number } }[];
    expect(deltaStates).toHaveLength(3);
    for (const state of deltaStates) {
      const revision = history.find((each) => each.version === state.plankeeper.version);
      expect(state).toEqual(
        planAgUiState(key, { items: revision!.record!.items, version: revision!.version }),
      );
    }
    expect(agent.state).toEqual(planAgUiState(key, await engine.snapshot(key)));
    expect((agent.state as { steps: unknown }).steps).toEqual([
      { description: 'Read the issue', status: 'completed' },
    ]);

    // The deltas alone, applied with fast-json-patch as the client does, give the same plan.
    let rebuilt: unknown = (
      events.find((event) => event.type === EventType.STATE_SNAPSHOT) as unknown as {
        snapshot: unknown;
      }
    ).snapshot;
    for (const event of events.filter((each) => each.type === EventType.STATE_DELTA)) {
      rebuilt = fastJsonPatch.applyPatch(
        rebuilt,
        (event as unknown as { delta: never[] }).delta,
        true,
        false,
      ).newDocument;
    }
    expect(rebuilt).toEqual(agent.state);
  });

  it('keeps the front end’s own state beside its key', async () => {
    const host = agentHost({ model: new ScriptedModel([{ final: 'Hi.' }]), planning });
    const agent = new InProcessAgent(host);
    agent.setState({ theme: 'dark' });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Hello' });
    await agent.runAgent();
    expect(agent.state).toMatchObject({ theme: 'dark', [PLAN_STATE_KEY]: { items: [] } });
  });

  it('takes a person’s edits from RunAgentInput.state; the model’s next stale write keeps them', async () => {
    const engine = new PlanEngine();
    const model = new ScriptedModel([
      write([
        { content: 'Read the issue', status: 'in_progress' },
        { content: 'Fix the parser', status: 'pending' },
        { content: 'Write docs', status: 'pending' },
      ]),
      { final: 'Planned.' },
      { final: 'Noted.' },
    ]);
    const host = agentHost({ model, planning: { ...planning, engine } });
    const agent = new InProcessAgent(host, { person: { name: 'Ana' } });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Fix the parser bug' });
    await agent.runAgent();
    const seen = (await engine.snapshot(key)).version;

    // The person cancels #3, rewords #2 and adds a step in the front end.
    const state = structuredClone(agent.state) as {
      plankeeper: { items: { id?: string; content: string; status?: string }[] };
    };
    state.plankeeper.items[1]!.content = 'Fix the parser and the lexer';
    state.plankeeper.items[2]!.status = 'cancelled';
    state.plankeeper.items.push({ content: 'Ask for review' });
    agent.setState(state);
    agent.addMessage({ id: 'u2', role: 'user', content: 'I changed the plan' });
    await agent.runAgent();

    const edited = await engine.snapshot(key);
    expect(edited.items.map((item) => [item.id, item.content, item.status])).toEqual([
      ['1', 'Read the issue', 'in_progress'],
      ['2', 'Fix the parser and the lexer', 'pending'],
      ['3', 'Write docs', 'cancelled'],
      ['4', 'Ask for review', 'pending'],
    ]);
    const revisions = await engine.history(key);
    const byPerson = revisions.filter((each) => each.source.by === 'person');
    expect(byPerson.map((each) => each.source.name)).toEqual(['Ana', 'Ana', 'Ana']);
    // The client got the edited plan back as its state.
    expect(agent.state).toEqual(planAgUiState(key, edited));
    // The model's next call was told, as of a dashboard edit.
    const told = JSON.stringify(model.requests.at(-1)!.messages);
    expect(told).toContain('Changed by a person (Ana)');

    // The model writes from the plan it read before the edits: the person's changes stay.
    await engine.write(
      key,
      [
        { id: '1', content: 'Read the issue', status: 'completed' },
        { id: '2', content: 'Fix the parser', status: 'in_progress' },
        { id: '3', content: 'Write docs', status: 'pending' },
      ],
      { basedOn: seen },
    );
    const after = await engine.snapshot(key);
    expect(after.items.find((item) => item.id === '2')!.content).toBe(
      'Fix the parser and the lexer',
    );
    expect(after.items.find((item) => item.id === '3')!.status).toBe('cancelled');
    expect(after.items.find((item) => item.id === '4')?.content).toBe('Ask for review');
  });

  it('reads a front end a step behind as no edit: the model’s later writes stay', async () => {
    const engine = new PlanEngine();
    await engine.write(key, [{ content: 'Read the issue', status: 'pending' }]);
    const stale = planAgUiState(key, await engine.snapshot(key));
    await engine.write(key, [{ id: '1', content: 'Read the issue', status: 'completed' }]);
    const host = agentHost({
      model: new ScriptedModel([{ final: 'Ok.' }]),
      planning: { ...planning, engine },
    });
    const events = await collect(
      agUiEvents(
        {
          threadId: 'thread-1',
          runId: 'r1',
          state: stale,
          messages: [{ id: 'u1', role: 'user', content: 'Go on' }],
          tools: [],
          context: [],
        },
        host,
      ),
    );
    expect(events.at(-1)!.type).toBe(EventType.RUN_FINISHED);
    expect((await engine.snapshot(key)).items[0]!.status).toBe('completed');
    expect((await engine.history(key)).every((each) => each.source.by !== 'person')).toBe(true);
  });
});
