/**
 * Plan approval as an AG-UI interrupt, through `@ag-ui/client`'s own agent: the run whose
 * host tool waits for the plan's approval finishes with outcome `interrupt` (the client
 * keeps it in `pendingInterrupts`); the next run's `resume` approves the plan, recorded as
 * the person's, and the held work runs. A declined approval runs nothing.
 */
import type { BaseEvent } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import { PlanEngine } from 'plankeeper';
import { APPROVAL_REASON, agentHost } from 'plankeeper/ag-ui';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../../support/lookup-tool.js';
import { InProcessAgent } from './in-process-agent.js';

const key = { agent: 'agent', session: 'thread-1' };

function approvalSetup(locale: 'en' | 'zh' = 'en') {
  const engine = new PlanEngine();
  const lookups: string[] = [];
  const tool = {
    ...lookupTool,
    execute: async (args: unknown, context: never) => {
      lookups.push((args as { query: string }).query);
      return lookupTool.execute(args, context);
    },
  };
  const model = new ScriptedModel([
    write(['Look up the policy', 'in_progress'], ['Answer', 'pending']),
    lookup('return policy'),
    // After the approval, the next run's model calls the tool again.
    lookup('return policy'),
    { final: 'Thirty days.' },
  ]);
  const host = agentHost({
    model,
    tools: [tool],
    locale,
    planning: { engine, approval: 'required', finishCheck: false, goalCheck: false },
  });
  const agent = new InProcessAgent(host, { locale });
  agent.addMessage({ id: 'u1', role: 'user', content: 'What is the return policy?' });
  return { engine, lookups, agent, model };
}

/** The user message of the model's last call: the task of the run that resumed. */
function taskOf(model: ScriptedModel): string {
  const messages = model.requests.at(-1)!.messages;
  const tasks = messages.filter((message) => message.role === 'user' && !message.injected);
  return (tasks.at(-1) as { content: string }).content;
}

describe('plankeeper/ag-ui: approval as an interrupt', () => {
  it('finishes the run with an interrupt, then resumes with the person’s approval', async () => {
    const { engine, lookups, agent, model } = approvalSetup();
    const events: BaseEvent[] = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });

    expect(lookups).toEqual([]);
    const finished = events.at(-1) as unknown as { type: string; outcome: { type: string } };
    expect(finished.type).toBe(EventType.RUN_FINISHED);
    expect(finished.outcome.type).toBe('interrupt');
    expect(agent.pendingInterrupts).toHaveLength(1);
    const [interrupt] = agent.pendingInterrupts;
    expect(interrupt).toMatchObject({
      reason: APPROVAL_REASON,
      metadata: { planKey: key, version: (await engine.snapshot(key)).version },
    });
    expect(events.filter((event) => event.type === EventType.TOOL_CALL_START)).toHaveLength(2);
    const lookupCall = (
      events as unknown as { type: string; toolCallId: string; toolCallName: string }[]
    ).find((event) => event.type === EventType.TOOL_CALL_START && event.toolCallName === 'lookup');
    expect(interrupt!.toolCallId).toBe(lookupCall!.toolCallId);
    expect(interrupt!.message).toMatchInlineSnapshot(
      `"The plan (2 open steps) waits for your approval before lookup runs. Resume with {"approved": true} to approve it, or edit the plan first."`,
    );
    expect((await engine.snapshot(key)).approval).toBeUndefined();

    const resumed = await agent.runAgent({
      resume: [
        {
          interruptId: interrupt!.id,
          status: 'resolved',
          payload: { approved: true, name: 'Ana' },
        },
      ],
    });
    expect((await engine.snapshot(key)).approval).toMatchObject({ name: 'Ana' });
    const approvedBy = (await engine.history(key)).find((each) => each.source.by === 'person');
    expect(approvedBy?.source.name).toBe('Ana');
    expect(agent.pendingInterrupts).toEqual([]);
    expect(lookups).toEqual(['return policy']);
    expect(resumed.result).toBe('Thirty days.');
    expect(taskOf(model)).toMatchInlineSnapshot(
      `"The person approved the plan. Carry on with it."`,
    );
  });

  it('runs nothing when the person declines, and says so', async () => {
    const { engine, lookups, agent } = approvalSetup();
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    const declined = await agent.runAgent({
      resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: { approved: false } }],
    });
    expect(lookups).toEqual([]);
    expect((await engine.snapshot(key)).approval).toBeUndefined();
    expect(declined.result).toMatchInlineSnapshot(
      `"The plan was not approved, so nothing ran. Edit the plan and run again, or approve it."`,
    );
  });

  it('resumes in Chinese', async () => {
    const { agent, model } = approvalSetup('zh');
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    await agent.runAgent({
      resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: { approved: true } }],
    });
    expect(taskOf(model)).toMatchInlineSnapshot(`"用户已批准计划。请按计划继续。"`);
  });

  it('says the approval in Chinese', async () => {
    const { agent } = approvalSetup('zh');
    await agent.runAgent();
    expect(agent.pendingInterrupts[0]!.message).toMatchInlineSnapshot(
      `"计划（2 个未完成步骤）等待你的批准，之后才会运行 lookup。恢复时回答 {"approved": true} 即批准，也可以先修改计划。"`,
    );
    const [interrupt] = agent.pendingInterrupts;
    const declined = await agent.runAgent({
      resume: [{ interruptId: interrupt!.id, status: 'cancelled' }],
    });
    expect(declined.result).toMatchInlineSnapshot(
      `"计划未获批准，所以什么都没有运行。请修改计划后再运行，或批准它。"`,
    );
  });
});
