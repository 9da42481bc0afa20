/**
 * A user starting today installs plankeeper beside the newest AI SDK and Agents SDK: the
 * packed core, zod and both frameworks at the versions the newest-frameworks tests run
 * (test/tools installs them under an alias), into an empty project, with npm's default
 * peer checks (no --legacy-peer-deps). A peer range that left them out fails with ERESOLVE.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'plankeeper-newest-'));
const project = join(work, 'project');

/** `npm:ai@7.0.173` in test/tools → `ai@7.0.173`. */
function newest(alias: string): string {
  const tools = JSON.parse(readFileSync(join(root, 'test/tools/package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  return tools.devDependencies[alias]!.replace(/^npm:/, '');
}

function version(name: string): string {
  const manifest = join(root, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The environment without what `npm test` sets for its own run (workspace, prefix, …). */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed core beside the newest frameworks', () => {
  it("installs with npm's peer checks and loads both adapters", { timeout: 600_000 }, () => {
    const environment = cleanEnvironment();
    execFileSync('npm', ['pack', join(root, 'packages/plankeeper'), '--pack-destination', work], {
      stdio: 'ignore',
      env: environment,
    });
    const tarball = join(work, readdirSync(work).find((file) => file.endsWith('.tgz'))!);
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      '{"name": "empty", "private": true, "type": "module"}\n',
    );
    const wanted = [
      tarball,
      `zod@${version('zod')}`,
      newest('ai-newest'),
      newest('openai-agents-newest'),
    ];
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...wanted],
      { cwd: project, encoding: 'utf8', env: environment },
    );
    expect(install.stderr).not.toContain('ERESOLVE');
    expect(install.status).toBe(0);

    // Both adapters load against the installed frameworks and build their tools.
    writeFileSync(
      join(project, 'check.mjs'),
      [
        "import { createPlankeeper as forAiSdk } from 'plankeeper/ai-sdk';",
        "import { createPlankeeper as forAgents } from 'plankeeper/openai-agents';",
        "const key = { agent: 'a', session: 's' };",
        'const ai = forAiSdk({ key });',
        'const agents = forAgents({ key });',
        "console.log(Object.keys(ai.tools).join(','), agents.tools.map((tool) => tool.name).join(','));",
      ].join('\n'),
    );
    const check = spawnSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.stdout.trim()).toBe('todo_write,todo_read todo_write,todo_read');
  });
});
