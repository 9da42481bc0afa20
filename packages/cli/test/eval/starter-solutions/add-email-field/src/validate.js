/** The problems with a user's input; empty when it is fine. */
export function validate(input) {
  const errors = [];
  if (!input.name) errors.push('name is required');
  if (!input.email) errors.push('email is required');
  else if (!input.email.includes('@')) errors.push('email is invalid');
  if (input.role && !['member', 'admin'].includes(input.role)) errors.push('role is invalid');
  return errors;
}
