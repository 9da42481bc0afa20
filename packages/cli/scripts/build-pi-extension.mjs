/**
 * Bundles Pi's extension module (the JavaScript tsc emitted for
 * src/coding-agents/pi/extension/pi-extension.ts, with the core modules it imports) into
 * dist/coding-agents/pi/extension/bundle/, the module the file setup writes into a project
 * loads (src/coding-agents/pi/extension/loader.ts). Pi loads it at the start of every session,
 * in its own process: a few files instead of tsc's few hundred took about half the time to
 * import (docs/measurements.md, section 12). Store drivers stay behind their dynamic imports
 * (bundle.mjs).
 *
 * Run by `npm run build` after tsc; exports `buildPiExtension()`, and run directly it builds once.
 */
import { fileURLToPath } from 'node:url';
import { bundleEntry } from './bundle.mjs';

const entry = fileURLToPath(
  new URL('../dist/coding-agents/pi/extension/pi-extension.js', import.meta.url),
);
const outdir = fileURLToPath(
  new URL('../dist/coding-agents/pi/extension/bundle/', import.meta.url),
);
/** What the extension file setup writes imports, from the bin's folder. */
export const PI_EXTENSION_BUNDLE = `${outdir}pi-extension.js`;

export async function buildPiExtension() {
  await bundleEntry({ name: 'pi-extension', entry, outdir });
  return PI_EXTENSION_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPiExtension();
