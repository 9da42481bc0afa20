/**
 * Bundles `plankeeper hook` (the JavaScript tsc emitted for src/coding-agents/hook/main.ts,
 * with the core modules it imports) into dist/coding-agents/hook/bundle/. A coding agent
 * starts the hook as a fresh process on every tool call; how it is bundled, and why, is in
 * bundle.mjs.
 *
 * Run by `npm run build` after tsc; exports `buildHook()`, and run directly it builds once.
 */
import { fileURLToPath } from 'node:url';
import { bundleEntry, REQUIRE_BANNER } from './bundle.mjs';

const entry = fileURLToPath(new URL('../dist/coding-agents/hook/main.js', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/coding-agents/hook/bundle/', import.meta.url));
/** What the bin imports. */
export const HOOK_BUNDLE = `${outdir}hook.js`;

export async function buildHook() {
  // The resident's MCP connections (hook-route/mcp-route.ts) load the MCP SDK and commander.
  await bundleEntry({ name: 'hook', entry, outdir, banner: REQUIRE_BANNER });
  return HOOK_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildHook();
