/**
 * The two statistics the suite report rests on, chosen not to overclaim on small samples:
 * the Wilson score interval for a pass rate (sane at 0 and 1 passes, unlike the normal
 * approximation) and the exact two-sided sign test over paired runs (no normal
 * approximation, ties dropped, as the test defines).
 */

/** 1.959964: the two-sided 95% quantile of the standard normal. */
const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** The 95% Wilson score interval of `passed` out of `trials`; null without trials. */
export function wilsonInterval(passed: number, trials: number): Interval | null {
  if (trials <= 0) return null;
  const rate = passed / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (rate + z2 / (2 * trials)) / denominator;
  const half =
    (Z95 * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The exact two-sided sign test: the probability, under "neither arm is better" (each
 * untied pair a fair coin), of a split at least as uneven as `wins` to `losses`.
 * 1 when there is no untied pair.
 */
export function signTestPValue(wins: number, losses: number): number {
  const n = wins + losses;
  if (n === 0) return 1;
  const extreme = Math.min(wins, losses);
  if (n > EXACT_LIMIT) return Math.min(1, 2 * logTail(n, extreme));
  // Whole numbers up to 2^1000 are exact as BigInt and fit a double: p = 0.25, not 0.25000000000000006.
  let tail = 0n;
  let choose = 1n;
  for (let k = 0; k <= extreme; k += 1) {
    tail += choose;
    choose = (choose * BigInt(n - k)) / BigInt(k + 1);
  }
  return Math.min(1, Number(2n * tail) / 2 ** n);
}

/** Past this many untied pairs, 2^n leaves a double: sum in logs instead. */
const EXACT_LIMIT = 1000;

function logTail(n: number, extreme: number): number {
  let tail = 0;
  for (let k = 0; k <= extreme; k += 1) {
    tail += Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) - n * Math.LN2);
  }
  return tail;
}

function logFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i += 1) sum += Math.log(i);
  return sum;
}
