/**
 * Imports flow one way (shared/DESIGN.md, "Dependency direction"): inside the core, each
 * part imports only the parts below it; the application reaches the core only through
 * the core's published entries, as any other user would. Tests follow one placement rule
 * (CONTRIBUTING.md): a unit test of a pure module sits beside it (`x.test.ts` next to `x.ts`);
 * a behaviour test lives in the package's `test/` and goes through public entries only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const coreSource = join(root, 'packages/plankeeper/src');
const appSource = join(root, 'packages/cli/src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

/** Every module specifier of `file`, static or dynamic. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g);
  return [...found].map((match) => match[1]!);
}

/** The part of the core a source file belongs to: `engine`, `tools`, `adapters/mcp`, … */
function partOf(path: string): string {
  const [first, second] = relative(coreSource, path).split('/');
  if (first === 'adapters') return `adapters/${second}`;
  return first!.endsWith('.ts') ? 'index' : first!;
}

const BELOW: Record<string, readonly string[]> = {
  engine: [],
  locale: ['engine'],
  tools: ['engine', 'locale'],
  // The person's check commands: run and fingerprinted, below every host that runs them.
  checks: ['engine'],
  harness: ['engine', 'locale', 'tools', 'checks'],
  agent: ['engine', 'locale', 'tools', 'harness', 'checks'],
  // Answering hook events one at a time: on the rules, never on the agent loop.
  hooks: ['engine', 'locale', 'tools', 'harness', 'checks'],
  stores: ['engine'],
  http: [],
  // The MCP adapter's HTTP server takes its loopback rule and token check from http; the
  // adapters that answer hook events (the Claude Agent SDK's callbacks) take hooks.
  adapter: ['engine', 'locale', 'tools', 'harness', 'agent', 'http', 'hooks', 'checks'],
};

/**
 * Adapters that serve another adapter's part: the Claude Agent SDK takes an MCP server
 * instance, and its adapter hands it the MCP adapter's server in-process.
 */
const ADAPTER_ON_ADAPTER: Record<string, readonly string[]> = {
  'adapters/claude-agent-sdk': ['adapters/mcp'],
};

function allowedFrom(part: string): readonly string[] | undefined {
  if (part === 'index' || part === 'test') return undefined; // entries may gather anything
  if (ADAPTER_ON_ADAPTER[part]) return [...BELOW.adapter!, ...ADAPTER_ON_ADAPTER[part]];
  return BELOW[part.startsWith('adapters/') ? 'adapter' : part];
}

describe('dependency direction', () => {
  it('inside the core, each part imports only itself and the parts below it', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(coreSource)) {
      const part = partOf(file);
      const allowed = allowedFrom(part);
      if (allowed === undefined) continue;
      for (const specifier of specifiers(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = partOf(normalize(join(dirname(file), specifier)));
        if (target !== part && !allowed.includes(target)) {
          violations.push(`${relative(root, file)} (${part}) imports ${specifier} (${target})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('every part of the core is placed in the table above', () => {
    const parts = new Set(sourceFiles(coreSource).map(partOf));
    const unplaced = [...parts].filter(
      (part) => part !== 'index' && part !== 'test' && allowedFrom(part) === undefined,
    );
    expect(unplaced).toEqual([]);
  });

  it('the application imports the core only through its published entries', () => {
    const manifest = JSON.parse(
      readFileSync(join(root, 'packages/plankeeper/package.json'), 'utf8'),
    ) as { exports: Record<string, unknown> };
    const published = new Set(
      Object.keys(manifest.exports).map((subpath) => `plankeeper${subpath.slice(1)}`),
    );
    const violations: string[] = [];
    for (const file of sourceFiles(appSource)) {
      for (const specifier of specifiers(file)) {
        const escapes =
          specifier.startsWith('.') &&
          relative(appSource, normalize(join(dirname(file), specifier))).startsWith('..');
        const unpublished =
          (specifier === 'plankeeper' || specifier.startsWith('plankeeper/')) &&
          !published.has(specifier);
        if (escapes || unpublished) violations.push(`${relative(root, file)}: ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
    // The check sees the application's imports of the core at all.
    expect(sourceFiles(appSource).some((file) => specifiers(file).includes('plankeeper'))).toBe(
      true,
    );
  });
});

/** Every test and support file under `folder` (TypeScript and the ES modules child processes run). */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:[cm]?ts|mjs)$/.test(file))
    .map((file) => join(folder, file));
}

/** The specifiers of `file` that reach into its package's `src` or `dist` by path. */
function internalImports(file: string, packageRoot: string): string[] {
  return specifiers(file).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = relative(packageRoot, normalize(join(dirname(file), specifier)));
    return target.startsWith('src/') || target.startsWith('dist/');
  });
}

/**
 * Test files of the application that still import its `src` by path (it publishes few
 * entries; its tests drive the CLI or those entries). The count only goes down: a new
 * test goes through `bin/plankeeper.js` or a published entry.
 */
const APP_TESTS_WITH_INTERNAL_IMPORTS = 73;

describe('test placement', () => {
  it("the core's tests import only its public entries, never ../src or ../dist", () => {
    const packageRoot = join(root, 'packages/plankeeper');
    const files = testFiles(join(packageRoot, 'test'));
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((file) =>
      internalImports(file, packageRoot).map(
        (specifier) => `${relative(root, file)}: ${specifier}`,
      ),
    );
    expect(violations).toEqual([]);
  });

  it("the application's tests add no new import of its internals", () => {
    const packageRoot = join(root, 'packages/cli');
    const importing = testFiles(join(packageRoot, 'test')).filter(
      (file) => internalImports(file, packageRoot).length > 0,
    );
    // The check sees such imports at all, so the count below means something.
    expect(importing.length).toBeGreaterThan(0);
    expect(importing.length).toBeLessThanOrEqual(APP_TESTS_WITH_INTERNAL_IMPORTS);
  });
});
