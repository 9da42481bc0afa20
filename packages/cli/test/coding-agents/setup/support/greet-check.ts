/**
 * The check the real-CLI tests of checks before done set up: check.mjs passes once greet.txt
 * says hello, and otherwise prints what it found and exits 3; the command counts its runs in
 * a file outside the project, so a run changes nothing the workspace fingerprint sees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CHECK_SCRIPT = `import fs from 'node:fs';
const text = fs.existsSync('greet.txt') ? fs.readFileSync('greet.txt', 'utf8').trim() : '(none)';
if (text === 'hello') process.exit(0);
console.log('greet.txt says ' + JSON.stringify(text) + ', expected "hello"');
process.exit(3);
`;

/** The check command counting its runs in `folder`/runs.txt, and how many it has counted. */
export function countedCheck(folder: string): { command: string; runs: () => number } {
  const counter = join(folder, 'runs.txt');
  writeFileSync(counter, '');
  return {
    command: `node -e "require('fs').appendFileSync('${counter}','x')" && node check.mjs`,
    runs: () => readFileSync(counter, 'utf8').length,
  };
}
