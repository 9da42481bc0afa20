/** `plankeeper mcp --http` that cannot listen says why in terms of its flags. */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('plankeeper mcp --http that cannot listen', () => {
  it('blames a --host that does not resolve, not the plan store', async () => {
    // .invalid never resolves (RFC 6761), where foo.localhost does on some resolvers.
    const { code, stdout, stderr } = await runCli(
      ['mcp', '--http', '0', '--host', 'no.invalid', '--token', 't', '--store', 'memory'],
      { env: { PLANKEEPER_MCP_TOKEN: undefined } },
    );
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^plankeeper: --host no\.invalid: the name does not resolve to an address \((ENOTFOUND|EAI_AGAIN)\)\. Use --host 127\.0\.0\.1, or add the name to the hosts file\.\n$/,
    );
  });

  it('says a port is taken and how to pick another', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { code, stderr } = await runCli(['mcp', '--http', String(port), '--store', 'memory']);
      expect(code).toBe(3);
      expect(stderr).toBe(
        `plankeeper: cannot listen on 127.0.0.1:${port}: the port is already in use. Pick another with --http, or --http 0 for any free port.\n`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
