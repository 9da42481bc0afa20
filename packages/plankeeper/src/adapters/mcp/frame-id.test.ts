import { describe, expect, it } from 'vitest';
import { frameId } from './frame-id.js';

describe('frameId', () => {
  it('reads the id the TypeScript SDK writes last and the Python SDK writes first', () => {
    expect(frameId('{"method":"tools/call","params":{"a', 'xx"}},"jsonrpc":"2.0","id":12}')).toBe(
      12,
    );
    expect(frameId('{"jsonrpc":"2.0","id":"req-1","method":"tools/call"', '...}}')).toBe('req-1');
    expect(frameId('{"id": 3, "method"', '')).toBe(3);
  });

  it('ignores ids of nested objects and ids inside strings', () => {
    expect(frameId('{"method":"x","params":{"id":4,', '"params":{"item":{"id":5}}}')).toBeNull();
    expect(frameId('{"method":"x"', '"text":"a,\\"id\\":6}"}')).toBeNull();
    expect(frameId('{"method":"x"', ',"id":1.5}')).toBeNull();
  });
});
