/**
 * An `@ag-ui/client` agent whose run is `agUiEvents` in this process: the client's own event
 * verification and state application (JSON Patch) run over plankeeper's stream, as they
 * would over HTTP, without a server.
 */
import { AbstractAgent } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { type AgUiEventsOptions, type AgUiHost, agUiEvents } from 'plankeeper/ag-ui';
import { from, type Observable } from 'rxjs';

export class InProcessAgent extends AbstractAgent {
  constructor(
    private readonly host: AgUiHost,
    private readonly options: AgUiEventsOptions = {},
    threadId = 'thread-1',
  ) {
    super({ threadId });
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    return from(agUiEvents(input, this.host, this.options));
  }

  override clone(): InProcessAgent {
    return new InProcessAgent(this.host, this.options, this.threadId);
  }
}

/** Collects every event a run streams, in order. */
export async function collect(events: AsyncIterable<BaseEvent>): Promise<BaseEvent[]> {
  const all: BaseEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}
