/**
 * The model clients name their options (`apiKey`, `baseURL`); the CLI names its flags
 * instead, both for errors at start-up and for a model error in the middle of a chat.
 */
import { describe, expect, it } from 'vitest';
import { inFlagTerms } from '../../src/cli/flag-wording.js';
import { FakeProviderServer } from '../support/fake-provider-server.js';
import { runCli } from '../support/run-cli.js';

describe('model errors on the command line', () => {
  it('swap the option names for the flags', () => {
    expect(
      inFlagTerms(
        'No API key for OpenAI: set OPENAI_API_KEY or pass the apiKey option. Local OpenAI-compatible servers (Ollama, vLLM) need no key; pass their address as the baseURL option instead.',
      ),
    ).toBe(
      'No API key for OpenAI: set OPENAI_API_KEY or pass --api-key. Local OpenAI-compatible servers (Ollama, vLLM) need no key; pass their address as --base-url instead.',
    );
  });

  it('chat against a base URL that serves a web page names --base-url', async () => {
    const server = await FakeProviderServer.start();
    try {
      server.reply({ headers: { 'content-type': 'text/html' }, text: '<html>login</html>' });
      const { code, stderr } = await runCli(
        [
          ...['chat', '--model', 'openai:m', '--base-url', server.url('/v1'), '--api-key', 'k'],
          ...['--store', 'memory'],
        ],
        { input: 'Plan my week\n/exit\n', env: { OPENAI_BASE_URL: undefined } },
      );
      expect(code).toBe(1);
      expect(stderr).toContain(
        `plankeeper: The server at ${server.url('/v1')} did not answer as the OpenAI Chat Completions API (it sent an HTML page); check the base URL (OPENAI_BASE_URL or --base-url).\n`,
      );
    } finally {
      await server.close();
    }
  });
});
