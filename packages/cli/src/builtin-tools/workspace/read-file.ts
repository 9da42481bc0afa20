/**
 * `read_file`: a window of a text file with line numbers, so the model can cite lines
 * and page through large files instead of flooding its context.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { LocaleId, ToolDefinition, ToolResult } from 'plankeeper';
import { z } from 'zod';
import { refuse } from '../rejection.js';
import { localized } from '../tool-text.js';
import { BINARY_PROBE_BYTES, looksBinary } from './file-error.js';
import { READ_FILE_TEXTS } from './read-file-texts.js';
import type { Workspace } from './workspace.js';
import { workspaceTool } from './workspace-tool.js';

const NAME = 'read_file';

export const READ_LIMITS = {
  /** Lines returned by one call, whatever `limit` asks for. */
  lines: 2000,
  /** Characters of one line shown; the rest is cut with a note. */
  lineChars: 2000,
  /** Characters of output in all; a call stops early rather than exceed it. */
  outputChars: 50_000,
  /** Above this size the total line count is not worth reading the whole file for. */
  countBytes: 50 * 1024 * 1024,
};

export function readFileTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const texts = localized(READ_FILE_TEXTS, locale);
  const schema = z.strictObject({
    path: z.string().min(1),
    offset: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).optional(),
  });
  return workspaceTool({
    name: NAME,
    description: texts.description,
    schema,
    workspace,
    locale,
    path: (input) => input.path,
    async run(target, input) {
      const offset = input.offset ?? 1;
      const limit = Math.min(input.limit ?? READ_LIMITS.lines, READ_LIMITS.lines);
      const info = await stat(target.absolute);
      if (info.isDirectory()) {
        return refuse(NAME, locale, texts.isFolder(JSON.stringify(target.display)));
      }
      if (await isBinary(target.absolute)) {
        return refuse(NAME, locale, texts.binary(JSON.stringify(target.display), info.size));
      }
      const window = await readWindow(target.absolute, offset, limit, info.size, texts);
      return present(target.display, offset, window, texts, locale);
    },
  });
}

interface LineWindow {
  lines: string[];
  /** Lines in the file, or undefined when the file was too large to count. */
  total: number | undefined;
  /** True when lines after the window exist (or may exist, when uncounted). */
  more: boolean;
}

async function readWindow(
  path: string,
  offset: number,
  limit: number,
  size: number,
  texts: ReadFileTexts,
): Promise<LineWindow> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  let number = 0;
  let chars = 0;
  let full = false;
  let more = false;
  try {
    for await (const line of reader) {
      number++;
      if (number < offset) continue;
      if (!full) {
        const shown =
          line.length > READ_LIMITS.lineChars
            ? `${line.slice(0, READ_LIMITS.lineChars)}${texts.lineCut(line.length)}`
            : line;
        if (lines.length < limit && chars + shown.length <= READ_LIMITS.outputChars) {
          lines.push(shown);
          chars += shown.length + 8;
          continue;
        }
        full = true;
      }
      more = true;
      if (size > READ_LIMITS.countBytes) break;
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  const counted = !more || size <= READ_LIMITS.countBytes;
  return { lines, total: counted ? number : undefined, more };
}

type ReadFileTexts = (typeof READ_FILE_TEXTS)['en'];

function present(
  display: string,
  offset: number,
  window: LineWindow,
  texts: ReadFileTexts,
  locale: LocaleId | undefined,
): ToolResult {
  const { lines, total, more } = window;
  const path = JSON.stringify(display);
  if (total === 0) {
    return {
      ok: true,
      text: texts.empty(path),
      data: { path: display, offset, lines: 0, totalLines: 0, more: false },
      title: `${NAME}: ${display}`,
    };
  }
  if (lines.length === 0) {
    return refuse(NAME, locale, texts.pastEnd(path, total ?? 0, offset));
  }
  const last = offset + lines.length - 1;
  const width = String(last).length;
  const body = lines.map((line, index) => `${String(offset + index).padStart(width)}\t${line}`);
  const footer = more ? texts.more(offset, last, total) : texts.end(total);
  return {
    ok: true,
    text: `${body.join('\n')}\n${footer}`,
    data: { path: display, offset, lines: lines.length, totalLines: total ?? null, more },
    title: `${NAME}: ${display}`,
  };
}

async function isBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(BINARY_PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_PROBE_BYTES, 0);
    return looksBinary(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
