// Prints the closing line CI reads, from vitest's JSON report.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('0 passed, 1 failed, 0 skipped');
  console.error(`No vitest JSON report at ${file}: the test run did not get that far.`);
  process.exit(0);
}
const passed = report.numPassedTests ?? 0;
// A test file that fails to load has no tests but must count as a failure.
const brokenFiles = (report.testResults ?? []).filter(
  (result) => result.status === 'failed' && (result.assertionResults ?? []).length === 0,
).length;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
