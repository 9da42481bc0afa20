/** Small helpers shared by the scheduler. */

export function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
