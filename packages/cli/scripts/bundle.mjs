/**
 * Bundles one entry of the compiled CLI (the JavaScript tsc emitted, with the core modules and
 * packages it imports) for a command a coding agent starts as a process of its own: `plankeeper
 * hook` on every tool call (build-hook.mjs), `plankeeper mcp` at every session (build-mcp.mjs).
 * Resolving and reading the many ESM files of the unbundled graph was most of their start-up;
 * a bundle is one file and a few shared chunks, plus one chunk per store.
 *
 * The drivers (better-sqlite3, ioredis, pg) stay external packages, and each store stays
 * behind the dynamic import the core's openStore gives it: with code splitting, each
 * becomes its own chunk, loaded only when its URL is opened (checked below).
 *
 * better-sqlite3, the default store's driver, is loaded with require() rather than import:
 * importing a CommonJS package from ESM makes Node scan its source for named exports first
 * (cjs-module-lexer, a WebAssembly module it compiles for the purpose): about 4 ms of CPU
 * time on every call that opens a SQLite store.
 */
import { rm } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const DRIVERS = ['better-sqlite3', 'ioredis', 'pg'];

/**
 * The MCP SDK's dependencies and commander are CommonJS packages that require Node's own
 * modules; in an ES module bundle that needs a require of its own.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __plankeeperRequire } from 'node:module'; const require = __plankeeperRequire(import.meta.url);";
/** The namespace of the module that requires better-sqlite3 (see below). */
const SHIM = 'require-driver';

/**
 * Builds `entry` (a file under dist/) as `<outdir><name>.js`, replacing what an earlier build
 * left there, and returns esbuild's metafile (output paths relative to the package).
 */
export async function bundleEntry({ name, entry, outdir, plugins = [], banner, minify = false }) {
  // Chunk names carry a content hash: clear out the chunks of earlier builds.
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    external: DRIVERS,
    // Error classes and messages may use a class's or function's own name.
    keepNames: true,
    legalComments: 'none',
    ...(minify && { minify: true }),
    plugins: [...plugins, requireBetterSqlite3],
    ...(banner !== undefined && { banner: { js: banner } }),
    metafile: true,
    absWorkingDir: packageRoot,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const main = relative(packageRoot, `${outdir}${name}.js`);
  const eager = loadedAtStart(outputs, main).flatMap((file) => [
    ...outputs[file].imports
      .filter((i) => i.external && DRIVERS.includes(i.path))
      .map((i) => i.path),
    ...Object.keys(outputs[file].inputs).filter((input) => input.startsWith(`${SHIM}:`)),
  ]);
  if (eager.length > 0) {
    throw new Error(
      `The ${name} bundle loads ${eager.join(', ')} at start: a store driver must stay behind its dynamic import.`,
    );
  }
  return result.metafile;
}

/**
 * Resolves the core's `import Database from 'better-sqlite3'` to a module that requires it,
 * from the bundle's own location as the import would. A missing package still fails with the
 * code the import gives (ERR_MODULE_NOT_FOUND), so openStore still says what to install.
 */
const requireBetterSqlite3 = {
  name: 'require-better-sqlite3',
  setup(build) {
    build.onResolve({ filter: /^better-sqlite3$/ }, (args) => ({
      path: args.path,
      namespace: SHIM,
    }));
    build.onLoad({ filter: /.*/, namespace: SHIM }, (args) => ({
      contents: `import { createRequire } from 'node:module';
let driver;
try {
  driver = createRequire(import.meta.url)(${JSON.stringify(args.path)});
} catch (error) {
  if (error?.code === 'MODULE_NOT_FOUND' && error.message.startsWith(${JSON.stringify(`Cannot find module '${args.path}'`)}))
    error.code = 'ERR_MODULE_NOT_FOUND';
  throw error;
}
export default driver;
`,
      loader: 'js',
    }));
  },
};

/**
 * The output files a process loads before running anything: the entry and, transitively,
 * its static imports (metafile paths, relative to the package).
 */
function loadedAtStart(outputs, entryFile) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || outputs[file] === undefined) return;
    seen.add(file);
    for (const imported of outputs[file].imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entryFile);
  return [...seen];
}
