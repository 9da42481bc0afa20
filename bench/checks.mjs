// Checks before done: what they add to a turn besides the person's own check command. The
// harness takes the workspace's fingerprint when the turn begins and when the model answers
// (workspaceState from plankeeper/checks), and runs the command only if it changed. Measured
// on this repository's own work tree as it is, on a clone of it with changed and new files,
// and on a copy of its files without git (the bounded walk); baselines in the same run: a
// bare `git status` of the same tree, and a bare recursive listing of the copy. Then, by
// counting the runs the command itself logs: a turn that changes a file runs it once, a
// question-only turn never, and the question-only turn's time with and without `verify`.
import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'plankeeper';
import { workspaceState } from 'plankeeper/checks';
import { ScriptedModel } from 'plankeeper/test';
import { printTable, verdict } from './report.mjs';

const root = new URL('../', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_CHECKS_ROUNDS ?? 15);
const CHANGED = 20;
/** A question-only turn may cost at most this much more with `verify` than without. */
const QUESTION_TURN_TARGET_MS = 250;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(operation) {
  const samples = [];
  await operation();
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await operation();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function bareGitStatus(dir) {
  return new Promise((done, fail) =>
    execFile(
      'git',
      ['-C', dir, 'status', '--porcelain=v2', '-z', '--untracked-files=all'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error) => (error ? fail(error) : done()),
    ),
  );
}

const git = (dir, ...args) =>
  execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });

/** A clone of this repository with CHANGED tracked files edited and five new ones. */
function changedClone(base) {
  const dir = join(base, 'clone');
  execFileSync('git', ['clone', '--quiet', '--shared', root, dir]);
  const files = git(dir, 'ls-files', '*.ts').split('\n').filter(Boolean).slice(0, CHANGED);
  for (const file of files) appendFileSync(join(dir, file), '\n// changed\n');
  for (let index = 0; index < 5; index++) writeFileSync(join(dir, `new-${index}.txt`), 'new\n');
  // As any tree a person works in: git has looked at it since the checkout.
  git(dir, 'status', '--porcelain');
  return dir;
}

/** This repository's tracked files, exported without git. */
function plainCopy(base) {
  const dir = join(base, 'plain');
  execFileSync('sh', [
    '-c',
    `mkdir -p "${dir}" && git -C "${root}" archive HEAD | tar -x -C "${dir}"`,
  ]);
  return dir;
}

/** The files a fingerprint covers: git's tracked and untracked ones (not ignored), else all. */
function countFiles(dir) {
  try {
    return git(dir, 'ls-files', '--cached', '--others', '--exclude-standard')
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length;
  }
}

async function fingerprintRows(base) {
  const trees = [
    ['this work tree, as it is', root, bareGitStatus],
    [`a clone, ${CHANGED} files changed + 5 new`, changedClone(base), bareGitStatus],
    [
      'a copy without git (bounded walk)',
      plainCopy(base),
      (dir) => readdirSync(dir, { recursive: true }),
    ],
  ];
  const rows = [];
  for (const [name, dir, baseline] of trees) {
    const files = countFiles(dir);
    const bare = await timed(() => baseline(dir));
    const fingerprint = await timed(() => workspaceState(dir));
    rows.push([name, files, fingerprint, bare, fingerprint * 2]);
  }
  return rows;
}

/** A tool that writes a file in `dir`, so a turn can change the workspace. */
function writeTool(dir) {
  return {
    name: 'write_file',
    description: 'Write a file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
    },
    async execute({ path, content }) {
      writeFileSync(join(dir, path), content);
      return { ok: true, text: `Wrote ${path}.`, data: {}, title: 'write_file' };
    },
  };
}

/**
 * One session of three turns in a git folder: a change, a question, a question. Returns the
 * check's runs per turn (from its own log) and each turn's time.
 */
async function session(base, index, verify) {
  const dir = join(base, `session-${index}`);
  execFileSync('sh', [
    '-c',
    `mkdir -p "${dir}" && git -C "${dir}" init -q && echo a > "${dir}/a.txt" && git -C "${dir}" add . && git -C "${dir}" -c user.email=b@b -c user.name=b commit -qm a`,
  ]);
  const log = join(base, `runs-${index}.log`);
  writeFileSync(log, '');
  const model = new ScriptedModel();
  const agent = new Agent({
    model,
    tools: [writeTool(dir)],
    planning: verify
      ? {
          verify: {
            command: `node -e "require('fs').appendFileSync('${log}', 'run\\n')"`,
            cwd: dir,
          },
        }
      : {},
  });
  const chat = agent.session('checks-bench');
  const turns = [
    [{ tool: 'write_file', args: { path: 'b.txt', content: 'b\n' } }, { final: 'Wrote b.txt.' }],
    [{ final: 'b.txt says b.' }],
    [{ final: 'a.txt says a.' }],
  ];
  const runs = [];
  const times = [];
  for (const [turn, steps] of turns.entries()) {
    model.load(steps);
    const before = readFileSync(log, 'utf8').length;
    const start = performance.now();
    const result = await chat.send(`Turn ${turn + 1}`);
    times.push(performance.now() - start);
    if (result.error) throw new Error(result.error);
    runs.push(readFileSync(log, 'utf8').slice(before).split('\n').filter(Boolean).length);
  }
  return { runs, times };
}

export default async function checks() {
  const base = mkdtempSync(join(tmpdir(), 'plankeeper-bench-checks-'));
  try {
    const rows = await fingerprintRows(base);
    printTable(
      'Checks before done: the fingerprint a turn takes twice (ms, median)',
      ['tree', 'files', 'fingerprint', 'bare baseline', 'per turn (2 fingerprints)'],
      rows,
    );
    console.log(
      'bare baseline: `git status --porcelain=v2 -z --untracked-files=all` of the same tree; for the copy, a recursive listing.',
    );
    const withChecks = [];
    const without = [];
    for (let index = 0; index < 7; index++) {
      withChecks.push(await session(base, `v${index}`, true));
      without.push(await session(base, `n${index}`, false));
    }
    const runs = withChecks[0].runs;
    const question = (sessions) => median(sessions.flatMap((one) => one.times.slice(1)));
    const change = (sessions) => median(sessions.map((one) => one.times[0]));
    printTable(
      'Checks before done: one session of three turns (a change, two questions), 7 sessions each',
      ['turn', 'check runs (counted by the command)', 'ms with verify', 'ms without', 'extra ms'],
      [
        [
          'change (writes b.txt)',
          runs[0],
          change(withChecks),
          change(without),
          change(withChecks) - change(without),
        ],
        [
          'question only (x2)',
          runs[1] + runs[2],
          question(withChecks),
          question(without),
          question(withChecks) - question(without),
        ],
      ],
    );
    const bareRun = await timed(() => execFileSync(process.execPath, ['-e', '']));
    console.log(
      `of a change's extra ms, one run of the check command is most: a bare \`node -e ""\` takes ${bareRun.toFixed(0)} ms here.`,
    );
    const counted = withChecks.every((one) => one.runs.join() === '1,0,0');
    verdict(
      'a question-only turn runs no check; a change runs it once',
      counted,
      `runs per turn ${withChecks.map((one) => one.runs.join('/')).join(', ')}`,
    );
    const extra = question(withChecks) - question(without);
    verdict(
      `a question-only turn costs at most ${QUESTION_TURN_TARGET_MS} ms more with verify`,
      extra <= QUESTION_TURN_TARGET_MS,
      `${extra.toFixed(1)} ms (two fingerprints of a small git folder)`,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
