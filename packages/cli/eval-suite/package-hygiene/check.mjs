// All eight points of the checklist, each checked on its own; every miss is named.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const read = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const manifest = JSON.parse(read('package.json') || '{}');
const source = read('src/index.js');
const license = read('LICENSE');
let index = {};
try {
  index = await import(pathToFileURL(resolve('src/index.js')).href);
} catch {}
const test = spawnSync(process.execPath, ['test/sum.test.js'], { encoding: 'utf8' });

const points = {
  '1 license': manifest.license === 'MIT',
  '2 engines': manifest.engines?.node === '>=20',
  '3 test script': manifest.scripts?.test === 'node --test',
  '4 LICENSE':
    /^MIT License\s*$/m.test(license.split('\n')[0]) &&
    license.includes('Copyright (c) 2026 tally contributors') &&
    license.includes('WITHOUT WARRANTY OF ANY KIND'),
  '5 no debug log': !source.includes('console.log'),
  '6 VERSION': index.VERSION === manifest.version && index.sum?.(1, 2) === 3,
  '7 usage':
    /^## Usage\s*$/m.test(read('README.md')) &&
    /sum\(/.test(read('README.md').split('## Usage')[1] ?? ''),
  '8 test': /sum/.test(read('test/sum.test.js')) && test.status === 0,
};
const missed = Object.keys(points).filter((point) => !points[point]);
if (missed.length > 0) {
  console.error(`check failed: not done: ${missed.join(', ')}`);
  process.exit(1);
}
