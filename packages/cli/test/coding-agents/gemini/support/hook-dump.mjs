#!/usr/bin/env node
/**
 * A Gemini CLI command hook that records what it was given: its stdin (the event JSON) and
 * the environment variables the CLI sets for hooks, one JSON line per call, appended to
 * `<dir>/<Event>.jsonl`. It answers `{}` on stdout (exit 0), the neutral answer.
 *
 *   node hook-dump.mjs <dir> <Event> [--block-stop-once <reason>]
 *
 * `--block-stop-once`: on AfterAgent with `stop_hook_active: false`, answer
 * `{"decision": "block", "reason": <reason>}` instead, so the CLI retries the turn once
 * (and the retry's AfterAgent carries `stop_hook_active: true`).
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, event, flag, reason] = process.argv.slice(2);
const stdin = readFileSync(0, 'utf8');
let input;
try {
  input = JSON.parse(stdin);
} catch {
  input = { unparsed: stdin };
}
const env = {};
for (const name of [
  'GEMINI_SESSION_ID',
  'GEMINI_PROJECT_DIR',
  'GEMINI_CWD',
  'GEMINI_PLANS_DIR',
  'CLAUDE_PROJECT_DIR',
  'GEMINI_CLI',
]) {
  if (process.env[name] !== undefined) env[name] = process.env[name];
}
const record = {
  input,
  env,
  envNames: Object.keys(process.env).sort(),
  ppid: process.ppid,
  cwd: process.cwd(),
};
mkdirSync(dir, { recursive: true });
appendFileSync(join(dir, `${event}.jsonl`), `${JSON.stringify(record)}\n`);

let answer = {};
if (flag === '--block-stop-once' && event === 'AfterAgent' && input.stop_hook_active === false) {
  answer = { decision: 'block', reason: reason ?? 'Blocked once by the test hook.' };
}
process.stdout.write(JSON.stringify(answer));
