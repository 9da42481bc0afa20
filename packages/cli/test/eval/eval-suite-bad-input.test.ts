/** `plankeeper eval --suite` with bad flags or a broken suite: one line saying what to do, exit 2, nothing run. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const SUITE = fileURLToPath(new URL('./fixtures/suite', import.meta.url));
// Never reached: every case fails before the first model call.
const MODEL = [
  '--model',
  'openai:fake-model',
  '--base-url',
  'http://127.0.0.1:9/v1',
  '--api-key',
  'k',
];
const scratch = mkdtempSync(join(tmpdir(), 'suite-bad-input-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A suite folder with one task folder holding `files`. */
function suiteWith(name: string, files: Record<string, string>): string {
  const task = join(scratch, name, 'task');
  mkdirSync(task, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(task, file), text);
  return join(scratch, name);
}

const FLAG_CASES: Array<[string[], RegExp]> = [
  [
    ['--suite', SUITE, ...MODEL, '--arms', 'off,always'],
    /^--arms: unknown arm "always"\. Use a comma-separated list of off, light, standard, strict, checks\.$/,
  ],
  [['--suite', SUITE, ...MODEL, '--arms', 'off,off'], /^--arms: an arm is named twice/],
  [
    ['--suite', SUITE, ...MODEL, '--reps', '0'],
    /^--reps: "0" is not a whole number from 1 to 1000\.$/,
  ],
  [
    ['--suite', SUITE, ...MODEL, '--concurrency', 'two'],
    /^--concurrency: "two" is not a whole number/,
  ],
  [['--suite', SUITE, ...MODEL, '--price-in', '1'], /^--price-in and --price-out go together/],
  [
    ['--suite', SUITE, ...MODEL, '--price-in', 'x', '--price-out', '1'],
    /^--price-in: "x" is not a price/,
  ],
  [
    ['--suite', join(scratch, 'nowhere'), ...MODEL],
    /^--suite: .*nowhere is not a folder\. Give a folder of task folders\.$/,
  ],
  [['--suite', SUITE], /^--suite needs --model\. /],
  // Commander would keep the last one and run the other suite than the person meant.
  [
    ['--suite', SUITE, ...MODEL, '--suite', 'starter'],
    /^--suite: given twice \(.*suite and starter\)\. Give it once\.$/,
  ],
  [
    ['--suite', SUITE, ...MODEL, '--agent', 'vim'],
    /^--agent vim: not a coding agent\. Use one of: claude-code, /,
  ],
  // A name the agent table has by inheritance is no agent either.
  [
    ['--suite', SUITE, ...MODEL, '--agent', 'constructor'],
    /^--agent constructor: not a coding agent\. /,
  ],
  [
    ['--suite', SUITE, ...MODEL, '--agent', 'vim', '--lang', 'zh'],
    /^--agent vim：不是可用的编码智能体。可选：claude-code、codex、/,
  ],
  [
    ['--suite', SUITE, '--model', 'openai:m', '--base-url', 'localhost:11434/v1'],
    /^--base-url: "localhost:11434\/v1" is not an http\(s\) URL\.$/,
  ],
  // Checked before the agent's CLI is looked for: the proxy would choke on it mid-run.
  [
    [
      '--suite',
      SUITE,
      '--model',
      'anthropic:m',
      '--api-key',
      'k',
      '--agent',
      'claude-code',
      '--base-url',
      'not-a-url',
    ],
    /^--base-url: "not-a-url" is not an http\(s\) URL\.$/,
  ],
  [['--arms', 'off,standard'], /^--arms needs --suite DIR\.$/],
  [
    ['--suite', SUITE, ...MODEL, '--out', join(scratch, 'no-folder', 'run.json')],
    /^--out: the folder of .*run\.json does not exist\. Create it, or give another path\.$/,
  ],
  [['--suite', SUITE, ...MODEL, '--scenario', 'x'], /^--scenario and --suite do not go together/],
  [
    ['--suite', SUITE, ...MODEL, '--resume', join(scratch, 'none.json')],
    /^--resume: .*none\.json: no such file\./,
  ],
];

describe('plankeeper eval --suite: bad input', () => {
  it.each(
    // Named without the scratch paths of the machine that runs them.
    FLAG_CASES.map(
      ([args, message]) =>
        [args.filter((arg) => !arg.startsWith('/')).join(' '), args, message] as const,
    ),
  )('%s', async (_name, args, message) => {
    const run = await runCli(['eval', ...args]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replace(/^plankeeper: (error: )?/, '')).toMatch(message);
  });

  it.each([
    ['empty', {}, /holds no task folders/],
    [
      'no-prompt',
      { check: 'true' },
      /^Task task: no task\.md \(or it is empty\)\. Write the prompt there\.$/,
    ],
    ['no-check', { 'task.md': 'Do it.' }, /^Task task: no check file \(or it is empty\)\./],
    ['blank-check', { 'task.md': 'Do it.', check: '  \n' }, /^Task task: no check file/],
  ])('a suite with %s tasks', async (name, files, message) => {
    const suite = name === 'empty' ? join(scratch, name) : suiteWith(name, files);
    mkdirSync(suite, { recursive: true });
    const run = await runCli(['eval', '--suite', suite, ...MODEL]);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replace(/^plankeeper: (error: )?/, '')).toMatch(message);
  });
});
