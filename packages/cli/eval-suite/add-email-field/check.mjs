// email goes through model, serializer and validator, and the tests cover it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const load = (path) => import(pathToFileURL(resolve(path)).href);
const { createUser } = await load('src/user.js');
const { toJSON } = await load('src/serialize.js');
const { validate } = await load('src/validate.js');

const user = createUser({ name: 'Ada', email: 'ada@example.com' });
if (user.email !== 'ada@example.com') fail('createUser() drops email');
if (toJSON(user).email !== 'ada@example.com') fail('toJSON() leaves out email');
if ('createdAt' in toJSON(user)) fail('toJSON() now shows createdAt');
const errors = (input) => validate(input);
if (!errors({ name: 'Ada' }).includes('email is required'))
  fail('validate(): no "email is required"');
if (!errors({ name: 'Ada', email: '' }).includes('email is required'))
  fail('validate(): empty email');
if (!errors({ name: 'Ada', email: 'ada.example.com' }).includes('email is invalid')) {
  fail('validate(): no "email is invalid"');
}
if (errors({ name: 'Ada', email: 'ada@example.com' }).length !== 0)
  fail('validate() refuses a good user');
if (!errors({ email: 'a@b.c' }).includes('name is required'))
  fail('validate() stopped checking name');

const tests = readFileSync('test/user.test.js', 'utf8');
for (const name of ['gives a member by default', 'leaves out internal fields', 'wants a name']) {
  if (!tests.includes(name)) fail(`the existing test "${name}" is gone`);
}
if (!/email/.test(tests)) fail('test/user.test.js has no test of email');
const run = spawnSync(process.execPath, ['test/user.test.js'], { encoding: 'utf8' });
if (run.status !== 0) fail(`tests fail: node test/user.test.js exits ${run.status}`);
