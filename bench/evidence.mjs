// The evidence rule's cost on the plan write path: a 20-item todo_write that completes one
// item per call (after one host tool success, as a diligent model works), through the
// harness's tool context, with evidence `enforce` next to the same writes with it `off`.
import { createPlanTools, PlanEngine, PlanHarness } from 'plankeeper';
import { measure, printTable, verdict } from './report.mjs';

const ITEMS = 20;

function writeArgs(round) {
  const at = round % ITEMS;
  const todos = Array.from({ length: ITEMS }, (_, index) => ({
    content: `Step ${index + 1}: check the module and update its tests`,
    status: index === at ? 'in_progress' : index < at ? 'completed' : 'pending',
  }));
  return JSON.stringify({ todos });
}

async function writer(evidence) {
  const engine = new PlanEngine();
  const key = { agent: 'bench', session: `evidence-${evidence}` };
  const harness = new PlanHarness({ engine, key, evidence });
  const [todoWrite] = createPlanTools({ engine, tools: 'whole-list' });
  const raw = Array.from({ length: ITEMS }, (_, round) => writeArgs(round));
  return async (index) => {
    harness.noteToolSuccess('run_tests', `call_${index}`);
    const result = await todoWrite.execute(raw[index % ITEMS], harness.toolContext());
    if (!result.ok) throw new Error(result.text);
  };
}

export default async function run() {
  const off = await writer('off');
  const enforce = await writer('enforce');
  // One discarded round each, so the JIT has settled before either is measured.
  await measure(off);
  await measure(enforce);
  const offStats = await measure(off);
  const enforceStats = await measure(enforce);
  printTable(
    `${ITEMS}-item todo_write completing one item per call, evidence enforce vs off (same run)`,
    ['evidence', 'ops/s', 'p50 µs', 'p99 µs'],
    [
      ['off', offStats.opsPerSecond, offStats.p50, offStats.p99],
      ['enforce', enforceStats.opsPerSecond, enforceStats.p50, enforceStats.p99],
    ],
  );
  verdict(
    'enforce within 1.25x of off (p50)',
    enforceStats.p50 <= offStats.p50 * 1.25,
    `${(enforceStats.p50 / offStats.p50).toFixed(2)}x`,
  );
}
