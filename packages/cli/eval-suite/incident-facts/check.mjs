// answer.json holds the five facts of the incident.
import { readFileSync } from 'node:fs';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const expected = {
  firstFailingService: 'orders',
  errorCode: 'ORD-117',
  failedRequests: 4,
  onCall: 'Edsger Dijkstra',
  runbook: 'RB-204',
};
let answer;
try {
  answer = JSON.parse(readFileSync('answer.json', 'utf8'));
} catch (error) {
  fail(`answer.json is missing or not JSON: ${error.message}`);
}
const normal = (value) => String(value).trim().toLowerCase();
const wrong = Object.keys(expected).filter((key) => normal(answer[key]) !== normal(expected[key]));
if (wrong.length > 0) fail(`wrong or missing: ${wrong.join(', ')}`);
