/**
 * The candidate a mistyped name most likely meant ("claude" → "claude-code", "Stopp" →
 * "Stop"): one that starts with it (or it with one), else the nearest within two edits.
 */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const typed = name.trim().toLowerCase();
  if (typed === '') return undefined;
  const lower = candidates.map((candidate) => candidate.toLowerCase());
  const prefixed = lower.findIndex((each) => each.startsWith(typed) || typed.startsWith(each));
  if (prefixed >= 0) return candidates[prefixed];
  let best: { index: number; distance: number } | undefined;
  lower.forEach((each, index) => {
    const distance = editDistance(typed, each);
    if (!best || distance < best.distance) best = { index, distance };
  });
  return best && best.distance <= 2 ? candidates[best.index] : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
