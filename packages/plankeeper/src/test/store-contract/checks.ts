/**
 * What verified a plan: its `lastCheck` (a run of the person's check) and a revision that
 * keeps one (`host:check`) or a completion verified by one come back as written, from this
 * store and from another over the same data.
 */
import { expect } from 'vitest';
import type { CheckRecord } from '../../engine/check-record.js';
import { planRecord } from '../store-test-helpers.js';
import { type ContractCase, freshKey } from './contract-suite.js';

const lastCheck: CheckRecord = {
  command: 'npm test',
  outcome: 'failed',
  exit: 1,
  durationMs: 12_345,
  tail: 'FAIL parser.test.ts\n  expected 2, got 3',
  at: 1_700_000_000_123,
  version: 1,
  when: 'answer',
  letThrough: true,
  workspace: '0123456789abcdef0123456789abcdef',
};

export const checkCases: readonly ContractCase[] = [
  {
    name: "keeps the plan's lastCheck and the check in a revision's source, as written",
    async run({ open, target }) {
      const store = await open();
      const key = freshKey();
      const first = planRecord([{ content: 'a', status: 'completed' }]);
      const passed: CheckRecord = {
        command: 'npm test',
        outcome: 'passed',
        durationMs: 800,
        tail: '',
        at: 1_700_000_000_000,
        version: 0,
        when: 'completion',
      };
      const completed = {
        tool: 'todos_complete',
        summary: 'completed #1 · evidence #1: npm test → exit 0 in 0.8 s',
        evidence: [{ id: '1', calls: [], count: 0, check: passed }],
      };
      await store.compareAndSet(key, 0, { ...first, lastCheck: passed }, { source: completed });
      const checked = { ...first, lastCheck };
      const source = {
        tool: 'host:check',
        summary: 'npm test → exit 1 in 12.3 s',
        check: lastCheck,
      };
      await store.compareAndSet(key, 1, checked, { source });

      const readers = target.shared ? [store, await open()] : [store];
      for (const reader of readers) {
        expect((await reader.get(key))?.record.lastCheck).toEqual(lastCheck);
        const history = await reader.history(key);
        expect(history.map((revision) => revision.source)).toEqual([completed, source]);
        expect(history[0]?.record?.lastCheck).toEqual(passed);
      }
    },
  },
];
