/**
 * The folder the file tools are confined to. A path from the model is resolved against
 * the root, checked lexically (no `..` or absolute escape), then checked again through
 * realpath, so a symbolic link inside the root cannot lead outside it. Every refusal
 * happens before any file is opened.
 */
import { realpathSync, statSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ConfigurationError, type LocaleId } from 'plankeeper';
import { localized } from '../tool-text.js';
import { WORKSPACE_TEXTS } from './workspace-texts.js';

export type ResolvedPath =
  | {
      ok: true;
      /** The real location, symbolic links resolved; use it for every file operation. */
      absolute: string;
      /** Relative to the root with forward slashes ("." for the root), for messages. */
      display: string;
    }
  | { ok: false; text: string };

export interface Workspace {
  /** The real path of the root. */
  root: string;
  resolve(path: string): Promise<ResolvedPath>;
  /** `absolute` as the model should write it: relative to the root, forward slashes. */
  display(absolute: string): string;
}

export function createWorkspace(root: string, factory: string, locale?: LocaleId): Workspace {
  const texts = localized(WORKSPACE_TEXTS, locale);
  const given = resolve(root);
  if (!statSync(given, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(
      `${factory}: root ${JSON.stringify(given)} is not a directory. Create it first or pass an existing folder.`,
    );
  }
  const realRoot = realpathSync(given);
  const display = (absolute: string) => {
    const path = relative(realRoot, absolute).split(sep).join('/');
    return path === '' ? '.' : path;
  };
  const outside = (path: string) => texts.outside(JSON.stringify(path));

  return {
    root: realRoot,
    display,
    async resolve(path) {
      if (path.includes('\0')) return { ok: false, text: texts.nul };
      const absolute = isAbsolute(path) ? resolve(path) : resolve(given, path);
      // The root may itself be reached through a link, so absolute paths are accepted
      // under either spelling of it.
      const lexical = within(given, absolute)
        ? relative(given, absolute)
        : within(realRoot, absolute)
          ? relative(realRoot, absolute)
          : undefined;
      if (lexical === undefined) return { ok: false, text: outside(path) };

      // Walk up to the deepest part that exists; what lies below it does not exist yet,
      // so it cannot be a link.
      let existing = join(realRoot, lexical);
      let rest = '';
      while (!(await exists(existing))) {
        const parent = dirname(existing);
        rest = rest === '' ? relative(parent, existing) : join(relative(parent, existing), rest);
        existing = parent;
      }
      const real = await realpath(existing).catch(() => undefined);
      if (real === undefined) {
        return {
          ok: false,
          text: texts.brokenLink(JSON.stringify(path)),
        };
      }
      if (!within(realRoot, real)) {
        return {
          ok: false,
          text: texts.linkOutside(JSON.stringify(path)),
        };
      }
      const target = rest === '' ? real : join(real, rest);
      return { ok: true, absolute: target, display: display(target) };
    },
  };
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
