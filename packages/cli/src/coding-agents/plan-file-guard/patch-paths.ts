/**
 * The files a patch touches: Codex's and OpenCode's `apply_patch` format (`*** Update File:`,
 * `*** Add File:`, `*** Delete File:`, `*** Move to:`) and a unified diff (`--- a/x`, `+++ b/x`).
 */
const PATCH_HEADER = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;
const DIFF_HEADER = /^(?:---|\+\+\+) (?:[ab]\/)?(.+?)(?:\t.*)?$/;

export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const header = PATCH_HEADER.exec(line);
    if (header) {
      paths.push((header[1] ?? header[2]!).trim());
      continue;
    }
    const diff = DIFF_HEADER.exec(line);
    if (diff && diff[1] !== '/dev/null') paths.push(diff[1]!.trim());
  }
  return paths;
}

/** Whether `text` reads as a patch rather than a command (Codex sends both as `command`). */
export function isPatch(text: string): boolean {
  return text.trimStart().startsWith('*** Begin Patch');
}
