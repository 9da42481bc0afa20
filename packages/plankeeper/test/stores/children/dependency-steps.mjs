// Child process of dependencies-multiprocess.test.ts. Opens the store at argv URL with the
// dependency mode given, says "ready", waits for a line on stdin (so racing children start
// at once), runs each step on one plan through PlanEngine, and prints each outcome as a
// JSON line: {ok, issues?, version, items}.
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

const [url, optionsJson, keyJson, mode, stepsJson] = process.argv.slice(2);
const key = JSON.parse(keyJson);
const store = await openStore(url, JSON.parse(optionsJson));
const engine = new PlanEngine({ store, dependencies: mode });
await store.get(key);
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();

for (const step of JSON.parse(stepsJson)) {
  const outcome =
    step.write !== undefined
      ? await engine.write(key, step.write)
      : await engine.complete(key, step.complete);
  const { snapshot } = outcome;
  process.stdout.write(
    `${JSON.stringify({
      ok: outcome.ok,
      ...(!outcome.ok && { issues: outcome.issues }),
      version: snapshot.version,
      items: snapshot.items,
    })}\n`,
  );
}
await store.close();
