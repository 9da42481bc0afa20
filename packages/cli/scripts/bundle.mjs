/**
 * Bundles entries of the compiled CLI (the JavaScript tsc emitted, with the core modules and
 * packages it imports). Resolving and reading the many ESM files of the unbundled graph was
 * most of a start-up.
 *
 * bundleCommand: a command a coding agent starts as a process of its own and waits for,
 * `plankeeper hook` (build-hook.mjs) and `plankeeper mcp` (build-mcp.mjs). One CommonJS file,
 * which the bin runs with V8's code cache (src/cli/compile-cache.ts): Node 20 caches no ES
 * module's compiled code, and compiling was the largest single part of their start.
 *
 * bundleEntry: an ES module with code splitting (Pi's extension, loaded by Pi itself).
 *
 * The drivers (better-sqlite3, ioredis, pg) stay external packages, and each store stays
 * behind the dynamic import the core's openStore gives it: a chunk of its own in an ES module
 * bundle (checked below), a module evaluated on first use in a CommonJS one (checked by the
 * tests that record what a start loads, test/cli/start-up-modules.test.ts).
 *
 * better-sqlite3, the default store's driver, is loaded with require() rather than import:
 * importing a CommonJS package from ESM makes Node scan its source for named exports first
 * (cjs-module-lexer, a WebAssembly module it compiles for the purpose): about 4 ms of CPU
 * time on every call that opens a SQLite store.
 */
import { rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const DRIVERS = ['better-sqlite3', 'ioredis', 'pg'];

/**
 * `import.meta.url` in a CommonJS bundle: the bundle's own file, as each module's was before
 * (main.js finds the package's manifest from it).
 */
const IMPORT_META_URL = '__plankeeperImportMetaUrl';
const IMPORT_META_BANNER = `var ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;`;

/** The namespace of the module that requires better-sqlite3 (see below). */
const SHIM = 'require-driver';

/**
 * Builds `entry` (a file under dist/) as the one CommonJS file `outfile`, for the bin to run
 * with the code cache, in a folder of its own: what an earlier build left there is cleared out.
 *
 * An import() of a module outside the bundle stays an import() of Node's loader, which Node 20
 * gives a script run that way only with a warning on stderr (an experimental API), where a
 * coding agent may show it. So a build with any such import() fails, except those
 * `keepsImport(path)` allows: ones the command never runs (the mcp bundle's other commands).
 */
export async function bundleCommand({
  entry,
  outfile,
  plugins = [],
  minify = false,
  keepsImport = () => false,
}) {
  await rm(dirname(outfile), { recursive: true, force: true });
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: DRIVERS,
    // Error classes and messages may use a class's or function's own name.
    keepNames: true,
    legalComments: 'none',
    ...(minify && { minify: true }),
    define: { 'import.meta.url': IMPORT_META_URL },
    banner: { js: IMPORT_META_BANNER },
    plugins: [...plugins, requireBetterSqlite3],
    metafile: true,
    absWorkingDir: packageRoot,
    logLevel: 'warning',
  });
  const imports = result.metafile.outputs[relative(packageRoot, outfile)].imports;
  const dynamic = imports.filter((i) => i.kind === 'dynamic-import' && !keepsImport(i.path));
  if (dynamic.length > 0) {
    throw new Error(
      `${relative(packageRoot, outfile)} would import() ${dynamic.map((i) => i.path).join(', ')} at run time: bundle it, or require() a CommonJS package.`,
    );
  }
}

/**
 * Builds `entry` as the ES module `<outdir><name>.js` with its chunks, replacing what an
 * earlier build left there, and returns esbuild's metafile.
 */
export async function bundleEntry({ name, entry, outdir }) {
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
    plugins: [requireBetterSqlite3],
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
