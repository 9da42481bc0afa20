import { createPlanTools, PlanEngine } from 'plankeeper';

const ITEMS = 20;
function blockersOf(index) {
  const ids = [];
  if (index >= 1) ids.push(String(index));
  if (index >= 2 && index <= 12) ids.push(String(index - 1));
  return ids;
}
function writeArgs(round, withEdges) {
  const at = round % ITEMS;
  return JSON.stringify({
    todos: Array.from({ length: ITEMS }, (_, index) => ({
      id: String(index + 1),
      content: `Step ${index + 1}: check the module and update its tests`,
      status: index === at ? 'in_progress' : index < at ? 'completed' : 'pending',
      ...(withEdges && { blockedBy: blockersOf(index) }),
    })),
  });
}
const withEdges = process.argv[2] === '1';
const engine = new PlanEngine({ dependencies: 'enforce' });
const write = createPlanTools({ engine }).find((t) => t.name === 'todo_write');
const context = { key: { agent: 'a', session: 'b' } };
await engine.write(
  context.key,
  JSON.parse(writeArgs(0, false)).todos.map(({ id, ...i }) => i),
);
const raws = Array.from({ length: ITEMS }, (_, r) => writeArgs(r, withEdges));
for (let i = 0; i < 20000; i++) {
  await write.execute(raws[i % ITEMS], context);
}
const t = process.hrtime.bigint();
for (let i = 0; i < 60000; i++) {
  const r = await write.execute(raws[i % ITEMS], context);
  if (!r.ok) throw new Error(r.text);
}
console.log(withEdges, Number(process.hrtime.bigint() - t) / 60000 / 1000, 'us');
