import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';
import { runCli } from '../support/run-cli.js';

describe('plankeeper chat prints the answer as text', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await FakeProviderServer.start();
  });
  afterEach(() => server.close());

  it('shows escape codes, bidi controls and zero-width characters instead of obeying them', async () => {
    server.reply(
      openaiWire.completion({ content: 'Done\u001b[2J \u202Egnp.exe\u200b\nsecond line' }),
    );
    const store = `sqlite:${join(mkdtempSync(join(tmpdir(), 'plankeeper-chat-')), 'plans.db')}`;
    const { code, stdout } = await runCli(
      [
        'chat',
        '--model',
        'openai:test-model',
        '--base-url',
        server.url('/v1'),
        '--api-key',
        'k',
        '--store',
        store,
      ],
      { input: 'Hello\n/exit\n', env: { OPENAI_API_KEY: undefined, PLANKEEPER_MODEL: undefined } },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Done\\u001b[2J \\u202egnp.exe\\u200b\nsecond line');
    expect(stdout).not.toMatch(/[\u001b\u202e\u200b]/);
  });
});
