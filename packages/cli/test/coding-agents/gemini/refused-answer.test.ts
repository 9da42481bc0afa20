/**
 * A final answer the finish check refuses, in the real Gemini CLI (headless, text output):
 * what the model is told and what the person sees. Gemini CLI streams each answer to the
 * terminal as it arrives and runs AfterAgent only after it, and no AfterAgent output takes
 * an answer back (block, deny, exit 2, `clearContext`, `suppressOutput`, `systemMessage`
 * all leave it printed; `continue: false` ends the turn with it): the refused draft stays
 * on stdout, run together with the answer that follows. The README says so; this pins it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeminiModelServer, texts } from './support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiRun,
  type GeminiSandbox,
  runGemini,
} from './support/gemini-runner.js';
import { configurePlankeeper } from './support/plankeeper-settings.js';

const DRAFT = 'All done, both steps.';
const FINAL = 'I could not test the parser: there is no test runner here.';
const REASON = 'Your todo list still has open items: #1 Write the parser; #2 Test the parser.';

let server: GeminiModelServer;
let sandbox: GeminiSandbox;
let run: GeminiRun;

beforeAll(async () => {
  sandbox = createGeminiSandbox();
  configurePlankeeper(sandbox, `sqlite:${join(sandbox.root, 'plans.db')}`);
  server = await GeminiModelServer.start([
    {
      call: 'mcp_plankeeper_todo_write',
      args: {
        todos: [
          { content: 'Write the parser', status: 'in_progress' },
          { content: 'Test the parser', status: 'pending' },
        ],
      },
    },
    { text: DRAFT },
    { text: FINAL },
  ]);
  run = await runGemini(sandbox, {
    server,
    prompt: 'Write and test the parser.',
    outputFormat: 'text',
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  sandbox?.remove();
});

describe('Gemini CLI with plankeeper: a refused final answer', () => {
  it('the model is told once, as the next user message, and answers again', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(server.mainRequests).toHaveLength(3);
    const retry = server.mainRequests[2];
    const parts = (retry?.body?.contents?.at(-1)?.parts ?? []).map((part) => part.text);
    expect(parts).toEqual([expect.stringContaining(REASON)]);
    // Not a second time elsewhere (as a tool error, a hook context or a system note).
    const told = texts(retry).filter((text) => text.includes('still has open items'));
    expect(told).toHaveLength(1);
    expect(JSON.stringify(retry?.body?.systemInstruction ?? {})).not.toContain('open items');
  });

  it('the person sees the refused draft and the answer run together on stdout (Gemini CLI cannot take it back)', () => {
    expect(run.stdout).toBe(`${DRAFT}${FINAL}\n`);
    expect(run.stderr).toContain(`[WARNING] Agent execution blocked: ${REASON}`);
  });
});
