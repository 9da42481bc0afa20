// Loads TypeScript test support (the real-CLI runners and scripted model servers) into a
// benchmark, so a bench drives a coding agent exactly as its tests do: esbuild bundles the
// entry with its relative imports into node_modules/.cache (packages stay external and
// resolve from the repository), and `import.meta.url` keeps meaning the entry's own source
// file, from which the runners find the repository and their helper scripts.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const cache = join(root, 'node_modules', '.cache', 'plankeeper-bench');

/** Imports the TypeScript module at `path` (relative to the repository root). */
export async function importTestSupport(path) {
  const entry = join(root, path);
  mkdirSync(cache, { recursive: true });
  const outfile = join(cache, `${basename(path, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) },
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}
