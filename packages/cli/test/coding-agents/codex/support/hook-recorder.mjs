#!/usr/bin/env node
// A Codex hook command for tests: `node hook-recorder.mjs <Event> <outDir> [answersDir]`.
// Saves the hook's stdin as <outDir>/<Event>.<n>.json (n counts from 0 per event), then,
// when <answersDir>/<Event>.stdout exists, prints it as the hook's answer (and exits with
// <Event>.exit, writing <Event>.stderr, when those exist). An input with
// `stop_hook_active: true` gets no answer, so a blocking Stop answer blocks only once.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [event, outDir, answersDir] = process.argv.slice(2);
if (event === undefined || outDir === undefined) {
  process.stderr.write('usage: hook-recorder.mjs <Event> <outDir> [answersDir]\n');
  process.exit(0);
}
const input = readFileSync(0, 'utf8');
mkdirSync(outDir, { recursive: true });
let n = 0;
while (existsSync(join(outDir, `${event}.${n}.json`))) n += 1;
writeFileSync(join(outDir, `${event}.${n}.json`), input);

let parsed = {};
try {
  parsed = JSON.parse(input);
} catch {}
if (answersDir !== undefined && parsed.stop_hook_active !== true) {
  const base = join(answersDir, event);
  if (existsSync(`${base}.stdout`)) process.stdout.write(readFileSync(`${base}.stdout`, 'utf8'));
  if (existsSync(`${base}.stderr`)) process.stderr.write(readFileSync(`${base}.stderr`, 'utf8'));
  if (existsSync(`${base}.exit`)) process.exit(Number(readFileSync(`${base}.exit`, 'utf8')));
}
