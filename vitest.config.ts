import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The AI SDK, Agents SDK and Claude Agent SDK tests run twice: once against the oldest version each peer
 * range admits (the root's own devDependencies) and once against the newest (installed by
 * test/tools under an alias). The alias reaches the adapters too: vitest transforms the
 * workspace's own `plankeeper` build, so its `import … from 'ai'` resolves to the newest.
 */
const newestFrameworks = [
  { find: /^ai$/, replacement: 'ai-newest' },
  { find: /^ai\/(.*)$/, replacement: 'ai-newest/$1' },
  { find: /^@openai\/agents$/, replacement: 'openai-agents-newest' },
  { find: /^@anthropic-ai\/claude-agent-sdk$/, replacement: 'claude-agent-sdk-newest' },
];

/** Every test that drives the AI SDK's, the Agents SDK's or the Claude Agent SDK's own loop. */
const frameworkTests = [
  'packages/plankeeper/test/adapters/ai-sdk/**/*.test.ts',
  'packages/plankeeper/test/adapters/openai-agents/**/*.test.ts',
  'packages/plankeeper/test/adapters/contract/*.test.ts',
  'packages/plankeeper/test/adapters/dependencies-option.test.ts',
  'packages/plankeeper/test/adapters/claude-agent-sdk/**/*.test.ts',
];

export default defineConfig({
  test: {
    // Tests import the dashboard server from source; it serves the bundled page script,
    // which this builds from the current source first.
    // The second checks that the tests left nothing on the Redis and PostgreSQL servers; the
    // third gives the run a user cache folder of its own.
    globalSetup: [
      'packages/cli/scripts/build-page.mjs',
      'packages/plankeeper/test/support/leftover-check.ts',
      'packages/cli/test/support/cache-home.ts',
    ],
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where
    // most test time is spent waiting for the real coding-agent CLIs and servers the tests
    // start. On an idle two-core machine the whole suite took 804 s with two workers, 1,539 s
    // with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'plankeeper',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'test/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        resolve: { alias: newestFrameworks },
        test: { name: 'newest-frameworks', include: frameworkTests },
      },
    ],
  },
});
