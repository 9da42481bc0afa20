// Child process of multiprocess.test.ts. Opens the store at argv URL, says "ready", waits
// for a line on stdin so every child starts at once, then adds COUNT items one call at a
// time to one plan through PlanEngine.add, and prints the ids it was given as JSON.
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

const [url, optionsJson, keyJson, worker, count] = process.argv.slice(2);
const key = JSON.parse(keyJson);
const store = await openStore(url, JSON.parse(optionsJson));
const engine = new PlanEngine({ store, limits: { maxItems: 10_000 } });
// Connect (and, for PostgreSQL, race the other children to create the schema) before the start line.
await store.get(key);
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();

const added = [];
for (let index = 0; index < Number(count); index++) {
  const content = `worker ${worker} item ${index}`;
  const outcome = await engine.add(key, [{ content }]);
  if (!outcome.ok) {
    process.stderr.write(`add refused: ${JSON.stringify(outcome.issues)}\n`);
    process.exit(2);
  }
  for (const item of outcome.facts.added) added.push({ id: item.id, content: item.content });
}
process.stdout.write(`${JSON.stringify({ added })}\n`);
await store.close();
