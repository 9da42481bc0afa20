import { describe, expect, it } from 'vitest';
import { auditServices } from '../../../../../examples/langchain.js';
import { scriptedModel } from '../../support/models/langchain.js';

const services = ['billing', 'search', 'login'];

describe('examples/langchain.ts', () => {
  it('runs as written and ends with the plan the model kept', async () => {
    const model = scriptedModel([
      {
        tool: 'todo_write',
        args: {
          todos: services.map((service, index) => ({
            content: `Check ${service}`,
            status: index === 0 ? 'in_progress' : 'pending',
          })),
        },
      },
      ...services.map((service) => ({ tool: 'search_incidents', args: { service } })),
      {
        tool: 'todo_write',
        args: {
          todos: services.map((service) => ({ content: `Check ${service}`, status: 'completed' })),
        },
      },
      // Answered after the goal check the closing write's result carried.
      { final: 'Checked all three services: no open incidents.' },
    ]);

    const { answer, plan } = await auditServices(model);

    expect(answer).toBe('Checked all three services: no open incidents.');
    expect(plan.map(({ content, status }) => [content, status])).toEqual(
      services.map((service) => [`Check ${service}`, 'completed']),
    );
    // No answer went back: the goal check reached the model before it answered.
    expect(model.callCount).toBe(6);
  });
});
