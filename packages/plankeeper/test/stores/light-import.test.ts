/**
 * Importing `plankeeper` or `plankeeper/stores` must not load a database driver: a user
 * of the in-memory store should not pay for better-sqlite3's native module, nor need
 * ioredis or pg installed. Each case runs in a fresh Node process that records every
 * module it loads; the store entries themselves are the control showing the recording
 * sees a driver when one is loaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distFile } from '../support/store-fixtures.js';

const DRIVERS = ['better-sqlite3', 'ioredis', 'pg'];
const child = new URL('./children/load-and-list.mjs', import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), 'plankeeper-imports-'));
let runs = 0;

/** Names of the npm packages a fresh process loads for `targets`. */
function packagesLoadedBy(...targets: string[]): string[] {
  const logPath = join(directory, `run-${++runs}.log`);
  const output = execFileSync(process.execPath, [child, logPath, ...targets], {
    encoding: 'utf8',
  });
  const { files } = JSON.parse(output) as { files: string[] };
  const names = new Set<string>();
  for (const file of files) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}

describe('importing the package loads no database driver', () => {
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('plankeeper (the root entry) and plankeeper/stores', () => {
    const loaded = packagesLoadedBy(distFile('index.js'), distFile('stores/index.js'));
    for (const driver of DRIVERS)
      expect(loaded, `loaded: ${loaded.join(', ')}`).not.toContain(driver);
  });

  it('opening the memory store through openStore', () => {
    const loaded = packagesLoadedBy('open:memory');
    for (const driver of DRIVERS)
      expect(loaded, `loaded: ${loaded.join(', ')}`).not.toContain(driver);
  });

  it.each([
    ['stores/sqlite/index.js', 'better-sqlite3'],
    ['stores/redis/index.js', 'ioredis'],
    ['stores/postgres/index.js', 'pg'],
  ])('control: %s loads %s, and only that driver', (entry, driver) => {
    const loaded = packagesLoadedBy(distFile(entry));
    expect(loaded).toContain(driver);
    for (const other of DRIVERS.filter((name) => name !== driver))
      expect(loaded).not.toContain(other);
  });

  it('control: opening a SQLite store loads better-sqlite3 on demand', () => {
    const loaded = packagesLoadedBy(`open:sqlite:${join(directory, 'on-demand.db')}`);
    expect(loaded).toContain('better-sqlite3');
  });

  // A hook is a short process on every tool call: the rules (decide, the turn record, the
  // presets) in plankeeper/harness come without the plan tools' zod, the agent loop or any
  // framework.
  const HEAVY = ['zod', '@modelcontextprotocol/sdk', 'ai', 'langchain', '@openai/agents'];

  it('plankeeper/harness loads no schema library, framework or database driver', () => {
    const loaded = packagesLoadedBy(distFile('harness/index.js'));
    for (const name of [...HEAVY, ...DRIVERS])
      expect(loaded, `loaded: ${loaded.join(', ')}`).not.toContain(name);
  });

  // What a hook process answers with: the answering path, fail-open, tool-use keys and the
  // Claude hook format, as light as the rules it runs.
  it('plankeeper/hooks loads no schema library, framework or database driver', () => {
    const loaded = packagesLoadedBy(distFile('hooks/index.js'), distFile('harness/index.js'));
    for (const name of [...HEAVY, ...DRIVERS])
      expect(loaded, `loaded: ${loaded.join(', ')}`).not.toContain(name);
  });

  it('plankeeper/rules loads no schema library, framework or database driver', () => {
    const loaded = packagesLoadedBy(distFile('harness/rules/index.js'));
    for (const name of [...HEAVY, ...DRIVERS])
      expect(loaded, `loaded: ${loaded.join(', ')}`).not.toContain(name);
  });

  it('control: the root entry, with the plan tools, loads zod', () => {
    expect(packagesLoadedBy(distFile('index.js'))).toContain('zod');
  });
});
