/** The public view of a user: no internal fields. */
export function toJSON(user) {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}
