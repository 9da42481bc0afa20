/**
 * The person's checks for hook hosts (`answerInStore` with a CheckGate, under `failOpen`): the
 * workspace noted at the prompt, the gate run at the stop outside the fail-open deadline, the
 * refusal and the notice, and the run kept in the plan's history — all with the turn record in
 * a real SQLite store, as a hook process keeps it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckGate, checkSettings } from 'plankeeper/checks';
import { getLocale, PlanEngine } from 'plankeeper/harness';
import { answerInStore, failOpen, type HookAnswerOptions } from 'plankeeper/hooks';
import type { HostAnswer } from 'plankeeper/rules';
import { openStore } from 'plankeeper/stores';
import { afterEach, describe, expect, it } from 'vitest';

const key = { agent: 'claude-code', session: 's1' };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-hook-checks-'));
  folders.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  writeFileSync(join(dir, '.gitignore'), 'runs.txt\nstore.db*\n');
  writeFileSync(join(dir, 'greet.txt'), 'Hi\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
  return dir;
}

/** A check that counts its runs, sleeps `ms`, and passes only on "Hello". */
const check = (ms: number) =>
  `node -e "require('fs').appendFileSync('runs.txt','x'); setTimeout(() => { const t = require('fs').readFileSync('greet.txt','utf8'); if (t !== 'Hello\\n') { console.log('got ' + JSON.stringify(t)); process.exit(1); } }, ${ms})"`;

async function hookHost(dir: string, ms = 0, maxRefusals = 3) {
  const store = await openStore(`sqlite:${join(dir, 'store.db')}`);
  const engine = new PlanEngine({ store });
  const gate = new CheckGate(checkSettings({ command: check(ms), cwd: dir, maxRefusals })!);
  const options: HookAnswerOptions = { rules: { locale: getLocale('en') }, checks: gate };
  /** One hook event as a hook host answers it: under a 300 ms fail-open deadline. */
  const answer = (event: Parameters<typeof answerInStore>[1]['event']) =>
    failOpen<HostAnswer>(
      (_, untimed) => answerInStore(engine, { key, event }, { ...options, untimed }),
      { deadlineMs: 300, neutral: { kind: 'none' }, onError: (error) => console.error(error) },
    );
  const runs = () => {
    try {
      return readFileSync(join(dir, 'runs.txt'), 'utf8').length;
    } catch {
      return 0;
    }
  };
  return { engine, store, answer, runs };
}

const stop = { kind: 'stop', stopHookActive: false, lastMessage: 'Done.' } as const;

describe("answerInStore with the person's checks", () => {
  it('a turn that changes nothing runs nothing; a wrong edit is refused, the fix goes through', async () => {
    const dir = project();
    const { answer, runs, engine, store } = await hookHost(dir);
    await engine.write(key, [{ content: 'Fix greet.txt', status: 'in_progress' }]);
    await answer({ kind: 'prompt', text: 'What does greet.txt say?' });
    expect(await answer(stop)).toEqual({ kind: 'none' });
    expect(runs()).toBe(0);

    await answer({ kind: 'prompt', text: 'Make it say Hello' });
    writeFileSync(join(dir, 'greet.txt'), 'Helo\n');
    const refused = await answer(stop);
    expect(refused).toMatchObject({ kind: 'bounce', check: 'checks' });
    expect(refused.kind === 'bounce' && refused.reason).toContain('got "Helo\\n"');
    writeFileSync(join(dir, 'greet.txt'), 'Hello\n');
    expect(await answer(stop)).toEqual({ kind: 'none' });
    expect(runs()).toBe(2);
    const kept = (await engine.store.history(key)).filter((r) => r.source.tool === 'host:check');
    expect(kept.map((r) => r.source.check?.outcome)).toEqual(['failed', 'passed']);
    await store.close();
  });

  it('the check runs outside the fail-open deadline: a 1 s check under a 300 ms deadline still refuses', async () => {
    const dir = project();
    const { answer, runs, store } = await hookHost(dir, 1000);
    await answer({ kind: 'prompt', text: 'Make it say Hello' });
    writeFileSync(join(dir, 'greet.txt'), 'Helo\n');
    expect(await answer(stop)).toMatchObject({ kind: 'bounce', check: 'checks' });
    expect(runs()).toBe(1);
    await store.close();
  });

  it('a check that never passes refuses up to the bound, then a notice for the person', async () => {
    const dir = project();
    const { answer, store } = await hookHost(dir, 0, 1);
    await answer({ kind: 'prompt', text: 'Make it say Hello' });
    writeFileSync(join(dir, 'greet.txt'), 'Helo\n');
    expect((await answer(stop)).kind).toBe('bounce');
    writeFileSync(join(dir, 'greet.txt'), 'Hallo\n');
    const let_through = await answer(stop);
    expect(let_through).toEqual({
      kind: 'notice',
      text: expect.stringContaining('still fails (exit 1'),
    });
    await store.close();
  });
});
