#!/usr/bin/env node
/**
 * A Gemini CLI command hook that answers from a script, to pin down the output contract.
 *
 *   node hook-responder.mjs <answers.json> <Event>
 *
 * <answers.json> maps an event name to the answer for each call, in order (the last one
 * repeats): a JSON value is written to stdout with exit 0; `{"$exit": n, "$stdout": s,
 * "$stderr": s}` writes those raw and exits with n. Every call's stdin is appended to
 * `<answers dir>/<Event>.jsonl`.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [answersFile, event] = process.argv.slice(2);
const stdin = readFileSync(0, 'utf8');
const log = join(dirname(answersFile), `${event}.jsonl`);
let calls = 0;
try {
  calls = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
} catch {
  // first call
}
appendFileSync(log, `${stdin.replace(/\n/g, ' ')}\n`);
const answers = JSON.parse(readFileSync(answersFile, 'utf8'))[event] ?? [{}];
const answer = answers[Math.min(calls, answers.length - 1)];
if (answer && typeof answer === 'object' && '$exit' in answer) {
  if (answer.$stdout) process.stdout.write(answer.$stdout);
  if (answer.$stderr) process.stderr.write(answer.$stderr);
  process.exit(answer.$exit);
}
process.stdout.write(JSON.stringify(answer));
