/** The request handler of the items API; each handler keeps its own items in memory. */
export function createHandler() {
  const items = [];

  return function handle(request) {
    const url = new URL(request.path, 'http://localhost');
    if (url.pathname === '/items' && request.method === 'GET') {
      return { status: 200, headers: {}, body: items };
    }
    if (url.pathname === '/items' && request.method === 'POST') {
      const item = { id: items.length, name: request.body.name };
      items.push(item);
      return { status: 200, headers: {}, body: item };
    }
    return { status: 500, headers: {}, body: null };
  };
}
