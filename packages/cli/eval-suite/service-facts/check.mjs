// answer.json holds the five facts, each as found in its file.
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
  apiPort: 8443,
  databaseName: 'ledger_main',
  maxRetries: 4,
  owner: '@acme/payments-core',
  productionLogLevel: 'warn',
};
let answer;
try {
  answer = JSON.parse(readFileSync('answer.json', 'utf8'));
} catch (error) {
  fail(`answer.json is missing or not JSON: ${error.message}`);
}
const normal = (value) => String(value).trim().toLowerCase();
const wrong = Object.entries(expected).filter(([key, value]) => {
  if (key === 'owner') return normal(answer[key]).replace(/^@?/, '@') !== value;
  return normal(answer[key]) !== normal(value);
});
if (wrong.length > 0) fail(`wrong or missing: ${wrong.map(([key]) => key).join(', ')}`);
