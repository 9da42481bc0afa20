/**
 * The person's check in a checked folder, as the file `check.mjs`: every file of the spec
 * (`../spec.json`) must have exactly the content asked for. On a difference it prints the
 * file, the first line that differs and both versions of it, as a test runner's failure
 * would, and exits 1. Every run the harness makes is logged beside the work, so the eval
 * counts runs from the command itself.
 */

/** Set in the environment of a run the eval makes itself (its outcome check), which is not counted. */
export const UNCOUNTED = 'PLANKEEPER_EVAL_UNCOUNTED';

export const CHECK_SCRIPT = `// Compares every file of the spec with the exact content the person asked for.
import { appendFileSync, readFileSync } from 'node:fs';

if (!process.env.${UNCOUNTED}) appendFileSync(new URL('../check-runs.log', import.meta.url), 'run\\n');
const spec = JSON.parse(readFileSync(new URL('../spec.json', import.meta.url), 'utf8'));
const trimmed = (text) => text.replace(/\\s+$/, '').split('\\n');
let failed = 0;
for (const [name, content] of Object.entries(spec)) {
  let actual;
  try {
    actual = readFileSync(name, 'utf8');
  } catch {
    console.log(\`FAIL \${name}: the file is missing\`);
    failed++;
    continue;
  }
  const want = trimmed(content);
  const got = trimmed(actual);
  const line = want.findIndex((text, index) => got[index] !== text);
  if (line === -1 && got.length === want.length) {
    console.log(\`ok   \${name}\`);
    continue;
  }
  const at = line === -1 ? want.length : line;
  console.log(\`FAIL \${name}: line \${at + 1} differs\`);
  console.log(\`  expected: \${want[at] ?? '(no line)'}\`);
  console.log(\`  actual:   \${got[at] ?? '(no line)'}\`);
  failed++;
}
const total = Object.keys(spec).length;
console.log(failed ? \`\${failed} of \${total} files differ\` : \`\${total} files match\`);
process.exit(failed ? 1 : 0);
`;
