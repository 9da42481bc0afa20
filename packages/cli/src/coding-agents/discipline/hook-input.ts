/** A non-empty string field of a hook's JSON input, else undefined (absent, empty or not text). */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
