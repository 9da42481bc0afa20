// Child process of crash.test.ts: continues the crash-test plan in the SQLite file at
// argv[2] from whatever version it finds, one step after another, until it is killed.
// After each step commits it appends the version to the report file at argv[3] with a
// synchronous write, so a line in that file proves the version was committed.
import { closeSync, openSync, writeSync } from 'node:fs';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { applyStep, clock } from './crash-steps.mjs';

const [path, reportPath] = process.argv.slice(2);
const key = { agent: 'crash', session: 'stream' };
const store = await openStore(`sqlite:${path}`);
const engine = new PlanEngine({ store, now: () => clock.now });
const report = openSync(reportPath, 'a');
let version = (await store.get(key))?.version ?? 0;
writeSync(report, `start ${version}\n`);

for (;;) {
  const next = version + 1;
  const outcome = await applyStep(engine, key, next);
  if (!outcome.ok || outcome.snapshot.version !== next) {
    process.stderr.write(`step ${next} failed: ${JSON.stringify(outcome)}\n`);
    closeSync(report);
    process.exit(3);
  }
  writeSync(report, `${next}\n`);
  version = next;
}
