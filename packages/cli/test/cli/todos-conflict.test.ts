/**
 * A person and the model change one plan at the same moment: the person through
 * `plankeeper todos` (other OS processes), the model through its own engine on the same
 * SQLite store. Every change lands (compare-and-set, each operation re-decided on the
 * winner's plan), and the model is told afterwards what the person did.
 */
import { getLocale, PlanEngine } from 'plankeeper';
import { personChangeLines } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { newStoreUrl } from '../support/seeded-store.js';

const key = { agent: 'coder', session: 'race' };

describe('a person and the model change the plan at once', () => {
  it('loses neither side’s changes', async () => {
    const url = newStoreUrl('plankeeper-conflict-');
    const store = await openStore(url);
    const model = new PlanEngine({ store });
    try {
      await model.add(key, [{ content: 'Find' }, { content: 'Fix' }, { content: 'Test' }]);
      const seen = (await model.snapshot(key)).version;
      const person = (...args: string[]) =>
        runCli(['todos', '--store', url, '--agent', key.agent, '--session', key.session, ...args]);
      const [people, modelWrites] = await Promise.all([
        Promise.all([
          person('--add', 'Ask Bo', '--by', 'Ana'),
          person('--cancel', '3', '--by', 'Ana'),
          person('--note', '2', 'use the new parser', '--by', 'Ana'),
        ]),
        (async () => {
          const outcomes = [];
          for (let round = 0; round < 4; round++) {
            outcomes.push(await model.add(key, [{ content: `Model step ${round}` }]));
          }
          outcomes.push(await model.complete(key, [{ id: '1', reason: 'found it' }]));
          return outcomes;
        })(),
      ]);
      expect(people.map((run) => [run.code, run.stderr])).toEqual([
        [0, ''],
        [0, ''],
        [0, ''],
      ]);
      expect(modelWrites.every((outcome) => outcome.ok)).toBe(true);

      const plan = await model.snapshot(key);
      const byContent = new Map(plan.items.map((item) => [item.content, item]));
      expect(byContent.get('Find')).toMatchObject({ status: 'completed', note: 'found it' });
      expect(byContent.get('Fix')?.note).toBe('use the new parser');
      expect(byContent.get('Test')?.status).toBe('cancelled');
      expect(byContent.has('Ask Bo')).toBe(true);
      for (let round = 0; round < 4; round++)
        expect(byContent.has(`Model step ${round}`)).toBe(true);
      // 3 seeded + 1 person + 4 model items, ids never reused.
      expect(new Set(plan.items.map((item) => item.id)).size).toBe(8);
      expect(plan.version).toBe(seen + 3 + 5);

      // The model's next call names every change the person made, and only those.
      const lines = await personChangeLines(model, key, seen, plan.version, getLocale('en'));
      expect(lines?.startsWith('Changed by a person (Ana): ')).toBe(true);
      for (const part of ['cancelled #3', 'noted #2', 'added #']) expect(lines).toContain(part);
    } finally {
      await store.close();
    }
  });
});
