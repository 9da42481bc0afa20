import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectChecks } from './detect-checks.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-detect-checks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const scripts = (entries: Record<string, string>) => JSON.stringify({ scripts: entries });

describe('detectChecks', () => {
  it('finds nothing in an empty folder', () => {
    expect(detectChecks(dir)).toEqual([]);
  });

  it("takes package.json's test, typecheck and lint scripts, in that order, with npm by default", () => {
    write({
      'package.json': scripts({
        lint: 'biome check',
        build: 'tsc',
        test: 'vitest run',
        typecheck: 'tsc --noEmit',
      }),
    });
    expect(detectChecks(dir)).toEqual(['npm test', 'npm run typecheck', 'npm run lint']);
  });

  it("skips npm init's placeholder test and blank scripts", () => {
    write({
      'package.json': scripts({
        test: 'echo "Error: no test specified" && exit 1',
        lint: ' ',
        typecheck: 'tsc --noEmit',
      }),
    });
    expect(detectChecks(dir)).toEqual(['npm run typecheck']);
  });

  it.each([
    ['pnpm-lock.yaml', ['pnpm run test', 'pnpm run lint']],
    ['yarn.lock', ['yarn run test', 'yarn run lint']],
    // `bun test` would be bun's own runner, not the script.
    ['bun.lock', ['bun run test', 'bun run lint']],
    ['bun.lockb', ['bun run test', 'bun run lint']],
    ['package-lock.json', ['npm test', 'npm run lint']],
  ])('runs the scripts with the package manager %s names', (lockfile, expected) => {
    write({ 'package.json': scripts({ test: 'jest', lint: 'eslint .' }), [lockfile]: '' });
    expect(detectChecks(dir)).toEqual(expected);
  });

  it('reads an unreadable package.json as none (setup does not judge it)', () => {
    write({ 'package.json': '{ not json', 'go.mod': 'module x\n' });
    expect(detectChecks(dir)).toEqual(['go test ./...']);
  });

  it('finds a Makefile test target, not a variable or another target', () => {
    write({ Makefile: 'TEST := 1\ntest_unit:\n\techo\n' });
    expect(detectChecks(dir)).toEqual([]);
    write({ Makefile: 'build:\n\tcc main.c\n\ntest: build\n\t./run-tests\n' });
    expect(detectChecks(dir)).toEqual(['make test']);
  });

  it.each([
    ['pytest.ini', { 'pytest.ini': '[pytest]\n' }],
    ['pyproject [tool.pytest.ini_options]', { 'pyproject.toml': '[tool.pytest.ini_options]\n' }],
    ['tests/conftest.py', { 'tests/conftest.py': '' }],
  ])('finds pytest by %s', (_, files) => {
    write(files);
    expect(detectChecks(dir)).toEqual(['pytest']);
  });

  it('does not take a pyproject without pytest for pytest', () => {
    write({ 'pyproject.toml': '[project]\nname = "x"\n' });
    expect(detectChecks(dir)).toEqual([]);
  });

  it('finds go test with go.mod and cargo test with Cargo.toml, after the others', () => {
    write({
      'Cargo.toml': '[package]\n',
      'go.mod': 'module x\n',
      'package.json': scripts({ test: 'node --test' }),
      Makefile: 'test:\n\tgo test ./...\n',
    });
    expect(detectChecks(dir)).toEqual(['npm test', 'make test', 'go test ./...', 'cargo test']);
  });
});
