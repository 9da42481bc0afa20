/**
 * Preloaded with `node --import` (NODE_OPTIONS) to record every module a process loads, one
 * URL or path a line, into the file named by PLANKEEPER_MODULES_OUT: ES modules from a loader
 * hook (record-modules-hooks.mjs), CommonJS ones from the require cache at exit (a package
 * that `require`s another is not seen by the loader hook).
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register(new URL('./record-modules-hooks.mjs', import.meta.url));
const out = process.env.PLANKEEPER_MODULES_OUT;
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  if (out === undefined) return;
  const required = Object.keys(cache);
  if (required.length > 0) appendFileSync(out, `${required.join('\n')}\n`);
});
