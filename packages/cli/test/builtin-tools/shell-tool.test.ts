import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ShellRunData, shellTool } from '../../src/builtin-tools/index.js';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'plankeeper-shell-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const data = (value: unknown) => value as ShellRunData;

/** Gone, or a zombie: killed, waiting for an init process that may never reap it. */
async function isDead(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return /^\d+ \(.*\) Z/.test(stat);
}

describe('run_shell', () => {
  it('runs a command in cwd and reports exit code, stdout and stderr', async () => {
    const tool = shellTool({ cwd });
    expect(tool.name).toBe('run_shell');
    const result = await tool.execute({ command: 'pwd; echo oops >&2' }, {});
    expect(result.ok).toBe(true);
    expect(data(result.data)).toMatchObject({ exitCode: 0, timedOut: false, stderr: 'oops\n' });
    expect(data(result.data).stdout.trim()).toMatch(/plankeeper-shell-/);
    expect(result.text).toMatch(/^Exit code 0\.\nstdout:\n.*plankeeper-shell-\S*\nstderr:\noops$/);
    expect(result.title).toBe('run_shell: exit 0');
  });

  it('reports a non-zero exit as ok:false with the code', async () => {
    const result = await shellTool({ cwd }).execute({ command: 'echo partial; exit 3' }, {});
    expect(result).toMatchObject({ ok: false, title: 'run_shell: exit 3' });
    expect(data(result.data)).toMatchObject({ exitCode: 3, stdout: 'partial\n' });
    expect(result.text).toContain('Exit code 3.');
  });

  it('kills a command that runs past the timeout, children included', async () => {
    const tool = shellTool({ cwd, timeoutMs: 300 });
    const started = Date.now();
    const result = await tool.execute(
      { command: 'echo begun; sleep 20 & echo $! > child.pid; wait' },
      {},
    );
    // Well under the 2 s grace for stragglers: the pipes closed because the child died.
    expect(Date.now() - started).toBeLessThan(1500);
    const child = Number(await readFile(join(cwd, 'child.pid'), 'utf8'));
    expect(await isDead(child)).toBe(true);
    expect(result.ok).toBe(false);
    expect(data(result.data)).toMatchObject({ timedOut: true, exitCode: null, stdout: 'begun\n' });
    expect(result.text).toContain('Timed out after 300 ms; the command was killed.');
    expect(result.title).toBe('run_shell: timed out');
  });

  it('stops a command when the host aborts the call', async () => {
    const controller = new AbortController();
    const running = shellTool({ cwd }).execute(
      { command: 'sleep 20' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    const result = await running;
    expect(result.ok).toBe(false);
    expect(data(result.data)).toMatchObject({ timedOut: false, signal: 'SIGKILL' });
  });

  it('does not start a command when the call is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await shellTool({ cwd }).execute(
      { command: 'touch started.txt' },
      { signal: controller.signal },
    );
    expect(result.ok).toBe(false);
    expect(result.text).toContain('cancelled before the command started');
    expect(existsSync(join(cwd, 'started.txt'))).toBe(false);
  });

  it('cuts long output and says so', async () => {
    const tool = shellTool({ cwd, maxOutputChars: 100 });
    const result = await tool.execute({ command: 'yes abc | head -c 5000' }, {});
    expect(data(result.data).stdout).toHaveLength(100);
    expect(data(result.data).truncated).toBe(true);
    expect(result.text).toContain('(Output was cut; narrow the command to see the rest.)');
  });

  it('does not run a command the host does not allow', async () => {
    const tool = shellTool({ cwd, allow: (command) => command.startsWith('echo ') });
    const refused = await tool.execute({ command: 'touch created.txt' }, {});
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('not allowed here and was not run');
    expect(existsSync(join(cwd, 'created.txt'))).toBe(false);
    expect((await tool.execute({ command: 'echo fine' }, {})).ok).toBe(true);
  });

  it('rejects bad arguments, including trailing data after raw JSON, without running', async () => {
    const tool = shellTool({ cwd });
    const trailing = await tool.execute(
      '{"command": "touch a.txt"} {"command": "touch b.txt"}',
      {},
    );
    expect(trailing.ok).toBe(false);
    expect(trailing.text).toContain('Extra text after the JSON object');
    const blank = await tool.execute({ command: '  ' }, {});
    expect(blank.text).toContain('command is empty; send some text.');
    expect(existsSync(join(cwd, 'a.txt'))).toBe(false);
  });

  it('throws a ConfigurationError for a missing cwd or a bad timeout', () => {
    expect(() => shellTool({ cwd: join(cwd, 'missing') })).toThrow(ConfigurationError);
    expect(() => shellTool({ cwd, timeoutMs: 0 })).toThrow(ConfigurationError);
  });
});
