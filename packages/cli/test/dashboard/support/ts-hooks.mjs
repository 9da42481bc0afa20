// Module hooks that let a child `node` process run this repository's TypeScript source
// directly (Node 20 cannot strip types): `./x.js` falls back to `./x.ts`, and `.ts`
// files are transpiled one by one with the project's own TypeScript compiler.
// Transpiled files are cached by content in the temp folder, so only the first child
// process of a run pays for loading the compiler.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheFolder = join(tmpdir(), 'plankeeper-test-ts-cache');
// Bump when the compiler options below change, so old output is not reused.
const OUTPUT_FORMAT = 'es2022-esm-1';
let compiler;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const local = /^(\.{1,2}\/|\/|file:)/.test(specifier);
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && local && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, 'utf8');
  const cached = join(
    cacheFolder,
    `${createHash('sha256').update(OUTPUT_FORMAT).update(fileName).update('\0').update(source).digest('hex')}.js`,
  );
  try {
    return { format: 'module', source: await readFile(cached, 'utf8'), shortCircuit: true };
  } catch {}
  compiler ??= (await import('typescript')).default;
  const { outputText } = compiler.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: compiler.ModuleKind.ESNext,
      target: compiler.ScriptTarget.ES2022,
      inlineSourceMap: true,
    },
  });
  // Write then rename, so a parallel process never reads a half-written file.
  await mkdir(cacheFolder, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  await writeFile(partial, outputText);
  await rename(partial, cached);
  return { format: 'module', source: outputText, shortCircuit: true };
}
