let nextId = 1;

/** A new user record. */
export function createUser({ name, email, role = 'member' }) {
  return { id: nextId++, name, email, role, createdAt: new Date(0).toISOString() };
}
