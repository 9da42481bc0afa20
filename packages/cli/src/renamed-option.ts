/**
 * An option renamed in 0.3 keeps working for one release: the first use in a process
 * prints one deprecation warning (on stderr, so `--json` output stays clean).
 */
const warned = new Set<string>();

export function warnRenamed(oldName: string, newName: string): void {
  if (warned.has(oldName)) return;
  warned.add(oldName);
  process.emitWarning(
    `plankeeper: '${oldName}' is renamed '${newName}'; the old name goes in the next release.`,
    'DeprecationWarning',
  );
}
