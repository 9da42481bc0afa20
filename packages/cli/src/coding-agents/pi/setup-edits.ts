/**
 * Pi: one file, `.pi/extensions/plankeeper.ts` (extension-source.ts), which Pi loads from the
 * project by itself. It is plankeeper's own file: setup rewrites it and --remove deletes it,
 * unless the person has edited it since (then it is left, and the report says so).
 */
import { join } from 'node:path';
import { generatedFileEdit } from '../setup/generated-file-edit.js';
import type { FileEdit, ReadText, SetupContext } from '../setup/types.js';
import { EXTENSION_MARKER, piExtensionSource } from './extension-source.js';

export function piEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const file = {
    path: join(ctx.dir, '.pi', 'extensions', 'plankeeper.ts'),
    marker: EXTENSION_MARKER,
    name: 'the extension',
    written: 'the extension (plan tools, the plan before each model call, checks at the end)',
  };
  return [generatedFileEdit(ctx, read, file, piExtensionSource(ctx), remove)];
}
