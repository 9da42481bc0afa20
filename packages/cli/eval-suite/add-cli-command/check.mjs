// `count` works from the command line, sits in its own file, and help and README name it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const scratch = mkdtempSync(join(tmpdir(), 'notes-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const notesFile = join(scratch, 'notes.json');
writeFileSync(notesFile, JSON.stringify(['a', 'b', 'c', 'd']));
const cli = (...args) =>
  spawnSync(process.execPath, ['bin/notes.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NOTES_FILE: notesFile },
  });
const count = cli('count');
if (count.status !== 0 || count.stdout.trim() !== '4 notes') {
  fail(`notes count with four notes prints ${JSON.stringify(count.stdout.trim())}`);
}
if (!existsSync('src/commands/count.js')) fail('no src/commands/count.js');
if (!/^\s*count\b/m.test(cli('help').stdout)) fail('the help text has no line for count');
if (!/`notes count`/.test(readFileSync('README.md', 'utf8')))
  fail('README does not list `notes count`');
if (cli('list').stdout.split('\n')[0] !== '1. a') fail('list broke');
