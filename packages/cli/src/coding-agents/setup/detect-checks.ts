/**
 * The checks a project already has, as the commands a person would type: its package.json
 * `test`, `typecheck` and `lint` scripts (run by the package manager its lockfile names), a
 * Makefile `test` target, pytest, `go test` and `cargo test`. Setup suggests them, and takes
 * them with `--verify auto`; it never runs them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package.json scripts that check a project, in the order they are suggested. */
const SCRIPTS = ['test', 'typecheck', 'lint'] as const;

/** What `npm init` writes as `test`: a placeholder that always fails, not a check. */
const NPM_PLACEHOLDER = /no test specified/;

/** Lockfiles, first match wins, and how that package manager runs a script. */
const MANAGERS: readonly { lockfiles: readonly string[]; run: (script: string) => string }[] = [
  { lockfiles: ['pnpm-lock.yaml'], run: (script) => `pnpm run ${script}` },
  { lockfiles: ['yarn.lock'], run: (script) => `yarn run ${script}` },
  // `bun test` is bun's own test runner, not the script: always `bun run`.
  { lockfiles: ['bun.lock', 'bun.lockb'], run: (script) => `bun run ${script}` },
];

/** Each command setup would suggest for the project in `dir`, in a stable order. */
export function detectChecks(dir: string): string[] {
  return [
    ...packageScripts(dir),
    ...(makeTarget(dir) ? ['make test'] : []),
    ...(usesPytest(dir) ? ['pytest'] : []),
    ...(existsSync(join(dir, 'go.mod')) ? ['go test ./...'] : []),
    ...(existsSync(join(dir, 'Cargo.toml')) ? ['cargo test'] : []),
  ];
}

function packageScripts(dir: string): string[] {
  const manifest = readJson(join(dir, 'package.json'));
  const scripts = manifest?.scripts;
  if (scripts === null || typeof scripts !== 'object') return [];
  const manager = MANAGERS.find((each) =>
    each.lockfiles.some((lockfile) => existsSync(join(dir, lockfile))),
  );
  return SCRIPTS.filter((script) => {
    const body = (scripts as Record<string, unknown>)[script];
    return typeof body === 'string' && body.trim() !== '' && !NPM_PLACEHOLDER.test(body);
  }).map((script) => {
    if (manager) return manager.run(script);
    return script === 'test' ? 'npm test' : `npm run ${script}`;
  });
}

/** A `test:` rule at the start of a line of the Makefile (`test: deps`, `test::`). */
function makeTarget(dir: string): boolean {
  const makefile = ['Makefile', 'makefile', 'GNUmakefile']
    .map((name) => readText(join(dir, name)))
    .find((text) => text !== undefined);
  return makefile !== undefined && /^test\s*::?(?!=)/m.test(makefile);
}

function usesPytest(dir: string): boolean {
  if (existsSync(join(dir, 'pytest.ini'))) return true;
  if (readText(join(dir, 'pyproject.toml'))?.includes('[tool.pytest')) return true;
  return existsSync(join(dir, 'tests', 'conftest.py')) || existsSync(join(dir, 'conftest.py'));
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The file's JSON object; anything unreadable is no manifest (setup does not judge it). */
function readJson(path: string): Record<string, unknown> | undefined {
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
