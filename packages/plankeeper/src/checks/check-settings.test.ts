import { describe, expect, it } from 'vitest';
import { checkSettings, DEFAULT_CHECK_TIMEOUT_MS, DEFAULT_MAX_REFUSALS } from './check-settings.js';

describe('checkSettings', () => {
  it('reads a command, an object and a list, in order, with the defaults', () => {
    expect(checkSettings('npm test', '/p')).toEqual({
      commands: [{ command: 'npm test', cwd: '/p', timeoutMs: DEFAULT_CHECK_TIMEOUT_MS }],
      maxRefusals: DEFAULT_MAX_REFUSALS,
    });
    const settings = checkSettings(
      ['npm run lint', { command: ' npm test ', cwd: '/q', timeoutMs: 1000, maxRefusals: 1 }],
      '/p',
    );
    expect(settings).toEqual({
      commands: [
        { command: 'npm run lint', cwd: '/p', timeoutMs: DEFAULT_CHECK_TIMEOUT_MS },
        { command: 'npm test', cwd: '/q', timeoutMs: 1000 },
      ],
      maxRefusals: 1,
    });
  });

  it('takes nothing as no checks', () => {
    expect(checkSettings(undefined)).toBeUndefined();
    expect(checkSettings([])).toBeUndefined();
  });

  it('refuses a blank command, a bad timeout and a bad bound with what is right', () => {
    expect(() => checkSettings('  ')).toThrow(/verify needs a command, such as "npm test"/);
    expect(() => checkSettings({ command: 'x', timeoutMs: 0 })).toThrow(
      /timeoutMs must be a positive number/,
    );
    expect(() => checkSettings({ command: 'x', maxRefusals: -1 })).toThrow(
      /maxRefusals must be a whole number of 0 or more/,
    );
  });
});
