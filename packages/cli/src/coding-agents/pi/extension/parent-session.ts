/**
 * Pi has no sub-agents of its own: an extension that delegates (Pi's `subagent` example) or a
 * tool call starts another `pi`, whose session is its own. The extension puts each session in
 * the environment of what Pi starts, with Pi's process id; a `pi` that finds a session there
 * from another process was started by it, and keeps its plan one scope below that session.
 */
import type { PlanKey } from 'plankeeper';
import { PI_SESSION_ENV } from '../pi-adapter.js';

/** The process whose session PI_SESSION_ENV names. */
const PI_PROCESS_ENV = 'PLANKEEPER_PI_PROCESS';

/** The session of the `pi` that started this one, read once when the extension loads. */
export function parentSession(env: NodeJS.ProcessEnv, pid: number): string | undefined {
  const session = env[PI_SESSION_ENV];
  return session && env[PI_PROCESS_ENV] !== String(pid) ? session : undefined;
}

/** Names `session` for what this Pi starts from now on. */
export function announceSession(env: NodeJS.ProcessEnv, pid: number, session: string): void {
  env[PI_SESSION_ENV] = session;
  env[PI_PROCESS_ENV] = String(pid);
}

/** A session's own key: below its parent's session when another `pi` started it. */
export function sessionKey(session: string, parent: string | undefined): PlanKey {
  return parent === undefined
    ? { agent: 'pi', session }
    : { agent: 'pi', session: parent, scope: [session] };
}
