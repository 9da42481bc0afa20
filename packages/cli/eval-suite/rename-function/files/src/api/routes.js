import * as users from '../users.js';

export function handleGetUser(id) {
  const user = users.getUsr(Number(id));
  return user ? { status: 200, body: user } : { status: 404, body: { error: 'not found' } };
}
