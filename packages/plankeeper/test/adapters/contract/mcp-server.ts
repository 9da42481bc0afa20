/**
 * The MCP server alone, driven as an MCP host drives it: the official SDK client lists the
 * tools, reads the server's instructions into the system prompt, and calls a tool for each
 * call the model makes; the host runs its own `lookup`. The server sees only its own tools and
 * no answer, so it counts no rounds, checks no answer, holds nothing and takes no evidence
 * rule from a preset; the preset reaches it as `plankeeper mcp --discipline` hands it over.
 */
import { PlanEngine } from 'plankeeper';
import { resolveDiscipline } from 'plankeeper/rules';
import { connectClient } from '../../support/mcp-clients.js';
import {
  checkRunsOf,
  type Host,
  KEY,
  lookupAnswer,
  lookupSideEffect,
  type Received,
} from './host.js';

export const mcpServer: Host = {
  name: 'MCP server alone (official client)',
  traits: {
    planSection: false,
    countsRounds: false,
    checksAnswers: false,
    seesWork: false,
    holdsTools: false,
    showsNotices: false,
  },
  async run(task, replies, options) {
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const { echoPlan, evidence } = resolveDiscipline(options, {
      planSection: false,
      seesWork: false,
    });
    const { client } = await connectClient({
      engine,
      agent: KEY.agent,
      session: KEY.session,
      echoPlan,
      ...(evidence && { evidence }),
    });
    const conversation: Received[] = [
      { role: 'system', text: client.getInstructions() ?? '' },
      { role: 'user', text: task },
    ];
    const calls: Received[][] = [];
    let answer = '';
    for (const reply of replies) {
      calls.push([...conversation]);
      if ('text' in reply) {
        answer = reply.text;
        break;
      }
      const replyCalls = 'call' in reply ? [{ tool: reply.call, input: reply.input }] : reply.calls;
      for (const call of replyCalls) {
        conversation.push({
          role: 'assistant',
          text: `call ${call.tool} ${JSON.stringify(call.input)}`,
        });
        let text: string;
        if (call.tool === 'lookup') {
          const query = String(call.input.query);
          lookups.push(query);
          await lookupSideEffect(engine, KEY, query);
          text = lookupAnswer(query);
        } else {
          const result = await client.callTool({ name: call.tool, arguments: call.input });
          text = (result.content as { type: string; text?: string }[])
            .map((part) => part.text ?? '')
            .join('\n');
        }
        conversation.push({ role: 'tool', text });
      }
    }
    return {
      calls,
      answer,
      lookups,
      plan: (await engine.snapshot(KEY)).items,
      checkRuns: await checkRunsOf(engine, KEY),
      shown: [],
    };
  },
};
