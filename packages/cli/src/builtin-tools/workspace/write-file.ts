/**
 * `write_file`: creates or replaces a whole file, creating its folders as needed.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import { z } from 'zod';
import { refuse, rejectArguments } from '../rejection.js';
import { type LocalizedText, localized } from '../tool-text.js';
import { fileErrorResult } from './file-error.js';
import type { Workspace } from './workspace.js';

const NAME = 'write_file';

const DESCRIPTION: LocalizedText = {
  en: 'Write a file in the workspace, replacing all of its content; missing folders are created. To change part of an existing file, use edit_file instead. Paths are relative to the workspace root.',
  zh: '在工作区中写入文件，替换其全部内容；缺少的文件夹会自动创建。只修改现有文件的一部分时，请改用 edit_file。路径相对于工作区根目录。',
};

/** Larger content is almost certainly a mistake for a hand-written file. */
const MAX_CONTENT_CHARS = 5_000_000;

export function writeFileTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const schema = z.strictObject({
    path: z.string().min(1),
    content: z.string().max(MAX_CONTENT_CHARS),
  });
  return {
    name: NAME,
    description: localized(DESCRIPTION, locale),
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(NAME, input.issues, args);
      const target = await workspace.resolve(input.value.path);
      if (!target.ok) return refuse(NAME, target.text);
      const { content } = input.value;
      try {
        const before = await stat(target.absolute).catch(() => undefined);
        if (before?.isDirectory()) {
          return refuse(
            NAME,
            `${JSON.stringify(target.display)} is a folder. Give a file path inside it, such as "${target.display}/notes.md".`,
          );
        }
        await mkdir(dirname(target.absolute), { recursive: true });
        await writeFile(target.absolute, content, 'utf8');
        const bytes = Buffer.byteLength(content, 'utf8');
        const lines =
          content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
        return {
          ok: true,
          text: `${before ? 'Overwrote' : 'Created'} ${JSON.stringify(target.display)} (${lines} lines, ${bytes} bytes).`,
          data: { path: target.display, created: !before, bytes, lines },
          title: `${NAME}: ${target.display}`,
        };
      } catch (error) {
        return fileErrorResult(NAME, target.display, error);
      }
    },
  };
}
