// Dependency checking: todo_write of a 20-item plan whose items carry 30 blockedBy edges,
// under `enforce` (resolve every blocker, look for cycles, check order), next to the same
// writes of the same plan without edges, measured in the same run. Each write moves the
// plan one step on, so every write changes it, and every order it sets is allowed.
import { createPlanTools, PlanEngine } from 'plankeeper';
import { measure, printTable, verdict } from './report.mjs';

const ITEMS = 20;
const TARGET = 1.5;

/** Item k waits for k-1 (19 edges), and items 3..13 also for k-2 (11 more): 30 in all. */
function blockersOf(index) {
  const ids = [];
  if (index >= 1) ids.push(String(index));
  if (index >= 2 && index <= 12) ids.push(String(index - 1));
  return ids;
}

function writeArgs(round, withEdges) {
  const at = round % ITEMS;
  const todos = Array.from({ length: ITEMS }, (_, index) => ({
    id: String(index + 1),
    content: `Step ${index + 1}: check the module and update its tests`,
    status: index === at ? 'in_progress' : index < at ? 'completed' : 'pending',
    ...(withEdges && { blockedBy: blockersOf(index) }),
  }));
  return JSON.stringify({ todos });
}

async function writer(withEdges) {
  const engine = new PlanEngine({ dependencies: 'enforce' });
  const write = createPlanTools({ engine }).find((tool) => tool.name === 'todo_write');
  const context = { key: { agent: 'bench', session: withEdges ? 'edges' : 'plain' } };
  const seed = JSON.parse(writeArgs(0, false)).todos.map(({ id, ...item }) => item);
  await engine.write(context.key, seed);
  const raws = Array.from({ length: ITEMS }, (_, round) => writeArgs(round, withEdges));
  return async (index) => {
    const result = await write.execute(raws[index % ITEMS], context);
    if (!result.ok) throw new Error(result.text);
  };
}

export default async function run() {
  const edges = Array.from({ length: ITEMS }, (_, index) => blockersOf(index).length).reduce(
    (sum, count) => sum + count,
  );
  const withEdges = await writer(true);
  const plain = await writer(false);
  // One discarded round each, as in the engine section: the JIT is still warming up.
  await measure(withEdges);
  await measure(plain);
  const checked = await measure(withEdges);
  const baseline = await measure(plain);
  const ratio = checked.p50 / baseline.p50;
  printTable(
    `${ITEMS}-item todo_write, memory store, enforce: ${edges} blockedBy edges vs none (same run)`,
    ['plan', 'ops/s', 'p50 µs', 'p99 µs', 'p50 ratio'],
    [
      [`${edges} edges`, checked.opsPerSecond, checked.p50, checked.p99, ratio],
      ['no edges', baseline.opsPerSecond, baseline.p50, baseline.p99, 1],
    ],
  );
  verdict(
    `dependency checking within ${TARGET}x of the plain write (p50)`,
    ratio <= TARGET,
    `${ratio.toFixed(2)}x`,
  );
}
