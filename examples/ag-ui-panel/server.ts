/**
 * A small AG-UI endpoint backed by plankeeper, and the panel page that talks to it.
 * `POST /agent` takes a `RunAgentInput` and answers with the run's events over SSE
 * (`@ag-ui/encoder`); `GET /` is the page and `GET /panel.js` its script, bundled for the
 * browser from panel.ts when the server starts (`@ag-ui/client` inside it).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { build } from 'esbuild';
import { type AgUiEventsOptions, type AgUiHost, agUiEvents } from 'plankeeper/ag-ui';

const page = new URL('./index.html', import.meta.url);
const script = new URL('./panel.ts', import.meta.url);

/** A request body larger than this is no run input. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface PanelServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `host` as an AG-UI agent at `/agent` and the panel page at `/`, on 127.0.0.1. */
export async function startPanelServer(
  host: AgUiHost,
  options: AgUiEventsOptions & { port?: number } = {},
): Promise<PanelServer> {
  const bundle = await build({
    entryPoints: [script.pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
  });
  const panelJs = bundle.outputFiles[0]!.text;
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/agent') {
      void serveRun(request, response, host, options);
    } else if (request.method === 'GET' && request.url === '/panel.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(panelJs);
    } else if (request.method === 'GET' && (request.url === '/' || request.url?.startsWith('/?'))) {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(readFileSync(page));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One run: the input checked by the protocol's own schema, then every event as SSE. */
async function serveRun(
  request: IncomingMessage,
  response: ServerResponse,
  host: AgUiHost,
  options: AgUiEventsOptions,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      response.writeHead(413).end('The run input is over 1 MiB.');
      return;
    }
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    response.writeHead(400).end('The run input is not JSON.');
    return;
  }
  const input = RunAgentInputSchema.safeParse(body);
  if (!input.success) {
    response.writeHead(400).end('The run input is not an AG-UI RunAgentInput.');
    return;
  }
  // SSE whatever the client accepts: this endpoint streams text, never protobuf.
  const encoder = new EventEncoder();
  response.writeHead(200, {
    'content-type': encoder.getContentType(),
    'cache-control': 'no-cache',
  });
  for await (const event of agUiEvents(input.data, host, options)) {
    response.write(encoder.encodeSSE(event));
  }
  response.end();
}
