/**
 * Runs the real Pi CLI (the pinned `@mariozechner/pi-coding-agent`, from the repository's
 * node_modules/.bin) in a sandbox: a temp HOME with Pi's agent folder inside it
 * (PI_CODING_AGENT_DIR), whose models.json points the provider `scripted` at a
 * FakeProviderServer speaking OpenAI's chat completions, and a temp project. A run is RPC
 * mode (`pi --mode rpc`): the prompts go in as commands, and it ends once Pi has ended the
 * expected number of runs (a run the extension sends the model back from is one more).
 *
 * @example
 * const sandbox = PiSandbox.create();
 * server.reply(openaiWire.stream({ deltas: [{ content: 'Hi' }] }));
 * const run = await sandbox.run({ server, prompts: ['Hello'] });
 * run.sessionId; run.stderr; server.requests;
 */
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from 'plankeeper/test';
import type { FakeProviderServer } from '../../../support/fake-provider-server.js';
import {
  createSandboxDirs,
  killProcessGroup,
  parseJsonLines,
  Sandbox,
  sandboxEnv,
  writeSandboxFile,
} from '../../../support/sandbox-env.js';

/** The repository root (this file is packages/cli/test/coding-agents/pi/support/). */
const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const PI_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'pi');
export const MODEL = 'scripted/scripted-model';

export interface PiRunOptions {
  server: FakeProviderServer;
  prompts: readonly string[];
  /** Runs each prompt takes before the next goes in: one, and one more per send-back. */
  runsEach?: readonly number[];
  /** Print mode (`pi -p PROMPT`) instead of RPC mode. */
  print?: boolean;
  /** Folders put before PATH (where a global install's `plankeeper` is, say). */
  pathBefore?: readonly string[];
  /** Called before each prompt after the first, with Pi's session id (a person's change, say). */
  between?: (sessionId: string) => Promise<void>;
}

export interface PiRun {
  /** Pi's RPC events and responses, in order (print mode: none). */
  events: Record<string, unknown>[];
  stdout: string;
  stderr: string;
  /** Pi's session id (RPC mode). */
  sessionId: string | undefined;
}

export class PiSandbox extends Sandbox {
  static create(): PiSandbox {
    return new PiSandbox(createSandboxDirs('pk-pi-'));
  }

  get agentDir(): string {
    return join(this.home, '.pi', 'agent');
  }

  async run(options: PiRunOptions): Promise<PiRun> {
    writeSandboxFile(join(this.agentDir, 'models.json'), {
      providers: {
        scripted: {
          baseUrl: options.server.url('/v1'),
          api: 'openai-completions',
          apiKey: 'scripted-key',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'scripted-model' }],
        },
      },
    });
    const path = [...(options.pathBefore ?? []), dirname(process.execPath), process.env.PATH];
    const env = sandboxEnv(
      this,
      { proxy: 'http://127.0.0.1:9', path: path.join(delimiter) },
      { PI_OFFLINE: '1', PI_CODING_AGENT_DIR: this.agentDir },
    );
    const mode = options.print ? ['-p', options.prompts.join('\n')] : ['--mode', 'rpc'];
    const child = spawn(PI_BIN, [...mode, '--model', MODEL, '--no-session'], {
      cwd: this.project,
      env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      if (options.print) {
        child.stdin.end();
        await Promise.race([exited, timeout(30_000, () => stderr)]);
        return { events: [], stdout, stderr, sessionId: undefined };
      }
      const sessionId = await this.sessionOf(child.stdin, () => stdout);
      let runs = 0;
      for (const [index, prompt] of options.prompts.entries()) {
        if (index > 0) await options.between?.(sessionId);
        child.stdin.write(`${JSON.stringify({ type: 'prompt', message: prompt })}\n`);
        runs += options.runsEach?.[index] ?? 1;
        const ended = runs;
        await waitFor(() => countOf(stdout, 'agent_end') >= ended, `${ended} runs`, 30_000);
      }
      child.stdin.end();
      await Promise.race([exited, timeout(10_000, () => stderr)]);
      return { events: parseJsonLines(stdout), stdout, stderr, sessionId };
    } finally {
      killProcessGroup(child);
    }
  }

  /** Pi's session id, asked over RPC. */
  private async sessionOf(stdin: NodeJS.WritableStream, stdout: () => string): Promise<string> {
    stdin.write(`${JSON.stringify({ type: 'get_state' })}\n`);
    await waitFor(() => stdout().includes('"command":"get_state"'), 'the state', 30_000);
    const state = parseJsonLines(stdout()).find((event) => event.command === 'get_state');
    return (state!.data as { sessionId: string }).sessionId;
  }
}

function countOf(stdout: string, type: string): number {
  return stdout.split(`"type":"${type}"`).length - 1;
}

function timeout(ms: number, stderr: () => string): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`Pi did not exit in ${ms} ms: ${stderr()}`)), ms).unref(),
  );
}
