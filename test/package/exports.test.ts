/**
 * The package as users install it: every `exports` entry resolves to built files and
 * imports in a fresh process, and the root entry stays light — it loads no database
 * driver, model SDK, MCP SDK, agent framework or browser driver.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packages = ['plankeeper', 'cli'].map((folder) => {
  const root = new URL(`../../packages/${folder}/`, import.meta.url).pathname;
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { types: string; default: string }>;
  };
  return { root, manifest };
});
const [core, app] = packages as [(typeof packages)[0], (typeof packages)[0]];
const child = new URL(
  '../../packages/plankeeper/test/stores/children/load-and-list.mjs',
  import.meta.url,
).pathname;
const logDirectory = mkdtempSync(join(tmpdir(), 'plankeeper-exports-'));

const HEAVY = [
  '@ag-ui/core',
  'better-sqlite3',
  'ioredis',
  'pg',
  'openai',
  '@anthropic-ai/sdk',
  '@modelcontextprotocol/sdk',
  'ai',
  'langchain',
  '@langchain/core',
  '@openai/agents',
  '@openai/agents-core',
  'playwright-core',
];

function packagesLoadedBy(file: string): string[] {
  const output = execFileSync(
    process.execPath,
    [child, join(logDirectory, `${Math.random()}.log`), file],
    {
      encoding: 'utf8',
    },
  );
  const { files } = JSON.parse(output) as { files: string[] };
  return [
    ...new Set(
      files.flatMap((path) => {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
        return match?.[1] ? [match[1]] : [];
      }),
    ),
  ];
}

const entries = packages.flatMap(({ root, manifest }) =>
  Object.entries(manifest.exports).flatMap(([subpath, target]) =>
    typeof target === 'object'
      ? [[`${manifest.name}${subpath.slice(1)}`, root, target] as const]
      : [],
  ),
);

describe('package exports', () => {
  it.each(entries)(
    '%s resolves to built JavaScript and types, and imports',
    (_name, root, target) => {
      const javascript = join(root, target.default);
      expect(existsSync(javascript), `${target.default} (run npm run build)`).toBe(true);
      expect(existsSync(join(root, target.types)), target.types).toBe(true);
      expect(() => packagesLoadedBy(javascript)).not.toThrow();
    },
  );

  it('the root entry loads none of the heavy optional modules', () => {
    const loaded = packagesLoadedBy(join(core.root, 'dist/index.js'));
    expect(loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
    // The recording does see packages: zod is the root's one runtime dependency.
    expect(loaded).toContain('zod');
  });

  it('plankeeper/test and the command load no test runner (only the store suite does)', () => {
    expect(packagesLoadedBy(join(core.root, 'dist/test/index.js'))).not.toContain('vitest');
    expect(packagesLoadedBy(join(app.root, 'dist/cli/main.js'))).not.toContain('vitest');
    expect(packagesLoadedBy(join(core.root, 'dist/test/store-contract-entry.js'))).toContain(
      'vitest',
    );
  });

  it('a subpath loads its own framework (so the check above can fail)', () => {
    expect(packagesLoadedBy(join(app.root, 'dist/models/index.js'))).toEqual(
      expect.arrayContaining(['openai', '@anthropic-ai/sdk']),
    );
  });
});
