// Plan engine: todo_write and todos_complete through the full path (strict parse, schema
// and rule validation, compare-and-set into the memory store, history, rendering),
// next to seed 003's teaching version, which only parses, assigns the list and renders it.
import { createPlanTools, PlanEngine } from 'plankeeper';
import { measure, printTable, verdict } from './report.mjs';

const ITEMS = 20;
const key = { agent: 'bench', session: 'engine' };
const statuses = ['pending', 'in_progress', 'completed'];

function writeArgs(round) {
  const todos = Array.from({ length: ITEMS }, (_, index) => ({
    content: `Step ${index + 1}: check the module and update its tests`,
    status:
      index === round % ITEMS ? 'in_progress' : index < round % ITEMS ? 'completed' : 'pending',
  }));
  return JSON.stringify({ todos });
}

// Seed 003's version: a global list, replaced wholesale, rendered with icons.
let naiveList = [];
function naiveWrite(raw) {
  naiveList = JSON.parse(raw).todos;
  const lines = ['## Current todo list'];
  for (const todo of naiveList) {
    const icon = { pending: ' ', in_progress: '>', completed: 'x' }[todo.status];
    lines.push(`  [${icon}] ${todo.content}`);
  }
  return lines.join('\n');
}
function naiveComplete(raw) {
  const { items } = JSON.parse(raw);
  for (const { id } of items) {
    const todo = naiveList[Number(id) - 1];
    if (todo) todo.status = 'completed';
  }
  return naiveWrite(JSON.stringify({ todos: naiveList }));
}

export default async function run() {
  const engine = new PlanEngine();
  const tools = Object.fromEntries(
    createPlanTools({ engine, tools: 'both' }).map((tool) => [tool.name, tool]),
  );
  const context = { key };
  const rawWrites = Array.from({ length: ITEMS }, (_, round) => writeArgs(round));
  const rawCompletes = Array.from({ length: ITEMS }, (_, index) =>
    JSON.stringify({ items: [{ id: String(index + 1), reason: 'tests pass' }] }),
  );

  const writeOnce = async (index) => {
    const result = await tools.todo_write.execute(rawWrites[index % ITEMS], context);
    if (!result.ok) throw new Error(result.text);
  };
  // The first code measured in a fresh process is still being optimized by the JIT well
  // past any short warm-up; one discarded round puts both sides on equal footing.
  await measure(writeOnce);
  const write = await measure(writeOnce);
  const naiveWriteStats = await measure((index) => naiveWrite(rawWrites[index % ITEMS]));

  const complete = await measure(async (index) => {
    // Every 20 completions the plan is reset so completions keep changing state.
    if (index % ITEMS === 0) await engine.write(key, JSON.parse(rawWrites[0]).todos);
    const result = await tools.todos_complete.execute(rawCompletes[index % ITEMS], context);
    if (!result.ok) throw new Error(result.text);
  });
  const naiveCompleteStats = await measure((index) => {
    if (index % ITEMS === 0) naiveWrite(rawWrites[0]);
    naiveComplete(rawCompletes[index % ITEMS]);
  });

  const row = (name, full, naive) => [
    name,
    full.opsPerSecond,
    full.p50,
    full.p99,
    naive.opsPerSecond,
    naive.p50,
    naive.p99,
    full.p50 / naive.p50,
  ];
  printTable(
    `${ITEMS}-item plan, memory store, full path vs naive baseline (same run)`,
    [
      'operation',
      'ops/s',
      'p50 µs',
      'p99 µs',
      'naive ops/s',
      'naive p50 µs',
      'naive p99 µs',
      'p50 ratio',
    ],
    [
      row('todo_write', write, naiveWriteStats),
      row('todos_complete', complete, naiveCompleteStats),
    ],
  );
  for (const [name, full, naive] of [
    ['todo_write', write, naiveWriteStats],
    ['todos_complete', complete, naiveCompleteStats],
  ]) {
    verdict(
      `${name} within 5x of naive (p50)`,
      full.p50 <= naive.p50 * 5,
      `${(full.p50 / naive.p50).toFixed(2)}x`,
    );
    verdict(`${name} p99 under 100 µs`, full.p99 < 100, `${full.p99.toFixed(1)} µs`);
  }
  void statuses;
}
