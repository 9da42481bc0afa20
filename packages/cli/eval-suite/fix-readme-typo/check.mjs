// The typo is fixed and the rest of the README is exactly as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const original = readFileSync(join(process.env.PLANKEEPER_TASK_DIR, 'files/README.md'), 'utf8');
const readme = readFileSync('README.md', 'utf8');
if (readme.includes('Instalation')) fail('README.md still says "Instalation"');
if (readme.trimEnd() !== original.replace('Instalation', 'Installation').trimEnd()) {
  fail('README.md changed beyond the one word');
}
