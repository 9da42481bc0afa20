import { getUser } from './users.js';

export function profileTitle(id) {
  const user = getUser(id);
  return user ? `${user.name}'s profile` : 'Unknown user';
}
