// Child process of plan-file/lock-namespaces.test.ts. Opens the plan file at argv PATH (its
// store beside it, in memory) with a lock touched every STALE/3 ms, starts adding an item
// and stops inside the write, holding the file's lock: says "holding" and waits to be killed.
import { PlanEngine } from 'plankeeper';
import { MemoryPlanStore } from 'plankeeper/stores';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';

const [path, staleMs] = process.argv.slice(2);

class StuckStore extends MemoryPlanStore {
  compareAndSet() {
    process.stdout.write('holding\n');
    return new Promise(() => {});
  }
}

const store = await openPlanFileStore(path, {
  store: new StuckStore(),
  lockStaleMs: Number(staleMs),
});
// Kept alive while it holds the lock (the lock's own timer does not keep a process up).
setInterval(() => {}, 1000);
await new PlanEngine({ store }).add(store.key, [{ content: 'Never written' }]);
