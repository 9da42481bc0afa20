/**
 * Claude Code's hooks through the MCP server it already runs (the `mcp_tool` hooks setup
 * writes) decide exactly what the command hooks decide: one session's events, from the
 * recorded hook inputs, go once through `plankeeper hook` processes and once as Claude Code
 * sends them to `plankeeper mcp --for claude-code` (each `${field}` of the hook's `input`
 * filled from the hook input, as Claude Code 2.1.328 fills it); every answer and the turn
 * records left in the two stores are the same.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlanKey } from 'plankeeper';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { newStoreUrl, withPlanEngine } from '../../support/seeded-store.js';
import { claudeFixture } from './support/hook-call.js';
import { connectServer, type HookHandler, runHookHandler } from './support/mcp-tool-hook.js';

const BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));
/** Options the command hooks and the server both get (setup writes them to both). */
const OPTIONS = ['--lang', 'zh', '--discipline', 'strict'];
const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const AGENT_ID = 'a31480ec1e6ab1cfb';

/** One session's hook events: [event, fixture, fields over it]. */
const EVENTS: ReadonlyArray<[string, string, Record<string, unknown>]> = [
  ['SessionStart', 'SessionStart', {}],
  ['UserPromptSubmit', 'UserPromptSubmit', {}],
  ['PreToolUse', 'PreToolUse', {}],
  // (the plan is written here, between the two)
  ['PostToolUse', 'PostToolUse', {}],
  ...[1, 2, 3].map((n): [string, string, Record<string, unknown>] => [
    'PostToolUse',
    'PostToolUse',
    { tool_name: 'Read', tool_use_id: `toolu_read_${n}` },
  ]),
  ['PostToolUseFailure', 'PostToolUseFailure', {}],
  ['SubagentStart', 'SubagentStart', {}],
  ['PreToolUse', 'PreToolUse.subagent', {}],
  ['SubagentStop', 'SubagentStop', {}],
  ['Stop', 'Stop', {}],
  ['Stop', 'Stop.after-block', {}],
  ['PreCompact', 'PreCompact', {}],
];

/** Turn records without their clock readings, which differ between the two runs. */
async function turnRecords(store: string) {
  const keys: PlanKey[] = [
    { agent: 'claude-code', session: SESSION },
    { agent: 'claude-code', session: SESSION, scope: [AGENT_ID] },
    // What PreToolUse records for the server: which plan each plankeeper tool use is for.
    { agent: 'claude-code', session: 'tool-use:toolu_2025aa5d_001' },
    { agent: 'claude-code', session: 'tool-use:toolu_2025aa5d_005' },
  ];
  return withPlanEngine(store, (engine) =>
    Promise.all(
      keys.map(async (key) =>
        JSON.parse(JSON.stringify((await engine.turnState(key))?.state ?? null), (name, value) =>
          name === 'at' || name.endsWith('At') ? 'T' : value,
        ),
      ),
    ),
  );
}

const writePlan = (store: string) =>
  withPlanEngine(store, (engine) =>
    engine.write({ agent: 'claude-code', session: SESSION }, [
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Test the parser', status: 'pending' },
    ]),
  );

describe('Claude Code hooks through the MCP server (mcp_tool), beside the command hooks', () => {
  let hooks: Record<string, Array<{ hooks: HookHandler[] }>>;
  const byCommand: string[] = [];
  const byServer: string[] = [];
  const commandStore = newStoreUrl('pk-cc-command-');
  const serverStore = newStoreUrl('pk-cc-server-');
  let served = 0;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pk-cc-setup-'));
    const setup = await runCli(['setup', 'claude-code', '--dir', dir], { env: { HOME: dir } });
    expect(setup.code, setup.stderr).toBe(0);
    hooks = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).hooks;

    const command = async (event: string, input: Record<string, unknown>, store: string) =>
      (
        await runCli(['hook', 'claude-code', event, '--store', store, ...OPTIONS], {
          input: JSON.stringify(input),
        })
      ).stdout.trim();

    const client = await connectServer({
      command: process.execPath,
      args: [BIN, 'mcp', '--store', serverStore, '--for', 'claude-code', ...OPTIONS],
    });
    try {
      for (const [index, [event, fixture, fields]] of EVENTS.entries()) {
        if (index === 3) {
          await writePlan(commandStore);
          await writePlan(serverStore);
        }
        const input = { ...claudeFixture(fixture), ...fields };
        byCommand.push(await command(event, input, commandStore));
        const handler = hooks[event]![0]!.hooks[0]!;
        if (handler.type !== 'mcp_tool') {
          byServer.push(await command(event, input, serverStore));
          continue;
        }
        const answer = await runHookHandler(handler, input, client);
        expect(answer.failed, answer.text).toBe(false);
        served++;
        byServer.push(answer.text);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  it('setup serves every hook but SessionStart through the server', () => {
    expect(served).toBe(EVENTS.length - 1);
    expect(hooks.SessionStart![0]!.hooks[0]!.type).toBe('command');
  });

  it('answers every event as the command hook does: the nudge, the finish check, the rest', () => {
    // Where the command hook prints nothing, the server answers `{}`, which Claude Code reads
    // as a hook's JSON output (not JSON, it would read plain text); SessionStart is a command.
    const viaServer = (index: number) => EVENTS[index]![0] !== 'SessionStart';
    expect(byServer).toEqual(
      byCommand.map((answer, index) => (viaServer(index) && answer === '' ? '{}' : answer)),
    );
    // Not all empty: under strict the second Read is nudged (and the failed call after it),
    // the first stop gets the finish check, the second the goal check, in Chinese.
    const context = (index: number) =>
      byCommand[index] === ''
        ? ''
        : JSON.parse(byCommand[index]!).hookSpecificOutput.additionalContext;
    expect(context(4)).toBe('');
    expect(context(5)).toContain('<reminder>已经连续 2 个工具调用轮次没有更新待办清单');
    expect(context(7)).toContain('<reminder>');
    expect(context(11)).toContain('#1 Write the parser；#2 Test the parser');
    expect(context(12)).toContain('Plan the parser work, then do it.');
    expect(byCommand.filter((answer) => answer === '')).toHaveLength(10);
  });

  it('leaves the same turn records in the store, the sub-agent’s too', async () => {
    const records = await turnRecords(serverStore);
    expect(records).toEqual(await turnRecords(commandStore));
    expect(records[0]).toMatchObject({ bounced: expect.any(Array) });
    expect(records[1]).not.toBeNull();
    expect(records[2]).toEqual({ session: SESSION });
    expect(records[3]).toEqual({ session: SESSION, scope: [AGENT_ID] });
  });
});
