// Child process of light-import.test.ts: imports each module given on the command line
// (or, for "open:URL", imports dist/stores and opens that store), then prints every file
// that was loaded — through the ESM loader (via resolution-hooks.mjs) and through
// require() (the CommonJS cache, which the ESM hooks do not see on Node 20).
import { readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const [logPath, ...targets] = process.argv.slice(2);
register('./resolution-hooks.mjs', import.meta.url, { data: { logPath } });

for (const target of targets) {
  if (target.startsWith('open:')) {
    const stores = await import('plankeeper/stores');
    const store = await stores.openStore(target.slice('open:'.length));
    await store.close();
  } else {
    await import(pathToFileURL(target).href);
  }
}

const require = createRequire(import.meta.url);
const resolved = readFileSync(logPath, 'utf8').split('\n').filter(Boolean);
process.stdout.write(JSON.stringify({ files: [...resolved, ...Object.keys(require.cache)] }));
