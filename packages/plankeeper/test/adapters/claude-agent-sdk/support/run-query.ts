/**
 * Drives the real Claude Agent SDK `query()` (it spawns its bundled Claude Code) in a
 * sandbox: a temp HOME, project and TMPDIR, an environment built from scratch that points
 * the SDK at a scripted Anthropic Messages server and refuses every other host.
 */
import { rmSync } from 'node:fs';
import { type Options, query, type SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import {
  type RecordedModelRequest,
  ScriptedAnthropicServer,
  type StepInput,
  seenText,
} from '../../../../../cli/test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import {
  createSandboxDirs,
  type SandboxDirs,
  sandboxEnv,
} from '../../../../../cli/test/support/sandbox-env.js';

export {
  callTool,
  say,
} from '../../../../../cli/test/coding-agents/claude-code/support/scripted-anthropic-server.js';

export interface QueryRun {
  messages: SDKMessage[];
  /** The final answer of the run. */
  result: string | undefined;
  sessionId: string;
}

/** One scripted model and sandbox for a test's `query()` runs. */
export class SdkSandbox {
  private constructor(
    readonly server: ScriptedAnthropicServer,
    readonly dirs: SandboxDirs,
  ) {}

  static async start(steps: readonly StepInput[]): Promise<SdkSandbox> {
    return new SdkSandbox(await ScriptedAnthropicServer.start(steps), createSandboxDirs('pk-sdk-'));
  }

  /** `cwd` and an environment that reaches the scripted server and nothing else. */
  options(): Options {
    const env = sandboxEnv(
      this.dirs,
      { proxy: this.server.proxyUrl },
      {
        ANTHROPIC_BASE_URL: this.server.url,
        ANTHROPIC_API_KEY: 'sk-ant-scripted-test-key',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_MAX_RETRIES: '0',
        API_TIMEOUT_MS: '20000',
      },
    );
    return { cwd: this.dirs.project, env };
  }

  /** Runs one `query()` to its end with `options` (plankeeper's, merged) over the sandbox's own. */
  async run(prompt: string, options: Options): Promise<QueryRun> {
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt,
      options: { ...this.options(), ...options },
    })) {
      messages.push(message);
    }
    const last = messages.findLast((message) => message.type === 'result');
    return {
      messages,
      result: last?.subtype === 'success' ? last.result : undefined,
      sessionId: last?.session_id ?? '',
    };
  }

  /** The model requests of the main conversation and sub-agents, in order. */
  get requests(): RecordedModelRequest[] {
    return this.server.ofKind('main', 'subagent');
  }

  /** What the model was shown in its `index`-th request (main and sub-agent), as text. */
  seen(index: number): string {
    const request = this.requests.at(index);
    if (!request) throw new Error(`no model request ${index}`);
    return seenText(request);
  }

  /** What the main conversation's model was shown in its `index`-th request, as text. */
  seenMain(index: number): string {
    const request = this.server.ofKind('main').at(index);
    if (!request) throw new Error(`no main request ${index}`);
    return seenText(request);
  }

  /** The text (and error flag) of the tool result for the `step`-th step's first call. */
  toolResult(step: number): { text: string; isError: boolean } {
    const id = this.server.steps[step]?.toolCalls[0]?.id ?? '';
    const found = this.server.toolResult(id);
    if (!found) throw new Error(`no tool result for step ${step}`);
    return { text: found.text, isError: found.isError };
  }

  async dispose(): Promise<void> {
    await this.server.close();
    rmSync(this.dirs.root, { recursive: true, force: true });
  }
}
