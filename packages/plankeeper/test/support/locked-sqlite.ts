/**
 * A SQLite store file locked by another process: a child node process holds an open write
 * transaction (`BEGIN IMMEDIATE`) on it until released, as a stuck writer would.
 *
 * @example
 * const lock = await lockSqliteFile(path);
 * try { ... } finally { await lock.release(); }
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const HOLDER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
process.stdin.on('data', () => {});
process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
`;

export interface SqliteLock {
  /** Ends the transaction and the process. */
  release(): Promise<void>;
}

/** Resolves once the child holds the write lock on `path`. */
export async function lockSqliteFile(path: string): Promise<SqliteLock> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(process.execPath, ['-e', HOLDER, driver, path], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${stderr}`)));
  });
  return {
    release: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
