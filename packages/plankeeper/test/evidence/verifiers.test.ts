/** Completion verifiers through the own agent loop: refusals, built-ins, errors and timeouts. */

import type { PlanningOptions } from 'plankeeper';
import { Agent, PlanEngine } from 'plankeeper';
import {
  type CompletionVerifier,
  requireCitedCall,
  requireTool,
  type VerifierContext,
} from 'plankeeper/harness';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool } from '../support/lookup-tool.js';

const add = { tool: 'todos_add', args: { todos: [{ content: 'Fix the parser' }] } };
const complete = (reason: string) => ({
  tool: 'todos_complete',
  args: { items: [{ id: '1', reason }] },
});

async function run(steps: ScriptStep[], planning: PlanningOptions) {
  const engine = new PlanEngine();
  const model = new ScriptedModel(steps);
  const agent = new Agent({
    model,
    tools: [lookupTool],
    planning: { goalCheck: false, finishCheck: false, tools: 'granular', ...planning, engine },
  });
  const session = agent.session('verifiers');
  await session.send('task');
  const results = model.requests
    .slice(1)
    .map((request) => request.messages.filter((message) => message.role === 'tool').at(-1))
    .map((message) => message?.content ?? '');
  const status = async () => (await engine.snapshot(session.key)).items[0]?.status;
  return { engine, results, status, history: () => engine.history(session.key) };
}

const refusal = (text: string) =>
  `Rejected; the todo list is unchanged. Fix and resend:\n- #1 Fix the parser cannot be completed yet: ${text}`;

describe('verifiers', () => {
  it('a string refuses the completion with that text; the plan stays as it was', async () => {
    const { results, status, history } = await run(
      [add, lookup(), complete('done'), { final: 'x' }],
      {
        verifiers: [() => 'the parser tests still fail.'],
      },
    );
    expect(results[2]).toBe(refusal('the parser tests still fail.'));
    expect(await status()).toBe('pending');
    expect(await history()).toHaveLength(1);
  });

  it('true lets it through; the verifier sees the calls since the item started, the reason and what stays open', async () => {
    const seen: VerifierContext[] = [];
    const verifier: CompletionVerifier = (_item, context) => {
      seen.push(context);
      return true;
    };
    const { results, status } = await run(
      [add, lookup('a'), complete('looked it up'), { final: 'x' }],
      {
        verifiers: [verifier],
      },
    );
    expect(results[2]).toBe('Completed #1.');
    expect(await status()).toBe('completed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      tool: 'todos_complete',
      reason: 'looked it up',
      openAfter: 0,
      calls: [{ tool: 'lookup', callId: expect.any(String), at: expect.any(Number) }],
    });
  });

  it('requireTool refuses until the named tool succeeded', async () => {
    const { results, status } = await run([add, lookup(), complete('done'), { final: 'x' }], {
      verifiers: [requireTool('run_tests')],
    });
    expect(results[2]).toBe(
      refusal(
        'it needs a successful run_tests call since it started. Run it, then complete the item.',
      ),
    );
    expect(await status()).toBe('pending');
    const passed = await run([add, lookup(), complete('done'), { final: 'x' }], {
      verifiers: [requireTool('lookup')],
    });
    expect(passed.results[2]).toBe('Completed #1.');
  });

  it('requireCitedCall refuses a reason that names no call, accepts one that does', async () => {
    const { results } = await run(
      [add, lookup(), complete('it works'), complete('lookup found the passage'), { final: 'x' }],
      { verifiers: [requireCitedCall()] },
    );
    expect(results[2]).toBe(
      refusal('the reason must name the tool call that shows it is done (one of: lookup).'),
    );
    expect(results[3]).toBe('Completed #1.');
  });

  it('a verifier that throws refuses with a clear result, never a crash', async () => {
    const { results, status } = await run([add, lookup(), complete('done'), { final: 'x' }], {
      verifiers: [
        () => {
          throw new Error('runner missing\nstack line');
        },
      ],
    });
    expect(results[2]).toBe(refusal('its completion check could not run (runner missing).'));
    expect(await status()).toBe('pending');
  });

  it('a verifier that never answers times out: refused, plan unchanged, its signal aborted', async () => {
    let aborted = false;
    const { results, status, history } = await run(
      [add, lookup(), complete('done'), { final: 'x' }],
      {
        verifiers: [
          (_item, { signal }) =>
            new Promise<true>(() => {
              signal.addEventListener('abort', () => {
                aborted = true;
              });
            }),
        ],
        verifierTimeoutMs: 30,
      },
    );
    expect(aborted).toBe(true);
    expect(results[2]).toBe(refusal('its completion check did not finish within 1 s.'));
    expect(await status()).toBe('pending');
    expect(await history()).toHaveLength(1);
  });

  it('a refusal in a batch refuses the whole write; an accepted item of it is not completed either', async () => {
    const addTwo = { tool: 'todos_add', args: { todos: [{ content: 'A' }, { content: 'B' }] } };
    const both = {
      tool: 'todos_complete',
      args: {
        items: [
          { id: '1', reason: 'ok' },
          { id: '2', reason: 'ok' },
        ],
      },
    };
    const engine = new PlanEngine();
    const model = new ScriptedModel([addTwo, lookup(), both, { final: 'x' }]);
    const agent = new Agent({
      model,
      tools: [lookupTool],
      planning: {
        engine,
        tools: 'granular',
        goalCheck: false,
        finishCheck: false,
        verifiers: [(item) => (item.id === '2' ? 'B is not checked.' : true)],
      },
    });
    const session = agent.session('batch');
    await session.send('task');
    const items = (await engine.snapshot(session.key)).items;
    expect(items.map((item) => item.status)).toEqual(['pending', 'pending']);
  });
});
