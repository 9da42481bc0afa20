/** A request body read whole, up to a limit. */
import type { IncomingMessage } from 'node:http';

/** The body as text, or undefined once it passes `limit` bytes. */
export async function readBody(
  request: IncomingMessage,
  limit: number,
): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
