/**
 * The page's script is the bundle of src/dashboard/page/browser, and the status markers
 * it shows are the core's STATUS_MARKERS, bundled in: the app keeps no copy of them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryPlanStore, STATUS_MARKERS } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { createDashboardServer } from '../../src/dashboard/index.js';

const source = fileURLToPath(new URL('../../src/', import.meta.url));

async function servedPage() {
  const dashboard = await createDashboardServer({ store: new MemoryPlanStore() });
  try {
    const response = await fetch(dashboard.url);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    return { scripts, policy: response.headers.get('content-security-policy') ?? '' };
  } finally {
    await dashboard.close();
  }
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code without comments, crudely (enough to keep doc examples out of the search). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('the dashboard page script', () => {
  it('is one inline script, allowed by its hash and holding the core markers', async () => {
    const { scripts, policy } = await servedPage();
    expect(scripts).toHaveLength(1);
    const script = scripts[0]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    // esbuild keeps the core's constant under its own name, with the core's values.
    expect(script).toMatch(/\bvar STATUS_MARKERS = \{/);
    for (const [status, marker] of Object.entries(STATUS_MARKERS)) {
      expect(script).toContain(`${status}: ${JSON.stringify(marker)}`);
    }
    // A bundle for the browser: nothing of Node's is left in it.
    expect(script).not.toMatch(/\brequire\(|node:/);
  });

  it('has no copy of the status markers anywhere in the app source', () => {
    const markers = Object.values(STATUS_MARKERS);
    const escaped = markers.map((marker) => marker.replace(/[[\]]/g, '\\$&'));
    const copies = sourceFiles(source).flatMap((file) => {
      const code = withoutComments(readFileSync(file, 'utf8'));
      const found = [
        ...markers.flatMap((marker) => ["'", '"', '`'].map((quote) => quote + marker + quote)),
        // Written into a regular expression.
        ...escaped,
        '\\[[ >x-]\\]',
      ].filter((copy) => code.includes(copy));
      return found.map((copy) => `${file.slice(source.length)}: ${copy}`);
    });
    expect(copies).toEqual([]);
  });
});
