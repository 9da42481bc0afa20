/**
 * The command as a user installs it: both packages packed, the two tarballs installed into an
 * empty project with no optional peer and no development tool (no vitest, no TypeScript), and
 * the installed `plankeeper` run there. A runtime import of a test-only module (the store
 * suite's vitest, say) passes every in-repository test and fails only here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE_LINE } from '../../packages/cli/test/support/mcp-initialize.js';
import {
  cleanEnvironment,
  type InstalledProject,
  installPackedProject,
} from './support/installed-project.js';

const root = new URL('../../', import.meta.url).pathname;
let installed: InstalledProject;
let project: string;
let bin: string;

beforeAll(() => {
  installed = installPackedProject('plankeeper-installed-');
  project = installed.dir;
  bin = join(project, 'node_modules/.bin/plankeeper');
}, 600_000);

afterAll(() => installed?.dispose());

function plankeeper(...args: string[]) {
  return plankeeperWith('', ...args);
}

function plankeeperWith(input: string, ...args: string[]) {
  const run = spawnSync(bin, args, {
    input,
    cwd: project,
    encoding: 'utf8',
    env: { ...cleanEnvironment(), NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the packed packages, installed into an empty project', () => {
  it('install no test runner or compiler (so the runs below would catch an import of one)', () => {
    expect(existsSync(join(project, 'node_modules/plankeeper/package.json'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/vitest'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/typescript'))).toBe(false);
  });

  it('plankeeper --version prints the version', () => {
    const { version } = JSON.parse(
      execFileSync('cat', [join(root, 'packages/cli/package.json')], { encoding: 'utf8' }),
    ) as { version: string };
    const run = plankeeper('--version');
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(version);
    expect(run.status).toBe(0);
  });

  it('plankeeper demo runs the scripted agent to its answer', () => {
    const run = plankeeper('demo');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('[x]');
    expect(run.stdout).toMatch(/\(\d+ model calls\)/);
    expect(run.status).toBe(0);
  });

  it('plankeeper todos reads the project store', () => {
    const run = plankeeper('todos');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('No stored plans');
    expect(run.status).toBe(0);
    // A read creates no store.
    expect(existsSync(join(project, '.plankeeper'))).toBe(false);
  });

  it('plankeeper mcp answers initialize from its bundle, with the core version', () => {
    const { version } = JSON.parse(
      execFileSync('cat', [join(root, 'packages/plankeeper/package.json')], { encoding: 'utf8' }),
    ) as { version: string };
    expect(existsSync(join(project, 'node_modules/@plankeeper/cli/dist/bundle/mcp.cjs'))).toBe(
      true,
    );
    const run = plankeeperWith(INITIALIZE_LINE, 'mcp', '--store', 'memory');
    // Only the server's start-up line: no word of a bundle that did not load.
    expect(run.stderr).toBe('plankeeper mcp: MCP over stdio (store: memory)\n');
    const answer = JSON.parse(run.stdout.split('\n')[0]!) as { result: { serverInfo: unknown } };
    expect(answer.result.serverInfo).toEqual({ name: 'plankeeper', version });
    expect(run.status).toBe(0);
  });
});
