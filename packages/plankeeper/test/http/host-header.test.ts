import { hostOfHostHeader, isLoopbackHostHeader, isLoopbackOrigin } from 'plankeeper/http';
import { describe, expect, it } from 'vitest';

describe('hostOfHostHeader', () => {
  it.each([
    ['127.0.0.1:8080', '127.0.0.1'],
    ['LocalHost:80', 'localhost'],
    ['app.localhost', 'app.localhost'],
    ['[::1]:7420', '[::1]'],
    ['[0:0::1]', '[::1]'],
    // Read as the URL parser reads it, as a browser would have written it.
    ['127.1', '127.0.0.1'],
    ['evil.example:80', 'evil.example'],
  ])('%j → %j', (header, host) => {
    expect(hostOfHostHeader(header)).toBe(host);
  });

  it.each([
    [undefined],
    [''],
    ['::1'],
    ['localhost:port'],
    ['a b'],
    // Past the authority: user info, a path, a query are never part of a Host.
    ['evil.example@localhost'],
    ['localhost/x'],
    ['localhost?x'],
  ])('%j is not a host', (header) => {
    expect(hostOfHostHeader(header)).toBeUndefined();
  });
});

describe('isLoopbackHostHeader', () => {
  it.each([
    ['127.0.0.1:8080', true],
    ['localhost:80', true],
    ['app.localhost:3000', true],
    ['LOCALHOST.:80', true],
    ['[::1]:80', true],
    ['evil.example:80', false],
    ['0.0.0.0:80', false],
    ['10.0.0.1', false],
    ['evil.example@localhost', false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(isLoopbackHostHeader(header)).toBe(expected);
  });
});

describe('isLoopbackOrigin', () => {
  it.each([
    [undefined, true],
    ['http://localhost:5173', true],
    ['http://app.localhost', true],
    ['https://127.0.0.1:8443', true],
    ['http://[::1]:3000', true],
    ['https://evil.example', false],
    ['http://10.0.0.1', false],
    // Sandboxed frames and file: pages send "null"; nobody can tell where they come from.
    ['null', false],
    ['', false],
  ])('%j → %s', (origin, expected) => {
    expect(isLoopbackOrigin(origin)).toBe(expected);
  });
});
