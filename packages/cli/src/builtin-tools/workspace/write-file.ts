/**
 * `write_file`: creates or replaces a whole file, creating its folders as needed.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { z } from 'zod';
import { refuse } from '../rejection.js';
import { localized } from '../tool-text.js';
import type { Workspace } from './workspace.js';
import { workspaceTool } from './workspace-tool.js';
import { WRITE_FILE_TEXTS } from './write-file-texts.js';

const NAME = 'write_file';

/** Larger content is almost certainly a mistake for a hand-written file. */
const MAX_CONTENT_CHARS = 5_000_000;

export function writeFileTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const texts = localized(WRITE_FILE_TEXTS, locale);
  const schema = z.strictObject({
    path: z.string().min(1),
    content: z.string().max(MAX_CONTENT_CHARS),
  });
  return workspaceTool({
    name: NAME,
    description: texts.description,
    schema,
    workspace,
    locale,
    path: (input) => input.path,
    async run(target, { content }) {
      const before = await stat(target.absolute).catch(() => undefined);
      if (before?.isDirectory()) {
        return refuse(NAME, locale, texts.isFolder(JSON.stringify(target.display), target.display));
      }
      await mkdir(dirname(target.absolute), { recursive: true });
      await writeFile(target.absolute, content, 'utf8');
      const bytes = Buffer.byteLength(content, 'utf8');
      const lines =
        content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      return {
        ok: true,
        text: texts.written(!before, JSON.stringify(target.display), lines, bytes),
        data: { path: target.display, created: !before, bytes, lines },
        title: `${NAME}: ${target.display}`,
      };
    },
  });
}
