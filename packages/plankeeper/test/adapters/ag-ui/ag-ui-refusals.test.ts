/**
 * A front end's state that cannot be taken as a person's edit is refused whole: the run ends
 * with RUN_ERROR and one line that says what to send instead, before the model is called,
 * and the stored plan and its history are as they were. The lines, in English and Chinese,
 * are snapshots of what a person reads.
 */
import type { RunAgentInput } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import { PlanEngine } from 'plankeeper';
import { agentHost, agUiEvents, planAgUiState } from 'plankeeper/ag-ui';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { collect } from './in-process-agent.js';

const key = { agent: 'agent', session: 'thread-1' };

type Sent = ReturnType<typeof planAgUiState>;
const cases: [name: string, edit: (state: Sent) => unknown][] = [
  [
    'an unknown status',
    (state) => ((state.plankeeper.items[0] as { status: string }).status = 'done'),
  ],
  ['an unknown field', (state) => Object.assign(state.plankeeper.items[0]!, { priority: 'high' })],
  ['items that are no list', (state) => Object.assign(state.plankeeper, { items: 'all of them' })],
  [
    'a state over the size limit',
    (state) => (state.plankeeper.items[0]!.content = 'x'.repeat(70_000)),
  ],
  ['another thread’s plan', (state) => (state.plankeeper.planKey.session = 'thread-2')],
  ['a step set back in progress', (state) => (state.plankeeper.items[1]!.status = 'in_progress')],
  ['a blank step', (state) => (state.plankeeper.items[0]!.content = '   ')],
];

async function refusal(locale: 'en' | 'zh', edit: (state: Sent) => unknown) {
  const engine = new PlanEngine();
  await engine.write(key, [
    { content: 'Read the issue', status: 'in_progress' },
    { content: 'Fix the parser', status: 'completed' },
  ]);
  const before = await engine.snapshot(key);
  const historyBefore = await engine.history(key);
  const state = planAgUiState(key, before);
  edit(state);
  const model = new ScriptedModel([{ final: 'never asked' }]);
  const host = agentHost({ model, planning: { engine } });
  const input: RunAgentInput = {
    threadId: 'thread-1',
    runId: 'r1',
    state,
    messages: [{ id: 'u1', role: 'user', content: 'Go on' }],
    tools: [],
    context: [],
  };
  const events = await collect(agUiEvents(input, host, { locale }));
  expect(events.map((event) => event.type)).toEqual([EventType.RUN_STARTED, EventType.RUN_ERROR]);
  expect(model.requests).toHaveLength(0);
  expect(await engine.snapshot(key)).toEqual(before);
  expect(await engine.history(key)).toEqual(historyBefore);
  return (events[1] as unknown as { message: string }).message;
}

describe.each(['en', 'zh'] as const)('plankeeper/ag-ui refuses a bad state (%s)', (locale) => {
  it('refuses each, changing nothing, with one line', async () => {
    const lines: Record<string, string> = {};
    for (const [name, edit] of cases) {
      const line = await refusal(locale, edit);
      expect(line).not.toContain('\n');
      lines[name] = line;
    }
    expect(lines).toMatchSnapshot();
  });
});

describe('plankeeper/ag-ui: a run with no user message', () => {
  it.each(['en', 'zh'] as const)('calls no model and says what to send (%s)', async (locale) => {
    const model = new ScriptedModel([{ final: 'never asked' }]);
    const host = agentHost({ model, planning: {} });
    const input = { threadId: 't', runId: 'r', messages: [], tools: [], context: [] };
    const events = await collect(agUiEvents(input, host, { locale }));
    expect(model.requests).toHaveLength(0);
    const finished = events.at(-1) as unknown as { type: string; result: string };
    expect(finished.type).toBe(EventType.RUN_FINISHED);
    expect(finished.result).toMatchSnapshot();
  });
});
