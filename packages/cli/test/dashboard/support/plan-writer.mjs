// Writes plans from its own OS process, through a real store opened by URL, one
// operation per line of stdin, answering each with one JSON line on stdout:
//   node --import ./register-ts.mjs plan-writer.mjs STORE_URL
//   > {"agent": "a", "session": "s", "op": "write"|"add"|"complete"|"remove", "input": [...], "callId": "c1"}
//   < {"ok": true, "version": 3, "pid": 1234}
import { createInterface } from 'node:readline';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: plan-writer.mjs STORE_URL\n');
  process.exit(2);
}
const store = await openStore(url);
const engine = new PlanEngine({ store });
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { agent, session, scope, op, input, callId } = JSON.parse(line);
  const key = scope ? { agent, session, scope } : { agent, session };
  const outcome = await engine[op](key, input, callId ? { callId } : {});
  const reply = outcome.ok
    ? { ok: true, version: outcome.snapshot.version, pid: process.pid }
    : { ok: false, issues: outcome.issues };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
await store.close();
