const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "90s" or "2h" in milliseconds; throws on anything else. */
export function parseDuration(text) {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!match) throw new Error(`not a duration: ${text}`);
  return Number(match[1]) * UNITS[match[2]];
}
