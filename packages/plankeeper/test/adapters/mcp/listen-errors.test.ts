/** serveHttp's listening failures: one line naming the problem and what to do. */
import { createServer } from 'node:net';
import { ConfigurationError, PlanEngine } from 'plankeeper';
import { serveHttp } from 'plankeeper/mcp';
import { describe, expect, it } from 'vitest';

describe('serveHttp when it cannot listen', () => {
  it('names a host that does not resolve, not a lost connection', async () => {
    // .invalid never resolves (RFC 6761); not loopback, so it needs a token to get that far.
    const started = serveHttp({
      engine: new PlanEngine(),
      port: 0,
      host: 'no.invalid',
      token: 't',
    });
    await expect(started).rejects.toBeInstanceOf(ConfigurationError);
    await expect(started).rejects.toThrow(
      /^Cannot serve MCP on no\.invalid:0: the host name does not resolve to an address \((ENOTFOUND|EAI_AGAIN)\)\. Use an address such as 127\.0\.0\.1, or add the name to the hosts file\.$/,
    );
    await expect(started).rejects.toMatchObject({ cause: { syscall: 'getaddrinfo' } });
  });

  it('says the port is taken and what to do', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(serveHttp({ engine: new PlanEngine(), port })).rejects.toThrow(
        `Cannot serve MCP on 127.0.0.1:${port}: the port is already in use. Pick another, or 0 for any free port.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
