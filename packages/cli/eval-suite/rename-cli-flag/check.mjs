// --output works, --out still works and warns, and help, README and CHANGELOG say so.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const pack = (...args) =>
  spawnSync(process.execPath, ['bin/pack.js', ...args], { encoding: 'utf8' });
const warning = 'warning: --out is deprecated, use --output';
const output = pack('--output', 'x.tar', 'a.txt');
if (output.stdout.trim() !== 'packing a.txt into x.tar') fail('--output FILE is not read');
if (output.stderr.includes('deprecated')) fail('--output warns');
const old = pack('a.txt', '--out', 'y.tar');
if (old.stdout.trim() !== 'packing a.txt into y.tar') fail('--out FILE no longer works');
if (old.stderr.trim() !== warning)
  fail(`--out prints ${JSON.stringify(old.stderr.trim())} on stderr`);
const help = pack('--help').stdout;
if (!help.includes('--output FILE') || /--out\b(?!put)/.test(help)) {
  fail('the help text should show --output and not --out');
}
const readme = readFileSync('README.md', 'utf8');
if (!readme.includes('`--output FILE`') || readme.includes('`--out FILE`')) {
  fail('README flag table should name `--output FILE` instead of `--out FILE`');
}
const changelog = readFileSync('CHANGELOG.md', 'utf8');
const unreleased = changelog.slice(
  changelog.indexOf('## Unreleased'),
  changelog.indexOf('## 0.8.0'),
);
if (!unreleased.includes('- Rename --out to --output; --out still works and warns.')) {
  fail('CHANGELOG has no entry under ## Unreleased');
}
