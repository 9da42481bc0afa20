import { setTracingDisabled } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTicket } from '../../../../../examples/openai-agents.js';
import { ScriptedModel } from '../../support/models/openai-agents.js';
import { ticketScript } from '../../support/ticket-script.js';

beforeAll(() => {
  setTracingDisabled(true);
});

describe('examples/openai-agents.ts', () => {
  it('runs two user turns with a plan against a scripted model', async () => {
    const model = new ScriptedModel(ticketScript('search_orders'));

    const { answer, plan } = await answerTicket(model, 'ticket-7');

    expect(answer).toBe('Yes, refunds go back to the card you paid with.');
    expect(plan.map((item) => item.status)).toEqual(['completed', 'completed']);
    expect(model.lines(1).at(-1)).toBe('user: Stored as: now #1; open #2.');
    expect(model.lines(2).at(-2)).toBe(
      'result search_orders: Order 1042: headphones, delivered 3 days ago, opened.',
    );
    expect(model.lines(4).at(-1)).toBe('user: And refund it to my card?');
  });
});
