// answer.json holds the five facts about the library.
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
  latestVersion: '4.2.1',
  firstMajorDate: '2025-06-11',
  nodeRange: '>=18.17 <23',
  defaultPort: 4173,
  deprecatedOption: 'minify',
};
let answer;
try {
  answer = JSON.parse(readFileSync('answer.json', 'utf8'));
} catch (error) {
  fail(`answer.json is missing or not JSON: ${error.message}`);
}
const normal = (value) => String(value).trim().replace(/^`|`$/g, '');
const wrong = Object.keys(expected).filter((key) => normal(answer[key]) !== String(expected[key]));
if (wrong.length > 0) fail(`wrong or missing: ${wrong.join(', ')}`);
