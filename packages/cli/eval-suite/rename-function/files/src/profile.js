import { getUsr } from './users.js';

export function profileTitle(id) {
  const user = getUsr(id);
  return user ? `${user.name}'s profile` : 'Unknown user';
}
