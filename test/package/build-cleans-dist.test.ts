/**
 * Each package's build starts from an empty `dist`: npm packs the whole folder, so a file left by
 * an earlier build (its source since renamed or deleted) would ship. The clean step is the first
 * command of every package's `build` script, and it takes out what no build of today emits.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const workspaces = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  }
).workspaces;
const copy = mkdtempSync(join(tmpdir(), 'plankeeper-clean-dist-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The first command of the package's build script. */
function firstBuildStep(folder: string): string {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
    scripts: { build: string };
  };
  return manifest.scripts.build.split('&&')[0]!.trim();
}

describe.each(workspaces)('the build of %s', (folder) => {
  it('first empties dist: a stale file from an earlier build is gone', () => {
    const [command, ...args] = firstBuildStep(folder).split(' ');
    expect(command).toBe('node');
    // The package as the build sees it: its own folder, with the repository's scripts beside.
    const packageDir = join(copy, folder);
    mkdirSync(join(packageDir, 'dist', 'renamed'), { recursive: true });
    if (!existsSync(join(copy, 'scripts')))
      symlinkSync(join(root, 'scripts'), join(copy, 'scripts'));
    writeFileSync(join(packageDir, 'package.json'), '{}');
    writeFileSync(join(packageDir, 'dist', 'renamed', 'stale.js'), 'export {};\n');

    execFileSync(process.execPath, args, { cwd: packageDir, stdio: 'pipe' });

    expect(existsSync(join(packageDir, 'dist', 'renamed', 'stale.js'))).toBe(false);
    expect(existsSync(join(packageDir, 'package.json'))).toBe(true);
  });
});

describe('the clean step outside a package', () => {
  it('refuses in one line and removes nothing', () => {
    const bare = join(copy, 'bare');
    mkdirSync(join(bare, 'dist'), { recursive: true });
    writeFileSync(join(bare, 'dist', 'kept.js'), '');
    let stderr = '';
    try {
      execFileSync(process.execPath, [join(root, 'scripts/clean-dist.mjs')], {
        cwd: bare,
        stdio: 'pipe',
      });
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(stderr).toBe('clean-dist: run it from a package folder (one with a package.json)\n');
    expect(existsSync(join(bare, 'dist', 'kept.js'))).toBe(true);
  });
});
