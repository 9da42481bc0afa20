import { getUser } from './users.js';

export function isAdmin(id) {
  return getUser(id)?.admin === true;
}
