#!/usr/bin/env node
/**
 * Runs screenshot.ts: bundled by esbuild beside its sources (so its paths relative to the
 * file still hold), with the packages left to Node, then run and removed.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outfile = new URL('./.screenshot.mjs', import.meta.url).pathname;
await build({
  entryPoints: [new URL('./screenshot.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile,
});
try {
  await import(outfile);
} finally {
  rmSync(outfile, { force: true });
}
