/**
 * The hook forwarder setup writes beside an agent's hooks (hook-route/forwarder-script.ts), and
 * the command that runs it. Setup's file while it holds what setup wrote: a person's edit is
 * kept, by a re-run and by --remove alike, as the OpenCode plugin is.
 */
import { FORWARDER_MARKER, forwarderScript } from '../hook-route/forwarder-script.js';
import { shellCommand } from './commands.js';
import { loadOnUse } from './load-on-use.js';
import type { FileEdit, KeptReason, ReadText } from './types.js';

/** For the script's hash only; not loaded by the hook, which imports this module too. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');
const sha256 = (text: string) => crypto().createHash('sha256').update(text).digest('hex');

export interface ForwarderSpec {
  path: string;
  agent: string;
  projectDirEnv?: string;
  neutral: string;
  /** What setup recorded of the file (its hash when setup wrote it). */
  recorded: readonly string[];
}

export function forwarderEdit(spec: ForwarderSpec, read: ReadText, remove: boolean): FileEdit {
  const { path } = spec;
  const before = read(path);
  const after = forwarderScript(spec.agent, spec.projectDirEnv, spec.neutral);
  // An earlier version's script (its hash recorded) is replaced; a person's edit is kept.
  const ours =
    before === undefined || before === after || spec.recorded.includes(`sha256:${sha256(before)}`);
  const kept: KeptReason[] = before?.startsWith(FORWARDER_MARKER) ? [{ edited: true }] : [];
  if (remove) {
    if (before === undefined) return { path, before, after: before, changes: [] };
    if (!ours) return { path, before, after: before, changes: [], kept };
    return { path, before, after: undefined, changes: ['the hook forwarder'], empty: true };
  }
  if (!ours) return { path, before, after: before, changes: [], kept, owned: [...spec.recorded] };
  const owned = [`sha256:${sha256(after)}`];
  if (after === before) return { path, before, after, changes: [], owned };
  return {
    path,
    before,
    after,
    changes: ['the hook forwarder (hooks answered by the MCP server)'],
    owned,
  };
}

/**
 * How the hook command starts the forwarder. `bash`: `bash <script> …`, in any shell.
 * `sourced`: `. <script> …`, for an agent that runs each hook command with `bash -c` (Gemini
 * CLI): the forwarder runs in that bash rather than starting a second one for every tool call.
 * `sourced-in-bash`: for an agent that runs it with the person's login shell (Codex: bash, zsh
 * or sh, bash when it does not know the shell): sourced when that shell is bash, else `bash`.
 */
export type ForwarderStart = 'bash' | 'sourced' | 'sourced-in-bash';

/** The words before the script in the `sourced-in-bash` form: `.` in bash, `bash` elsewhere. */
export const SOURCED_IN_BASH = `run=\${BASH_VERSION:+.}; \${run:-bash}`;

const STARTS: Record<ForwarderStart, string> = {
  bash: 'bash',
  sourced: '.',
  'sourced-in-bash': SOURCED_IN_BASH,
};

/**
 * `<start> <script> <seconds> <hook command…>`: the forwarder waits one second less than the
 * agent's `timeoutSeconds`, so its neutral answer lands inside the agent's timeout.
 * `script` is written as it is (it may name a variable the shell expands); the rest is quoted.
 */
export function forwardedCommand(
  script: string,
  timeoutSeconds: number,
  hookCommand: readonly string[],
  start: ForwarderStart = 'bash',
): string {
  const wait = Math.max(1, Math.floor(timeoutSeconds) - 1);
  return `${STARTS[start]} ${script} ${wait} ${shellCommand(hookCommand)}`;
}
