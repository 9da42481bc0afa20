/**
 * The hook OUTPUT contract of the real Gemini CLI, headless: where each event's
 * `hookSpecificOutput.additionalContext` reaches the model, what an AfterAgent block does,
 * and that broken hooks fail open. One run, with `hook-responder.mjs` answering each event.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionResponses, GeminiModelServer } from './support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiRun,
  type GeminiSandbox,
  plankeeperMcpServer,
  runGemini,
  SUPPORT_DIR,
} from './support/gemini-runner.js';

const context = (event: string, text: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext: text },
});

/** Per event, the answers of its successive calls (the last one repeats). */
const ANSWERS = {
  SessionStart: [context('SessionStart', 'Plan <#1> is open')],
  BeforeAgent: [context('BeforeAgent', 'BEFORE-AGENT'), {}],
  AfterTool: [context('AfterTool', 'AFTER-TOOL')],
  AfterAgent: [{ decision: 'block', reason: 'Finish item #2 first.' }, {}],
  // Broken hooks: the CLI goes on.
  BeforeTool: [{ $exit: 1, $stdout: 'not json', $stderr: 'before-tool crashed' }],
  PreCompress: [{ $exit: 0, $stderr: 'only on stderr' }],
  SessionEnd: [{ $exit: 2, $stderr: 'exit 2 at the end' }],
};

let server: GeminiModelServer;
let sandbox: GeminiSandbox;
let run: GeminiRun;

beforeAll(async () => {
  sandbox = createGeminiSandbox();
  const answers = join(sandbox.root, 'hooks', 'answers.json');
  mkdirSync(join(sandbox.root, 'hooks'));
  writeFileSync(answers, JSON.stringify(ANSWERS));
  const hooks = Object.fromEntries(
    Object.keys(ANSWERS).map((event) => [
      event,
      [
        {
          hooks: [
            {
              type: 'command',
              command: `${process.execPath} ${join(SUPPORT_DIR, 'hook-responder.mjs')} ${answers} ${event}`,
              timeout: 10_000,
            },
          ],
        },
      ],
    ]),
  );
  sandbox.writeProjectSettings({
    mcpServers: { plankeeper: plankeeperMcpServer(`sqlite:${join(sandbox.root, 'plans.db')}`) },
    hooks,
  });
  server = await GeminiModelServer.start([
    {
      call: 'mcp_plankeeper_todo_write',
      args: { todos: [{ content: 'Write the parser', status: 'in_progress' }] },
    },
    { text: 'Done.' },
    { text: 'Really done.' },
  ]);
  run = await runGemini(sandbox, { server, prompt: 'Plan it.' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (process.env.GEMINI_KEEP_SANDBOX === '1') console.log(run?.stderr);
  sandbox?.remove();
});

const lastUserParts = (index: number) =>
  (server.mainRequests[index]?.body?.contents?.at(-1)?.parts ?? []).map((part) => part.text);

describe('Gemini CLI hook output contract (real CLI)', () => {
  it('runs to the end despite the broken hooks (fail open)', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(server.pending).toBe(0);
    expect(server.exhausted).toBe(0);
    expect(server.externalRequests).toEqual([]);
    // Each turn's text, run together.
    expect(run.json?.response).toBe('Done.Really done.');
  });

  it('SessionStart context is prepended to the prompt; BeforeAgent context is a part after it', () => {
    // Headless, SessionStart's context joins the prompt text (BeforeAgent's `prompt` has it
    // too); `<` and `>` in additionalContext arrive escaped as &lt; &gt;.
    expect(lastUserParts(0).slice(-2)).toEqual([
      '<hook_context>Plan &lt;#1&gt; is open</hook_context>\n\nPlan it.',
      '<hook_context>BEFORE-AGENT</hook_context>',
    ]);
  });

  it('AfterTool context is appended to the tool result the model reads', () => {
    const output = functionResponses(server.mainRequests[1]).find(
      (response) => response.name === 'mcp_plankeeper_todo_write',
    )?.response?.output;
    expect(output).toMatch(
      /^<untrusted_context>\n[\s\S]*#1 Write the parser[\s\S]*<\/untrusted_context>\n\n\n<hook_context>AFTER-TOOL<\/hook_context>$/,
    );
  });

  it('an AfterAgent block sends its reason to the model as the next user message', () => {
    expect(server.mainRequests).toHaveLength(3);
    expect(lastUserParts(2)).toEqual(['Finish item #2 first.']);
    expect(run.json?.warnings).toEqual(['Agent execution blocked: Finish item #2 first.']);
  });

  it('shows a failed hook as a warning and stderr-only output as a system message', () => {
    // BeforeTool exited 1 with non-JSON stdout: the tool still ran (its result is above).
    expect(run.stderr).toContain('Hook(s) [');
    expect(run.stderr).toContain('failed for event BeforeTool');
    // Exit 0 with an empty stdout: the CLI parses stderr instead, as a system message.
    expect(run.stderr).toContain('only on stderr');
  });
});
