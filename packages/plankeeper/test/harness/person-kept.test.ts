/**
 * plankeeper's own agent loop: a whole-list write the model made before it could see a
 * person's change does not undo that change. The model sends a lookup and a todo_write in
 * one reply, both from the plan section it was shown; during the lookup a person cancels
 * #2 and rewords #1. The write keeps both and its result says so.
 */

import type { ToolDefinition } from 'plankeeper';
import { Agent, PlanEngine } from 'plankeeper';
import type { PersonEdit } from 'plankeeper/stores';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { write } from '../support/lookup-tool.js';

/** A business tool during which a person changes the plan, as if from another process. */
function personActs(engine: PlanEngine, edits: PersonEdit[]): ToolDefinition {
  return {
    name: 'lookup',
    description: 'Look something up.',
    inputSchema: { type: 'object', properties: {} },
    async execute(_args, context) {
      for (const edit of edits) {
        const outcome = await engine.editAsPerson(context.key!, edit, { name: 'Ana' });
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.problem));
      }
      return { ok: true, text: 'Found it.', data: null, title: 'lookup' };
    },
  };
}

describe("a person's change during a reply, met by that reply's whole-list write", () => {
  it('keeps the cancel and the rewording, and the write result tells the model', async () => {
    const engine = new PlanEngine();
    const stale = write(
      ['Migrate prod DB', 'completed'],
      ['Email customers', 'in_progress'],
      ['Write release notes', 'pending'],
    );
    const model = new ScriptedModel([
      write(
        ['Migrate prod DB', 'in_progress'],
        ['Email customers', 'pending'],
        ['Write release notes', 'pending'],
      ),
      { tools: [{ tool: 'lookup', args: {} }, stale] },
      { final: 'Done for now.' },
    ]);
    const observations: string[] = [];
    const agent = new Agent({
      model,
      tools: [
        personActs(engine, [
          { kind: 'cancel', id: '2', reason: 'Legal says do NOT email' },
          { kind: 'edit', id: '1', content: 'Migrate STAGING DB only' },
        ]),
      ],
      observer: (event) => {
        if (event.type === 'tool-finished' && event.call.name === 'todo_write')
          observations.push(event.observation);
      },
      planning: { engine, goalCheck: false, finishCheck: false },
    });
    const result = await agent.run('Migrate the database and tell the customers');
    expect(result.error).toBeNull();
    expect(result.plan.map((item) => `${item.id} ${item.status} ${item.content}`)).toEqual([
      '1 completed Migrate STAGING DB only',
      '2 cancelled Email customers',
      '3 pending Write release notes',
    ]);
    expect(result.plan[1]?.note).toBe('Legal says do NOT email');
    expect(observations.at(-1)).toContain(
      'Kept changes by a person (Ana) that you had not seen: #1 reworded: Migrate STAGING DB only; #2 cancelled (Legal says do NOT email)',
    );
  });
});
