/**
 * Copilot CLI's session transcript (`transcriptPath`, events.jsonl), the only place a stop hook
 * finds the answer it is about: the `agentStop` input carries none. Copilot writes the file
 * behind its own events, so a stop hook can run before the answer it ends on is there
 * (measured on 1.0.102: a whole tool round behind, more on a busy machine). Read too early, the
 * goal check would not see an answer that already says what could not be done, and ask again.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { text } from '../hook-adapter.js';

/** The tail read: a long session's file is not read whole. */
const TAIL_BYTES = 256 * 1024;

/** How long a stop hook waits for the turn's end to reach the file, within its deadline. */
export const TURN_END_WAIT_MS = 1500;
const POLL_MS = 20;

/** Events Copilot writes about hooks running: they come after the turn's end. */
const HOOK_EVENTS = new Set(['hook.start', 'hook.end']);

/**
 * Resolves once the transcript's latest event (hooks aside) is the end of a turn, or after
 * `waitMs`, or at once when there is no file to read.
 */
export async function turnEndWritten(
  transcriptPath: string | undefined,
  waitMs = TURN_END_WAIT_MS,
): Promise<void> {
  if (!transcriptPath) return;
  const until = Date.now() + waitMs;
  for (;;) {
    const lines = tailLines(transcriptPath);
    if (lines === undefined) return;
    let latest: TranscriptEvent | undefined;
    for (const event of newestFirst(lines)) {
      if (HOOK_EVENTS.has(String(event.type))) continue;
      latest = event;
      break;
    }
    if (latest?.type === 'assistant.turn_end' || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The last message the main agent wrote (a sub-agent's carry `parentToolCallId`); '' when
 * there is none to read.
 */
export function lastAnswer(transcriptPath: string | undefined): string {
  const lines = transcriptPath ? tailLines(transcriptPath) : undefined;
  const answers = (lines ?? []).filter((line) => line.includes('"assistant.message"'));
  for (const event of newestFirst(answers)) {
    if (event.type !== 'assistant.message' || event.data?.parentToolCallId !== undefined) continue;
    const content = text(event.data?.content);
    if (content) return content;
  }
  return '';
}

interface TranscriptEvent {
  type?: unknown;
  data?: Record<string, unknown>;
}

/** The lines of the file's tail; undefined when it cannot be read. */
function tailLines(transcriptPath: string): string[] | undefined {
  let tail: string;
  try {
    const size = statSync(transcriptPath).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const fd = openSync(transcriptPath, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    tail = buffer.toString('utf8');
  } catch {
    return undefined;
  }
  return tail.split('\n');
}

/** The events of `lines`, newest first, parsed as they are reached. */
function* newestFirst(lines: readonly string[]): Generator<TranscriptEvent> {
  for (let index = lines.length - 1; index >= 0; index--) {
    try {
      const event = JSON.parse(lines[index]!) as unknown;
      if (event !== null && typeof event === 'object') yield event as TranscriptEvent;
    } catch {
      // A line cut by the tail's start, or one being written: no event.
    }
  }
}
