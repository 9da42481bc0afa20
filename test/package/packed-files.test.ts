/**
 * What each package ships (`npm pack --dry-run`): the compiled JavaScript and its declarations,
 * every file its `bin` and `exports` name, and no TypeScript sources or source maps. A map
 * is useful only beside the sources it points at, and the two were more than half the core.
 * The CLI also ships the starter suite of `plankeeper eval --suite`, every file of every task.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

interface Manifest {
  bin?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
}

function packed(folder: string): string[] {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: join(root, folder),
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [report] = JSON.parse(output) as [{ files: { path: string }[] }];
  return report.files.map((file) => file.path);
}

describe.each(['packages/plankeeper', 'packages/cli'])('npm pack %s', (folder) => {
  const files = packed(folder);
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest;

  it('ships every file its bin and exports name', () => {
    const named = [
      ...Object.values(manifest.bin ?? {}),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ].map((path) => path.replace(/^\.\//, ''));
    expect(named.length).toBeGreaterThan(1);
    expect(named.filter((path) => !files.includes(path))).toEqual([]);
  });

  it('ships every file its bin loads or names (the hook and mcp bundles, the CLI)', () => {
    const bins = Object.values(manifest.bin ?? {});
    const loaded = bins.flatMap((path) =>
      [
        ...readFileSync(join(root, folder, path), 'utf8').matchAll(/'\.\.\/(dist\/[^']+\.c?js)'/g),
      ].map((match) => match[1]!),
    );
    // The pattern still finds what the bin loads (none for the core, which has no bin), and
    // the files whose identity keys plankeeper mcp's remembered answers.
    expect([...new Set(loaded)].sort()).toEqual(
      bins.length === 0
        ? []
        : [
            'dist/bundle/mcp.cjs',
            'dist/cli/commands/mcp.js',
            'dist/cli/compile-cache.js',
            'dist/cli/main.js',
            'dist/cli/mcp-early/early-answers.js',
            'dist/coding-agents/hook/bundle/hook.cjs',
          ],
    );
    expect(loaded.filter((path) => !files.includes(path))).toEqual([]);
  });

  it('ships no TypeScript source and no source map', () => {
    expect(files.some((path) => path.endsWith('.d.ts'))).toBe(true);
    expect(
      files.filter(
        (path) => path.startsWith('src/') || path.endsWith('.map') || /(?<!\.d)\.ts$/.test(path),
      ),
    ).toEqual([]);
  });

  it('ships every file of the starter eval suite (the CLI has one, the core none)', () => {
    const suite = join(root, folder, 'eval-suite');
    const onDisk = existsSync(suite)
      ? readdirSync(suite, { recursive: true, encoding: 'utf8' })
          .filter((path) => statSync(join(suite, path)).isFile())
          .map((path) => `eval-suite/${path}`)
      : [];
    expect(onDisk.length > 100).toBe(folder === 'packages/cli');
    expect(files.filter((path) => path.startsWith('eval-suite/')).sort()).toEqual(onDisk.sort());
  });
});
