// 2.4.0 everywhere the version is written, and a changelog section in the right place.
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
if (json('package.json').version !== '2.4.0') fail('package.json is not 2.4.0');
const lock = json('package-lock.json');
if (lock.version !== '2.4.0') fail('package-lock.json "version" is not 2.4.0');
if (lock.packages?.['']?.version !== '2.4.0') fail('package-lock.json packages[""] is not 2.4.0');
const { VERSION } = await import(pathToFileURL(resolve('src/version.js')).href);
if (VERSION !== '2.4.0') fail('src/version.js is not 2.4.0');
const readme = readFileSync('README.md', 'utf8');
if (!readme.includes('widget@2.4.0') || readme.includes('2.3.1')) fail('README install line');
const changelog = readFileSync('CHANGELOG.md', 'utf8');
const newest = changelog.indexOf('## 2.4.0');
if (newest < 0 || newest > changelog.indexOf('## 2.3.1')) fail('CHANGELOG: no 2.4.0 above 2.3.1');
const section = changelog.slice(newest, changelog.indexOf('## 2.3.1'));
if (!section.includes('- Add the --quiet flag.')) fail('CHANGELOG: 2.4.0 lacks its entry');
if (!changelog.includes('- Fix the right border on wide characters.')) fail('CHANGELOG lost 2.3.1');
