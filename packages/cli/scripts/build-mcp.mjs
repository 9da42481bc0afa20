/**
 * Bundles `plankeeper mcp` into dist/bundle/: the CLI's main (dist/cli/main.js) with the mcp
 * command, the core, the MCP SDK and zod, bundled as bundle.mjs says. A coding agent starts
 * this server at every session and waits for its `initialize` answer.
 *
 * The bin loads it for `plankeeper mcp` only, so the command table's other commands stay out:
 * each is an external import of its unbundled module, never loaded from here. main.js reads
 * `../../package.json` from its own location (the bundle's, import.meta.url in bundle.mjs),
 * so the bundle sits at the same depth as dist/cli/.
 *
 * The early answers (src/cli/mcp-early/), which the bin loads before the server, get the core's
 * line reader inlined in place (inlineEarlyAnswersReader below).
 *
 * Run by `npm run build` after tsc; exports `buildMcp()`, and run directly it builds once.
 */
import { rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleCommand } from './bundle.mjs';

const entry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const commandTable = fileURLToPath(new URL('../dist/cli/commands/index.js', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
/** What the bin loads for `plankeeper mcp`. */
export const MCP_BUNDLE = `${outdir}mcp.cjs`;

/** Every command but mcp, imported from the table, stays the unbundled module it names. */
const otherCommandsExternal = {
  name: 'other-commands-external',
  setup(build) {
    build.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
      if (args.importer !== commandTable || args.path === './mcp.js') return undefined;
      const target = `${dirname(commandTable)}/${args.path.slice(2)}`;
      return { path: `./${relative(outdir, target)}`, external: true };
    });
  },
};

const earlyAnswers = fileURLToPath(
  new URL('../dist/cli/mcp-early/early-answers.js', import.meta.url),
);

/** What the early answers take inside: the core's line reader and the command line's check. */
const INLINED = new Set(['plankeeper/lines', './command-line-check.js']);

/**
 * Rewrites the compiled early answers with `plankeeper/lines` (one file that imports nothing)
 * and the command line's check (a leaf) inside: they are loaded at every session before
 * anything else, and so read no file of the core and no more files of their own. Everything
 * else they import (Node's modules, answer-cache.js) stays an import.
 */
async function inlineEarlyAnswersReader() {
  await build({
    entryPoints: [earlyAnswers],
    outfile: earlyAnswers,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [
      {
        name: 'only-the-leaves',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'entry-point' || INLINED.has(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    legalComments: 'none',
    logLevel: 'warning',
  });
  // tsc's source map no longer matches the file.
  await rm(`${earlyAnswers}.map`, { force: true });
}

export async function buildMcp() {
  await inlineEarlyAnswersReader();
  await bundleCommand({
    entry,
    outfile: MCP_BUNDLE,
    plugins: [otherCommandsExternal],
    keepsImport: (path) => path.startsWith(`./${relative(outdir, dirname(commandTable))}/`),
    // Minified, it is 1.1 MB instead of 1.9 MB (zod with its locales is most of it); names
    // are kept (keepNames), so error classes and their messages read the same.
    minify: true,
  });
  return MCP_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildMcp();
