/** The problems with a user's input; empty when it is fine. */
export function validate(input) {
  const errors = [];
  if (!input.name) errors.push('name is required');
  if (input.role && !['member', 'admin'].includes(input.role)) errors.push('role is invalid');
  return errors;
}
