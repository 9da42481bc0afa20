/**
 * A renamed option or export keeps working for one release and says so once per process:
 * a `DeprecationWarning` where Node's `process.emitWarning` exists (so `--no-deprecation`
 * and `--throw-deprecation` apply), a console warning elsewhere.
 */
const warned = new Set<string>();

/** Warns about `oldName` once per process; later uses stay quiet. */
export function warnDeprecated(oldName: string, newName: string): void {
  if (warned.has(oldName)) return;
  warned.add(oldName);
  const message = `plankeeper: '${oldName}' is renamed '${newName}'; the old name goes in the next release.`;
  const host = (
    globalThis as { process?: { emitWarning?: (message: string, type: string) => void } }
  ).process;
  if (typeof host?.emitWarning === 'function') host.emitWarning(message, 'DeprecationWarning');
  else console.warn(message);
}
