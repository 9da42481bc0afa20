/**
 * The dashboard server over real HTTP on 127.0.0.1, against the stores it serves.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, MemoryPlanStore, PlanEngine, type PlanKey } from 'plankeeper';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createDashboardServer,
  DashboardError,
  type DashboardServer,
  type PlanDetailResponse,
  type PlanListResponse,
} from '../../src/dashboard/index.js';
import { removeStoreFiles, storeKinds, wrapStore } from './store-kinds.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
afterAll(removeStoreFiles);

async function start(options: Parameters<typeof createDashboardServer>[0]) {
  const server = await createDashboardServer(options);
  open.push(server);
  return server;
}

async function getJson<T>(server: DashboardServer, path: string, init?: RequestInit) {
  const response = await fetch(new URL(path, server.url), init);
  return { status: response.status, body: (await response.json()) as T, response };
}

const support: PlanKey = { agent: 'support', session: 'user-42' };
const research: PlanKey = { agent: 'research', session: 's-1', scope: ['sub-agent'] };

describe.each(storeKinds)('dashboard API over the $name store', (kind) => {
  let store: PlanStore;
  let engine: PlanEngine;

  async function setup() {
    store = await kind.open();
    open.push(store);
    engine = new PlanEngine({ store });
    return start({ store });
  }

  it('lists every plan with progress and the item in progress', async () => {
    const server = await setup();
    await engine.write(support, [
      { content: 'Look up the return policy', status: 'completed' },
      { content: 'Draft the answer', status: 'in_progress', activeForm: 'Drafting the answer' },
      { content: 'Send the answer', status: 'pending' },
    ]);
    await engine.add(research, [{ content: 'Collect sources' }]);

    const { status, body } = await getJson<PlanListResponse>(server, '/api/plans');
    expect(status).toBe(200);
    expect(body.staleAfterMs).toBe(10 * 60 * 1000);
    expect(body.plans.map((plan) => plan.key)).toEqual([
      encodePlanKey(research),
      encodePlanKey(support),
    ]);
    const [first, second] = body.plans;
    expect(first).toMatchObject({
      agent: 'research',
      session: 's-1',
      scope: ['sub-agent'],
      total: 1,
      open: 1,
      completed: 0,
      current: null,
      stale: false,
    });
    expect(second).toMatchObject({
      agent: 'support',
      session: 'user-42',
      scope: [],
      version: 1,
      total: 3,
      open: 2,
      completed: 1,
      cancelled: 0,
      current: { id: '2', content: 'Draft the answer', activeForm: 'Drafting the answer' },
    });

    const filtered = await getJson<PlanListResponse>(server, '/api/plans?agent=support');
    expect(filtered.body.plans.map((plan) => plan.agent)).toEqual(['support']);
    const none = await getJson<PlanListResponse>(server, '/api/plans?agent=support&session=nope');
    expect(none.body.plans).toEqual([]);
  });

  it('shows the new item in progress after a write (no stale cached record)', async () => {
    const server = await setup();
    await engine.write(support, [
      { content: 'One', status: 'in_progress', activeForm: 'Doing one' },
      { content: 'Two', status: 'pending' },
    ]);
    const before = await getJson<PlanListResponse>(server, '/api/plans');
    expect(before.body.plans[0]?.current?.activeForm).toBe('Doing one');
    await engine.write(support, [
      { content: 'One', status: 'completed' },
      { content: 'Two', status: 'in_progress', activeForm: 'Doing two' },
    ]);
    const after = await getJson<PlanListResponse>(server, '/api/plans');
    expect(after.body.plans[0]).toMatchObject({
      version: 2,
      completed: 1,
      current: { id: '2', activeForm: 'Doing two' },
    });
  });

  it('returns one plan with a timeline saying what each tool call changed', async () => {
    const server = await setup();
    await engine.add(support, [{ content: 'Search' }, { content: 'Draft' }, { content: 'Send' }], {
      callId: 'call_1',
    });
    await engine.write(
      support,
      [
        { id: '1', content: 'Search', status: 'in_progress', activeForm: 'Searching' },
        { id: '2', content: 'Draft', status: 'pending' },
        { id: '3', content: 'Send', status: 'pending' },
      ],
      { callId: 'call_2' },
    );
    await engine.complete(support, [{ id: '1', reason: 'found section 4.2' }], {
      callId: 'call_3',
    });
    // A whole-list write that leaves out open item #3 and cancels #2.
    await engine.write(
      support,
      [
        { id: '1', content: 'Search', status: 'completed', note: 'found section 4.2' },
        { id: '2', content: 'Draft', status: 'cancelled', note: 'not needed' },
      ],
      { callId: 'call_4' },
    );
    await engine.add(support, [{ content: 'Reply' }], { callId: 'call_5' });
    await engine.remove(support, ['4'], { callId: 'call_6' });

    const { status, body } = await getJson<PlanDetailResponse>(
      server,
      `/api/plan?key=${encodeURIComponent(encodePlanKey(support))}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      agent: 'support',
      session: 'user-42',
      exists: true,
      version: 6,
      stale: false,
    });
    expect(body.items.map((item) => [item.id, item.status, item.note])).toEqual([
      ['1', 'completed', 'found section 4.2'],
      ['2', 'cancelled', 'not needed'],
    ]);
    expect(body.timeline.map((entry) => [entry.version, entry.tool, entry.callId])).toEqual([
      [1, 'todos_add', 'call_1'],
      [2, 'todo_write', 'call_2'],
      [3, 'todos_complete', 'call_3'],
      [4, 'todo_write', 'call_4'],
      [5, 'todos_add', 'call_5'],
      [6, 'todos_remove', 'call_6'],
    ]);
    const changes = body.timeline.map((entry) => entry.changes);
    expect(changes[0]).toEqual([
      { kind: 'added', id: '1', content: 'Search', status: 'pending' },
      { kind: 'added', id: '2', content: 'Draft', status: 'pending' },
      { kind: 'added', id: '3', content: 'Send', status: 'pending' },
    ]);
    expect(changes[1]).toEqual([
      { kind: 'started', id: '1', content: 'Search', activeForm: 'Searching' },
    ]);
    expect(changes[2]).toEqual([
      { kind: 'completed', id: '1', content: 'Search', note: 'found section 4.2' },
    ]);
    expect(changes[3]).toEqual([
      { kind: 'cancelled', id: '2', content: 'Draft', note: 'not needed' },
      { kind: 'dropped', id: '3', content: 'Send', status: 'pending' },
    ]);
    expect(changes[4]).toEqual([{ kind: 'added', id: '4', content: 'Reply', status: 'pending' }]);
    expect(changes[5]).toEqual([{ kind: 'removed', id: '4', content: 'Reply', status: 'pending' }]);
    expect(body.timeline[2]?.summary).toContain('found section 4.2');
    expect(body.timeline[2]).toMatchObject({ total: 3, completed: 1, deleted: false });
    expect(typeof body.timeline[0]?.at).toBe('number');
  });

  it('keeps a cleared plan reachable with its history, and 404s an unknown one', async () => {
    const server = await setup();
    await engine.add(support, [{ content: 'One' }, { content: 'Two' }]);
    await engine.clear(support);
    const cleared = await getJson<PlanDetailResponse>(
      server,
      `/api/plan?key=${encodeURIComponent(encodePlanKey(support))}`,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ exists: false, items: [], version: 0 });
    expect(cleared.body.timeline.at(-1)).toMatchObject({
      deleted: true,
      tool: 'host:clear',
      changes: [{ kind: 'cleared', count: 2 }],
    });
    const listing = await getJson<PlanListResponse>(server, '/api/plans');
    expect(listing.body.plans).toEqual([]);

    const missing = await getJson<{ error: string }>(server, '/api/plan?key=nobody/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain('nobody/nothing');
  });

  it('sends a plan-changed event after a write', async () => {
    const server = await setup();
    const stream = await openEventStream(server.url);
    try {
      await stream.waitFor((text) => text.includes(': connected'));
      await engine.add(support, [{ content: 'Stream me' }], { callId: 'call_9' });
      const text = await stream.waitFor((text) => text.includes('event: plan-changed'));
      const data = /event: plan-changed\ndata: (.*)\n\n/.exec(text)?.[1];
      expect(JSON.parse(data!)).toEqual({
        key: encodePlanKey(support),
        agent: 'support',
        session: 'user-42',
        scope: [],
        version: 1,
        at: expect.any(Number),
        tool: 'todos_add',
        deleted: false,
      });
      // Events carry no item text: the page re-fetches what changed.
      expect(text).not.toContain('Stream me');
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
    } finally {
      stream.close();
    }
  });
});

describe('dashboard events', () => {
  it('sends keep-alive comments and survives clients that disconnect', async () => {
    const store = new MemoryPlanStore();
    const engine = new PlanEngine({ store });
    const server = await start({ store, keepAliveMs: 30 });
    const leaving = await openEventStream(server.url);
    await leaving.waitFor((text) => text.includes(': connected'));
    leaving.close();
    const staying = await openEventStream(server.url);
    try {
      await staying.waitFor((text) => text.includes(': keepalive'));
      await engine.add(support, [{ content: 'After a client left' }]);
      await staying.waitFor((text) => text.includes('event: plan-changed'));
    } finally {
      staying.close();
    }
  });

  it('subscribes once and unsubscribes on close, leaving the store open', async () => {
    const inner = new MemoryPlanStore();
    let subscribed = 0;
    let unsubscribed = 0;
    const store = wrapStore(inner, {
      subscribe: async (listener) => {
        subscribed++;
        const stop = await inner.subscribe(listener);
        return () => {
          unsubscribed++;
          stop();
        };
      },
    });
    const server = await createDashboardServer({ store });
    const streams = [await openEventStream(server.url), await openEventStream(server.url)];
    await Promise.all(
      streams.map((stream) => stream.waitFor((text) => text.includes('connected'))),
    );
    expect(subscribed).toBe(1);
    await server.close();
    await server.close();
    expect(unsubscribed).toBe(1);
    await Promise.all(streams.map((stream) => stream.ended));
    // The store still works: the dashboard never closes what it was given.
    await new PlanEngine({ store: inner }).add(support, [{ content: 'still open' }]);
    expect((await inner.list()).length).toBe(1);
  });
});

describe('dashboard access', () => {
  it('requires the token on every request when one is set', async () => {
    const store = new MemoryPlanStore();
    const token = 'secret-token-123';
    const server = await start({ store, token });
    for (const path of ['/', '/api/plans', '/api/events', '/api/plan?key=a/b']) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await response.json()) as { error: string }).error).toMatch(/access token/);
    }
    const wrong = await fetch(new URL('/api/plans', server.url), {
      headers: { authorization: 'Bearer not-it' },
    });
    expect(wrong.status).toBe(401);
    const wrongQuery = await fetch(new URL('/api/plans?token=secret-token-12', server.url));
    expect(wrongQuery.status).toBe(401);

    const byHeader = await fetch(new URL('/api/plans', server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byHeader.status).toBe(200);
    const page = await fetch(new URL(`/?token=${token}`, server.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const events = await openEventStream(`${server.url}api/events?token=${token}`);
    try {
      await events.waitFor((text) => text.includes(': connected'));
    } finally {
      events.close();
    }
  });

  it('refuses to listen beyond loopback without a token', async () => {
    const store = new MemoryPlanStore();
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) {
      const attempt = createDashboardServer({ store, host });
      await expect(attempt, host).rejects.toBeInstanceOf(DashboardError);
      await expect(createDashboardServer({ store, host })).rejects.toThrow(
        /without an access token/,
      );
    }
    // With a token it serves on every interface.
    const server = await start({ store, host: '0.0.0.0', token: 'long-enough-token' });
    const response = await fetch(`http://127.0.0.1:${server.port}/api/plans`, {
      headers: { authorization: 'Bearer long-enough-token' },
    });
    expect(response.status).toBe(200);
  });

  it('answers loopback names only when there is no token (DNS rebinding)', async () => {
    const server = await start({ store: new MemoryPlanStore() });
    const rebound = await rawGet(server.port, '/api/plans', {
      host: `evil.example:${server.port}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('evil.example');
    const local = await rawGet(server.port, '/api/plans', { host: `localhost:${server.port}` });
    expect(local.status).toBe(200);
  });

  it('rejects bad options with clear errors', async () => {
    const store = new MemoryPlanStore();
    await expect(createDashboardServer({ store, port: 70000 })).rejects.toThrow(
      /Not a port: 70000/,
    );
    await expect(createDashboardServer({ store, port: 1.5 })).rejects.toThrow(/Not a port/);
    await expect(createDashboardServer({ store, host: ' ' })).rejects.toThrow(/Not a host/);
    await expect(createDashboardServer({ store, token: '' })).rejects.toThrow(/token is empty/);
    await expect(createDashboardServer({ store, token: 'has space' })).rejects.toThrow(
      /printable ASCII/,
    );
    await expect(createDashboardServer({ store, staleAfterMs: 0 })).rejects.toThrow(/staleAfterMs/);
    const taken = await start({ store });
    await expect(createDashboardServer({ store, port: taken.port })).rejects.toThrow(
      `Cannot listen on 127.0.0.1:${taken.port}: the port is already in use.`,
    );
  });

  it('answers bad requests with a JSON error, not a stack trace', async () => {
    const server = await start({ store: new MemoryPlanStore() });
    const noKey = await getJson<{ error: string }>(server, '/api/plan');
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/\?key=/);
    const badKey = await getJson<{ error: string }>(server, '/api/plan?key=%25E0%25A4%25A');
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toMatch(/Not a plan key/);
    const unknown = await getJson<{ error: string }>(server, '/nope');
    expect(unknown.status).toBe(404);
    const post = await fetch(new URL('/api/plans', server.url), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('reports a failing store as a 500 with its message', async () => {
    const inner = new MemoryPlanStore();
    const store = wrapStore(inner, {
      list: async () => {
        throw new Error('database is locked');
      },
    });
    const server = await start({ store });
    const { status, body } = await getJson<{ error: string }>(server, '/api/plans');
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'The plan store failed: database is locked' });
  });
});

describe('dashboard output is inert', () => {
  const hostile = '</script><script>alert(1)</script><img src=x onerror="alert(2)"> \u2028 & more';

  it('escapes model-written text in the JSON and keeps it out of the page', async () => {
    const store = new MemoryPlanStore();
    const engine = new PlanEngine({ store });
    const key: PlanKey = { agent: '<b>agent</b>', session: '"><svg onload=alert(3)>' };
    await engine.write(key, [{ content: hostile, status: 'in_progress', activeForm: hostile }]);
    const server = await start({ store });

    const listing = await fetch(new URL('/api/plans', server.url));
    expect(listing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(listing.headers.get('x-content-type-options')).toBe('nosniff');
    const raw = await listing.text();
    expect(raw).not.toMatch(/[<>]/);
    expect(raw).not.toContain('\u2028');
    const parsed = JSON.parse(raw) as PlanListResponse;
    expect(parsed.plans[0]?.current?.content).toBe(hostile);
    expect(parsed.plans[0]?.agent).toBe('<b>agent</b>');

    const detail = await fetch(
      new URL(`/api/plan?key=${encodeURIComponent(encodePlanKey(key))}`, server.url),
    );
    const detailRaw = await detail.text();
    expect(detailRaw).not.toMatch(/[<>]/);
    expect((JSON.parse(detailRaw) as PlanDetailResponse).items[0]?.content).toBe(hostile);

    const page = await fetch(server.url);
    const html = await page.text();
    expect(html).not.toContain('alert(');
    expect(html).not.toContain('innerHTML');
    expect(html).not.toContain('insertAdjacentHTML');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe-inline');
  });
});

describe('dashboard staleness', () => {
  it('marks plans with open items and no recent write as stale, finished ones never', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const store = new MemoryPlanStore({ now });
    const engine = new PlanEngine({ store, now });
    await engine.add(support, [{ content: 'Waiting on something' }]);
    await engine.write({ agent: 'done', session: 'd' }, [{ content: 'Done', status: 'completed' }]);
    const server = await start({ store, now, staleAfterMs: 60_000 });

    clock += 59_000;
    const fresh = await getJson<PlanListResponse>(server, '/api/plans');
    expect(fresh.body.plans.map((plan) => [plan.agent, plan.stale])).toEqual([
      ['done', false],
      ['support', false],
    ]);
    clock += 2_000;
    const later = await getJson<PlanListResponse>(server, '/api/plans');
    expect(later.body.now).toBe(clock);
    expect(later.body.staleAfterMs).toBe(60_000);
    expect(later.body.plans.map((plan) => [plan.agent, plan.stale])).toEqual([
      ['done', false],
      ['support', true],
    ]);
    const detail = await getJson<PlanDetailResponse>(
      server,
      `/api/plan?key=${encodeURIComponent(encodePlanKey(support))}`,
    );
    expect(detail.body.stale).toBe(true);
  });
});

describe.each(storeKinds)('listing 1,000 sessions from the $name store', (kind) => {
  it('answers in one request and re-reads only what changed', async () => {
    const store = await kind.open();
    open.push(store);
    const engine = new PlanEngine({ store });
    for (let index = 0; index < 1000; index++) {
      await engine.write({ agent: `agent-${index % 7}`, session: `session-${index}` }, [
        { content: 'Read the ticket', status: 'completed' },
        { content: 'Answer it', status: 'in_progress', activeForm: `Answering ticket ${index}` },
        { content: 'Close it', status: 'pending' },
      ]);
    }
    let reads = 0;
    const counting = wrapStore(store, {
      get: (key) => {
        reads++;
        return store.get(key);
      },
    });
    const server = await start({ store: counting });

    let started = performance.now();
    const first = await getJson<PlanListResponse>(server, '/api/plans');
    const firstMs = performance.now() - started;
    expect(first.body.plans).toHaveLength(1000);
    expect(
      first.body.plans.every((plan) => plan.current?.activeForm?.startsWith('Answering')),
    ).toBe(true);
    expect(reads).toBe(1000);

    await engine.complete({ agent: 'agent-3', session: 'session-3' }, [
      { id: '2', reason: 'sent' },
    ]);
    reads = 0;
    started = performance.now();
    const second = await getJson<PlanListResponse>(server, '/api/plans');
    const secondMs = performance.now() - started;
    // The change reached the listing, with at most that one plan read again.
    expect(reads).toBeLessThanOrEqual(1);
    expect(second.body.plans.find((plan) => plan.session === 'session-3')).toMatchObject({
      completed: 2,
      current: null,
    });
    console.log(
      `[dashboard] ${kind.name}: /api/plans for 1,000 sessions: first ${firstMs.toFixed(1)} ms, after one write ${secondMs.toFixed(1)} ms (${first.response.headers.get('content-length') ?? '?'} bytes)`,
    );
  });
});

// --- helpers -------------------------------------------------------------------------

interface EventStreamClient {
  response: IncomingMessage;
  waitFor(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
  ended: Promise<void>;
}

function openEventStream(url: string): Promise<EventStreamClient> {
  const target = new URL(url.endsWith('/') ? `${url}api/events` : url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, (response) => {
      let text = '';
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const waiter of waiters) waiter();
      });
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      resolve({
        response,
        ended,
        waitFor(predicate, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              if (!predicate(text)) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(text);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`No matching event within ${timeoutMs} ms; got:\n${text}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    request.end();
  });
}

function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
