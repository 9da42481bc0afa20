import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastAnswer, turnEndWritten } from './transcript.js';

const line = (type: string, data: Record<string, unknown> = {}) =>
  `${JSON.stringify({ type, data })}\n`;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A transcript as Copilot has written it when its stop hook starts too early. */
function lagging(): string {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-transcript-'));
  const path = join(dir, 'events.jsonl');
  writeFileSync(
    path,
    line('user.message', { content: 'Write the parser.' }) +
      line('assistant.turn_start') +
      line('assistant.message', { content: 'Earlier words.' }) +
      line('tool.execution_start') +
      line('hook.start'),
  );
  return path;
}

describe('Copilot transcript', () => {
  it('waits for the turn’s end to be written, then reads the answer it ends on', async () => {
    const path = lagging();
    setTimeout(() => {
      appendFileSync(
        path,
        line('hook.end') +
          line('tool.execution_complete') +
          line('assistant.turn_end') +
          line('assistant.turn_start') +
          line('assistant.message', { content: 'I could not test it.' }) +
          line('assistant.turn_end') +
          line('hook.start'),
      );
    }, 150);
    const started = Date.now();
    await turnEndWritten(path, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(lastAnswer(path)).toBe('I could not test it.');
  });

  it('a turn already ended (hook events after it aside) is not waited for', async () => {
    const path = lagging();
    appendFileSync(path, line('assistant.turn_end') + line('hook.start') + line('hook.end'));
    const started = Date.now();
    await turnEndWritten(path, 5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up after its wait, and at once when there is no file', async () => {
    const path = lagging();
    const started = Date.now();
    await turnEndWritten(path, 200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(lastAnswer(path)).toBe('Earlier words.');
    await turnEndWritten(join(dir!, 'missing.jsonl'), 5000);
    await turnEndWritten(undefined, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lastAnswer(join(dir!, 'missing.jsonl'))).toBe('');
  });

  it('skips a sub-agent’s message and a line being written', () => {
    const path = lagging();
    appendFileSync(
      path,
      line('assistant.message', { content: 'SUB', parentToolCallId: 'call-1' }) +
        '{"type":"assistant.message","data":{"content":"half',
    );
    expect(lastAnswer(path)).toBe('Earlier words.');
  });
});
