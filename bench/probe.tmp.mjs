import { PlanEngine } from 'plankeeper';
import { RedisPlanStore } from 'plankeeper/stores/redis';

const store = new RedisPlanStore({
  url: process.env.REDIS_URL,
  keyPrefix: `pk-probe:${process.pid}:`,
});
const t = Date.now();
let n = 0;
const iv = setInterval(() => console.error('t', Date.now() - t, n), 1000);
const limits = { maxItems: 40 };
const callers = await Promise.all(
  Array.from({ length: 32 }, async (_, c) => {
    const engine = new PlanEngine({ store, limits });
    const key = { agent: 'b', session: `x${c}` };
    await engine.add(
      key,
      Array.from({ length: 40 }, (_, i) => ({ content: `S${i}` })),
    );
    return { engine, key };
  }),
);
console.error('added');
await Promise.all(
  callers.map(async ({ engine, key }) => {
    while (Date.now() - t < 3000) {
      const plan = await engine.snapshot(key);
      const w = await engine.write(
        key,
        plan.items.map((i, k) => ({
          id: i.id,
          content: i.content,
          status: k === 0 && i.status === 'pending' ? 'in_progress' : 'pending',
        })),
      );
      if (!w.ok) throw new Error('x');
      n++;
    }
  }),
);
console.error('done', n);
clearInterval(iv);
await store.close();
