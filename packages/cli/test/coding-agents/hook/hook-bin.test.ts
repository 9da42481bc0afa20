/**
 * `node bin/plankeeper.js hook ...` as a process, the way every coding agent runs it: routed
 * to the hook runner, failing open with exit 0, one line on stderr and the agent's neutral
 * answer, fast even when the store's server is down. (Without its bundle: the coding-agent
 * contract suite, for every agent.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { describe, expect, it } from 'vitest';
import {
  recordedPlanKey,
  TOOL_USE_META,
} from '../../../src/coding-agents/claude-code/tool-use-keys.js';
import { withPlanEngine } from '../../support/seeded-store.js';

const BIN = fileURLToPath(new URL('../../../../../bin/plankeeper.js', import.meta.url));
const fixture = (agent: string, name: string) =>
  readFileSync(new URL(`../${agent}/fixtures/${name}.json`, import.meta.url), 'utf8');

function hook(args: string[], input: string, bin = BIN) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, 'hook', ...args], {
    input,
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { ...result, ms: Date.now() - started };
}

describe('plankeeper hook, the process', () => {
  it.each([
    ['claude-code', 'Stop', fixture('claude-code', 'Stop'), ''],
    ['claude-code', 'PreToolUse', fixture('claude-code', 'PreToolUse'), ''],
    ['codex', 'Stop', fixture('codex', 'Stop'), ''],
    ['gemini', 'AfterAgent', fixture('gemini', 'AfterAgent'), '{}\n'],
  ])(
    '%s %s with the store down: exit 0, the neutral answer, one line on stderr',
    (agent, event, input, neutral) => {
      const run = hook([agent, event, '--store', 'redis://127.0.0.1:1'], input);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(neutral);
      expect(run.stderr).toMatch(/^plankeeper hook: [^\n]+\n$/);
      expect(run.ms).toBeLessThan(8_000);
    },
  );

  it('claude-code PreToolUse: records the tool use’s plan key in the store, answers nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pk-hook-'));
    try {
      const store = `sqlite:${join(dir, 'plans.db')}`;
      const run = hook(
        ['claude-code', 'PreToolUse', '--store', store],
        fixture('claude-code', 'PreToolUse.subagent'),
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('');
      await withPlanEngine(store, async (engine) => {
        expect(await recordedPlanKey(engine, { [TOOL_USE_META]: 'toolu_2025aa5d_005' })).toEqual({
          agent: 'claude-code',
          session: '487a3458-47e5-424b-9467-f9bcde48e9ab',
          scope: ['a31480ec1e6ab1cfb'],
        });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // better-sqlite3 waits for a lock synchronously, so no timer of the hook can fire meanwhile:
  // the hook's store itself must give up in time. OpenCode kills a hook after 5 s.
  // Each of these events writes its turn record (PreToolUse: the tool use's plan key).
  it.each(['UserPromptSubmit', 'PreToolUse', 'PostToolUse'])(
    'claude-code %s with the SQLite store locked by another connection: neutral within its 3 s deadline',
    async (event) => {
      const dir = mkdtempSync(join(tmpdir(), 'pk-hook-locked-'));
      const path = join(dir, 'plans.db');
      const holder = new SqlitePlanStore({ path });
      try {
        holder.db.exec('BEGIN EXCLUSIVE');
        const run = hook(
          ['claude-code', event, '--store', `sqlite:${path}`],
          fixture('claude-code', event),
        );
        expect(run.status).toBe(0);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(
          /^plankeeper hook: database is locked \(answered neutrally\)\n$/,
        );
        expect(run.ms).toBeLessThan(3_500);
      } finally {
        holder.db.exec('ROLLBACK');
        await holder.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('an unknown agent: exit 0 and one line on stderr', () => {
    const run = hook(['vim', 'Stop'], '{}');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^plankeeper hook: unknown agent "vim"[^\n]*\n$/);
  });
});
