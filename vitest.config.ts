import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests import the dashboard server from source; it serves the bundled page script,
    // which this builds from the current source first.
    globalSetup: ['packages/cli/scripts/build-page.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
