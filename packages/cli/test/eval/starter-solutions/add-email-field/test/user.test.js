import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toJSON } from '../src/serialize.js';
import { createUser } from '../src/user.js';
import { validate } from '../src/validate.js';

test('createUser gives a member by default', () => {
  assert.equal(createUser({ name: 'Ada' }).role, 'member');
});

test('toJSON leaves out internal fields', () => {
  assert.equal('createdAt' in toJSON(createUser({ name: 'Ada' })), false);
});

test('validate wants a name', () => {
  assert.deepEqual(validate({ role: 'admin' }).includes('name is required'), true);
});

test('email is kept, shown and checked', () => {
  const user = createUser({ name: 'Ada', email: 'ada@example.com' });
  assert.equal(toJSON(user).email, 'ada@example.com');
  assert.ok(validate({ name: 'Ada', email: 'nope' }).includes('email is invalid'));
});
