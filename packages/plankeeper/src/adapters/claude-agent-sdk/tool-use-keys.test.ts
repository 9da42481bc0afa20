import { describe, expect, it } from 'vitest';
import { ToolUseKeys } from './tool-use-keys.js';

const call = (id?: string) => ({
  name: 'todo_write',
  meta: id === undefined ? undefined : { 'claudecode/toolUseId': id },
});

describe('ToolUseKeys', () => {
  it('keys a call by the tool use its PreToolUse noted, until it is done', () => {
    const keys = new ToolUseKeys();
    const sub = { agent: 'claude-agent-sdk', session: 's', scope: ['a1'] };
    keys.note('t1', sub);
    expect(keys.keyForCall(call('t1'))).toEqual(sub);
    keys.forget('t1');
    expect(() => keys.keyForCall(call('t1'))).toThrow(/no plan is known for this call/);
  });

  it('refuses a call naming no noted tool use rather than guess its plan', () => {
    const keys = new ToolUseKeys();
    keys.note('t1', { agent: 'claude-agent-sdk', session: 's' });
    expect(() => keys.keyForCall(call())).toThrow(/Nothing was changed/);
    expect(() => keys.keyForCall(call('t2'))).toThrow(/todo_write/);
  });
});
