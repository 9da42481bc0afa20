import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const COMMANDS = ['demo', 'run', 'chat', 'todos', 'mcp', 'acp', 'dashboard', 'eval', 'setup'];

describe('plankeeper --help and --version', () => {
  it('lists every command', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it.each(COMMANDS)('%s --help exits 0 with its usage', async (command) => {
    const { code, stdout, stderr } = await runCli([command, '--help']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: plankeeper ${command} `, 'm'));
  });

  it('--version prints the package version', async () => {
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('an unknown command or flag is a usage error (exit 2)', async () => {
    expect((await runCli(['plan-it'])).code).toBe(2);
    expect((await runCli(['demo', '--colour'])).code).toBe(2);
  });

  it('prints plain lines when stdout is not a terminal, even without NO_COLOR', async () => {
    const { code, stdout } = await runCli(['demo'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: undefined },
    });
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u001b');
  });
});
