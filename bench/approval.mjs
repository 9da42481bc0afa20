// Plan approval: what holding costs one non-plan tool call. With `approval` on, the
// harness reads the plan before each such call to decide whether it runs; the baseline,
// measured in the same run, is the same call wrapped by a harness without approval.
// Memory store and SQLite (the CLI's and the coding agents' default).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine, PlanHarness } from 'plankeeper';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { measure, printTable, verdict } from './report.mjs';

const key = { agent: 'bench', session: 'approval' };
const call = {
  name: 'run_shell',
  run: () => 'ok',
  outcome: () => ({ ok: true }),
  held: (text) => text,
};

async function rows(name, store) {
  const engine = new PlanEngine({ store });
  await engine.add(key, [{ content: 'Run the tests' }, { content: 'Ship' }]);
  await engine.editAsPerson(key, { kind: 'approve' });
  const plain = new PlanHarness({ engine, key });
  const held = new PlanHarness({ engine, key, approval: { again: 'on-change' } });
  const options = { iterations: 5000, warmup: 1000 };
  await measure(() => held.wrapTool(call), options);
  const baseline = await measure(() => plain.wrapTool(call), options);
  const approved = await measure(async () => {
    if ((await held.wrapTool(call)) !== 'ok') throw new Error('held an approved plan');
  }, options);
  return { name, baseline, approved };
}

export default async function run() {
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-bench-approval-'));
  const sqlite = new SqlitePlanStore({ path: join(directory, 'plans.db') });
  try {
    const results = [await rows('memory', new PlanEngine().store), await rows('sqlite', sqlite)];
    printTable(
      'one non-plan tool call through PlanHarness.wrapTool: approval on (plan approved) vs off (same run)',
      ['store', 'off p50 µs', 'off p99 µs', 'on p50 µs', 'on p99 µs', 'added p50 µs'],
      results.map(({ name, baseline, approved }) => [
        name,
        baseline.p50,
        baseline.p99,
        approved.p50,
        approved.p99,
        approved.p50 - baseline.p50,
      ]),
    );
    const sqliteRow = results[1];
    verdict(
      'approval check adds under 100 µs per call on SQLite (p50)',
      sqliteRow.approved.p50 - sqliteRow.baseline.p50 < 100,
      `${(sqliteRow.approved.p50 - sqliteRow.baseline.p50).toFixed(1)} µs`,
    );
  } finally {
    await sqlite.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
