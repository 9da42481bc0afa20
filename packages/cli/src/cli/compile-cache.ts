/**
 * Loads the command bundles a coding agent starts and waits for (`plankeeper mcp` at every
 * session, `plankeeper hook` on events; one CommonJS file each, scripts/bundle.mjs) with V8's
 * code cache. Compiling a megabyte of JavaScript was the largest single part of their start
 * (about 50 of the MCP server's 290 ms of CPU, measured), and Node 20 keeps no module's
 * compiled code between runs (module.enableCompileCache came in Node 22).
 *
 * A start without a cache compiles as before and then writes what V8 compiled (the functions
 * that start ran, too) to the user's cache folder (user-cache.ts): two seconds in, or at exit
 * if that comes first. Later starts hand it back to V8. The file is named by the bundle's
 * bytes, Node's version, its flags and the CPU, so a rebuilt bundle or another Node never
 * meets a stale cache; it carries its own checksum, since V8 checks only the header of what it
 * is given. A cache V8 refuses all the same is replaced. Node's own switch,
 * NODE_DISABLE_COMPILE_CACHE, turns it off.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';
import { replaceCacheFile, trustedCacheFile, userCacheFile } from './user-cache/user-cache.js';

/** What became of the cache at this load (the tests and the bench read it). */
export type CodeCacheUse = 'off' | 'absent' | 'accepted' | 'rejected';

export interface LoadedBundle {
  exports: Record<string, unknown>;
  codeCache: CodeCacheUse;
}

/** When a start without a cache writes one, unless it exits before. */
const WRITE_AFTER_MS = 2000;
const CHECKSUM_BYTES = 32;

/** Runs the CommonJS bundle `file` (an absolute path) and returns its exports. */
export function loadBundle(file: string, env: NodeJS.ProcessEnv = process.env): LoadedBundle {
  const importModuleDynamically = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  // Before Node 20.12 a script's import() cannot reach Node's loader: load it as any module.
  if (importModuleDynamically === undefined || env.NODE_DISABLE_COMPILE_CACHE) {
    return { exports: createRequire(file)(file), codeCache: 'off' };
  }
  const source = readFileSync(file);
  const cache = userCacheFile('compiled', `${cacheName(source, env)}.bin`, env);
  const cachedData = readChecked(cache);
  // The wrapper Node gives a CommonJS module, on the first line so line numbers stay.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source.toString('utf8')}\n});`;
  const script = new vm.Script(wrapped, { filename: file, cachedData, importModuleDynamically });
  const codeCache =
    cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';
  if (codeCache !== 'accepted') writeLater(script, cache);

  const module = new Module(file);
  module.filename = file;
  const require = createRequire(file);
  // Known to Node's module cache, as a module it loaded itself would be.
  require.cache[file] = module;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, file, dirname(file));
  module.loaded = true;
  return { exports: module.exports as Record<string, unknown>, codeCache };
}

/**
 * Named by what V8 checks, and by what it would refuse: Node's flags, so that starts with
 * other flags keep their own file rather than replacing each other's.
 */
function cacheName(source: Buffer, env: NodeJS.ProcessEnv): string {
  const flags = [...process.execArgv, env.NODE_OPTIONS ?? ''].join(' ');
  return createHash('sha256')
    .update(`${process.version} ${process.arch} ${flags}\n`)
    .update(source)
    .digest('hex')
    .slice(0, 32);
}

/** The cached code in `file`, when it is this user's and whole; otherwise undefined. */
function readChecked(file: string): Buffer | undefined {
  if (!trustedCacheFile(file)) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(CHECKSUM_BYTES);
  const sum = createHash('sha256').update(data).digest();
  return bytes.length > CHECKSUM_BYTES && sum.equals(bytes.subarray(0, CHECKSUM_BYTES))
    ? data
    : undefined;
}

function writeLater(script: vm.Script, file: string): void {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const data = script.createCachedData();
    const sum = createHash('sha256').update(data).digest();
    replaceCacheFile(file, Buffer.concat([sum, data]));
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once('exit', write);
}
