/**
 * Server-sent events for the page: one store subscription, fanned out to every open
 * `/api/events` connection as small `plan-changed` events. The page re-fetches what
 * changed; events carry no item text.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodePlanKey } from 'plankeeper';
import type { PlanChange } from 'plankeeper/stores';
import type { PlanChangedEvent } from './api-types.js';

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly keepAlive: NodeJS.Timeout;

  constructor(keepAliveMs: number) {
    // Comments keep proxies and idle timeouts from closing a quiet stream.
    this.keepAlive = setInterval(() => this.broadcast(': keepalive\n\n'), keepAliveMs);
    this.keepAlive.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  open(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Tells buffering reverse proxies (nginx) to pass events through at once.
      'x-accel-buffering': 'no',
    });
    response.write('retry: 2000\n: connected\n\n');
    this.clients.add(response);
    const drop = () => this.clients.delete(response);
    request.on('close', drop);
    response.on('close', drop);
    response.on('error', drop);
  }

  publish(change: PlanChange): void {
    const event: PlanChangedEvent = {
      key: encodePlanKey(change.key),
      agent: change.key.agent,
      session: change.key.session,
      scope: [...(change.key.scope ?? [])],
      version: change.version,
      at: change.at,
      tool: change.source.tool,
      deleted: change.record === null,
    };
    this.broadcast(`event: plan-changed\ndata: ${JSON.stringify(event)}\n\n`);
  }

  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(text: string): void {
    for (const client of this.clients) {
      if (client.writableEnded || client.destroyed) this.clients.delete(client);
      else client.write(text);
    }
  }
}
