/**
 * `--max-items N` beside `--plan-file`: a team's backlog file may hold more than the 20 items
 * a model's own plan is held to. Through the real `plankeeper todos`, the real `plankeeper
 * mcp` driven by the official MCP SDK client, and the real `plankeeper hook`: a bad value is
 * one line naming the allowed range and changes nothing; a change past the new limit is
 * refused as before, naming it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli } from '../support/run-cli.js';

/** The CLI's exit codes: 0 done, 2 bad flags or input. */
const EXIT = { ok: 0, usage: 2 } as const;
const BIN = fileURLToPath(new URL('../../bin/plankeeper.js', import.meta.url));
const BAD_VALUES = ['0', '-3', '1.5', 'abc', '10001'];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-max-items-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** PLAN.md with `count` open items. */
function planOf(count: number): string {
  const text = Array.from(
    { length: count },
    (_, index) => `- [ ] #${index + 1} Step ${index + 1}\n`,
  );
  writeFileSync(join(dir, 'PLAN.md'), text.join(''));
  return readFileSync(join(dir, 'PLAN.md'), 'utf8');
}

const todos = (...args: string[]) =>
  runCli(['todos', ...args], { cwd: dir, env: { PLANKEEPER_STORE: undefined } });

describe('plankeeper todos --plan-file --max-items', () => {
  it('adds past 20 up to the new limit, then refuses naming it', async () => {
    planOf(22);
    const held = await todos('--plan-file', 'PLAN.md', '--add', 'One more');
    expect(held.stderr).toBe('plankeeper: The list already holds 20 items, the most allowed.\n');
    const added = await todos('--plan-file', 'PLAN.md', '--max-items', '23', '--add', 'One more');
    expect(added.code, added.stderr).toBe(EXIT.ok);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toContain('- [ ] #23 One more\n');
    const refused = await todos('--plan-file', 'PLAN.md', '--max-items', '23', '--add', 'Two');
    expect(refused.stderr).toBe('plankeeper: The list already holds 23 items, the most allowed.\n');
    expect(refused.code).toBe(EXIT.usage);
  });

  it.each(BAD_VALUES)('refuses --max-items %s in one line, changing nothing', async (value) => {
    const before = planOf(3);
    const run = await todos('--plan-file', 'PLAN.md', `--max-items=${value}`, '--add', 'x');
    expect(run.stderr).toBe(
      `plankeeper: --max-items must be a whole number from 1 to 10,000, not "${value}".\n`,
    );
    expect(run.code).toBe(EXIT.usage);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(before);
  });

  it('refuses --max-items without a plan file', async () => {
    const run = await todos('--store', 'memory', '--max-items', '30');
    expect(run.stderr).toBe('plankeeper: --max-items applies only with --plan-file PATH.\n');
    expect(run.code).toBe(EXIT.usage);
  });
});

describe('plankeeper mcp --plan-file --max-items', () => {
  async function connect(...flags: string[]) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1', ...flags],
      cwd: dir,
      env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'plankeeper-max-items-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }
  const add = (client: Client, ...contents: string[]) =>
    client.callTool({
      name: 'todos_add',
      arguments: { todos: contents.map((content) => ({ content })) },
    }) as Promise<CallToolResult>;

  it.each(['en', 'zh'])(
    'lets the model add past 20 up to the new limit, and refuses one more naming it (%s)',
    async (lang) => {
      planOf(25);
      const client = await connect('--max-items', '27', '--lang', lang);
      try {
        const added = await add(client, 'Twenty-six', 'Twenty-seven');
        expect(added.isError, JSON.stringify(added)).toBeFalsy();
        const refused = await add(client, 'Twenty-eight');
        expect(refused.isError).toBe(true);
        expect(refused.content).toMatchSnapshot();
      } finally {
        await client.close();
      }
      const file = readFileSync(join(dir, 'PLAN.md'), 'utf8');
      expect(file).toContain('- [ ] #27 Twenty-seven\n');
      expect(file).not.toContain('Twenty-eight');
    },
  );

  it('without --max-items the file keeps the plan limit of 20', async () => {
    planOf(20);
    const client = await connect();
    try {
      const refused = await add(client, 'Twenty-one');
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('20');
    } finally {
      await client.close();
    }
  });

  it.each(BAD_VALUES)(
    'exits on --max-items %s with one line, as other usage errors',
    async (value) => {
      const before = planOf(3);
      const run = await runCli(['mcp', '--plan-file', 'PLAN.md', `--max-items=${value}`], {
        cwd: dir,
        env: { PLANKEEPER_STORE: undefined },
      });
      expect(run.stderr).toBe(
        `plankeeper: --max-items must be a whole number from 1 to 10,000, not "${value}".\n`,
      );
      expect(run.code).toBe(EXIT.usage);
      expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(before);
    },
  );
});

describe('plankeeper hook --plan-file --max-items', () => {
  const hook = (...flags: string[]) =>
    runCli(['hook', 'claude-code', 'Stop', '--plan-file', 'PLAN.md', ...flags], {
      cwd: dir,
      input: JSON.stringify({ session_id: 's1', cwd: dir, hook_event_name: 'Stop' }),
      env: { PLANKEEPER_STORE: undefined, CLAUDE_PROJECT_DIR: dir },
    });

  it('takes --max-items N', async () => {
    planOf(3);
    const run = await hook('--max-items', '200');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
  });

  it('answers neutrally on a bad value, saying why in one line', async () => {
    planOf(3);
    const run = await hook('--max-items', 'abc');
    expect(run.stderr).toBe(
      'plankeeper hook: --max-items must be a whole number from 1 to 10,000, not "abc". (answered neutrally)\n',
    );
    expect(run.stdout).toBe('');
    expect(run.code).toBe(EXIT.ok);
  });
});
