/**
 * Bundles `plankeeper hook` (the JavaScript tsc emitted for src/coding-agents/hook/main.ts,
 * with the core modules it imports) into dist/coding-agents/hook/bundle/. A coding agent
 * starts the hook as a fresh process on every tool call, and resolving and reading the
 * sixty-odd ESM files of the unbundled graph was most of its start-up; the bundle is one
 * file and a few small shared chunks, plus one chunk per store.
 *
 * The drivers (better-sqlite3, ioredis, pg) stay external packages, and each store stays
 * behind the dynamic import the core's openStore gives it: with code splitting, each
 * becomes its own chunk, loaded only when its URL is opened (checked below).
 *
 * better-sqlite3, the default store's driver, is loaded with require() rather than import:
 * importing a CommonJS package from ESM makes Node scan its source for named exports first
 * (cjs-module-lexer, a WebAssembly module it compiles for the purpose): about 4 ms of CPU
 * time on every call that opens a SQLite store.
 *
 * Run by `npm run build` after tsc; exports `buildHook()`, and run directly it builds once.
 */
import { rm } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const entry = fileURLToPath(new URL('../dist/coding-agents/hook/main.js', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/coding-agents/hook/bundle/', import.meta.url));
/** What the bin imports. */
export const HOOK_BUNDLE = `${outdir}hook.js`;
const DRIVERS = ['better-sqlite3', 'ioredis', 'pg'];
/** The namespace of the module that requires better-sqlite3 (see below). */
const SHIM = 'require-driver';

export async function buildHook() {
  // Chunk names carry a content hash: clear out the chunks of earlier builds.
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { hook: entry },
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
  const eager = loadedAtStart(outputs, relative(packageRoot, HOOK_BUNDLE)).flatMap((file) => [
    ...outputs[file].imports
      .filter((i) => i.external && DRIVERS.includes(i.path))
      .map((i) => i.path),
    ...Object.keys(outputs[file].inputs).filter((input) => input.startsWith(`${SHIM}:`)),
  ]);
  if (eager.length > 0) {
    throw new Error(
      `The hook bundle loads ${eager.join(', ')} at start: a store driver must stay behind its dynamic import.`,
    );
  }
  return HOOK_BUNDLE;
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildHook();
