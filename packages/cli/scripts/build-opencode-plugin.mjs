/**
 * Bundles the OpenCode plugin (the JavaScript tsc emitted for
 * src/coding-agents/opencode/plugin/plugin-entry.ts, with the core's line reader and whatever
 * else it imports) into one self-contained file, dist/coding-agents/opencode/plugin-bundle/
 * plankeeper.js. `plankeeper setup opencode` writes it into the person's project below the
 * project's settings (src/coding-agents/opencode/plugin-source.ts): OpenCode loads it with
 * Bun, so it may import nothing but Node's modules. Not minified: a person may read it.
 *
 * Run by `npm run build` after tsc; exports `buildOpencodePlugin()`, and run directly it
 * builds once.
 */
import { fileURLToPath } from 'node:url';
import { buildSelfContained } from './self-contained-bundle.mjs';

const entry = fileURLToPath(
  new URL('../dist/coding-agents/opencode/plugin/plugin-entry.js', import.meta.url),
);
/** What setup reads (plugin-source.ts names the same path). */
export const OPENCODE_PLUGIN_BUNDLE = fileURLToPath(
  new URL('../dist/coding-agents/opencode/plugin-bundle/plankeeper.js', import.meta.url),
);

export function buildOpencodePlugin() {
  return buildSelfContained({
    what: 'The OpenCode plugin',
    entry,
    outfile: OPENCODE_PLUGIN_BUNDLE,
    target: 'node20',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildOpencodePlugin();
