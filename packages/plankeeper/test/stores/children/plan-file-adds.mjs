// Child process of plan-file/multiprocess.test.ts. Opens the plan file at argv PATH (its
// store beside it), says "ready", waits for a line on stdin so every child starts at once,
// then adds COUNT items one call at a time and prints the ids it was given as JSON.
import { dirname, join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';

const [path, worker, count] = process.argv.slice(2);
// Every revision kept, so a test that fails can show the whole history.
const beside = await openStore(`sqlite:${join(dirname(path), '.plankeeper', 'plans.db')}`, {
  historyLimit: 1000,
});
const store = await openPlanFileStore(path, { store: beside, lockTimeoutMs: 20_000 });
const engine = new PlanEngine({ store, limits: { maxItems: 10_000 } });
await engine.snapshot(store.key);
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();

const added = [];
for (let index = 0; index < Number(count); index++) {
  const content = `worker ${worker} item ${index}`;
  const outcome = await engine.add(store.key, [{ content }]);
  if (!outcome.ok) {
    process.stderr.write(`add refused: ${JSON.stringify(outcome.issues)}\n`);
    process.exit(2);
  }
  for (const item of outcome.facts.added) added.push({ id: item.id, content: item.content });
}
process.stdout.write(`${JSON.stringify({ added })}\n`);
await store.close();
