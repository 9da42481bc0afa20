/**
 * A teammate's clone of a project set up for Claude Code (real CLI): setup runs where
 * plankeeper is installed globally (the `plankeeper` on PATH), the project's files are copied
 * as git would carry them (without the ignored `.plankeeper/`) into another directory, and
 * Claude Code runs there. Its plan lands in the copy's own store, the original directory gets
 * none, and no file of the copy names the original directory or this machine's node.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { homeEnv } from '../../support/sandbox-env.js';
import { storedItems } from '../support/stored-plan.js';
import { SMOKE_SCRIPT, startClaudeCode } from './support/claude-code-after-setup.js';
import { IN_PROGRESS_LINE, SMOKE_PLAN } from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

/** The package's bin, which a global install links onto PATH. */
const PLANKEEPER_BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

/** Every file under `dir`, by relative path, skipping `.plankeeper/` (ignored by git). */
function committedFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (!entry.isFile() || path.startsWith('.plankeeper')) continue;
    out[path] = readFileSync(join(dir, path), 'utf8');
  }
  return out;
}

describe('a copy of a project set up for Claude Code (real CLI)', () => {
  it('keeps its plans in its own store and names neither the original directory nor this machine', async () => {
    const original = await startClaudeCode([]);
    const { server, sandbox: copy } = await startClaudeCode(SMOKE_SCRIPT);
    // A global install: `plankeeper` on PATH, a link to the package's bin.
    const globalBin = original.sandbox.dir('global-bin');
    symlinkSync(PLANKEEPER_BIN, join(globalBin, 'plankeeper'));
    const path = [globalBin, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter);
    // No bin given: setup finds the `plankeeper` on PATH is this install.
    setUpForRealCli('claude-code', original.sandbox, {
      bin: undefined,
      env: { ...homeEnv(original.sandbox.home), PATH: path },
    });
    mkdirSync(copy.project, { recursive: true });
    cpSync(original.sandbox.project, copy.project, {
      recursive: true,
      filter: (source) => !source.includes(`${original.sandbox.project}/.plankeeper`),
    });

    const files = committedFiles(copy.project);
    expect(Object.keys(files).sort()).toEqual(['.claude/settings.json', '.mcp.json']);
    for (const [name, text] of Object.entries(files)) {
      expect(text, name).not.toContain(original.sandbox.project);
      expect(text, name).not.toContain(process.execPath);
      expect(text, name).not.toContain(PLANKEEPER_BIN);
    }

    const run = await copy.run({
      server,
      prompt: 'Write and test the parser.',
      timeoutMs: 60_000,
      env: { PATH: path },
    });
    const why = `exit ${run.code}\n${run.stderr}`;
    expect(run.code, why).toBe(0);
    expect(server.toolResult(server.steps[0]!.toolCalls[0]!.id)?.text, why).toContain(
      IN_PROGRESS_LINE,
    );
    const session = run.result?.session_id;
    expect(session, why).toBeDefined();
    const key = { agent: 'claude-code', session: session! };
    expect(
      await storedItems(`sqlite:${join(copy.project, '.plankeeper', 'plans.db')}`, key),
    ).toEqual(SMOKE_PLAN.todos.map((todo) => todo.content));
    expect(existsSync(join(original.sandbox.project, '.plankeeper', 'plans.db'))).toBe(false);
  }, 90_000);
});
