/**
 * Bundles `plankeeper hook` (the JavaScript tsc emitted for src/coding-agents/hook/main.ts,
 * with the core modules it imports) into dist/coding-agents/hook/bundle/hook.cjs. A coding
 * agent starts the hook on its events, as a process of its own or as the resident answerer
 * (`hook --serve`); how it is bundled and loaded, and why, is in bundle.mjs.
 *
 * Run by `npm run build` after tsc; exports `buildHook()`, and run directly it builds once.
 */
import { fileURLToPath } from 'node:url';
import { bundleCommand } from './bundle.mjs';

const entry = fileURLToPath(new URL('../dist/coding-agents/hook/main.js', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/coding-agents/hook/bundle/', import.meta.url));
/** What the bin loads. */
export const HOOK_BUNDLE = `${outdir}hook.cjs`;

export async function buildHook() {
  // The resident's MCP connections (hook-route/mcp-route.ts) bring the MCP SDK and commander.
  // Minified, as the mcp bundle: half the bytes to read and hash at every start.
  await bundleCommand({ entry, outfile: HOOK_BUNDLE, minify: true });
  return HOOK_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildHook();
