/**
 * `plankeeper setup` run in-process for the tests: in a throwaway project (and HOME,
 * CODEX_HOME) with fixed node and bin paths, so that what it writes can be snapshot-tested
 * (`createSetupProject`), or in the sandbox of a real coding-agent CLI with the test bin that
 * logs each hook it runs (`setUpForRealCli`).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type SetupOptions,
  setup,
  setupReport,
} from '../../../../src/coding-agents/setup/index.js';
import type { SetupAgent } from '../../../../src/coding-agents/setup/types.js';
import {
  createSandboxDirs,
  homeEnv,
  scrubPaths,
  writeSandboxFile,
} from '../../../support/sandbox-env.js';
import { TEST_BIN } from './bin.js';

export const NODE = '/opt/node/bin/node';
export const BIN = '/opt/plankeeper/bin/plankeeper.js';

export interface SetupProject {
  root: string;
  dir: string;
  home: string;
  codexHome: string;
  /** Writes a file; `~/` paths go into HOME, others into the project. */
  write(path: string, text: string): void;
  read(path: string): string;
  /** Every file under the sandbox, by `~/…` or project-relative path, with its text. */
  files(): Record<string, string>;
  /** Runs setup (in-process) and returns its report with the temp paths replaced. */
  setup(agent: SetupAgent, options?: Partial<SetupOptions>): string;
  scrub(text: string): string;
  dispose(): void;
}

export function createSetupProject(): SetupProject {
  const { root, project: dir, home } = createSandboxDirs('pk-setup-');
  const env = homeEnv(home);
  const codexHome = env.CODEX_HOME;
  const resolvePath = (path: string) =>
    path.startsWith('~/') ? join(home, path.slice(2)) : join(dir, path);
  const project: SetupProject = {
    root,
    dir,
    home,
    codexHome,
    write(path, text) {
      writeSandboxFile(resolvePath(path), text);
    },
    read: (path) => readFileSync(resolvePath(path), 'utf8'),
    files() {
      const out: Record<string, string> = {};
      const walk = (base: string, prefix: string) => {
        for (const name of readdirSync(base).sort()) {
          const path = join(base, name);
          const key = `${prefix}${relative(prefix === '~/' ? home : dir, path)}`;
          if (statSync(path).isDirectory()) {
            out[`${key}/`] = '';
            walk(path, prefix);
          } else {
            out[key] = project.scrub(readFileSync(path, 'utf8'));
          }
        }
      };
      walk(dir, '');
      walk(home, '~/');
      return out;
    },
    setup(agent, options = {}) {
      const outcome = setup({
        agent,
        dir,
        node: NODE,
        bin: BIN,
        env,
        ...options,
      });
      return project.scrub(setupReport(outcome));
    },
    scrub: (text) =>
      scrubPaths(text, [
        [dir, '/tmp/PROJECT'],
        [home, '/tmp/HOME'],
      ]),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return project;
}

/**
 * Runs `plankeeper setup <agent>` for a real CLI's sandbox: into its project, with its HOME
 * (and CODEX_HOME inside it), naming the test bin that logs each hook it runs (support/bin.ts).
 * `options` adds to or overrides that (`approval`, `store`, another `bin`, ...).
 */
export function setUpForRealCli(
  agent: SetupAgent,
  sandbox: { project: string; home: string },
  options: Partial<SetupOptions> = {},
): void {
  setup({ agent, dir: sandbox.project, bin: TEST_BIN, env: homeEnv(sandbox.home), ...options });
}
