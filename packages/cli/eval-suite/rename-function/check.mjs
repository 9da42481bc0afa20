// getUser replaces getUsr everywhere, with no alias left, and every caller still works.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
for (const path of readdirSync('src', { recursive: true }).filter((p) => p.endsWith('.js'))) {
  if (readFileSync(join('src', path), 'utf8').includes('getUsr')) fail(`src/${path} names getUsr`);
}
let api;
try {
  api = await import(pathToFileURL(resolve('src/index.js')).href);
} catch (error) {
  fail(`src/index.js does not load: ${error.message}`);
}
if (typeof api.getUser !== 'function' || 'getUsr' in api)
  fail('src/index.js should export getUser only');
if (api.getUser(2)?.name !== 'Linus') fail('getUser(2) is not Linus');
if (api.profileTitle(1) !== "Ada's profile") fail('profileTitle() broke');
if (api.isAdmin(1) !== true || api.isAdmin(2) !== false) fail('isAdmin() broke');
if (api.handleGetUser('2').body.name !== 'Linus') fail('handleGetUser() broke');
if (api.handleGetUser('9').status !== 404) fail('handleGetUser() of an unknown id');
