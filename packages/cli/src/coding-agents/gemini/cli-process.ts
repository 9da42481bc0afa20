/**
 * Gemini CLI tells its MCP servers nothing of the session (no env, no `_meta`), but its MCP
 * servers and its hooks are children of the same CLI process. So a hook records "CLI process
 * <pid> runs session <id>" as harness state in the store, and the MCP server looks its own
 * parent pid up on each call (a /clear in the same process changes the session).
 */
import { readFileSync } from 'node:fs';
import type { PlanEngine, PlanKey } from 'plankeeper';
import { processRecordKey } from 'plankeeper/hooks';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh']);

/** Where the session of CLI process `pid` is recorded (a state only, never a plan). */
export function cliProcessKey(pid: number): PlanKey {
  return processRecordKey('gemini', pid);
}

/**
 * The pid of the Gemini CLI process that started this hook: the parent, or the parent's
 * parent when the CLI's shell (`bash -c`) did not exec the command itself (Linux /proc;
 * elsewhere the parent).
 */
export function hookCliPid(): number {
  const parent = process.ppid;
  try {
    const comm = readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
    if (!SHELLS.has(comm)) return parent;
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${parent}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : parent;
  } catch {
    return parent;
  }
}

export async function recordCliSession(engine: PlanEngine, session: string): Promise<void> {
  await engine.updateTurnState(cliProcessKey(hookCliPid()), (current) =>
    current?.session === session ? undefined : { session },
  );
}

/** The session recorded for CLI process `pid`, if a hook has recorded one. */
export async function cliSession(engine: PlanEngine, pid: number): Promise<string | undefined> {
  const state = await engine.turnState(cliProcessKey(pid));
  const session = state?.state.session;
  return typeof session === 'string' ? session : undefined;
}
