import { describe, expect, it } from 'vitest';
import { answerTicket } from '../../../../../examples/ai-sdk.js';
import { promptLines, scriptedModel } from '../../support/models/ai-sdk.js';
import { ticketScript } from '../../support/ticket-script.js';

describe('examples/ai-sdk.ts', () => {
  it('runs two user turns with a plan against a scripted model', async () => {
    const model = scriptedModel(ticketScript('searchOrders'));

    const { answer, plan } = await answerTicket(model, 'ticket-7');

    expect(answer).toBe('Yes, refunds go back to the card you paid with.');
    expect(plan.map((item) => item.status)).toEqual(['completed', 'completed']);
    expect(promptLines(model.doGenerateCalls[1]).at(-1)).toBe('user: Stored as: now #1; open #2.');
    expect(promptLines(model.doGenerateCalls[2]).at(-2)).toBe(
      'tool searchOrders: text Order 1042: headphones, delivered 3 days ago, opened.',
    );
    expect(promptLines(model.doGenerateCalls[4]).at(-1)).toBe('user: And refund it to my card?');
  });
});
