// The key is renamed in both configs, every module and the docs, values kept; version bumped.
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
const json = (path) => JSON.parse(readFileSync(path, 'utf8'));
const load = (path) => import(pathToFileURL(resolve(path)).href);

for (const [file, value] of [
  ['config/default.json', 5000],
  ['config/production.json', 30000],
]) {
  const config = json(file);
  if ('timeout' in config) fail(`${file} still has "timeout"`);
  if (config.timeoutMs !== value) fail(`${file}: timeoutMs should be ${value}`);
}
try {
  const { loadConfig } = await load('src/load-config.js');
  if (loadConfig('production').timeoutMs !== 30000) fail('loadConfig() does not give timeoutMs');
  const { clientSettings } = await load('src/client.js');
  if (clientSettings({ host: 'h', timeoutMs: 1234 }).waitMs !== 1234) fail('client.js: timeoutMs');
  const { serverSettings } = await load('src/server.js');
  if (serverSettings({ port: 1, timeoutMs: 100 }).idleMs !== 200) fail('server.js: timeoutMs');
} catch (error) {
  fail(`a module refuses the renamed key: ${error.message}`);
}
const docs = readFileSync('docs/configuration.md', 'utf8');
if (!docs.includes('`timeoutMs`') || docs.includes('`timeout`')) {
  fail('docs/configuration.md does not name `timeoutMs` (or still names `timeout`)');
}
if (json('package.json').version !== '1.3.0') fail('package.json version is not 1.3.0');
