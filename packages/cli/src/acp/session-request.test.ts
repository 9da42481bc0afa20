import { describe, expect, it } from 'vitest';
import { parseLine } from './line-splicer.js';
import { clientPlanSupport, planNotification } from './plan-update.js';
import { withMcpServer } from './session-request.js';

const server = { name: 'plankeeper', command: 'node', args: ['pk.js', 'mcp'], env: [] };

function rewrite(text: string): string | undefined {
  const line = Buffer.from(text);
  return withMcpServer(parseLine(line) as Record<string, unknown>, line, server)?.toString();
}

describe('withMcpServer', () => {
  it("adds plankeeper after the editor's own servers, keeping the line ending", () => {
    const own = { name: 'fs', command: 'fs-server', args: [], env: [] };
    const text = `{"jsonrpc":"2.0","id":3,"method":"session/new","params":{"cwd":"/p","mcpServers":[${JSON.stringify(own)}]}}\r\n`;
    const out = rewrite(text) as string;
    expect(out.endsWith('}\r\n')).toBe(true);
    expect(JSON.parse(out)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      method: 'session/new',
      params: { cwd: '/p', mcpServers: [own, server] },
    });
  });

  it("leaves a request alone that already names a plankeeper server (the person's own)", () => {
    const text = `{"id":1,"method":"session/load","params":{"sessionId":"s","mcpServers":[{"name":"plankeeper","command":"x","args":[],"env":[]}]}}\n`;
    expect(rewrite(text)).toBeUndefined();
    expect(rewrite('{"id":1,"method":"session/new","params":[]}\n')).toBeUndefined();
  });
});

describe('clientPlanSupport', () => {
  it('picks plan_update where the client advertises it, v1 plan otherwise, cancelled from v2', () => {
    expect(clientPlanSupport({ protocolVersion: 1, clientCapabilities: {} })).toEqual({
      update: 'plan',
      cancelledStatus: false,
    });
    expect(clientPlanSupport({ protocolVersion: 1, clientCapabilities: { plan: {} } })).toEqual({
      update: 'plan_update',
      cancelledStatus: false,
    });
    expect(clientPlanSupport({ protocolVersion: 1, clientCapabilities: { plan: null } })).toEqual({
      update: 'plan',
      cancelledStatus: false,
    });
    expect(clientPlanSupport({ protocolVersion: 2, clientCapabilities: {} })).toEqual({
      update: 'plan_update',
      cancelledStatus: true,
    });
    expect(clientPlanSupport(undefined).update).toBe('plan');
  });
});

describe('planNotification', () => {
  it('is one JSON-RPC notification line for the session', () => {
    const items = [{ id: '1', content: 'Read', status: 'cancelled' as const }];
    const line = planNotification(
      's-1',
      items,
      { update: 'plan_update', cancelledStatus: true },
      '',
    );
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 's-1',
        update: {
          sessionUpdate: 'plan_update',
          plan: {
            type: 'items',
            planId: 'plankeeper',
            entries: [
              {
                content: 'Read',
                priority: 'medium',
                status: 'cancelled',
                _meta: { plankeeper: { id: '1', status: 'cancelled' } },
              },
            ],
          },
        },
      },
    });
  });
});
