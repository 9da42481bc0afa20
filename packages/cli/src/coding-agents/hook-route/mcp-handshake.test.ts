import { describe, expect, it } from 'vitest';
import { MCP_HANDSHAKE, readHandshake } from './mcp-handshake.js';

const SECRET = 'f00d';
const bytes = (text: string) => Buffer.from(text, 'utf8');
const whole = `${MCP_HANDSHAKE}\n${SECRET}\n3\nnode\nmcp\n--for opencode\n`;

describe('the relay’s handshake', () => {
  it('gives the words once every line is in, and keeps what came after them', () => {
    const read = readHandshake(bytes(`${whole}{"jsonrpc"`), SECRET);
    expect(read.kind).toBe('done');
    if (read.kind !== 'done') return;
    expect(read.words).toEqual(['node', 'mcp', '--for opencode']);
    expect(read.rest.toString()).toBe('{"jsonrpc"');
  });

  it('waits for more at every cut before the end', () => {
    for (let cut = 0; cut < whole.length; cut++) {
      expect(readHandshake(bytes(whole.slice(0, cut)), SECRET).kind, `cut at ${cut}`).toBe('more');
    }
  });

  it('refuses a stranger as soon as a line is wrong, before the secret is whole', () => {
    expect(readHandshake(bytes('GET / HTTP/1.1\r\n'), SECRET).kind).toBe('refused');
    expect(readHandshake(bytes('GET'), SECRET).kind).toBe('refused');
    expect(readHandshake(bytes(`${MCP_HANDSHAKE}\nbad`), SECRET).kind).toBe('refused');
    expect(readHandshake(bytes(`${MCP_HANDSHAKE}\nf00dd\n`), SECRET).kind).toBe('refused');
    expect(readHandshake(bytes(`${MCP_HANDSHAKE}\n${SECRET}\n-1\n`), SECRET).kind).toBe('refused');
    expect(readHandshake(bytes(`${MCP_HANDSHAKE}\n${SECRET}\nmany\n`), SECRET).kind).toBe(
      'refused',
    );
  });

  it('refuses a handshake that never ends', () => {
    const long = `${MCP_HANDSHAKE}\n${SECRET}\n1\n${'x'.repeat(70 * 1024)}`;
    expect(readHandshake(bytes(long), SECRET).kind).toBe('refused');
  });
});
