/**
 * `POST /api/plan/edit`, a person's change from the page, over real HTTP: applied through
 * the engine and recorded as the person's; refused from another site, without the token
 * where one is set, and for a bad change (changing nothing).
 */
import { request as httpRequest } from 'node:http';
import { encodePlanKey, MemoryPlanStore, PlanEngine } from 'plankeeper';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDashboardServer,
  type DashboardServer,
  type PlanDetailResponse,
} from '../../src/dashboard/index.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

const key = { agent: 'support', session: 'user-42' };

async function setup(token?: string) {
  const store = new MemoryPlanStore();
  const engine = new PlanEngine({ store });
  await engine.add(key, [{ content: 'Look up the policy' }, { content: 'Answer' }]);
  const server = await createDashboardServer({ store, ...(token && { token }) });
  open.push(server);
  return { engine, server };
}

/** A POST with exactly these headers (fetch would add its own Origin and Sec-Fetch-*). */
function post(
  server: DashboardServer,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/api/plan/edit',
): Promise<{ status: number; body: { error?: string; version?: number } }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const cancel2 = { key: encodePlanKey(key), edit: { kind: 'cancel', id: '2' }, by: 'Ana' };

describe('dashboard: a person changes a plan from the page', () => {
  it('applies the change through the engine and records it as the person’s', async () => {
    const { engine, server } = await setup();
    const origin = server.url.replace(/\/$/, '');
    const answer = await post(server, cancel2, { origin, 'sec-fetch-site': 'same-origin' });
    expect(answer).toMatchObject({ status: 200, body: { version: 2 } });
    expect((await engine.snapshot(key)).items[1]?.status).toBe('cancelled');
    expect((await engine.history(key)).at(-1)?.source).toMatchObject({
      by: 'person',
      name: 'Ana',
      edit: { kind: 'cancel', id: '2' },
    });
    const detail = (await (
      await fetch(new URL(`/api/plan?key=${encodeURIComponent(encodePlanKey(key))}`, server.url))
    ).json()) as PlanDetailResponse;
    expect(detail.timeline.at(-1)).toMatchObject({
      tool: 'person:cancel',
      by: 'person',
      name: 'Ana',
    });
  });

  it('refuses a request from another site, by Sec-Fetch-Site and by Origin, changing nothing', async () => {
    const { engine, server } = await setup();
    const bySite = await post(server, cancel2, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.status).toBe(403);
    expect(bySite.body.error).toBe(
      'Changes from another site are refused (Sec-Fetch-Site: cross-site); use the dashboard page itself.',
    );
    const byOrigin = await post(server, cancel2, { origin: 'https://evil.example' });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.error).toMatch(/Origin: https:\/\/evil\.example/);
    // A form post cannot send JSON without a CORS preflight, which this server never grants.
    const form = await post(server, 'key=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect((await engine.snapshot(key)).version).toBe(1);
  });

  it('needs the token when one is set', async () => {
    const { engine, server } = await setup('secret-token-123');
    expect((await post(server, cancel2)).status).toBe(401);
    expect((await post(server, cancel2, { authorization: 'Bearer secret-token-123' })).status).toBe(
      200,
    );
    expect((await engine.snapshot(key)).items[1]?.status).toBe('cancelled');
  });

  it('refuses a bad change in one line, changing nothing; only POST changes', async () => {
    const { engine, server } = await setup();
    const cases: [unknown, number, string][] = [
      [
        { ...cancel2, edit: { kind: 'done', id: '9' } },
        409,
        'There is no item #9; the items are #1, #2.',
      ],
      [
        { ...cancel2, edit: { kind: 'fly', id: '1' } },
        400,
        'edit.kind must be one of add, cancel, done, edit, move, note, approve.',
      ],
      [{ ...cancel2, edit: { kind: 'move', id: '1' } }, 400, 'edit.before is missing.'],
      [
        { ...cancel2, edit: { kind: 'add', content: 'x', id: '1' } },
        400,
        'edit.id does not go with kind add.',
      ],
      ['{', 400, 'The change is not valid JSON.'],
    ];
    for (const [body, status, error] of cases) {
      expect(await post(server, body)).toEqual({ status, body: { error } });
    }
    const get = await fetch(new URL('/api/plan/edit', server.url));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await post(server, {}, {}, '/api/plans')).status).toBe(405);
    expect((await engine.snapshot(key)).version).toBe(1);
  });

  it('answers a body over 16 KiB with 413, not a reset connection, changing nothing', async () => {
    const { server, engine } = await setup();
    const big = { ...cancel2, by: 'A'.repeat(40 * 1024) };
    // Sent in pieces with no declared length, then with one: both get the answer.
    for (const headers of [{ 'transfer-encoding': 'chunked' }, {}] as Record<string, string>[]) {
      const answer = await post(server, big, headers);
      expect(answer.status).toBe(413);
      expect(answer.body.error).toMatch(/./);
    }
    expect((await engine.snapshot(key)).version).toBe(1);
  });
});
