/**
 * File-system failures put into words the model can act on. A missing file or a folder
 * where a file was expected is the model's mistake; a permission problem is not, but it
 * still reaches the model as a result rather than a crash, so the run can go on.
 */
import type { ToolResult } from 'plankeeper';
import { refuse } from '../rejection.js';

export function fileErrorResult(tool: string, display: string, error: unknown): ToolResult {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const path = JSON.stringify(display);
  switch (code) {
    case 'ENOENT':
      return refuse(tool, `No file or folder at ${path}. Call list_files to see what exists.`, {
        code,
      });
    case 'EISDIR':
      return refuse(tool, `${path} is a folder, not a file. Call list_files to see inside it.`, {
        code,
      });
    case 'ENOTDIR':
    case 'EEXIST':
      return refuse(tool, `Part of ${path} is a file where a folder is needed. Use another path.`, {
        code,
      });
    case 'EACCES':
    case 'EPERM':
      return refuse(tool, `Permission denied for ${path}.`, { code });
    default:
      if (code === undefined) throw error;
      return refuse(tool, `${tool} failed on ${path}: ${code}.`, { code });
  }
}

/** First bytes checked for NUL: text files have none, nearly all binary formats do. */
export const BINARY_PROBE_BYTES = 8192;

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0);
}
