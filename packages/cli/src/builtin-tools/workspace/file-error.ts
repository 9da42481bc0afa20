/**
 * File-system failures put into words the model can act on. A missing file or a folder
 * where a file was expected is the model's mistake; a permission problem is not, but it
 * still reaches the model as a result rather than a crash, so the run can go on.
 */
import type { LocaleId, ToolResult } from 'plankeeper';
import { refuse } from '../rejection.js';
import { localized } from '../tool-text.js';
import { FILE_ERROR_TEXTS } from './file-error-texts.js';

export function fileErrorResult(
  tool: string,
  display: string,
  error: unknown,
  locale?: LocaleId,
): ToolResult {
  const texts = localized(FILE_ERROR_TEXTS, locale);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const path = JSON.stringify(display);
  switch (code) {
    case 'ENOENT':
      return refuse(tool, locale, texts.notFound(path), { code });
    case 'EISDIR':
      return refuse(tool, locale, texts.isFolder(path), { code });
    case 'ENOTDIR':
    case 'EEXIST':
      return refuse(tool, locale, texts.notFolder(path), { code });
    case 'EACCES':
    case 'EPERM':
      return refuse(tool, locale, texts.denied(path), { code });
    default:
      if (code === undefined) throw error;
      return refuse(tool, locale, texts.failed(tool, path, code), { code });
  }
}

/** First bytes checked for NUL: text files have none, nearly all binary formats do. */
export const BINARY_PROBE_BYTES = 8192;

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0);
}
