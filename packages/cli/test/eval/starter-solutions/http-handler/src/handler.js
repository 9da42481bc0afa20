const JSON_HEADERS = { 'content-type': 'application/json' };
const reply = (status, body, headers = {}) => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  body,
});
const ROUTES = { '/health': ['GET'], '/items': ['GET', 'POST'] };

/** The request handler of the items API; each handler keeps its own items in memory. */
export function createHandler() {
  const items = [];

  return function handle(request) {
    const url = new URL(request.path, 'http://localhost');
    const methods = ROUTES[url.pathname];
    if (!methods) return reply(404, { error: 'not found' });
    if (!methods.includes(request.method)) {
      return reply(405, { error: 'method not allowed' }, { allow: methods.join(', ') });
    }
    if (url.pathname === '/health') return reply(200, { ok: true });
    if (request.method === 'GET') {
      const limit = url.searchParams.get('limit');
      return reply(200, limit === null ? items : items.slice(0, Number(limit)));
    }
    const name = request.body?.name;
    if (typeof name !== 'string' || name === '') return reply(400, { error: 'name is required' });
    const item = { id: items.length + 1, name };
    items.push(item);
    return reply(201, item);
  };
}
