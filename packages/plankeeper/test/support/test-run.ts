/**
 * A tag for what a test makes on a shared Redis or PostgreSQL server (key prefixes, table
 * prefixes, schemas, list names): lowercase letters and digits, valid in a table name,
 * unique per call, and starting with the run's name, which the global setup
 * (leftover-check.ts) sets so that it can find, after the run, anything left behind.
 */
export const RUN_VARIABLE = 'PLANKEEPER_TEST_RUN';

export function testTag(): string {
  const run = process.env[RUN_VARIABLE] ?? 'r';
  return `${run}${process.pid.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
