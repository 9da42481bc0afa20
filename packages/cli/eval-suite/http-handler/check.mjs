// The seven requirements, each checked on its own fresh handler; every miss is named.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const { createHandler } = await import(pathToFileURL(resolve('src/handler.js')).href);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const allow = (response) =>
  String(response.headers?.allow ?? '')
    .split(/,\s*/)
    .sort()
    .join();
const requirements = {
  '1 health': (handle) => {
    const response = handle({ method: 'GET', path: '/health' });
    return response.status === 200 && same(response.body, { ok: true });
  },
  '2 not found': (handle) => {
    const response = handle({ method: 'GET', path: '/nope' });
    return response.status === 404 && same(response.body, { error: 'not found' });
  },
  '3 method not allowed': (handle) => {
    const items = handle({ method: 'DELETE', path: '/items' });
    const health = handle({ method: 'POST', path: '/health' });
    return items.status === 405 && allow(items) === 'GET,POST' && health.status === 405;
  },
  '4 content-type': (handle) =>
    [
      { method: 'GET', path: '/health' },
      { method: 'GET', path: '/items' },
      { method: 'GET', path: '/nope' },
      { method: 'POST', path: '/items', body: {} },
    ].every((request) => handle(request).headers?.['content-type'] === 'application/json'),
  '5 create': (handle) => {
    const first = handle({ method: 'POST', path: '/items', body: { name: 'pen' } });
    const second = handle({ method: 'POST', path: '/items', body: { name: 'ink' } });
    const list = handle({ method: 'GET', path: '/items' }).body;
    return (
      first.status === 201 &&
      same(first.body, { id: 1, name: 'pen' }) &&
      same(second.body, { id: 2, name: 'ink' }) &&
      list.length === 2
    );
  },
  '6 name required': (handle) => {
    const missing = handle({ method: 'POST', path: '/items', body: {} });
    const blank = handle({ method: 'POST', path: '/items', body: { name: '' } });
    return (
      missing.status === 400 &&
      blank.status === 400 &&
      same(missing.body, { error: 'name is required' }) &&
      handle({ method: 'GET', path: '/items' }).body.length === 0
    );
  },
  '7 limit': (handle) => {
    for (const name of ['a', 'b', 'c']) handle({ method: 'POST', path: '/items', body: { name } });
    const two = handle({ method: 'GET', path: '/items?limit=2' }).body;
    const all = handle({ method: 'GET', path: '/items' }).body;
    return two.length === 2 && two[1].name === 'b' && all.length === 3;
  },
};
const missed = Object.keys(requirements).filter((name) => {
  try {
    return !requirements[name](createHandler());
  } catch {
    return true;
  }
});
if (missed.length > 0) {
  console.error(`check failed: not met: ${missed.join(', ')}`);
  process.exit(1);
}
