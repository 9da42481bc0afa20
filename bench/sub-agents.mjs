// Sub-agent roll-up: the cost of the plan section of a parent whose items are delegated
// (one extra read per delegated item, in parallel) next to the same plan without
// delegations, measured in the same run, on the memory store and on SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocale, PlanEngine, PlanHarness } from 'plankeeper';
import { startSubAgent } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import { measure, printTable, verdict } from './report.mjs';

const ITEMS = 10;
const DELEGATED = 3;

async function planned(engine, key, delegated) {
  await engine.write(
    key,
    Array.from({ length: ITEMS }, (_, index) => ({
      content: `Step ${index + 1}: check the module and update its tests`,
      status: index === 0 ? 'in_progress' : 'pending',
    })),
  );
  for (let index = 0; index < delegated; index++) {
    const started = await startSubAgent(engine, {
      parent: key,
      item: String(index + 1),
      scope: `worker-${index + 1}`,
      locale: getLocale('en'),
    });
    if (!started.ok) throw new Error(started.text);
    await engine.write(started.sub.key, [
      { content: 'Read the code', status: 'completed' },
      { content: 'Write the fix', status: 'in_progress' },
      { content: 'Run the tests', status: 'pending' },
    ]);
  }
  const harness = new PlanHarness({ engine, key, injection: { whenUnchanged: 'full' } });
  const section = await harness.planSection();
  if (delegated > 0 && !section?.text.includes('(sub-agent: 1/3)')) {
    throw new Error('the section shows no sub-agent progress');
  }
  return harness;
}

async function sectionCosts(store, iterations) {
  const engine = new PlanEngine({ store });
  const plain = await planned(engine, { agent: 'bench', session: 'plain' }, 0);
  const parent = await planned(engine, { agent: 'bench', session: 'parent' }, DELEGATED);
  const options = { iterations, warmup: Math.floor(iterations / 4) };
  await measure(() => plain.planSection(), options);
  return {
    plain: await measure(() => plain.planSection(), options),
    delegated: await measure(() => parent.planSection(), options),
  };
}

export default async function run() {
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-bench-sub-agents-'));
  const sqlite = await openStore(`sqlite:${join(directory, 'plans.db')}`);
  try {
    const rows = [];
    const results = [
      ['memory', await sectionCosts(undefined, 20000)],
      ['sqlite', await sectionCosts(sqlite, 5000)],
    ];
    for (const [name, { plain, delegated }] of results) {
      rows.push([
        name,
        plain.p50,
        plain.p99,
        delegated.p50,
        delegated.p99,
        delegated.p50 / plain.p50,
      ]);
    }
    printTable(
      `Plan section of a ${ITEMS}-item plan: ${DELEGATED} items delegated vs none (same run)`,
      ['store', 'none p50 µs', 'none p99 µs', 'delegated p50 µs', 'delegated p99 µs', 'p50 ratio'],
      rows,
    );
    for (const [name, { plain, delegated }] of results) {
      // One parent read plus three child reads in parallel: at most the cost of four sections.
      verdict(
        `${name}: ${DELEGATED} sub-agents cost at most ${DELEGATED + 1}x a plain section (p50)`,
        delegated.p50 <= plain.p50 * (DELEGATED + 1),
        `${(delegated.p50 / plain.p50).toFixed(2)}x`,
      );
    }
  } finally {
    await sqlite.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
