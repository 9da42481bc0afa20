/**
 * A preset means the same in every host. One scenario per preset — write a plan, complete #1
 * with no work since it started, five lookups, then answer three times with #2 still open —
 * runs through the own loop, through the AI SDK's own loop (its mock model), and through
 * Claude Code's hooks with `plankeeper mcp` beside them (the hook and server as setup writes
 * them, driven in-process); the model reads the same rule texts at the same points in each:
 * the evidence warning, the nudge, the finish check and the goal check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonSchema, stepCountIs, tool } from 'ai';
import { Agent, type ChatMessage, getLocale, PlanEngine, type ToolDefinition } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { quoteText } from 'plankeeper/harness';
import type { Discipline } from 'plankeeper/rules';
import { openStore } from 'plankeeper/stores';
import { ScriptedModel } from 'plankeeper/test';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../../plankeeper/test/support/mcp-clients.js';
import { scriptedModel } from '../../../plankeeper/test/support/models/ai-sdk.js';
import { mcpServerOptions, parseMcpFlags } from '../../src/cli/commands/mcp.js';
import { runHook } from '../../src/coding-agents/hook/run-hook.js';

const TASK = 'Read the notes, then write the summary.';
const ANSWER = 'Done.';
const PLAN = [
  { content: 'Read the notes', status: 'in_progress' },
  { content: 'Write the summary', status: 'pending' },
];
const COMPLETED = [
  { content: 'Read the notes', status: 'completed' },
  { content: 'Write the summary', status: 'pending' },
];
/** The scenario's tool calls, one per model reply: two plan writes, then five lookups. */
const CALLS: { tool: 'todo_write' | 'lookup'; args: Record<string, unknown> }[] = [
  { tool: 'todo_write', args: { todos: PLAN } },
  { tool: 'todo_write', args: { todos: COMPLETED } },
  ...Array.from({ length: 5 }, (_, index) => ({
    tool: 'lookup' as const,
    args: { query: `note ${index + 1}` },
  })),
];
const locale = getLocale('en');

/** What the model read of the rules: after which call, and the bounces of its answers. */
interface RulesRead {
  /** `evidence@2`, `reminder 3@5`: a rule's text in what the model read after call N. */
  afterCalls: string[];
  /** The texts its answers were sent back with, in order. */
  bounces: string[];
}

function rulesIn(texts: readonly string[]): string[] {
  return texts.flatMap((text, index) => {
    const call = index + 1;
    const found: string[] = [];
    if (text.includes('No evidence for #1')) found.push(`evidence@${call}`);
    for (const match of text.matchAll(/<reminder>(\d+) tool rounds? without/g))
      found.push(`reminder ${match[1]}@${call}`);
    return found;
  });
}

const EXPECTED: Record<Discipline, string[]> = {
  light: ['reminder 5@7'],
  standard: ['reminder 3@5'],
  strict: ['evidence@2', 'reminder 2@4', 'reminder 2@6'],
};

const open = [{ id: '2', content: 'Write the summary', status: 'pending' as const }];
const BOUNCES = [locale.harness.finishCheck(open, quoteText), locale.harness.goalCheck(TASK)];

const lookupTool: ToolDefinition = {
  name: 'lookup',
  description: 'Look something up.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  async execute(args) {
    const text = `Found: ${String((args as { query?: string }).query)}`;
    return { ok: true, text, data: null, title: 'lookup' };
  },
};

async function ownLoop(discipline: Discipline): Promise<RulesRead> {
  const model = new ScriptedModel([
    ...CALLS,
    { final: ANSWER },
    { final: ANSWER },
    { final: ANSWER },
  ]);
  const agent = new Agent({ model, tools: [lookupTool], planning: { discipline } });
  await agent.run(TASK);
  // Request N (after call N): what came after the model's last reply.
  const sinceReply = (messages: readonly ChatMessage[]) =>
    messages.slice(messages.findLastIndex((message) => message.role === 'assistant') + 1);
  const afterCalls = model.requests.slice(1, CALLS.length + 1).map((request) =>
    sinceReply(request.messages)
      .map((message) => ('content' in message ? message.content : ''))
      .join('\n'),
  );
  const last = model.requests.at(-1)!.messages;
  const bounces = last.flatMap((message) =>
    message.role === 'user' &&
    (message.injected === 'finish-check' || message.injected === 'goal-check')
      ? [message.content]
      : [],
  );
  return { afterCalls: rulesIn(afterCalls), bounces };
}

async function aiSdk(discipline: Discipline): Promise<RulesRead> {
  const model = scriptedModel([...CALLS, ...[1, 2, 3].map(() => ({ text: ANSWER }))]);
  const lookup = tool({
    description: 'Look something up.',
    inputSchema: jsonSchema<{ query: string }>({
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    }),
    execute: async ({ query }) => `Found: ${query}`,
  });
  const planner = createPlankeeper({ key: { agent: 'ai-sdk', session: discipline }, discipline });
  const run = await planner.runWithPlan({
    model,
    tools: { ...planner.tools, lookup },
    prompt: TASK,
    stopWhen: stepCountIs(20),
  });
  const prompts = model.doGenerateCalls.map((call) => call.prompt);
  const afterCalls = prompts.slice(1, CALLS.length + 1).map((prompt) => {
    const reply = prompt.findLastIndex((message) => message.role === 'assistant');
    return prompt
      .slice(reply + 1)
      .flatMap((message) =>
        message.role === 'tool'
          ? message.content.map((part) =>
              part.type === 'tool-result' && 'value' in part.output
                ? String(part.output.value)
                : '',
            )
          : message.role === 'user'
            ? message.content.map((part) => (part.type === 'text' ? part.text : ''))
            : [],
      )
      .join('\n');
  });
  return { afterCalls: rulesIn(afterCalls), bounces: run.bounces.map((bounce) => bounce.text) };
}

const scratch = mkdtempSync(join(tmpdir(), 'pk-presets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Claude Code: each hook as `plankeeper hook claude-code <event>`, the tools through `plankeeper mcp`. */
async function claudeCode(discipline: Discipline): Promise<RulesRead> {
  const dir = mkdtempSync(join(scratch, `${discipline}-`));
  const store = `sqlite:${join(dir, 'plans.db')}`;
  const session = `session-${discipline}`;
  const hook = async (event: string, input: Record<string, unknown>) => {
    let stdout = '';
    await runHook(['claude-code', event, '--store', store, '--discipline', discipline], {
      stdin: [JSON.stringify({ session_id: session, hook_event_name: event, ...input })],
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      env: {},
      cwd: dir,
    });
    return stdout.trim() === ''
      ? {}
      : (JSON.parse(stdout) as {
          decision?: string;
          reason?: string;
          hookSpecificOutput?: { additionalContext?: string };
        });
  };
  const opened = await openStore(store);
  const settings = parseMcpFlags({ store, for: 'claude-code', discipline }, {}, dir);
  const { client } = await connectClient(
    mcpServerOptions(settings, new PlanEngine({ store: opened })),
  );
  try {
    await hook('UserPromptSubmit', { prompt: TASK, prompt_id: 'p1' });
    const afterCalls: string[] = [];
    for (const [index, call] of CALLS.entries()) {
      const id = `toolu_${index + 1}`;
      const name = call.tool === 'todo_write' ? 'mcp__plankeeper__todo_write' : 'Read';
      await hook('PreToolUse', { tool_name: name, tool_use_id: id, tool_input: call.args });
      let result = `Found: ${String(call.args.query)}`;
      if (call.tool === 'todo_write') {
        const response = (await client.callTool({
          name: 'todo_write',
          arguments: call.args,
          _meta: { 'claudecode/toolUseId': id },
        })) as { content: { type: string; text: string }[] };
        result = response.content.map((part) => part.text).join('\n');
      }
      const after = await hook('PostToolUse', {
        tool_name: name,
        tool_use_id: id,
        tool_input: call.args,
        tool_response: [{ type: 'text', text: result }],
      });
      afterCalls.push([result, after.hookSpecificOutput?.additionalContext ?? ''].join('\n'));
    }
    const bounces: string[] = [];
    for (const active of [false, true, true]) {
      const answer = await hook('Stop', {
        stop_hook_active: active,
        last_assistant_message: ANSWER,
      });
      // Claude Code reads a refused stop as the Stop event's additional context (said once).
      const refused = answer.hookSpecificOutput?.additionalContext ?? answer.reason;
      if (refused) bounces.push(refused);
    }
    return { afterCalls: rulesIn(afterCalls), bounces };
  } finally {
    await client.close();
    await opened.close();
  }
}

describe.each(['light', 'standard', 'strict'] as const)('the %s preset in every host', (preset) => {
  it('the model reads the same rules at the same points in the own loop, the AI SDK and Claude Code', async () => {
    const hosts = {
      'own loop': await ownLoop(preset),
      'AI SDK': await aiSdk(preset),
      'Claude Code': await claudeCode(preset),
    };
    for (const [host, read] of Object.entries(hosts)) {
      expect({ host, ...read }).toEqual({ host, afterCalls: EXPECTED[preset], bounces: BOUNCES });
    }
  });
});
