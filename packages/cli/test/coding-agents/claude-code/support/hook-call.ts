/**
 * One Claude Code hook call in-process (`runHook`), its input a recorded fixture with the
 * test's session and fields on top: what the tests of the discipline across hook calls share.
 */
import { readFileSync } from 'node:fs';
import { runHook } from '../../../../src/coding-agents/hook/run-hook.js';

/** A recorded Claude Code hook input (fixtures/NAME.json). */
export function claudeFixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}

export interface HookCall {
  store: string;
  /** The working folder the hook runs in. */
  cwd: string;
  event: string;
  /** The fixture to start from; default the event's own. */
  fixture?: string;
  /** Fields over the fixture (session_id, tool_name, …). */
  fields?: Record<string, unknown>;
  /** Flags after `--store` (`--list NAME`, …). */
  flags?: readonly string[];
}

/** Runs the hook; its stdout, stderr and the additional context it gave, if any. */
export async function claudeHook(call: HookCall) {
  let stdout = '';
  let stderr = '';
  const input = { ...claudeFixture(call.fixture ?? call.event), ...call.fields };
  await runHook(['claude-code', call.event, '--store', call.store, ...(call.flags ?? [])], {
    stdin: [JSON.stringify(input)],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: call.cwd,
  });
  const parsed = stdout
    ? (JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } })
    : {};
  return { stdout, stderr, context: parsed.hookSpecificOutput?.additionalContext ?? '' };
}
