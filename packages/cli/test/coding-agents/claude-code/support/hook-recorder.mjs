#!/usr/bin/env node
// A Claude Code hook command for tests: `node hook-recorder.mjs <dir> <Event>`.
// Saves the hook's stdin as <dir>/<Event>-<n>.json (n = 1, 2, ... per event), the hook's
// Claude-related environment as <dir>/<Event>-<n>.env.json, and appends <Event> to
// <dir>/order.log. If <dir>/<Event>-<n>.reply (or <dir>/<Event>.reply) exists, its text is
// printed on stdout as the hook's answer, and <dir>/<Event>-<n>.exit (or <Event>.exit) sets
// the exit code; otherwise the hook prints nothing and exits 0 (a neutral answer).
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, event] = process.argv.slice(2);
if (!dir || !event) {
  process.stderr.write('usage: hook-recorder.mjs <dir> <Event>\n');
  process.exit(0);
}
mkdirSync(dir, { recursive: true });
const input = readFileSync(0, 'utf8');
let n = 1;
while (existsSync(join(dir, `${event}-${n}.json`))) n += 1;
writeFileSync(join(dir, `${event}-${n}.json`), input);
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(CLAUDE|AI_AGENT)/.test(name)),
);
writeFileSync(join(dir, `${event}-${n}.env.json`), `${JSON.stringify(env, null, 2)}\n`);
appendFileSync(join(dir, 'order.log'), `${event}\n`);

const pick = (suffix) => {
  for (const name of [`${event}-${n}.${suffix}`, `${event}.${suffix}`]) {
    const path = join(dir, name);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return undefined;
};
const reply = pick('reply');
if (reply !== undefined) process.stdout.write(reply);
const exit = pick('exit');
process.exit(exit === undefined ? 0 : Number(exit.trim()));
