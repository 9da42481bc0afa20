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
import { build } from 'esbuild';
import { packageRoot } from './bundle.mjs';

const entry = fileURLToPath(
  new URL('../dist/coding-agents/opencode/plugin/plugin-entry.js', import.meta.url),
);
/** What setup reads (plugin-source.ts names the same path). */
export const OPENCODE_PLUGIN_BUNDLE = fileURLToPath(
  new URL('../dist/coding-agents/opencode/plugin-bundle/plankeeper.js', import.meta.url),
);

/** Anything but Node's own modules left outside the bundle would fail in the person's project. */
const onlyNodeModulesOutside = {
  name: 'only-node-modules-outside',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
  },
};

export async function buildOpencodePlugin() {
  const result = await build({
    entryPoints: [entry],
    outfile: OPENCODE_PLUGIN_BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
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
      `The OpenCode plugin imports ${external.join(', ')}: it must be self-contained.`,
    );
  }
  return OPENCODE_PLUGIN_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildOpencodePlugin();
