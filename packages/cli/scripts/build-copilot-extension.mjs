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
import { build } from 'esbuild';
import { packageRoot } from './bundle.mjs';

const entry = fileURLToPath(
  new URL('../dist/coding-agents/copilot/extension/extension-entry.js', import.meta.url),
);
/** What setup reads (extension-source.ts names the same path). */
export const COPILOT_EXTENSION_BUNDLE = fileURLToPath(
  new URL('../dist/coding-agents/copilot/extension-bundle/extension.mjs', import.meta.url),
);

/** Anything but Node's own modules left outside the bundle would fail in the person's project. */
const onlyNodeModulesOutside = {
  name: 'only-node-modules-outside',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
  },
};

export async function buildCopilotExtension() {
  const result = await build({
    entryPoints: [entry],
    outfile: COPILOT_EXTENSION_BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    plugins: [onlyNodeModulesOutside],
    legalComments: 'none',
    metafile: true,
    absWorkingDir: packageRoot,
    logLevel: 'warning',
  });
  const external = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path),
  );
  if (external.length > 0) {
    throw new Error(
      `The Copilot extension imports ${external.join(', ')}: it must be self-contained.`,
    );
  }
  return COPILOT_EXTENSION_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCopilotExtension();
