/**
 * Bundles an entry of the compiled CLI into one file that a coding agent loads into its own
 * runtime from the person's project (OpenCode's plugin, Copilot CLI's extension): there no
 * package of ours can be resolved, so everything but Node's own modules goes inside, and a
 * build that leaves any other import outside fails. Not minified: a person may read it.
 */
import { build } from 'esbuild';
import { packageRoot } from './bundle.mjs';

/** Anything but Node's own modules left outside the bundle would fail in the person's project. */
const onlyNodeModulesOutside = {
  name: 'only-node-modules-outside',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** Builds `entry` as `outfile` for Node `target`; `what` names the file in the error. */
export async function buildSelfContained({ what, entry, outfile, target }) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target,
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
    throw new Error(`${what} imports ${external.join(', ')}: it must be self-contained.`);
  }
  return outfile;
}
