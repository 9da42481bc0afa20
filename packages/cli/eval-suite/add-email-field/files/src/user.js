let nextId = 1;

/** A new user record. */
export function createUser({ name, role = 'member' }) {
  return { id: nextId++, name, role, createdAt: new Date(0).toISOString() };
}
