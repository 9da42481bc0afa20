/**
 * The tests' own user cache folder (vitest global setup): `plankeeper mcp` remembers its
 * answers to listing requests there (src/cli/mcp-early/), so a run leaves nothing in the
 * cache folder of whoever runs it. Workers and the processes they start inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pk-test-cache-'));
  process.env.XDG_CACHE_HOME = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
