/**
 * `plankeeper mcp` without its bundle: the bin serves from the unbundled CLI, so a checkout
 * built without the bundle, or an install whose bundle broke, still gives a coding agent its
 * server. The bin is copied into a folder of its own whose dist links to the real one except
 * for the bundle, which each case leaves out or breaks.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIALIZE_LINE } from '../support/mcp-initialize.js';

const cliRoot = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-bin-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const bin = join(folder, 'bin/plankeeper.js');
mkdirSync(join(folder, 'bin'));
mkdirSync(join(folder, 'dist'));
writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
copyFileSync(join(cliRoot, 'bin/plankeeper.js'), bin);
for (const entry of readdirSync(join(cliRoot, 'dist'))) {
  if (entry !== 'bundle') symlinkSync(join(cliRoot, 'dist', entry), join(folder, 'dist', entry));
}

describe('plankeeper mcp without its bundle', () => {
  it.each([
    ['missing', undefined, ''],
    ['broken', 'exports.main = ;\n', 'plankeeper mcp: the bundled server did not load'],
  ])('%s: the unbundled CLI answers initialize', (_case, text, stderrStart) => {
    rmSync(join(folder, 'dist/bundle'), { recursive: true, force: true });
    if (text !== undefined) {
      mkdirSync(join(folder, 'dist/bundle'));
      writeFileSync(join(folder, 'dist/bundle/mcp.cjs'), text);
    }
    const run = spawnSync(process.execPath, [bin, 'mcp', '--store', 'memory'], {
      input: INITIALIZE_LINE,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout.split('\n')[0]!) as { result: { serverInfo: unknown } };
    expect(answer.result.serverInfo).toMatchObject({ name: 'plankeeper' });
    const lines = run.stderr.split('\n').filter((line) => line !== '');
    // One line says why the bundle was passed over (none when it is simply not there), then
    // the server's own start-up line.
    expect(lines.at(-1)).toBe('plankeeper mcp: MCP over stdio (store: memory)');
    if (stderrStart === '') expect(lines).toHaveLength(1);
    else {
      expect(lines).toHaveLength(2);
      expect(lines[0]!.startsWith(stderrStart)).toBe(true);
    }
  });
});
