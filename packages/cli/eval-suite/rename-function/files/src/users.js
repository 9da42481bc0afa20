const USERS = [
  { id: 1, name: 'Ada', admin: true },
  { id: 2, name: 'Linus', admin: false },
];

/** The user with this id, or undefined. */
export function getUsr(id) {
  return USERS.find((user) => user.id === id);
}

export function allUsers() {
  return [...USERS];
}
