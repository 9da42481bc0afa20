/**
 * The agent the editor would have started itself: spawned with the editor's stdin/stdout
 * between us, and its stderr straight to the editor's log. Lines for it wait until it has
 * started, so an agent that cannot start loses nothing silently: each waiting request gets
 * its error instead.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export type AgentChild = ChildProcessByStdio<Writable, Readable, null>;

export interface AgentProcess {
  child: AgentChild;
  /** Resolves once it runs; rejects with why it could not start. */
  started: Promise<void>;
}

export function startAgent(command: readonly string[], cwd = process.cwd()): AgentProcess {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  const started = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  // A write after the agent left is the editor's loss to see in the exit, not a crash here.
  child.stdin.on('error', () => undefined);
  return { child, started };
}

/** A JSON-RPC error answering the request `id`, as one line. */
export function errorLine(id: unknown, message: string): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message } })}\n`;
}
