/**
 * A port in use ends both servers the same way: exit 3, like a store that cannot be reached
 * (the flags are well formed; the machine refuses them), with one line naming the flag to change.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('a port in use', () => {
  let taken: Server;
  let port: string;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = String((taken.address() as { port: number }).port);
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it.each([
    ['dashboard', ['dashboard', '--store', 'memory', '--port'], '--port'],
    ['mcp --http', ['mcp', '--store', 'memory', '--http'], '--http'],
  ])('ends %s with the same exit code and one line', async (_name, args, flag) => {
    const { code, stdout, stderr } = await runCli([...args, port]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      new RegExp(
        `^plankeeper: [Cc]annot listen on 127\\.0\\.0\\.1:${port}: the port is already in use\\. Pick another with ${flag}, or ${flag} 0 for any free port\\.\\n$`,
      ),
    );
  });
});
