/**
 * A throwaway project (and HOME, CODEX_HOME) to run `plankeeper setup` in, in-process, with
 * fixed node and bin paths so that what it writes can be snapshot-tested.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  type SetupOptions,
  setup,
  setupReport,
} from '../../../../src/coding-agents/setup/index.js';
import type { SetupAgent } from '../../../../src/coding-agents/setup/types.js';

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
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'pk-setup-')));
  const dir = join(root, 'project');
  const home = join(root, 'home');
  const codexHome = join(home, '.codex');
  mkdirSync(dir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const resolvePath = (path: string) =>
    path.startsWith('~/') ? join(home, path.slice(2)) : join(dir, path);
  const project: SetupProject = {
    root,
    dir,
    home,
    codexHome,
    write(path, text) {
      const file = resolvePath(path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
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
        env: { HOME: home, CODEX_HOME: codexHome },
        ...options,
      });
      return project.scrub(setupReport(outcome));
    },
    scrub: (text) => text.replaceAll(dir, '/tmp/PROJECT').replaceAll(home, '/tmp/HOME'),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return project;
}
