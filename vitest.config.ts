import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests import the dashboard server from source; it serves the bundled page script,
    // which this builds from the current source first.
    // The second checks that the tests left nothing on the Redis and PostgreSQL servers.
    globalSetup: [
      'packages/cli/scripts/build-page.mjs',
      'packages/plankeeper/test/support/leftover-check.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
