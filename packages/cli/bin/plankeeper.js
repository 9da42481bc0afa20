#!/usr/bin/env node
// Runs the compiled CLI. `npm ci` builds it (the `prepare` script); a checkout without a
// build gets a one-line hint instead of a stack trace.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'plankeeper: not built yet; run `npm run build` (npm ci does it for you).\n',
  );
  process.exit(3);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
