/**
 * The core runs on edge runtimes, which have Web Crypto (`globalThis.crypto`, also in
 * Node 20) but not always node:crypto. So no source file of the core imports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url).pathname;

const IMPORTS_CRYPTO =
  /\bfrom\s+['"](?:node:)?crypto['"]|\bimport\s*\(\s*['"](?:node:)?crypto['"]|\brequire\s*\(\s*['"](?:node:)?crypto['"]/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Unit tests beside the code are not shipped (package.json `files`) and may use Node.
    return /\.[cm]?[jt]s$/.test(entry.name) && !entry.name.endsWith('.test.ts')
      ? [relative(src, path)]
      : [];
  });
}

describe('the core without node:crypto', () => {
  it('no file in packages/plankeeper/src imports node:crypto', () => {
    const files = sourceFiles(src);
    // The walk must see the tree; the epoch and the Redis scripts once imported it.
    expect(files).toEqual(
      expect.arrayContaining(['engine/store/epoch.ts', 'stores/redis/lua-script.ts']),
    );
    const importing = files.filter((file) =>
      IMPORTS_CRYPTO.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(importing).toEqual([]);
  });

  it('the check recognises every form of the import', () => {
    for (const line of [
      "import { randomUUID } from 'node:crypto';",
      'import * as crypto from "crypto";',
      "const { createHash } = await import('node:crypto');",
      "const crypto = require('crypto');",
    ]) {
      expect(IMPORTS_CRYPTO.test(line), line).toBe(true);
    }
    expect(IMPORTS_CRYPTO.test('globalThis.crypto.randomUUID()')).toBe(false);
  });
});
