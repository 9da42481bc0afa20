/**
 * The command bundles run with V8's code cache (src/cli/compile-cache.ts): a first start
 * writes the cache, later starts use it, and nothing a cache holds can change what a bundle
 * does: a rebuilt bundle, a damaged file, a file from other flags, a folder others may write.
 * Each case runs the built loader in a process of its own, as the bin does.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

const loader = fileURLToPath(new URL('../../dist/cli/compile-cache.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pk-compile-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cacheHome = join(work, 'cache');
const compiled = join(cacheHome, 'plankeeper', 'compiled');
const bundle = join(work, 'app', 'bundle.cjs');

/** Loads `bundle`, runs its `run()`, prints what became of the cache and the result. */
const runner = join(work, 'run.mjs');
writeFileSync(
  runner,
  `import { loadBundle } from ${JSON.stringify(loader)};
const { exports, codeCache } = loadBundle(process.argv[2]);
const value = await exports.run();
if (process.env.STAY_MS) await new Promise((done) => setTimeout(done, Number(process.env.STAY_MS)));
console.log(JSON.stringify({ codeCache, value }));
`,
);

function start(options: { flags?: string[]; env?: Record<string, string> } = {}) {
  const run = spawnSync(process.execPath, [...(options.flags ?? []), runner, bundle], {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...options.env },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { codeCache: string; value: unknown };
}

const cacheFiles = () => {
  try {
    return readdirSync(compiled);
  } catch {
    return [];
  }
};

/** A bundle as esbuild writes one: CommonJS that requires what is outside it. */
function writeBundle(answer: string) {
  writeFileSync(
    bundle,
    `const { helper } = require('./helper.cjs');
exports.run = async () => ({ answer: ${answer}, helper: helper(), file: __filename, dir: __dirname });
`,
  );
}

beforeEach(() => {
  rmSync(cacheHome, { recursive: true, force: true });
  rmSync(join(work, 'app'), { recursive: true, force: true });
  mkdirSync(join(work, 'app'));
  writeFileSync(join(work, 'app', 'helper.cjs'), "exports.helper = () => 'helped';\n");
  writeFileSync(join(work, 'app', 'twice.mjs'), 'export const twice = (n) => n * 2;\n');
  writeBundle("'first'");
});

describe('the command bundles’ code cache', () => {
  it('a first start writes it at exit, this user’s only; the next start uses it, to the same effect', () => {
    const first = start();
    expect(first).toEqual({
      codeCache: 'absent',
      value: {
        answer: 'first',
        helper: 'helped',
        file: bundle,
        dir: join(work, 'app'),
      },
    });
    expect(cacheFiles()).toHaveLength(1);
    const file = join(compiled, cacheFiles()[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(compiled).mode & 0o777).toBe(0o700);
    expect(start()).toEqual({ ...first, codeCache: 'accepted' });
    // Written once: a start that used it leaves it as it was.
    const written = statSync(file).mtimeMs;
    start();
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('a process still running two seconds in has written it by then', () => {
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, [${JSON.stringify(runner)}, ${JSON.stringify(bundle)}], { stdio: 'ignore' });
setTimeout(() => { console.log(require('node:fs').existsSync(${JSON.stringify(compiled)}) ? require('node:fs').readdirSync(${JSON.stringify(compiled)}).length : 0); }, 2600);
child.on('exit', () => {});`,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, XDG_CACHE_HOME: cacheHome, STAY_MS: '4000' },
      },
    );
    expect(run.stdout.trim()).toBe('1');
  });

  it('a rebuilt bundle of the same length never runs the old one’s code', () => {
    start();
    start();
    writeBundle("'other'");
    expect(start()).toMatchObject({ codeCache: 'absent', value: { answer: 'other' } });
    expect(start()).toMatchObject({ codeCache: 'accepted', value: { answer: 'other' } });
    expect(cacheFiles()).toHaveLength(2);
  });

  it('a damaged file is not given to V8, and is replaced', () => {
    start();
    const file = join(compiled, cacheFiles()[0]!);
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(file, bytes);
    expect(start()).toMatchObject({ codeCache: 'absent', value: { answer: 'first' } });
    expect(start()).toMatchObject({ codeCache: 'accepted', value: { answer: 'first' } });
  });

  it('a cache V8 refuses (made under other flags) still runs the bundle, and is replaced', () => {
    start();
    const [plain] = cacheFiles();
    start({ flags: ['--no-opt'] });
    const made = cacheFiles().find((name) => name !== plain)!;
    expect(made).toBeDefined();
    copyFileSync(join(compiled, made), join(compiled, plain!));
    expect(start()).toMatchObject({ codeCache: 'rejected', value: { answer: 'first' } });
    expect(start()).toMatchObject({ codeCache: 'accepted', value: { answer: 'first' } });
  });

  it('a cache folder others may write is neither read nor written', () => {
    start();
    chmodSync(compiled, 0o777);
    expect(start()).toMatchObject({ codeCache: 'absent', value: { answer: 'first' } });
    writeBundle("'other'");
    start();
    expect(cacheFiles()).toHaveLength(1);
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    const off = { env: { NODE_DISABLE_COMPILE_CACHE: '1' } };
    expect(start(off)).toMatchObject({ codeCache: 'off', value: { answer: 'first' } });
    expect(cacheFiles()).toEqual([]);
  });

  it('an import() in a bundle reaches Node’s loader (with Node 20’s warning, which the build keeps from the bundles)', () => {
    writeFileSync(bundle, "exports.run = async () => (await import('./twice.mjs')).twice(2);\n");
    const run = spawnSync(process.execPath, [runner, bundle], {
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cacheHome },
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ codeCache: 'absent', value: 4 });
    expect(run.stderr).toMatch(
      /^\(node:\d+\) ExperimentalWarning: vm\.USE_MAIN_CONTEXT_DEFAULT_LOADER/,
    );
  });

  it('an error in the bundle names its file and line, as Node’s loader would', () => {
    writeFileSync(bundle, "exports.run = () => {\n  throw new Error('boom');\n};\n");
    const run = spawnSync(process.execPath, [runner, bundle], {
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cacheHome },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`${bundle}:2`);
  });
});
