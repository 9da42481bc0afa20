import { getUsr } from './users.js';

export function isAdmin(id) {
  return getUsr(id)?.admin === true;
}
