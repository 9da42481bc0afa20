import { MemoryPlanStore, PlanEngine, type PlanKey } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { ACP_TEXTS } from './acp-texts.js';
import { ApprovalAsk, clientElicitsForms, OWN_ID_PREFIX } from './approval-ask.js';

const KEY: PlanKey = { agent: 'acp', session: 'k-1' };
const PLAN = [
  { content: 'Write the parser', status: 'in_progress' as const },
  { content: 'Test the parser', status: 'pending' as const },
];

/** An asker over a real engine and store, with what it sent and logged. */
async function setUp(approval?: 'once') {
  const store = new MemoryPlanStore();
  const engine = new PlanEngine({ store });
  await engine.write(KEY, PLAN, approval ? { approval } : {});
  const sent: Record<string, unknown>[] = [];
  const logged: string[] = [];
  const asker = new ApprovalAsk({
    store: async () => store,
    send: (line) => sent.push(JSON.parse(line)),
    log: (line) => logged.push(line),
    texts: ACP_TEXTS.en,
  });
  asker.enabled = true;
  const seeStored = async () => {
    const stored = await store.get(KEY);
    asker.seen('s-1', KEY, stored?.version ?? 0, stored?.record ?? null);
  };
  const answer = (id: unknown, result: object) =>
    asker.consumes(Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`));
  return { store, engine, asker, sent, logged, seeStored, answer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('clientElicitsForms', () => {
  it('is true only for an advertised form capability', () => {
    expect(clientElicitsForms({ clientCapabilities: { elicitation: { form: {} } } })).toBe(true);
    expect(clientElicitsForms({ clientCapabilities: { elicitation: { url: {} } } })).toBe(false);
    expect(clientElicitsForms({ clientCapabilities: { elicitation: null } })).toBe(false);
    expect(clientElicitsForms({ clientCapabilities: {} })).toBe(false);
    expect(clientElicitsForms(undefined)).toBe(false);
  });
});

describe('ApprovalAsk', () => {
  it('asks nothing about a plan no host holds its tools for', async () => {
    const { sent, seeStored } = await setUp();
    await seeStored();
    expect(sent).toEqual([]);
  });

  it('asks once per waiting version with its own id, and approves on accept', async () => {
    const { store, sent, logged, seeStored, answer } = await setUp('once');
    await seeStored();
    await seeStored();
    expect(sent).toHaveLength(1);
    const [request] = sent as [{ id: string; method: string; params: Record<string, unknown> }];
    expect(request.id.startsWith(OWN_ID_PREFIX)).toBe(true);
    expect(request.method).toBe('elicitation/create');
    expect(request.params.sessionId).toBe('s-1');

    // A line that is not the answer to the proxy's own question goes on to the agent.
    expect(answer(7, { action: 'accept' })).toBe(false);
    expect(answer(request.id, { action: 'accept', content: { name: ' Ada\n' } })).toBe(true);
    await settle();
    expect((await store.get(KEY))?.record.approval?.name).toBe('Ada');
    expect(logged).toEqual([ACP_TEXTS.en.approved('Ada')]);
    // Answered once: the same id again is not the proxy's any more.
    expect(answer(request.id, { action: 'accept' })).toBe(false);
  });

  it('approves nothing when the plan changed while asked, and asks about the new plan', async () => {
    const { store, engine, sent, logged, seeStored, answer } = await setUp('once');
    await seeStored();
    await engine.write(KEY, [...PLAN, { content: 'Ship it', status: 'pending' }], {
      approval: 'once',
    });
    const [request] = sent as [{ id: string }];
    expect(answer(request.id, { action: 'accept' })).toBe(true);
    await settle();
    expect((await store.get(KEY))?.record.approval).toBeUndefined();
    expect(logged).toEqual([ACP_TEXTS.en.changedWhileAsked]);
    expect(sent).toHaveLength(2);
  });

  it('leaves the plan waiting on decline', async () => {
    const { store, sent, logged, seeStored, answer } = await setUp('once');
    await seeStored();
    expect(answer((sent[0] as { id: string }).id, { action: 'decline' })).toBe(true);
    await settle();
    expect((await store.get(KEY))?.record.approval).toBeUndefined();
    expect(logged).toEqual([ACP_TEXTS.en.notApproved]);
  });
});
