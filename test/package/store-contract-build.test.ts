/**
 * `plankeeper/test/store-contract` is built whether or not vitest is installed: right after
 * `npm ci` (no test runner yet) the core's build still emits every file its `exports` name,
 * so a tarball packed then is the one packed after `npm test`. The build runs in a copy of the
 * package whose only modules are TypeScript and Node's types, where vitest cannot resolve.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const copy = mkdtempSync(join(tmpdir(), 'plankeeper-contract-build-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the store contract build without vitest', () => {
  it('emits the files the core exports name', () => {
    const core = join(copy, 'packages', 'plankeeper');
    for (const part of ['src', 'scripts', 'package.json', 'tsconfig.json']) {
      cpSync(join(root, 'packages/plankeeper', part), join(core, part), { recursive: true });
    }
    for (const config of ['tsconfig.build.json', 'tsconfig.store-contract.json']) {
      cpSync(join(root, 'packages/plankeeper', config), join(core, config));
    }
    cpSync(join(root, 'tsconfig.base.json'), join(copy, 'tsconfig.base.json'));
    mkdirSync(join(copy, 'node_modules'));
    for (const module of ['typescript', '@types']) {
      symlinkSync(join(root, 'node_modules', module), join(copy, 'node_modules', module));
    }
    expect(() => createRequire(join(core, 'package.json')).resolve('vitest')).toThrow();

    execFileSync(process.execPath, ['scripts/build-store-contract.mjs'], {
      cwd: core,
      stdio: 'pipe',
    });
    const exported = ['store-contract-entry.js', 'store-contract-entry.d.ts', 'store-contract.js'];
    expect(exported.filter((file) => !existsSync(join(core, 'dist', 'test', file)))).toEqual([]);
  }, 60_000);
});
