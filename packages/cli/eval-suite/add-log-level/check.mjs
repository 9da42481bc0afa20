// trace exists in the level list, the logger, the option parser and the README.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const load = (path) => import(pathToFileURL(resolve(path)).href);
const { LEVELS } = await load('src/levels.js');
if (LEVELS.join() !== 'trace,debug,info,warn,error') fail(`LEVELS is ${LEVELS.join()}`);
const { createLogger } = await load('src/logger.js');
const lines = (level) => {
  const written = [];
  const logger = createLogger(level, (line) => written.push(line));
  for (const name of LEVELS) logger[name]?.(name);
  return written.join(' ');
};
if (lines('trace') !== '[trace] trace [debug] debug [info] info [warn] warn [error] error') {
  fail(`a trace logger writes "${lines('trace')}"`);
}
if (lines('debug') !== '[debug] debug [info] info [warn] warn [error] error') {
  fail(`a debug logger writes "${lines('debug')}"`);
}
const { parseOptions } = await load('src/options.js');
try {
  if (parseOptions(['--level', 'trace']).level !== 'trace') fail('--level trace is not read');
} catch (error) {
  fail(`--level trace is refused: ${error.message}`);
}
let refused = false;
try {
  parseOptions(['--level', 'loud']);
} catch {
  refused = true;
}
if (!refused) fail('--level loud is no longer refused');
const readme = readFileSync('README.md', 'utf8');
if (!/^- `trace`/m.test(readme)) fail('README does not list `trace`');
