/**
 * Child node processes for the multi-process store tests: each prints one line per thing it
 * did on stdout, which the test reads as they come.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Worker {
  process: ChildProcess;
  /** The complete lines printed so far. */
  lines: string[];
  stderr: string;
  exited: Promise<number | null>;
}

/** Runs `script` with `args` in a new node process. */
export function startWorker(script: string, args: string[]): Worker {
  const spawned = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const worker: Worker = {
    process: spawned,
    lines: [],
    stderr: '',
    exited: new Promise((resolve) => spawned.on('exit', (code) => resolve(code))),
  };
  let buffered = '';
  spawned.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    worker.lines.push(...parts);
  });
  spawned.stderr!.on('data', (chunk: Buffer) => {
    worker.stderr += chunk.toString();
  });
  return worker;
}
