/**
 * The Claude Agent SDK adapter, driven by the SDK's own `query()` (its bundled Claude Code)
 * against the scripted Anthropic server. The host's `lookup` is an in-process SDK MCP server
 * of the program's own, so the model calls `mcp__host__lookup` beside plankeeper's tools.
 */
import { createSdkMcpServer, type SDKMessage, tool } from '@anthropic-ai/claude-agent-sdk';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper, type PlankeeperOptions } from 'plankeeper/claude-agent-sdk';
import { z } from 'zod';
import type {
  RecordedModelRequest,
  StepInput,
} from '../../../../cli/test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import { systemText } from '../../../../cli/test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import { SdkSandbox } from '../claude-agent-sdk/support/run-query.js';
import {
  checkRunsOf,
  type Host,
  KEY,
  lookupAnswer,
  lookupSideEffect,
  type Received,
  type Reply,
  WRITE_FILE,
} from './host.js';

const LOOKUP = 'mcp__host__lookup';
const HOST_TOOLS = new Set(['lookup', WRITE_FILE.name]);

export const claudeAgentSdk: Host = {
  name: 'Claude Agent SDK (query)',
  // The hooks see every call and each call is a round; the plan is read in write results
  // and the hooks' texts, not in a section of its own.
  traits: {
    planSection: false,
    countsRounds: true,
    checksAnswers: true,
    seesWork: true,
    holdsTools: true,
    // The Stop hook's `systemMessage`, which the SDK shows the person.
    showsNotices: true,
  },
  async run(task, replies, options) {
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const host = createSdkMcpServer({
      name: 'host',
      tools: [
        tool('lookup', 'Look something up.', { query: z.string() }, async ({ query }) => {
          lookups.push(query);
          await lookupSideEffect(engine, KEY, query);
          return { content: [{ type: 'text', text: lookupAnswer(query) }] };
        }),
        tool(
          WRITE_FILE.name,
          WRITE_FILE.description,
          { path: z.string(), text: z.string() },
          async (input) => ({ content: [{ type: 'text', text: WRITE_FILE.run(input) }] }),
        ),
      ],
    });
    const sandbox = await SdkSandbox.start(replies.map(toStep));
    try {
      const planner = createPlankeeper({
        engine,
        key: KEY,
        ...(options as Omit<PlankeeperOptions, 'approval'>),
        ...(options.approval && { approval: 'required' }),
      });
      const run = await sandbox.run(
        task,
        planner.options({
          mcpServers: { host },
          allowedTools: [LOOKUP, sdkName(WRITE_FILE.name)],
        }),
      );
      return {
        calls: sandbox.server.ofKind('main').map(received),
        answer: run.result ?? '',
        lookups,
        plan: (await engine.snapshot(KEY)).items,
        checkRuns: await checkRunsOf(engine, KEY),
        shown: run.messages.flatMap(shownText),
      };
    } finally {
      await sandbox.dispose();
    }
  },
};

const sdkName = (name: string) =>
  HOST_TOOLS.has(name) ? `mcp__host__${name}` : `mcp__plankeeper__${name}`;

/** A hook's `systemMessage` as the SDK's stream shows it the person (`Stop says: …`). */
function shownText(message: SDKMessage): string[] {
  return message.type === 'system' && message.subtype === 'informational' ? [message.content] : [];
}

function toStep(reply: Reply): StepInput {
  if ('text' in reply) return { text: reply.text };
  const calls = 'call' in reply ? [{ tool: reply.call, input: reply.input }] : reply.calls;
  return { toolCalls: calls.map((call) => ({ name: sdkName(call.tool), input: call.input })) };
}

/** One request as `Received` messages: each text, tool call and tool result a message. */
function received(request: RecordedModelRequest): Received[] {
  const messages: Received[] = [{ role: 'system', text: systemText(request.body) }];
  for (const message of request.body.messages ?? []) {
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : (message.content as Record<string, unknown>[]);
    for (const block of blocks) messages.push(receivedBlock(message.role, block));
  }
  return messages;
}

function receivedBlock(role: string, block: Record<string, unknown>): Received {
  if (block.type === 'tool_use') {
    return { role: 'assistant', text: `call ${String(block.name)} ${JSON.stringify(block.input)}` };
  }
  if (block.type === 'tool_result') {
    const content = block.content;
    const text =
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((part: { text?: string }) => part.text ?? '').join('\n')
          : '';
    return { role: 'tool', text };
  }
  return { role: role === 'assistant' ? 'assistant' : 'user', text: String(block.text ?? '') };
}
