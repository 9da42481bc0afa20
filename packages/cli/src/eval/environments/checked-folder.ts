/**
 * A real folder with the person's own check in it: the model works on real files through
 * the CLI's workspace tools, and `node check.mjs` compares them with what the person asked
 * for. Real files and a real command are the point: checks before done fingerprint the
 * folder and run the command, which no fake world could stand in for.
 *
 * The folder is `work/` inside a temporary root; what the check compares against
 * (`spec.json`) and the log of its runs (`check-runs.log`) sit beside it in the root, so
 * the person updating the spec or the check counting a run never changes the work.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { workspaceTools } from '../../builtin-tools/index.js';
import { CHECK_SCRIPT, UNCOUNTED } from './check-script.js';
import type { Environment } from './environment.js';

/** The command the person gave as their check, run in `work/`. */
export const CHECK_COMMAND = 'node check.mjs';

/** File name → the exact content the person asked for. */
export type FileSpec = Record<string, string>;

export class CheckedFolder implements Environment {
  readonly root: string;
  /** The folder the model works in and the check runs in. */
  readonly workspace: string;
  readonly tools: ToolDefinition[];

  constructor(
    lang: LocaleId,
    /** The spec from each turn on (1-based); turn 1's is written at once. */
    private readonly specs: Record<number, FileSpec>,
  ) {
    this.root = mkdtempSync(join(tmpdir(), 'plankeeper-eval-'));
    this.workspace = join(this.root, 'work');
    mkdirSync(this.workspace);
    writeFileSync(join(this.workspace, 'check.mjs'), CHECK_SCRIPT);
    writeFileSync(join(this.root, 'check-runs.log'), '');
    this.tools = workspaceTools({ root: this.workspace, locale: lang });
    this.beginTurn(1);
  }

  get verify(): { command: string; cwd: string } {
    return { command: CHECK_COMMAND, cwd: this.workspace };
  }

  beginTurn(turn: number): void {
    const spec = this.specs[turn];
    if (spec) writeFileSync(join(this.root, 'spec.json'), JSON.stringify(spec));
  }

  /** The person's check now, run outside the model's tools and not counted as a run. */
  check(): { ok: true } | { ok: false; output: string } {
    try {
      execFileSync(process.execPath, ['check.mjs'], {
        cwd: this.workspace,
        env: { ...process.env, [UNCOUNTED]: '1' },
        stdio: 'pipe',
      });
      return { ok: true };
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      return { ok: false, output: `${stdout ?? ''}${stderr ?? ''}`.trimEnd() };
    }
  }

  /** How often the check command has run as the harness runs it (each run logs a line). */
  checkRuns(): number {
    return readFileSync(join(this.root, 'check-runs.log'), 'utf8').split('\n').length - 1;
  }

  /** A file of the work, or undefined when it is not there. */
  read(name: string): string | undefined {
    try {
      return readFileSync(join(this.workspace, name), 'utf8');
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
