import type { ServerResponse } from 'node:http';
import type { RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { type ModelClient, PlanEngine } from 'plankeeper';
import { agentHost, agUiEvents } from 'plankeeper/ag-ui';

/** An AG-UI endpoint: each POST body (a RunAgentInput) is one run of your agent, as SSE. */
export function planEndpoint(model: ModelClient, engine = new PlanEngine()) {
  // Plans keyed {agent: 'agent', session: threadId}; add `approval: 'required'` to ask first.
  const host = agentHost({ model, planning: { engine } });
  const encoder = new EventEncoder();
  return async (input: RunAgentInput, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': encoder.getContentType() });
    for await (const event of agUiEvents(input, host)) response.write(encoder.encodeSSE(event));
    response.end();
  };
}
