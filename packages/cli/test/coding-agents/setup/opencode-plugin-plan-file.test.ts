/**
 * The OpenCode plugin `plankeeper setup opencode --plan-file PLAN.md` writes, loaded in-process
 * with the real `plankeeper hook` behind it: a call of OpenCode's edit or bash tool that would
 * write PLAN.md throws the refusal from `tool.execute.before`, so the tool does not run and the
 * model reads why; the same tool on another folder's PLAN.md runs.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pk-oc-plan-file-')));
  mkdirSync(join(dir, 'docs'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function loadPlugin(): Promise<Hooks> {
  const run = await runCli(['setup', 'opencode', '--dir', dir, '--plan-file', 'PLAN.md'], {
    env: { HOME: dir },
  });
  expect(run.code, run.stderr).toBe(0);
  const url = pathToFileURL(join(dir, '.opencode', 'plugin', 'plankeeper.js'));
  const module = (await import(`${url.href}?${Date.now()}`)) as {
    PlankeeperPlugin: (input: unknown) => Promise<Hooks>;
  };
  const client = {
    app: { log: async () => ({}) },
    session: { get: async () => ({ data: { id: 'ses_main' } }) },
  };
  return module.PlankeeperPlugin({ client, directory: dir });
}

describe('the OpenCode plugin with --plan-file', () => {
  it('refuses edit and bash calls that write PLAN.md, and lets one on docs/PLAN.md run', async () => {
    const hooks = await loadPlugin();
    const before = (tool: string, args: Record<string, unknown>) =>
      hooks['tool.execute.before']!({ tool, sessionID: 'ses_main', callID: 'call_1' }, { args });

    await expect(
      before('edit', { filePath: join(dir, 'PLAN.md'), oldString: '[ ]', newString: '[x]' }),
    ).rejects.toThrow(
      /^Refused: edit would change the plan file PLAN\.md, which only the plan tools write\./,
    );
    await expect(before('bash', { command: 'sed -i "s/\\[ \\]/[x]/" PLAN.md' })).rejects.toThrow(
      /^Refused: bash would change the plan file PLAN\.md/,
    );
    await expect(
      before('write', { filePath: join(dir, 'docs', 'PLAN.md'), content: '- [x] mine\n' }),
    ).resolves.toBeUndefined();
  }, 30_000);
});
