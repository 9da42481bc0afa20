/**
 * A second `.ci/run` in the same checkout must see what the first saw. The tests write
 * reports, stores and builds into ignored paths; the linter and formatter must skip
 * every one of them, or a green run turns red the second time for a file nobody wrote.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');

// One badly formatted file under each ignored folder of .gitignore.
const ignoredFolders = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/') && !line.startsWith('#') && line !== 'node_modules/');
const probes = ignoredFolders.map((folder) => join(root, folder, 'second-run-probe.json'));

afterAll(() => {
  for (const probe of probes) rmSync(probe, { force: true });
});

describe('a second run in one checkout', () => {
  it('lints clean with leftovers in every ignored folder', () => {
    expect(ignoredFolders).toEqual(expect.arrayContaining(['.ci/out/', '.plankeeper/', 'dist/']));
    for (const probe of probes) {
      mkdirSync(join(probe, '..'), { recursive: true });
      writeFileSync(probe, '{"unformatted":   [1,2,\n3]}');
    }
    const output = execFileSync(process.execPath, [biome, 'check', '.'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).not.toContain('second-run-probe');
  });
});
