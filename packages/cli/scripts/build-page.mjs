/**
 * Bundles the dashboard page's script (src/dashboard/page/browser, TypeScript with DOM
 * types) into one classic script at dist/dashboard/page/browser-bundle.js, which the server
 * inlines into the page. Run by `npm run build` after tsc has checked the sources, and
 * by the tests' global setup, so tests that import the server's source serve the page
 * built from the current source too.
 *
 * Exports `buildPage()` (and `setup()` for vitest); run directly it builds once.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../src/dashboard/page/browser/main.ts', import.meta.url));
export const PAGE_SCRIPT = fileURLToPath(
  new URL('../dist/dashboard/page/browser-bundle.js', import.meta.url),
);

export async function buildPage() {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    // One classic inline script: an IIFE keeps its names off `window`.
    // (esbuild adds "use strict", as the tsconfig's strict mode asks.)
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    // The page imports constants from the core's root entry (STATUS_MARKERS). The core
    // declares no side effects, so only what the page uses is kept, and the Node
    // built-ins its other modules import are dropped with them (checked below).
    treeShaking: true,
    external: ['node:*'],
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  const leftover = /\brequire\(|\bnode:[a-z_]+/.exec(output.text);
  if (leftover) {
    throw new Error(
      `The dashboard page script still refers to ${leftover[0]}: the page imports something from the core that needs Node.`,
    );
  }
  await mkdir(dirname(PAGE_SCRIPT), { recursive: true });
  await writeFile(PAGE_SCRIPT, output.text);
  return PAGE_SCRIPT;
}

/** Vitest's global setup (vitest.config.ts) calls this before any test runs. */
export async function setup() {
  await buildPage();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPage();
