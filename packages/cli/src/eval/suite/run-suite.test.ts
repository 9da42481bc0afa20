/**
 * Runs that fail for a reason waiting may cure are tried again, a bounded number of times,
 * each in a fresh workspace: the suite runner with the own-loop executor and the real OpenAI
 * client against a local server that answers 503 first.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeProviderServer } from '../../../test/support/fake-provider-server.js';
import { suiteModel } from '../../../test/support/suite-models.js';
import { OpenAIChatClient } from '../../models/openai-client.js';
import { loadSuite } from './load-suite.js';
import { ownLoopExecutor } from './own-loop-executor.js';
import { runSuite } from './run-suite.js';
import type { SuiteRunRecord } from './suite-record.js';

const SUITE = fileURLToPath(new URL('../../../test/eval/fixtures/suite', import.meta.url));
let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The real OpenAI client for the local server at `baseURL`, with no retries of its own. */
const fakeModel = (baseURL: string) =>
  new OpenAIChatClient({ model: 'fake', baseURL, apiKey: 'k', maxRetries: 0 });

const unavailable = {
  status: 503,
  headers: { 'x-should-retry': 'false' },
  json: { error: { message: 'overloaded' } },
};

async function runOneFile(
  retries: number,
  failures: number,
  onRetry?: (record: SuiteRunRecord, waitMs: number) => void,
) {
  server = await FakeProviderServer.start();
  server
    .reply(...Array.from({ length: failures }, () => unavailable))
    .respond(suiteModel('solver'));
  const model = fakeModel(server.url('/v1'));
  const suite = loadSuite(SUITE, 'en');
  return runSuite({
    suite: { ...suite, tasks: suite.tasks.filter((task) => task.id === 'one-file') },
    arms: ['off'],
    reps: 1,
    locale: 'en',
    executor: ownLoopExecutor(model),
    concurrency: 1,
    retries,
    retryBaseMs: 5,
    checkTimeoutMs: 10_000,
    runTimeoutMs: 10_000,
    signal: new AbortController().signal,
    ...(onRetry && { onRetry }),
  });
}

describe('suite runs and retries', () => {
  it('passes on the third try after two 503s, saying before each retry when it comes', async () => {
    const retries: Array<[number, number]> = [];
    const [record] = await runOneFile(3, 2, (erred, waitMs) =>
      retries.push([erred.attempts, waitMs]),
    );
    expect(record).toMatchObject({ status: 'passed', attempts: 3 });
    expect(retries).toEqual([
      [1, 5],
      [2, 10],
    ]);
  });

  it('gives up after the bounded retries: an error, never a fail', async () => {
    const [record] = await runOneFile(2, 10);
    expect(record).toMatchObject({ status: 'error', attempts: 3 });
    expect(record!.error).toContain('503');
    expect(server!.requests).toHaveLength(3);
  });

  it('keeps the tokens of the calls a run made before it erred: they were paid for', async () => {
    server = await FakeProviderServer.start();
    const solver = suiteModel('solver');
    const refusal = { status: 400, json: { error: { message: 'context too long' } } };
    server.respond((request) => (server!.requests.length === 1 ? solver(request) : refusal));
    const model = fakeModel(server.url('/v1'));
    const suite = loadSuite(SUITE, 'en');
    const [record] = await runSuite({
      suite: { ...suite, tasks: suite.tasks.filter((task) => task.id === 'one-file') },
      arms: ['off'],
      reps: 1,
      locale: 'en',
      executor: ownLoopExecutor(model),
      concurrency: 1,
      retries: 0,
      retryBaseMs: 5,
      checkTimeoutMs: 10_000,
      runTimeoutMs: 10_000,
      signal: new AbortController().signal,
    });
    expect(record).toMatchObject({ status: 'error', modelCalls: 2, outputTokens: 20 });
    expect(record!.inputTokens).toBeGreaterThan(0);
  });

  it('retries again once a run gets through after the endpoint was down', async () => {
    server = await FakeProviderServer.start();
    const solver = suiteModel('solver');
    // Down for the first run's two tries and the second run's one, up for the third run's two
    // calls, down again for the fourth.
    server.respond((request) => {
      const n = server!.requests.length;
      return n <= 3 || n >= 6 ? unavailable : solver(request);
    });
    const model = fakeModel(server.url('/v1'));
    const suite = loadSuite(SUITE, 'en');
    const options = {
      suite: { ...suite, tasks: suite.tasks.filter((task) => task.id === 'one-file') },
      arms: ['off'],
      reps: 4,
      locale: 'en' as const,
      executor: ownLoopExecutor(model),
      concurrency: 1,
      retries: 1,
      retryBaseMs: 5,
      checkTimeoutMs: 10_000,
      runTimeoutMs: 10_000,
      signal: new AbortController().signal,
    };
    const records = await runSuite(options);
    expect(records.map((record) => [record.status, record.attempts])).toEqual([
      ['error', 2],
      ['error', 1],
      ['passed', 1],
      ['error', 2],
    ]);
  });

  it('does not retry what waiting cannot cure', async () => {
    server = await FakeProviderServer.start();
    server.reply({ status: 401, json: { error: { message: 'bad key' } } });
    const model = fakeModel(server.url('/v1'));
    const suite = loadSuite(SUITE, 'en');
    const [record] = await runSuite({
      suite: { ...suite, tasks: suite.tasks.slice(0, 1) },
      arms: ['standard'],
      reps: 1,
      locale: 'en',
      executor: ownLoopExecutor(model),
      concurrency: 1,
      retries: 3,
      retryBaseMs: 5,
      checkTimeoutMs: 10_000,
      runTimeoutMs: 10_000,
      signal: new AbortController().signal,
    });
    expect(record).toMatchObject({ status: 'error', attempts: 1 });
  });

  it('retries an endpoint that refuses connections, then counts the run as an error; once down, later runs are not retried', async () => {
    const closed = await FakeProviderServer.start();
    const baseURL = closed.url('/v1');
    await closed.close();
    const model = fakeModel(baseURL);
    const suite = loadSuite(SUITE, 'en');
    const records = await runSuite({
      suite,
      arms: ['off', 'standard'],
      reps: 1,
      locale: 'en',
      executor: ownLoopExecutor(model),
      concurrency: 2,
      retries: 2,
      retryBaseMs: 5,
      checkTimeoutMs: 10_000,
      runTimeoutMs: 10_000,
      signal: new AbortController().signal,
    });
    // The first two ran side by side and each used its retries; the endpoint was down after.
    expect(records.map((record) => [record.status, record.attempts])).toEqual([
      ['error', 3],
      ['error', 3],
      ['error', 1],
      ['error', 1],
    ]);
    expect(records[0]!.error).toMatch(/^Cannot reach/);
  });
});
