/**
 * liveRoute, what Copilot's extension follows to the MCP server's answerer: only a route this
 * user wrote, naming a process that runs and a port it listens on.
 */
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveRoute, pendingRoute, writeRoute } from './route-file.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'route-file-'));
  file = join(dir, '.plankeeper', 'copilot-hooks.route');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const route = { pid: process.pid, port: 43_210, secret: 'c0ffee' };

describe('liveRoute', () => {
  it('reads the route a live process wrote', () => {
    writeRoute(file, route);
    expect(liveRoute(file)).toEqual(route);
  });

  it('is undefined with no file, a folder, or a line that is not a route', () => {
    expect(liveRoute(file)).toBeUndefined();
    mkdirSync(file, { recursive: true });
    expect(liveRoute(file)).toBeUndefined();
    rmSync(file, { recursive: true });
    for (const line of ['', 'x 1 ab', `${process.pid} 70000 ab`, `${process.pid} 5 not-hex`]) {
      writeFileSync(file, `${line}\n`);
      expect(liveRoute(file), line).toBeUndefined();
    }
  });

  it('is undefined for a resident still starting (port 0) and for a process that is gone', () => {
    writeRoute(file, pendingRoute(process.pid));
    expect(liveRoute(file)).toBeUndefined();
    writeRoute(file, { ...route, pid: 999_999_999 });
    expect(liveRoute(file)).toBeUndefined();
  });

  it.runIf(process.getuid?.() === 0)(
    'is undefined for a file another user owns (run as root, which can give it away)',
    () => {
      writeRoute(file, route);
      chownSync(file, 65_534, 65_534);
      expect(liveRoute(file)).toBeUndefined();
    },
  );
});
