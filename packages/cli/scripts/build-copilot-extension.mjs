/**
 * Bundles the Copilot CLI extension (the JavaScript tsc emitted for
 * src/coding-agents/copilot/extension/extension-entry.ts, with the core's line reader and
 * whatever else it imports) into one self-contained file, dist/coding-agents/copilot/
 * extension-bundle/extension.mjs. `plankeeper setup copilot` writes it into the person's
 * project below the project's settings (src/coding-agents/copilot/extension-source.ts): Copilot
 * runs it in its own Node, so it may import nothing but Node's modules and the Copilot SDK,
 * which Copilot resolves itself. Not minified: a person may read it.
 *
 * Run by `npm run build` after tsc; run directly it builds once.
 */
import { fileURLToPath } from 'node:url';
import { buildSelfContained } from './self-contained-bundle.mjs';

const entry = fileURLToPath(
  new URL('../dist/coding-agents/copilot/extension/extension-entry.js', import.meta.url),
);
/** What setup reads (extension-source.ts names the same path). */
export const COPILOT_EXTENSION_BUNDLE = fileURLToPath(
  new URL('../dist/coding-agents/copilot/extension-bundle/extension.mjs', import.meta.url),
);

export function buildCopilotExtension() {
  return buildSelfContained({
    what: 'The Copilot extension',
    entry,
    outfile: COPILOT_EXTENSION_BUNDLE,
    target: 'node22',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCopilotExtension();
