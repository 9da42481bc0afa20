/** `plankeeper mcp --for <agent>`: the plan key each coding agent's MCP calls get. */
import { readFileSync } from 'node:fs';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import {
  TOOL_USE_META,
  toolUseRecord,
} from '../../../src/coding-agents/claude-code/tool-use-keys.js';
import { SUB_AGENT_META } from '../../../src/coding-agents/copilot/mcp-call-meta.js';
import { cliProcessKey } from '../../../src/coding-agents/gemini/cli-process.js';
import { mcpKeyingFor, startingAgent } from '../../../src/coding-agents/mcp-keying.js';

const engine = new PlanEngine({ store: new MemoryPlanStore() });
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../claude-code/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const SESSION_ID = '487a3458-47e5-424b-9467-f9bcde48e9ab';

describe('mcpKeyingFor', () => {
  it('copilot: COPILOT_AGENT_SESSION_ID, and a sub-agent’s scope only from the _meta its hook wrote', async () => {
    const keying = mcpKeyingFor('copilot', { COPILOT_AGENT_SESSION_ID: 'cp-1' }, engine);
    expect(keying).toMatchObject({ agent: 'copilot', session: 'cp-1' });
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: { progressToken: 1 } })).toBe(
      undefined,
    );
    expect(
      await keying.keyForCall?.({
        name: 'todo_write',
        meta: { [SUB_AGENT_META]: 'sub-1' },
        arguments: { scope: ['chosen-by-model'] },
      }),
    ).toEqual({ agent: 'copilot', session: 'cp-1', scope: ['sub-1'] });
  });

  it('a shared .mcp.json entry keys plans by the agent that started the server, not the one it names', () => {
    const copilotEnv = { COPILOT_AGENT_SESSION_ID: 'cp-1' };
    const claudeEnv = { CLAUDE_CODE_SESSION_ID: 'cc-1' };
    expect(startingAgent('claude-code', copilotEnv)).toBe('copilot');
    expect(startingAgent('copilot', claudeEnv)).toBe('claude-code');
    expect(startingAgent('claude-code', claudeEnv)).toBe('claude-code');
    // Neither marker (a person running the server by hand): the named agent.
    expect(startingAgent('claude-code', {})).toBe('claude-code');
    // Both (one agent started inside the other): the named one, whose marker is there.
    expect(startingAgent('copilot', { ...claudeEnv, ...copilotEnv })).toBe('copilot');
    expect(mcpKeyingFor('claude-code', copilotEnv, engine)).toMatchObject({
      agent: 'copilot',
      session: 'cp-1',
    });
  });

  it('an entry no other agent reads keeps its agent under an inherited marker', () => {
    // Gemini CLI or OpenCode run from Claude Code's shell: the variable is Claude Code's
    // session, handed down, and their own plans stay theirs.
    const inherited = { CLAUDE_CODE_SESSION_ID: 'cc-1', CLAUDE_CODE_CHILD_SESSION: '1' };
    for (const agent of ['gemini', 'opencode', 'codex', 'pi'] as const) {
      expect(startingAgent(agent, inherited)).toBe(agent);
      expect(mcpKeyingFor(agent, inherited, engine).agent).toBe(agent);
    }
  });

  it('claude-code: a call naming no tool use gets CLAUDE_CODE_SESSION_ID; one naming an unrecorded tool use is refused', async () => {
    const keying = mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: 'abc' }, engine);
    expect(keying).toMatchObject({ agent: 'claude-code', session: 'abc' });
    // No _meta or no tool use id: the server's own key.
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: undefined })).toBeUndefined();
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: {} })).toBeUndefined();
    // An id no hook recorded: its plan is unknown, so the call is refused, never keyed elsewhere.
    await expect(
      keying.keyForCall?.({ name: 'todo_write', meta: { [TOOL_USE_META]: 'toolu_x' } }),
    ).rejects.toThrow(/no record of which plan this call is for .*toolu_x/);
    expect(mcpKeyingFor('claude-code', {}, engine)).not.toHaveProperty('session');
  });

  it('claude-code: per call, the plan key the PreToolUse hook recorded for _meta["claudecode/toolUseId"]', async () => {
    const keying = mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: 'before-clear' }, engine);
    const call = (id: string) => ({ name: 'todo_write', meta: { [TOOL_USE_META]: id } });
    const record = async (input: Record<string, unknown>) => {
      const { key, state } = toolUseRecord(input)!;
      await engine.updateTurnState(key, () => state);
    };
    // The hook inputs Claude Code sends (fixtures), main and sub-agent, and one after /clear.
    await record(fixture('PreToolUse'));
    await record(fixture('PreToolUse.subagent'));
    await record({ session_id: 'after-clear', tool_use_id: 'toolu_after_clear' });
    expect(await keying.keyForCall?.(call('toolu_2025aa5d_001'))).toEqual({
      agent: 'claude-code',
      session: '487a3458-47e5-424b-9467-f9bcde48e9ab',
    });
    expect(await keying.keyForCall?.(call('toolu_2025aa5d_005'))).toEqual({
      agent: 'claude-code',
      session: '487a3458-47e5-424b-9467-f9bcde48e9ab',
      scope: ['a31480ec1e6ab1cfb'],
    });
    expect(await keying.keyForCall?.(call('toolu_after_clear'))).toEqual({
      agent: 'claude-code',
      session: 'after-clear',
    });
  });

  it('claude-code: a record gone past its TTL is no record: the call is refused', async () => {
    let now = 1_000;
    const store = new MemoryPlanStore({ now: () => now });
    const timed = new PlanEngine({ store });
    const { key, state, ttlMs } = toolUseRecord(fixture('PreToolUse'))!;
    await new PlanEngine({ store, ttlMs }).updateTurnState(key, () => state);
    const keying = mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: 'abc' }, timed);
    const call = { name: 'todo_write', meta: { [TOOL_USE_META]: 'toolu_2025aa5d_001' } };
    expect(await keying.keyForCall?.(call)).toMatchObject({ session: SESSION_ID });
    now += ttlMs + 1;
    await expect(keying.keyForCall?.(call)).rejects.toThrow(/call todo_write again/);
  });

  it('opencode: per call, the key the plugin wrote into the arguments, which are dropped', () => {
    const keying = mcpKeyingFor('opencode', { OPENCODE: '1' }, engine);
    expect(keying.agent).toBe('opencode');
    expect(keying.session).toBeUndefined();
    expect(keying.ignoredArguments).toEqual(['plankeeper_session', 'plankeeper_scope']);
    const call = (args?: Record<string, unknown>) =>
      keying.keyForCall?.({
        name: 'todo_write',
        meta: undefined,
        ...(args && { arguments: args }),
      });
    expect(call({ todos: [], plankeeper_session: 'ses_a' })).toEqual({
      agent: 'opencode',
      session: 'ses_a',
    });
    expect(call({ plankeeper_session: 'ses_a', plankeeper_scope: 'ses_b' })).toEqual({
      agent: 'opencode',
      session: 'ses_a',
      scope: ['ses_b'],
    });
    // Without the plugin: the connection's own plan.
    expect(call({ todos: [] })).toBeUndefined();
    expect(call()).toBeUndefined();
  });

  it('codex: per call, the session from _meta.sessionId, a sub-agent thread as its scope', () => {
    const { keyForCall } = mcpKeyingFor('codex', {}, engine);
    expect(keyForCall?.({ name: 'todo_write', meta: { sessionId: 's', threadId: 's' } })).toEqual({
      agent: 'codex',
      session: 's',
    });
    expect(keyForCall?.({ name: 'todo_write', meta: { sessionId: 's', threadId: 't' } })).toEqual({
      agent: 'codex',
      session: 's',
      scope: ['t'],
    });
    expect(keyForCall?.({ name: 'todo_write', meta: undefined })).toBeUndefined();
  });

  it('gemini: the session recorded for the parent CLI process, looked up per call', async () => {
    const keying = mcpKeyingFor('gemini', {}, engine, 4242);
    expect(keying.ignoredArguments).toEqual(['wait_for_previous']);
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: undefined })).toBeUndefined();
    await engine.updateTurnState(cliProcessKey(4242), () => ({ session: 'g1' }));
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: undefined })).toEqual({
      agent: 'gemini',
      session: 'g1',
    });
    await engine.updateTurnState(cliProcessKey(4242), () => ({ session: 'g2' }));
    expect(await keying.keyForCall?.({ name: 'todo_write', meta: undefined })).toMatchObject({
      session: 'g2',
    });
  });
});
