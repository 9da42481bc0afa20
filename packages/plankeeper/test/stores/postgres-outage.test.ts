/**
 * A PostgreSQL outage under a running store, made with a TCP proxy in front of the test
 * server (the server itself is shared): the caller gets plankeeper's StoreUnavailableError
 * saying the server is unreachable and to retry, and the store works again after.
 */
import pg from 'pg';
import { redact, StoreUnavailableError } from 'plankeeper/stores';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  captureWarnings,
  dropPostgresTables,
  planRecord,
  postgresBackend,
  warnIfUnavailable,
} from '../support/store-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { testTag } from '../support/test-run.js';

const skip = warnIfUnavailable(postgresBackend, 'the PostgreSQL outage test');

describe.skipIf(skip)('PostgresPlanStore during an outage', () => {
  const target = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1');
  const proxy = new TcpProxy(target);
  const tablePrefix = `pk_outage_${testTag()}_`;
  afterAll(async () => {
    await proxy.stop();
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await dropPostgresTables(admin, tablePrefix);
    await admin.end();
  });

  it('fails a call with StoreUnavailableError while the server is away, and works again after', async () => {
    await proxy.start();
    const url = new URL(target);
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    const store = new PostgresPlanStore({ connectionString: url.href, tablePrefix });
    const { stop: stopCapturing } = captureWarnings();
    const key = { agent: 'outage', session: 's1' };
    try {
      await store.compareAndSet(key, 0, planRecord([{ content: 'before' }]));
      await proxy.stop();
      const failed = await store.compareAndSet(key, 1, planRecord([])).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(StoreUnavailableError.isInstance(failed)).toBe(true);
      // Whatever user and database the person's DATABASE_URL names: the password is masked.
      const message = (failed as Error).message;
      expect(
        message.startsWith(`the PostgreSQL server at ${redact(url.href)} is unreachable (`),
      ).toBe(true);
      expect(message).toMatch(
        /\), so the plan store cannot answer\. Check that the server is running, then retry\.$/,
      );
      if (url.password) expect(message).not.toContain(`:${url.password}@`);
      await proxy.start();
      await vi.waitFor(async () => expect((await store.get(key))?.version).toBe(1), {
        timeout: 5000,
      });
    } finally {
      stopCapturing();
      await store.close();
    }
  });
});
