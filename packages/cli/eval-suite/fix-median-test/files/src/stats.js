/** Summary statistics over arrays of numbers. */

export function mean(values) {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function range(values) {
  if (values.length === 0) return Number.NaN;
  return Math.max(...values) - Math.min(...values);
}
