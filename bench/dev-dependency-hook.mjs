// One hook call as an agent makes it (through a shell, from the project, against an existing
// SQLite store) for each way setup starts plankeeper: a global install (`plankeeper` found on
// PATH), a devDependency by its bin's path in the project (what setup writes), and the same
// devDependency through `npx --no plankeeper` (what it wrote before), run alternately so a busy
// machine slows each alike. The devDependency is the repository's packages linked into a
// project's node_modules (as npm links a workspace): the same files an install holds, without
// packing. Target: the devDependency route within 1.2x of the global install.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable, verdict } from './report.mjs';

const root = new URL('../', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 21);
const TARGET = 1.2;
const HOOK_ARGS = 'hook claude-code PostToolUse --store sqlite:.plankeeper/plans.db';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A project with both packages in its node_modules, and a folder that holds a global `plankeeper`. */
function linkedProject(dir) {
  const project = join(dir, 'project');
  const scope = join(project, 'node_modules/@plankeeper');
  mkdirSync(scope, { recursive: true });
  mkdirSync(join(project, 'node_modules/.bin'));
  symlinkSync(join(root, 'packages/cli'), join(scope, 'cli'));
  symlinkSync(join(root, 'packages/plankeeper'), join(project, 'node_modules/plankeeper'));
  symlinkSync(
    '../@plankeeper/cli/bin/plankeeper.js',
    join(project, 'node_modules/.bin/plankeeper'),
  );
  const globalBin = join(dir, 'global-bin');
  mkdirSync(globalBin);
  symlinkSync(join(root, 'packages/cli/bin/plankeeper.js'), join(globalBin, 'plankeeper'));
  return { project, globalBin };
}

export default function devDependencyHook() {
  const dir = mkdtempSync(join(tmpdir(), 'pk-bench-dev-dependency-'));
  try {
    const { project, globalBin } = linkedProject(dir);
    const input = readFileSync(
      join(root, 'packages/cli/test/coding-agents/claude-code/fixtures/PostToolUse.json'),
    );
    const env = { ...process.env, PATH: `${globalBin}:${process.env.PATH}` };
    const timed = (command) => {
      const started = process.hrtime.bigint();
      const result = spawnSync('/bin/sh', ['-c', command], { input, cwd: project, env });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.status !== 0) throw new Error(`${command} exited ${result.status}`);
      return ms;
    };
    const routes = [
      ['global install: plankeeper (on PATH)', `plankeeper ${HOOK_ARGS}`],
      [
        'devDependency: node node_modules/@plankeeper/cli/bin/plankeeper.js',
        `node node_modules/@plankeeper/cli/bin/plankeeper.js ${HOOK_ARGS}`,
      ],
      ['devDependency through npx --no plankeeper (before)', `npx --no plankeeper ${HOOK_ARGS}`],
    ];
    timed(routes[0][1]); // creates the store, as a session's first hook does
    const times = routes.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [index, [, command]] of routes.entries()) times[index].push(timed(command));
    }
    const [globalMs, ...others] = times.map(median);
    printTable(
      `a hook call by install way (median of ${RUNS} runs each, through sh, from the project)`,
      ['command', 'ms', 'x global'],
      routes.map(([name], index) => {
        const ms = index === 0 ? globalMs : others[index - 1];
        return [name, ms, ms / globalMs];
      }),
    );
    console.log('');
    const ratio = others[0] / globalMs;
    verdict(
      'devDependency hook call',
      ratio <= TARGET,
      `${ratio.toFixed(2)}x a global install (target <= ${TARGET.toFixed(1)}x)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
