#!/usr/bin/env node
/**
 * `npm run bench` starts the real coding-agent CLIs and reads the test support, which only
 * `npm test` (or `npm run test:tools`) installs; `npm ci` alone does not. Say so in one line
 * before the build, instead of a stack trace from the first CLI that is not there.
 */
import { existsSync } from 'node:fs';

const stamp = new URL('../test/tools/node_modules/.installed-from-lock', import.meta.url);
if (!existsSync(stamp)) {
  process.stderr.write(
    'npm run bench needs the test tools (the coding-agent CLIs it starts): run `npm run test:tools` once, then `npm run bench` again.\n',
  );
  process.exit(1);
}
