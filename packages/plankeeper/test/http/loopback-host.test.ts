import { isLoopbackHost } from 'plankeeper/http';
import { describe, expect, it } from 'vitest';

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.5.5.5', true],
    ['127.255.255.255', true],
    [' 127.0.0.1 ', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['0::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['localhost', true],
    ['LOCALHOST', true],
    // RFC 6761 §6.3: every name under localhost is loopback; a trailing dot is the same name.
    ['localhost.', true],
    ['LOCALHOST.', true],
    ['app.localhost', true],
    ['a.b.localhost', true],
    ['App.LocalHost.', true],
    ['0.0.0.0', false],
    ['::', false],
    ['[::]', false],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['192.168.1.10', false],
    ['::ffff:10.0.0.1', false],
    ['::2', false],
    // A zone id scopes an address to an interface; it is not the plain loopback address.
    ['::1%lo', false],
    ['127.1', false],
    ['example.com', false],
    ['localhost.example.com', false],
    ['localhost.com', false],
    ['notlocalhost', false],
    ['.localhost', false],
    ['app..localhost', false],
    ['localhost..', false],
    ['evil.com/.localhost', false],
    ['', false],
  ])('%j → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
