/** `plankeeper mcp --for <agent>`: the plan key each coding agent's MCP calls get. */
import { describe, expect, it } from 'vitest';
import { mcpKeyingFor } from '../../../src/coding-agents/mcp-keying/for-agent.js';

describe('mcpKeyingFor', () => {
  it('claude-code: the session id from CLAUDE_CODE_SESSION_ID, one key for the connection', () => {
    expect(mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: 'abc' })).toEqual({
      agent: 'claude-code',
      session: 'abc',
    });
    expect(mcpKeyingFor('claude-code', {})).toEqual({ agent: 'claude-code' });
  });

  it('codex: per call, the session from _meta.sessionId, a sub-agent thread as its scope', () => {
    const { keyForCall } = mcpKeyingFor('codex', {});
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
});
