/** `plankeeper mcp --for <agent>`: the plan key each coding agent's MCP calls get. */
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { cliProcessKey } from '../../../src/coding-agents/gemini/cli-process.js';
import { mcpKeyingFor } from '../../../src/coding-agents/mcp-keying/for-agent.js';

const engine = new PlanEngine({ store: new MemoryPlanStore() });

describe('mcpKeyingFor', () => {
  it('claude-code: the session id from CLAUDE_CODE_SESSION_ID, one key for the connection', () => {
    expect(mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: 'abc' }, engine)).toEqual({
      agent: 'claude-code',
      session: 'abc',
    });
    expect(mcpKeyingFor('claude-code', {}, engine)).toEqual({ agent: 'claude-code' });
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
