/**
 * What the CLI prints of stored plans and model runs goes through here: model text and
 * person names come from outside, and a raw ESC, BEL, C1 control or bidi override in them
 * would move the cursor, set the window title or reorder the line. Text is printed with
 * those characters shown as `\u001b`-style escapes; JSON is printed with them as JSON
 * escapes, so it parses to the same value.
 */
import { escapeUnsafeChars } from 'plankeeper/tools';
import { inertText } from './ansi.js';

export interface TextSink {
  write(text: string): unknown;
}

/** Writes `text` with every unsafe character shown, not obeyed. */
export function printText(sink: TextSink, text: string): void {
  sink.write(inertText(text));
}

/** `JSON.stringify(value, null, space)` and a newline, with unsafe characters escaped. */
export function printJson(sink: TextSink, value: unknown, space?: number): void {
  // Outside strings JSON.stringify writes only spaces and newlines, so keeping newlines
  // keeps the layout; inside strings every newline is already `\n`.
  sink.write(`${escapeUnsafeChars(JSON.stringify(value, null, space), '\n')}\n`);
}
